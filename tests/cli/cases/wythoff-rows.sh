# A single value of Wythoff's game from the rows of the smaller heap, far
# out from the rows' proven additive periods: each answers within a few
# seconds (the square of 20001 took minutes).  The values are checked
# against the rule by tests/unit/test_twoheap_rows.c.
t() { timeout 20 "$GRUNDY" values "$@" --no-store; echo "exit $?"; }
t wythoff --at 20000,3
t wythoff --at 3,20000
t wythoff --at 1000000,3
t wythoff --at 4294967295,3
t wythoff --at 4294967295,17
t twoheap:t/0,0/t,t/t@3 --at 300000,2
