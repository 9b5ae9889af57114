grundy_add_test(table property ${CMAKE_CURRENT_LIST_DIR}/test_table.c)
grundy_add_test(interval property ${CMAKE_CURRENT_LIST_DIR}/test_interval.c)
grundy_add_test(allbut property ${CMAKE_CURRENT_LIST_DIR}/test_allbut.c)
