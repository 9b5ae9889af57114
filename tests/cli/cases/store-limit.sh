# The store keeps under its size limit: list shows the total; a save
# past the limit removes the least recently used tables (a table is used
# when a value is read from it), never one just saved; a table larger
# than the limit is not kept; GRUNDY_STORE_LIMIT sets the limit too.  No
# lock file outlives its use, and a table computed only for one value
# (--at) is not kept unless --keep-table asks.  clear and remove PATTERN
# empty the store.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fix="$(dirname "$GRUNDY")/tests/store_fixture"
export GRUNDY_STORE_MIN_MS=0
names() {
    ls -A "$1" | sed 's/-[0-9a-f]\{16\}\./-HASH./'
}
# three tables, last used on three days long ago
"$fix" "$d/s" kayles 200 || exit 1
"$fix" "$d/s" subtract:1,3,4 50 || exit 1
"$fix" "$d/s" grundy-game 2000 || exit 1
touch -d 2020-01-01 "$("$GRUNDY" store path kayles --store "$d/s")"
touch -d 2020-01-02 "$("$GRUNDY" store path subtract:1,3,4 --store "$d/s")"
touch -d 2020-01-03 "$("$GRUNDY" store path grundy-game --store "$d/s")"
"$GRUNDY" store list --store "$d/s" --store-limit 1G | tail -n 1
# a value read from grundy-game's table: now the most recently used
"$GRUNDY" values grundy-game --at 1500 --stats --store "$d/s" | grep source
# file times advance by the kernel's clock tick (up to 10 ms): without a
# pause, the use above and the save below can carry the same time, and
# the tie goes to the name first in order (0.6)
sleep 0.1
# a save past 13000 bytes: kayles, then subtract:1,3,4 go
"$GRUNDY" values 0.6 --upto 1000 --store "$d/s" --store-limit 13000 \
    >/dev/null
"$GRUNDY" store list --store "$d/s" --store-limit 13000 |
    sed -e 1d -e 's/, [0-9]* bytes.*//'
# the same through the environment: grundy-game, used before 0.6 was
# saved, goes first
GRUNDY_STORE_LIMIT=12K "$GRUNDY" values 0.137 --upto 1000 --store "$d/s" \
    >/dev/null
names "$d/s"
# a table larger than the limit is not kept (and the answer is given)
"$GRUNDY" values 0.6 --upto 100000 --store "$d/t" --store-limit 50K \
    >/dev/null 2>"$d/err"
echo "exit $?"
sed -e "s|$d|DIR|g" -e 's/-[0-9a-f]\{16\}\./-HASH./' "$d/err"
names "$d/t"
# bad limits
"$GRUNDY" values 0.6 --upto 10 --store-limit 12X 2>&1
echo "exit $?"
GRUNDY_STORE_LIMIT=lots "$GRUNDY" values 0.6 --at 10 --store "$d/t" 2>&1
# one value far out: its table is not kept, unless asked
"$GRUNDY" values take:1..h/2 --at 100000 --store "$d/u"
names "$d/u"
"$GRUNDY" values take:1..h/2 --at 100000 --store "$d/u" --keep-table
names "$d/u"
# remove by pattern, and clear
"$fix" "$d/c" kayles 200 || exit 1
"$fix" "$d/c" subtract:1,3,4 50 || exit 1
"$fix" "$d/c" subtract:1,2 50 || exit 1
"$GRUNDY" store remove 'subtract:*' --store "$d/c"
"$GRUNDY" store remove 'cram:*' --store "$d/c" 2>&1 | sed "s|$d|DIR|g"
names "$d/c"
: > "$d/c/x-0123456789abcdef.gtab.bad"
"$GRUNDY" store clear --store "$d/c"
names "$d/c"
"$GRUNDY" store list --store "$d/c" | tail -n 1
