# Take-and-break codes: winning moves that split a heap, in analyze and
# in play (parts joined by '+', '-' for nothing left).
"$GRUNDY" analyze 0.77 5 3
"$GRUNDY" analyze --mix digits:12 rect:2x2:11/01 0.77:10 --json
"$GRUNDY" analyze kayles 4 4 1 --misere
"$GRUNDY" analyze grundy-game 7 5 --moore 2
printf '1 1+2\nhint\n1 3+9\n2 -\n' | "$GRUNDY" play 0.77 5
