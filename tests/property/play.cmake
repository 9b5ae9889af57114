grundy_add_test(play property ${CMAKE_CURRENT_LIST_DIR}/test_play.c)
