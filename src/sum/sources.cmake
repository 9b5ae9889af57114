target_sources(grundy PRIVATE
  src/sum/sum.c
  src/sum/nim.c
  src/sum/search.c
  src/sum/analyze.c
  src/sum/ctx.c
  src/sum/best.c
  src/sum/space.c
  src/sum/retro.c
  src/sum/mixed.c
  src/sum/memo.c)
