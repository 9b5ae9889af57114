target_sources(grundy PRIVATE
  src/values/values.c
  src/values/tables.c
  src/values/period.c
  src/values/window.c
  src/values/search.c)
