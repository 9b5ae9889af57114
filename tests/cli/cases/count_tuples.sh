# K-tuples of components from stdin, from positions, weighted, by method.
echo 3 5 3 | "$GRUNDY" count --tuples 4 --moore 2 --mod 1000000007
printf '3 2\n5 1\n' | "$GRUNDY" count --tuples 4 --moore 2 --weighted
for m in auto root ring; do
    echo 1 2 3 4 5 6 7 | "$GRUNDY" count --tuples 3 --method $m --print all
done
for m in auto ring ring3; do
    echo 0 1 2 3 9 | "$GRUNDY" count --tuples 1000000000000000000 --moore 2 \
        --mod 1000000007 --method $m
done
"$GRUNDY" count divisors:36 --positions 1,2,3 --tuples 4 --moore 2
"$GRUNDY" count nim --positions 1,2,3 --tuples 3 --print losing
