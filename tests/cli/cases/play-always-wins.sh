# From a winning position, grundy play must win against every sequence of
# user moves: the user's game tree is explored exhaustively by replaying
# each line of moves through a pipe and reading the position left.
# Each game prints W (the program won) or L (it lost).

# moves FAMILY HEAP: the heaps a user can leave.
moves() {
    case $1 in
    nim) t=0; while [ $t -lt $2 ]; do echo $t; t=$((t + 1)); done ;;
    sub134) for d in 1 3 4; do [ $d -le $2 ] && echo $(($2 - d)); done ;;
    kayles) # take 1 or 2 pins, leaving nothing, one row, or two rows
        for d in 1 2; do
            r=$(($2 - d))
            [ $r -lt 0 ] && continue
            if [ $r -eq 0 ]; then echo -; continue; fi
            echo $r
            a=1
            while [ $((2 * a)) -le $r ]; do echo "$a+$((r - a))"; a=$((a + 1)); done
        done ;;
    esac
}

# explore FAMILY 'ARGS' 'MOVES': play MOVES (';'-separated), then every
# legal continuation.
explore() (
    out=$(printf '%s' "$3" | tr ';' '\n' | "$GRUNDY" play $2)
    case $out in
    *"you win."*) echo "L after '$3'"; exit 0 ;;
    *"I win."*) echo W; exit 0 ;;
    esac
    pos=$(printf '%s\n' "$out" | grep '^position:' | tail -n 1 |
          sed 's/position://; s/(empty)//; s/\[[0-9]*\]//g')
    i=0
    for h in $pos; do
        i=$((i + 1))
        for t in $(moves $1 $h); do
            explore "$1" "$2" "$3$i $t;"
        done
    done
)

check() {
    res=$(explore "$1" "$2" "")
    [ -n "$VERBOSE" ] && printf "%s\n" "$res" | sort | uniq -c >&2
    n=$(printf '%s\n' "$res" | grep -c '^W')
    lost=$(printf '%s\n' "$res" | grep -c '^L')
    if [ "$lost" -eq 0 ] && [ "$n" -ge "$3" ]; then
        echo "play $2: won every game (at least $3)"
    else
        echo "play $2: won $n, lost $lost"
        printf '%s\n' "$res" | grep '^L' | head -5
    fi
}

# The program moves first from a nim-sum of 7.
check nim "nim 1 2 4 --first computer" 20
# The user moves first from a loss: two equal components.
check sub134 "subtract:1,3,4 5 5" 20
# Too large to search (limit 3 positions): the program plays from the
# values, and still wins.
check nim "nim 1 2 4 --first computer --search-limit 3" 20
check sub134 "subtract:1,3,4 5 5 --search-limit 3" 20
# Kayles (0.77): moves that split a row in two.
check kayles "0.77 3 2 1" 20
check kayles "0.77 7 --first computer" 10
