target_sources(grundy PRIVATE
  src/table/table.c
  src/table/fill.c
  src/table/digits.c
  src/table/interval.c
  src/table/kernels.c
  src/table/period.c
  src/table/rare.c
  src/table/share.c
  src/table/sparse.c
  src/table/sparse_loops.c
  src/table/sparse_triple.c
  src/table/survey.c
  src/table/tiers.c
  src/table/tiers_split.c)
