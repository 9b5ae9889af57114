target_sources(grundy PRIVATE src/rules/registry.c src/rules/game.c
  src/rules/text.c src/rules/heap.c src/rules/json.c)
target_sources(grundy PRIVATE src/rules/take.c)
target_sources(grundy PRIVATE src/rules/twoheap.c src/rules/twoheap_rows.c)
target_sources(grundy PRIVATE src/rules/rect.c)
target_sources(grundy PRIVATE src/rules/divisors.c)
target_sources(grundy PRIVATE src/rules/takebreak.c src/rules/pattern.c)
target_sources(grundy PRIVATE src/rules/grid.c src/rules/wgrid.c
  src/rules/cellpool.c src/rules/cram.c
  src/rules/nodekayles.c src/rules/nk_graphs.c src/rules/chomp.c)
