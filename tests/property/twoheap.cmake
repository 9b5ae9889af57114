grundy_add_test(twoheap property ${CMAKE_CURRENT_LIST_DIR}/test_twoheap.c
  ${PROJECT_SOURCE_DIR}/tests/support/board_oracle.c
  ${PROJECT_SOURCE_DIR}/tests/support/twoheap_oracle.c)
