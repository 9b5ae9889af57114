# survey --compare reads its published table whole, before any work, and
# names the place of a bad line inside that line (FILE:LINE:COL): a line
# with a field missing at the column past its last field, an extra field
# at its own column, a number past 2^64 - 1 or a NUL byte where it is; a
# comment longer than 1 KiB is one line, not two.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
run() { # the command's stdout and stderr (the folder and the rows' time
         # left out), its exit code
    "$@" >"$d/out" 2>&1
    rc=$?
    sed -e "s|$d/||" -e '/ /!s/,[^,]*$//' "$d/out"
    echo "exit $rc"
}
printf '0.07\n' >"$d/codes"
survey() { run "$GRUNDY" survey "@$d/codes" --upto 200 --no-store --csv \
    --compare "$d/pub"; }
printf '0.6 2 1\n0.77\n' >"$d/pub"
survey
printf '0.6 2 1\n0.77 12 71 9\n' >"$d/pub"
survey
printf '0.07 99999999999999999999 53\n' >"$d/pub"
survey
printf '0.07 34 5\0003\n' >"$d/pub"
survey
{ printf '# '; i=0; while [ $i -lt 110 ]; do printf 'a comment '; i=$((i+1)); done
  printf '\n0.07 34 53\r\n\t0.6 none # CRLF, tabs and comments\n'; } >"$d/pub"
survey
