target_sources(grundy PRIVATE
  src/play/play.c
  src/play/move.c
  src/play/analysis.c
  src/play/text.c
  src/play/talk.c
  src/play/write.c
  src/play/write_moves.c
  src/play/write_lists.c)
