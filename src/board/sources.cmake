target_sources(grundy PRIVATE src/board/board.c src/board/tt.c src/board/ttw.c
  src/board/search64.c src/board/search128.c src/board/search256.c
  src/board/narrow.c)
