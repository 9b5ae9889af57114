target_sources(grundy PRIVATE src/board/board.c src/board/tt.c)
