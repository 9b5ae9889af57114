# grundy survey groups the codes whose values agree up to N under the
# first one (the game locator): the same game (0.050 and 0.05) and other
# games with the same values (0.054 and 0.056).  The oracle is the
# values themselves, compared byte for byte.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf '0.05\n0.054\n0.056\n0.050\n0.07\n0.055\n' >"$d/codes"
"$GRUNDY" survey "@$d/codes" --upto 2000 --no-store --csv | cut -d, -f1,2
for c in 0.05 0.054 0.056 0.050 0.07 0.055; do
    "$GRUNDY" values "$c" --upto 2000 --no-store >"$d/v-$c" || exit 1
done
for c in 0.054 0.056 0.050 0.07 0.055; do
    for f in 0.05 0.054 0.056 0.050 0.07 0.055; do
        [ "$f" = "$c" ] && break
        if cmp -s "$d/v-$f" "$d/v-$c"; then
            echo "$c: the values of $f"
            break
        fi
    done
done
