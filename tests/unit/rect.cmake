grundy_add_test(rect unit ${CMAKE_CURRENT_LIST_DIR}/test_rect.c)
