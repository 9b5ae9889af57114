grundy_add_test(values unit ${CMAKE_CURRENT_LIST_DIR}/test_values.c)
