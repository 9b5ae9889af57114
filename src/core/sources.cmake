target_sources(grundy PRIVATE src/core/status.c src/core/limits.c src/core/cpu.c
  src/core/threads.c src/core/version.c src/core/grow.c)
