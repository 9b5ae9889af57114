target_sources(grundy PRIVATE
  src/nt/mod.c
  src/nt/ext.c
  src/nt/divisors.c
  src/nt/prime.c
  src/nt/flint_dl.c)
