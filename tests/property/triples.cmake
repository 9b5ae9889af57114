grundy_add_test(triples property ${CMAKE_CURRENT_LIST_DIR}/test_triples.c)
target_link_libraries(test_property_triples PRIVATE PkgConfig::GMP)
