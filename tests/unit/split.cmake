grundy_add_test(split unit ${CMAKE_CURRENT_LIST_DIR}/test_split.c
  ${CMAKE_CURRENT_LIST_DIR}/../support/store_util.c)
