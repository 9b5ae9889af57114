grundy_add_test(takebreak unit ${CMAKE_CURRENT_LIST_DIR}/test_takebreak.c)
