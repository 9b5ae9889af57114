grundy_add_test(play unit ${CMAKE_CURRENT_LIST_DIR}/test_play.c)
