grundy_add_test(core unit ${CMAKE_CURRENT_LIST_DIR}/test_core.c)
target_compile_definitions(test_unit_core PRIVATE
  GRUNDY_TEST_PROJECT_VERSION="${PROJECT_VERSION}")
grundy_add_test(io unit ${CMAKE_CURRENT_LIST_DIR}/test_io.c)
grundy_add_test(rules unit ${CMAKE_CURRENT_LIST_DIR}/test_rules.c)
# the scanner's hot path, with vsnprintf counted (linker --wrap; the
# library is linked statically into the test)
grundy_add_test(io_hot unit ${CMAKE_CURRENT_LIST_DIR}/test_io_hot.c)
target_link_options(test_unit_io_hot PRIVATE
  -Wl,--wrap=vsnprintf -Wl,--wrap=__vsnprintf_chk)
