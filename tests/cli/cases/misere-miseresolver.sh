# grundy misere --miseresolver: the quotient in the text MisereSolver
# prints.  0.75 to heap 12 (the README's quotient, in MisereSolver's
# words), 0.33 to heap 6 (tame: T2), 0.26 to heap 12 (a generator that the
# later ones generate is dropped: 3 of grundy's 4), and the refusals.
"$GRUNDY" misere 0.75 --upto 12 --miseresolver
"$GRUNDY" misere 0.33 --upto 6 --miseresolver
"$GRUNDY" misere 0.26 --upto 12 --miseresolver
"$GRUNDY" misere 0.26 --upto 12 | sed -n '/^generators/p'
"$GRUNDY" misere 0.75 --upto 12 --miseresolver --json 2>&1; echo "exit $?"
"$GRUNDY" misere 0.75 --upto 12 --miseresolver --genus 2>&1; echo "exit $?"
