# grundy misere: the quotient of 0.75 (order 8, two P-elements: the README
# example), Nim on heaps 1 and 2 (0.33 to heap 2: the tame quotient of
# order 6) in JSON, Kayles' presentation, Dawson's Kayles' order.
"$GRUNDY" misere 0.75 --upto 12
"$GRUNDY" misere 0.33 --upto 2 --json
"$GRUNDY" misere kayles --upto 40 | sed -n '1,10p'
"$GRUNDY" misere dawsons-kayles --upto 30 --json | sed 's/, "generators".*//'
