grundy_add_test(format unit ${CMAKE_CURRENT_LIST_DIR}/test_format.c)
