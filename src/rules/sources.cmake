target_sources(grundy PRIVATE src/rules/registry.c src/rules/heap.c)
