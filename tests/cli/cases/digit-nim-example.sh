# The sample of the Digit Nim workload.
"$GRUNDY" solve digit-nim < "$CASES/../../../examples/solve-digit-nim.in"
