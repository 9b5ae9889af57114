# grundy store remove: the entry and its .bad, .lock and temporary files.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fix="$(dirname "$GRUNDY")/tests/store_fixture"
"$fix" "$d" kayles 200 || exit 1
"$fix" "$d" nim 10 || exit 1
f=$("$GRUNDY" store path kayles --store "$d")
: > "$f.lock"
: > "$f.bad"
: > "$f.tmp-abc123"
ls "$d" | sed 's/-[0-9a-f]\{16\}\./-HASH./'
"$GRUNDY" store remove kayles --store "$d" 2>&1
echo "exit $?"
ls "$d" | sed 's/-[0-9a-f]\{16\}\./-HASH./'
"$GRUNDY" store remove 0.77 --store "$d" 2>&1 | sed "s|$d|DIR|g"
"$GRUNDY" store remove 0.77 --store "$d" >/dev/null 2>&1
echo "exit $?"
"$GRUNDY" store remove 0.7x --store "$d" 2>&1
"$GRUNDY" store remove 0.7x --store "$d" >/dev/null 2>&1
echo "exit $?"
