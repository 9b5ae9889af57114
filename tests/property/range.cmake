grundy_add_test(range property ${CMAKE_CURRENT_LIST_DIR}/test_range.c)
