grundy_add_test(nt unit ${CMAKE_CURRENT_LIST_DIR}/test_nt.c)
