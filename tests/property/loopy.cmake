grundy_add_test(loopy property ${CMAKE_CURRENT_LIST_DIR}/test_loopy.c
  ${PROJECT_SOURCE_DIR}/tests/support/loopy_oracle.c)
if(GRUNDY_SANITIZE)
  target_compile_definitions(test_property_loopy PRIVATE GRUNDY_SANITIZE)
endif()
