# grundy analyze: values, nim-sum, winner, every winning move; JSON; sums
# across families; Moore's Nim_k; misere play.
"$GRUNDY" analyze nim 3 4 5
"$GRUNDY" analyze nim 3 4 5 --json
# A loss: no winning move.
"$GRUNDY" analyze subtract:1,2,3 5 6 7
# A winning move that raises a component's value: subtract:2,3 has values
# 0 0 1 1 2 0 0 ..., so 6 (value 0) -> 3 (value 1) wins against 2.
"$GRUNDY" analyze subtract:2,3 6 2 --json
"$GRUNDY" analyze --mix digits:12 half:9 nim:3 subtract:1,3,4:10
"$GRUNDY" analyze nim 1 2 3 --moore 2
"$GRUNDY" analyze nim 1 1 1 --moore 2 --json
"$GRUNDY" analyze half 9 12 --moore 2
"$GRUNDY" analyze nim 2 2 1 --misere
"$GRUNDY" analyze nim 1 1 --misere --json
"$GRUNDY" analyze subtract:1,2 3 4 --misere --json
"$GRUNDY" analyze digits 23 19 --misere
# Boards, mixed with heaps, in text and JSON; a misere search of boards.
"$GRUNDY" analyze --mix digits:12 rect:2x2:11/01 nim:3
"$GRUNDY" analyze rect:4x4 1111/1101/1110/1111 0110/1111/1111/0110 --json
"$GRUNDY" analyze rect:2x3 111/111 011/110 --misere
"$GRUNDY" analyze rect:2x2 11/11 01/10 --moore 2
# Divisor counts (a count rises to a larger divisor of its target).
"$GRUNDY" analyze --mix divisors:12:1 divisors:36:2 nim:3
"$GRUNDY" analyze divisors:65 1 1 1 --moore 2 --json
