# A single component with very many moves (a Nim heap of 80002: few
# positions, 3*10^9 moves among them): the search for the computer's best
# move is refused at its bound of moves listed, at once, and the move comes
# from the values; it used to list every move of every position.
(
    ulimit -t 20
    printf '1 0\n' | $GRUNDY play nim 80002 --first computer --no-store 2>&1 |
        grep -a 'I move'
    echo "exit $?"
)
