grundy_add_test(plot unit ${CMAKE_CURRENT_LIST_DIR}/test_plot.c)
