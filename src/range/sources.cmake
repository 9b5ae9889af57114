target_sources(grundy PRIVATE src/range/range.c src/range/subsets.c src/range/xor.c)
