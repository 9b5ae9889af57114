# Periods beyond take-and-break: Nim's closed form g(n) = n is an
# arithmetic period (1, saltus 1) proven; the halving game's g(2n) = n,
# g(2n+1) = g(n) proves it has none; all-but subtraction games show an
# arithmetic period (allbut:1,2 is g(n) = floor(n/3)), which the table
# proves (doc/periods.md), and values far out come from it; the saltus
# reaches the JSON.  (tests/property/test_allbut.c and the Python tests
# compare these periods with values from a direct mex search over random
# all-but games.)
"$GRUNDY" values allbut:1,2 --upto 11 --no-store | awk '{ v = v (NR > 1 ? " " : "") $2 } END { print v }'
for s in nim half allbut:1,2 allbut:3 allbut:2,5; do
    echo "$s:"
    "$GRUNDY" values "$s" --period --no-store 2>&1
done
"$GRUNDY" values allbut:1,2 --period --period-max 100000 --no-store
"$GRUNDY" values nim --period --json --no-store | sed 's/.*"period": /"period": /'
"$GRUNDY" values allbut:1,2 --upto 300 --period --json --no-store | sed 's/.*"period": /"period": /'
"$GRUNDY" values half --period --json --no-store | sed 's/.*"period": /"period": /'
"$GRUNDY" values allbut:1,2 --at 1000000000000 --no-store
