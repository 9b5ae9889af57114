grundy_add_test(store unit ${CMAKE_CURRENT_LIST_DIR}/test_store.c
  ${CMAKE_CURRENT_LIST_DIR}/../support/store_util.c)

# store_fixture DIR SPEC N [checkpoint]: a table in a store, for the CLI
# cases of 'grundy store' (tests/cli/cases/store-*.sh).
add_executable(store_fixture ${CMAKE_CURRENT_LIST_DIR}/../support/store_fixture.c)
target_link_libraries(store_fixture PRIVATE grundy::grundy grundy_warnings)
target_compile_definitions(store_fixture PRIVATE _POSIX_C_SOURCE=200809L)
