# Start-up loads only what the subcommand uses: --version and solve
# pshtbrth load neither FLINT (nor NTL, which it pulls in),
# libmicrohttpd nor cairo; a command that factorises loads FLINT on first
# use and answers.  (The dynamic loader's LD_DEBUG=libs lists every
# library it initialises.)
loaded() {
    LD_DEBUG=libs "$@" 2>&1 >/dev/null |
        sed -n 's/.*calling init: .*\/\(lib[a-z0-9_]*\)\.so.*/\1/p' |
        grep -E '^lib(flint|ntl|microhttpd|gnutls|cairo)$' | sort -u |
        tr '\n' ' '
    echo
}
echo "version: $(loaded "$GRUNDY" --version)"
echo "pshtbrth: $(loaded "$GRUNDY" solve pshtbrth \
    <"$CASES/../../../examples/solve-pshtbrth.in")"
echo "help: $(loaded "$GRUNDY" --help)"
echo "divisors: $(loaded "$GRUNDY" values divisors:12 --upto 5 --no-store)"
"$GRUNDY" values divisors:12 --upto 5 --no-store
