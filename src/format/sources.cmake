target_sources(grundy PRIVATE src/format/json.c src/format/values.c src/format/lists.c)
