target_sources(grundy PRIVATE src/store/store_stub.c)
