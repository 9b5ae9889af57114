target_sources(grundy PRIVATE src/range/range.c)
