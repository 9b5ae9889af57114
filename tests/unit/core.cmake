grundy_add_test(core unit ${CMAKE_CURRENT_LIST_DIR}/test_core.c)
grundy_add_test(io unit ${CMAKE_CURRENT_LIST_DIR}/test_io.c)
grundy_add_test(rules unit ${CMAKE_CURRENT_LIST_DIR}/test_rules.c)
