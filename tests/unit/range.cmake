grundy_add_test(range unit ${CMAKE_CURRENT_LIST_DIR}/test_range_unit.c)
grundy_add_test(range_stream unit ${CMAKE_CURRENT_LIST_DIR}/test_range_stream.c)
