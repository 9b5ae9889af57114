# Piles up to 3*10^6 (the table grows during the query stream); the
# expected answers come from tests/cli/gen/digit_nim_big.py.
"$GRUNDY" solve digit-nim < "$CASES/digit-nim-big.in"
