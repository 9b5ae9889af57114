grundy_add_test(chomp property ${CMAKE_CURRENT_LIST_DIR}/test_chomp.c
  ${PROJECT_SOURCE_DIR}/tests/support/chomp_oracle.c)
