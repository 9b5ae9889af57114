# play asks the library for its move and for the legality of a typed one.
# Past the search limit the misere quotient still decides the sum: a hint
# in a lost sum says that no move wins (the move given is the one that
# takes least), not that the sum is undecided.
printf 'hint\n1 -\n' | "$GRUNDY" play --misere 0.77 1 1 1 --search-limit 1
echo "exit $?"
# Empty parts are ignored in every family: "0+2" leaves a Nim heap of 2.
printf '1 0+2\n' | "$GRUNDY" play nim 3 1
echo "exit $?"
