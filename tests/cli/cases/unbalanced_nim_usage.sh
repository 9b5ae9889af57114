# Usage errors exit 2 and read nothing.
for args in "--mod 0" "--mod" "--mod 12x" "--mod -3" "--mod 5 --exact" \
    "--bogus" "17"; do
    echo 8 | "$GRUNDY" solve unbalanced-nim $args 2>&1
    echo "exit $?"
done
"$GRUNDY" solve unbalanced-nim --help | grep -c 'unbalanced-nim'
