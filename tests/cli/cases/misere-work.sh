# The misere quotient counts its growth against --work-limit (an option
# of a heap, a product looked up, a word of a set searched: steps of a
# bounded time).  It once counted none: a limit of 10^6 let the quotient
# of 0.779 run for seconds (36 s in a sanitizer build), past any limit,
# before the exact search of a sum was even tried.
#
# `grundy misere` past the limit is refused with the usual message; a
# sum whose quotient is past the limit is answered by the exact search
# within it, and the quotient's answer without the limit is the same; a
# sum both methods are past is refused.  A timeout turns an unbounded
# run into a failure.
t() {
    timeout 60 "$GRUNDY" "$@" --no-store >out.txt 2>err.txt
    echo "exit $?"
    grep -v '^ *component [0-9]*: 0.779\|^heap_elements\|^[0-9]' out.txt |
        head -8
    sed 's/^/stderr: /' err.txt
}
cd "$(mktemp -d)" || exit 1
t misere 0.779 --upto 96 --work-limit 1M
t misere 0.779 --upto 14 --work-limit 1M
t analyze --misere 0.779 21 1 --work-limit 100k
t analyze --misere 0.779 21 1
t analyze --misere 0.779 96 9 96 --work-limit 1M
