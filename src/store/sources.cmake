target_sources(grundy PRIVATE src/store/format.c src/store/file.c
  src/store/folder.c
  src/store/entry.c src/store/split.c src/store/grow.c src/store/usage.c
  src/store/journal.c src/store/match.c)
