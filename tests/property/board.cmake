grundy_add_test(board property ${CMAKE_CURRENT_LIST_DIR}/test_board.c
  ${PROJECT_SOURCE_DIR}/tests/support/board_oracle.c)
grundy_add_test(board_wide property ${CMAKE_CURRENT_LIST_DIR}/test_board_wide.c
  ${PROJECT_SOURCE_DIR}/tests/support/board_oracle.c)
grundy_add_test(board_narrow property ${CMAKE_CURRENT_LIST_DIR}/test_board_narrow.c
  ${PROJECT_SOURCE_DIR}/tests/support/board_oracle.c)
