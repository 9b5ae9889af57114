grundy_add_test(misere property ${CMAKE_CURRENT_LIST_DIR}/test_misere.c
  ${PROJECT_SOURCE_DIR}/tests/support/misere_oracle.c)
