# serve parses through its option table (app/opt.h), as play and analyze
# do: every refusal names the argument as typed and exits 2 (a usage
# error) before anything listens, "--name=VALUE" is "--name VALUE", and
# the common options are checked the same way.  A program built without
# libmicrohttpd refuses the same command lines the same way.
run() { "$@" 2>&1 </dev/null; echo "exit $?"; }
run "$GRUNDY" serve --frobnicate
run "$GRUNDY" serve -x
run "$GRUNDY" serve extra
run "$GRUNDY" serve --port
run "$GRUNDY" serve --port 65536
run "$GRUNDY" serve --port=x
run "$GRUNDY" serve --bind
run "$GRUNDY" serve --bind=
run "$GRUNDY" serve --bind nowhere
run "$GRUNDY" serve --bind=1.2.3.4.5
run "$GRUNDY" serve --bind ::g
run "$GRUNDY" serve --time-limit 0
run "$GRUNDY" serve --time-limit=86401
run "$GRUNDY" serve --max-requests 0
run "$GRUNDY" serve --max-requests 1025
run "$GRUNDY" serve --open=1
run "$GRUNDY" serve --quiet=1
run "$GRUNDY" serve --mem-limit 0
run "$GRUNDY" serve --work-limit=2X
run "$GRUNDY" serve --threads 257
run "$GRUNDY" serve --store
run "$GRUNDY" serve --port 0 -- --open
# the help's option lines come from the table
"$GRUNDY" serve --help | grep -E '^  --(port|bind|open|time-limit|max-requests)'
