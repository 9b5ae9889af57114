target_sources(grundy PRIVATE src/store/format.c src/store/split.c src/store/store.c)
