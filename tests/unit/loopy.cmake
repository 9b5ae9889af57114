grundy_add_test(loopy unit ${CMAKE_CURRENT_LIST_DIR}/test_loopy.c)
