grundy_add_test(core unit ${CMAKE_CURRENT_LIST_DIR}/test_core.c)
target_compile_definitions(test_unit_core PRIVATE
  GRUNDY_TEST_PROJECT_VERSION="${PROJECT_VERSION}")
grundy_add_test(io unit ${CMAKE_CURRENT_LIST_DIR}/test_io.c)
grundy_add_test(rules unit ${CMAKE_CURRENT_LIST_DIR}/test_rules.c)
