grundy_add_test(count property ${CMAKE_CURRENT_LIST_DIR}/test_count.c)
