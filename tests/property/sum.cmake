grundy_add_test(sum property ${CMAKE_CURRENT_LIST_DIR}/test_sum.c
  ${PROJECT_SOURCE_DIR}/tests/support/sum_oracle.c)
grundy_add_test(sum_memo property ${CMAKE_CURRENT_LIST_DIR}/test_sum_memo.c
  ${PROJECT_SOURCE_DIR}/tests/support/sum_oracle.c)
