# The sample of workload 2.
$GRUNDY solve pshtbrth <"$CASES/../../../examples/solve-pshtbrth.in"
