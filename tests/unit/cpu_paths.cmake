grundy_add_test(cpu_paths unit ${CMAKE_CURRENT_LIST_DIR}/test_cpu_paths.c)
