# After a refused move `grundy play` lists the legal moves, but not when
# the rules allow more than 65536 from the state: 0.87 from 9191 has 7
# million, built whole and sorted to show 20 of them (seconds, 300 MiB;
# a time-out of the fuzz target cli).  A small state still lists them.
printf '1 3+4\n' | "$GRUNDY" play 0.87 9191 --no-store | grep '^illegal\|^legal'
printf '1 3+4\n' | "$GRUNDY" play 0.07 8147799 5 --no-store | grep '^illegal\|^legal'
printf '1 3+4\n' | "$GRUNDY" play nim 1000000000000000000 --no-store | grep '^illegal\|^legal'
printf '1 3+4\n' | "$GRUNDY" play 0.87 12 --no-store | grep '^illegal\|^legal'
