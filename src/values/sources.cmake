target_sources(grundy PRIVATE
  src/values/object.c
  src/values/values.c
  src/values/tables.c
  src/values/period.c
  src/values/window.c
  src/values/search.c
  src/values/journal.c
  src/values/histogram.c
  src/values/moves.c)
