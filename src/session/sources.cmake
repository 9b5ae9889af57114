target_sources(grundy PRIVATE src/session/session.c)
