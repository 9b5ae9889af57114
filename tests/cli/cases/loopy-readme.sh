# The commands of the README's "Games with cycles" section, run from the
# top of the source tree as shown there.
cd "$CASES/../../.." || exit 1
echo "\$ grundy loopy examples/loopy-textbook.dot"
"$GRUNDY" loopy examples/loopy-textbook.dot
echo "\$ grundy values addsub:4,5:2 --heap-max 20 --upto 14"
"$GRUNDY" values addsub:4,5:2 --heap-max 20 --upto 14
echo "\$ grundy analyze addsub:4,5:2 5 12 --heap-max 20"
"$GRUNDY" analyze addsub:4,5:2 5 12 --heap-max 20
echo "\$ grundy analyze addsub:4,5:2 9 12 --heap-max 20"
"$GRUNDY" analyze addsub:4,5:2 9 12 --heap-max 20
