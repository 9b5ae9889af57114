target_sources(grundy PRIVATE
  src/triples/nat.c
  src/triples/search.c
  src/triples/dp.c)
