grundy_add_test(rect property ${CMAKE_CURRENT_LIST_DIR}/test_rect.c)
