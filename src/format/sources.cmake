target_sources(grundy PRIVATE src/format/json.c src/format/values.c src/format/lists.c
  src/format/survey.c src/format/store.c src/format/hex.c)
