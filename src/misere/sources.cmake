target_sources(grundy PRIVATE
  src/misere/monoid.c
  src/misere/verify.c
  src/misere/trial.c
  src/misere/quotient.c
  src/misere/present.c
  src/misere/genus.c
  src/misere/write.c)
