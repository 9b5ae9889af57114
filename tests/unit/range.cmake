grundy_add_test(range unit ${CMAKE_CURRENT_LIST_DIR}/test_range_unit.c)
