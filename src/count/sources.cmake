target_sources(grundy PRIVATE
  src/count/count.c
  src/count/transform.c
  src/count/ring3.c
  src/count/hist.c)
