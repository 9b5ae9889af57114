grundy_add_test(triples unit ${CMAKE_CURRENT_LIST_DIR}/test_triples.c)
