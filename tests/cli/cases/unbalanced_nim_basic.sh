# F(N) mod 10^9 for small N (F(8) = 42, F(128) = 496062), 10^18, and the
# example file; blanks around N and CRLF line ends are accepted.
printf '1\n5\n6\n7\n8\n128\n1000000000000000000\n  200\t\r\n0000009' |
    "$GRUNDY" solve unbalanced-nim
"$GRUNDY" solve unbalanced-nim <"$CASES/../../../examples/solve-unbalanced-nim.in"
