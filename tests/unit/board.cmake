grundy_add_test(board unit ${CMAKE_CURRENT_LIST_DIR}/test_board.c)
