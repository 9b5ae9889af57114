grundy_add_test(sum property ${CMAKE_CURRENT_LIST_DIR}/test_sum.c
  ${PROJECT_SOURCE_DIR}/tests/support/sum_oracle.c)
