target_sources(grundy PRIVATE src/values/values.c)
