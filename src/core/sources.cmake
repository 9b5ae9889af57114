target_sources(grundy PRIVATE src/core/status.c)
