# Sums with boards: every winning move, including moves that split a
# board (the move's text is the board it leaves), Chomp's one winning
# first move, and a game of Cram against the program.
$GRUNDY analyze cram:1x8 start
$GRUNDY analyze cram:3x4 start 1111/1111/0000
$GRUNDY analyze chomp:3x6 start
$GRUNDY analyze node-kayles:grid:2x4 start --json
$GRUNDY analyze --mix cram:2x3:111/111 nim:3 chomp:2x3:3,1
printf 'hint\n1 00111\n' | $GRUNDY play cram:1x5 start
