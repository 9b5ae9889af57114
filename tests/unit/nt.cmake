grundy_add_test(nt unit ${CMAKE_CURRENT_LIST_DIR}/test_nt.c)
# grundy's own primality, squares and pre-inverted products against
# FLINT's (linked here as the oracle; the library loads it at run time)
grundy_add_test(nt_flint unit ${CMAKE_CURRENT_LIST_DIR}/test_nt_flint.c)
target_link_libraries(test_unit_nt_flint PRIVATE ${FLINT_LIBRARY})
