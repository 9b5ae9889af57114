# Every subcommand that reads standard input also reads a file: solve
# NAME FILE (or --input FILE), range RULES FILE, count --input FILE, play
# --input FILE; '-' is standard input.  Errors name the file and its
# LINE:COL; a file that cannot be opened is named with the reason.
EX=$CASES/../../../examples
$GRUNDY solve digit-nim "$EX/solve-digit-nim.in"
$GRUNDY solve mdswin --input "$EX/solve-mdswin.in"
$GRUNDY solve unbalanced-nim "$EX/solve-unbalanced-nim.in" --mod 7
$GRUNDY solve unbalanced-nim --mod 7 - <"$EX/solve-unbalanced-nim.in"
$GRUNDY solve pshtbrth - <"$EX/solve-pshtbrth.in"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf '3  1 2 3  2  3 1 3  4 1 2\n' >"$d/r.in"
$GRUNDY range nim "$d/r.in"
printf '1 2 3\n' >"$d/c.in"
$GRUNDY count --tuples 2 --input "$d/c.in"
printf '0\n' >"$d/p.in"
$GRUNDY play nim 3 --input "$d/p.in" | tail -1
printf '1\n3 4\n65 28\n65\n' >"$d/bad.in"
{ $GRUNDY solve mdswin "$d/bad.in"; echo "exit $?"; } 2>&1 | sed "s|$d|DIR|"
{ $GRUNDY solve mdswin "$d/none.in"; echo "exit $?"; } 2>&1 | sed "s|$d|DIR|"
$GRUNDY range nim "$d/r.in" "$d/c.in" 2>&1 | head -1 | sed "s|$d|DIR|"
printf '1 x\n' >"$d/c2.in"
$GRUNDY count --tuples 2 --input "$d/c2.in" 2>&1 | sed "s|$d|DIR|"
$GRUNDY solve digit-nim --help | head -1
