target_sources(grundy PRIVATE src/range/range.c src/range/subsets.c src/range/xor.c
  src/range/stream.c src/range/stream_fast.c src/range/cells.c)
