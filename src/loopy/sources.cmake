target_sources(grundy PRIVATE
  src/loopy/graph.c
  src/loopy/parse.c
  src/loopy/load.c
  src/loopy/solve.c
  src/loopy/value.c
  src/loopy/smith.c
  src/loopy/sum.c
  src/loopy/family.c
  src/loopy/rules.c
  src/loopy/addsub.c
  src/loopy/write.c)
