# Answers are written before the next query is read: through a pipe that
# stays open, each answer must arrive while the program waits for more
# input (a missing flush would time out and lose the line).
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" "$dir/out"
"$GRUNDY" solve digit-nim <"$dir/in" >"$dir/out" &
exec 3>"$dir/in" 4<"$dir/out"
printf '3\n5 15 25\n3\n1 1 3\n' >&3
timeout 10 head -n 1 <&4
printf '2 2 7\n' >&3
printf '1 2 2\n' >&3
timeout 10 head -n 1 <&4
exec 3>&-
wait
exec 4<&-
