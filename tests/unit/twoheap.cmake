grundy_add_test(twoheap unit ${CMAKE_CURRENT_LIST_DIR}/test_twoheap.c)
grundy_add_test(twoheap_rows unit ${CMAKE_CURRENT_LIST_DIR}/test_twoheap_rows.c)
