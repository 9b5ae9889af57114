grundy_add_test(store property ${CMAKE_CURRENT_LIST_DIR}/test_store.c
  ${CMAKE_CURRENT_LIST_DIR}/../support/store_util.c)
