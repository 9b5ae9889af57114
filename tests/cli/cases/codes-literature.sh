# Codes as the literature writes them: a leading point (.77, .137) and the
# middle dot U+00B7 (0·77, ·77, 4·07) are read as 0.77 and so on, filed
# under the same canonical code; lasker is Lasker's Nim, 4.3...; an
# unknown name suggests the nearest known one; errors keep their columns.
v() { "$GRUNDY" values "$@" --no-store 2>&1 | tr '\n' ' '; echo; }
for c in 0.77 .77 ·77 0·77; do
    printf '%s ' "$c"
    "$GRUNDY" values "$c" --upto 12 --json --no-store | sed 's/.*"canonical": \("[^"]*"\).*"values": \(\[[^]]*\]\).*/\1 \2/'
done
v .137 --period
v ·137 --period
v 4·07 --upto 10
v lasker --upto 12
v 4.3... --upto 12
"$GRUNDY" values lasker --upto 12 --json --no-store | sed 's/.*"canonical": \("[^"]*"\).*/\1/'
v kayels --upto 3
v subtrac:1,2 --upto 3
v grundygame --upto 3
v laskr --upto 3
v xyzzy --upto 3
v .x7 --upto 3
v ·7x --upto 3
v .7... --upto 5
v ·... --upto 3
