# --count, --exact, --mod M (64-bit and larger), and the mod answer equal
# to the last digits of the exact one for N = 10^1000.
printf '8\n128\n1000000000000000000\n' | "$GRUNDY" solve unbalanced-nim --count
printf '8\n128\n1000000000000000000\n' | "$GRUNDY" solve unbalanced-nim --exact
printf '8\n128\n1000000000000000000\n' |
    "$GRUNDY" solve unbalanced-nim --exact --count
printf '128\n129\n' | "$GRUNDY" solve unbalanced-nim --mod 1000
printf '128\n' | "$GRUNDY" solve unbalanced-nim --mod=1
printf '1000000000000000000\n' |
    "$GRUNDY" solve unbalanced-nim --mod 100000000000000000000000000000000000000000
big=1$(printf '%01000d' 0)
exact=$(echo "$big" | "$GRUNDY" solve unbalanced-nim --exact)
mod=$(echo "$big" | "$GRUNDY" solve unbalanced-nim --mod 1000000000000000000)
echo "${#exact} digits"
echo "$exact" | cut -c $((${#exact} - 17))-
echo "$mod"
