grundy_add_test(store_match unit ${CMAKE_CURRENT_LIST_DIR}/test_store_match.c
  ${CMAKE_CURRENT_LIST_DIR}/../support/store_util.c)
