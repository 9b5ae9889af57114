# grundy values on loopy families: addsub:S:A with --heap-max H, graph:PATH.
cd "$CASES/../../../examples" || exit 1
"$GRUNDY" values addsub:1,2:1 --heap-max 1000 | head -5
"$GRUNDY" values addsub:1,2:1 --heap-max 1000 --stats
echo "--"
"$GRUNDY" values addsub:4,5:2 --heap-max 20
"$GRUNDY" values addsub:4,5:2 --heap-max 20 --at 12
"$GRUNDY" values addsub:4,5:2 --heap-max 20 --upto 5 --json
"$GRUNDY" values addsub:4,5:2 --heap-max 20 --at 12 --json
"$GRUNDY" values addsub:4,5:2 --heap-max 20 --method naive --upto 12 | tr '\n' ' '
echo
echo "--"
"$GRUNDY" values "graph:loopy-textbook.dot" --all
"$GRUNDY" values "graph:loopy-textbook.dot" --at c
echo "--"
# Nothing to add: the subtraction game.
"$GRUNDY" values addsub:1,3,4: --heap-max 10 | tr '\n' ' '; echo
"$GRUNDY" values subtract:1,3,4 --upto 10 | tr '\n' ' '; echo
echo "--"
t() { "$GRUNDY" values "$@" 2>&1; echo "exit $?"; }
t addsub:1,2:1
t addsub:1,,2:1 --heap-max 5
t addsub:1,0:1 --heap-max 5
t addsub:1,2 --heap-max 5
t addsub:1:1 --heap-max 5 --at 6
t addsub:1:1 --heap-max 5 --upto 6
t addsub:1:1 --heap-max 5 --period
t addsub:1:1 --heap-max 0
t addsub:1:1 --heap-max 100000 --mem-limit 64K | sed 's/about [0-9.]* MiB/about N MiB/'
t graph:/no/such/file
printf 'a -> b\nb -> @\n' > "${TMPDIR:-/tmp}/grundy-loopy-bad.dot"
t "graph:${TMPDIR:-/tmp}/grundy-loopy-bad.dot" | sed "s|${TMPDIR:-/tmp}/||g"
rm -f "${TMPDIR:-/tmp}/grundy-loopy-bad.dot"
