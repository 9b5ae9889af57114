target_sources(grundy PRIVATE src/io/scan.c src/io/writer.c src/io/json.c)
