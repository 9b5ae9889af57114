grundy_add_test(rect property ${CMAKE_CURRENT_LIST_DIR}/test_rect.c)

# grundy solve pshtbrth against a game-tree search on random input.
if(GRUNDY_BUILD_CLI)
  add_executable(pshtbrth_oracle ${CMAKE_CURRENT_LIST_DIR}/pshtbrth_oracle.c)
  target_link_libraries(pshtbrth_oracle
    PRIVATE grundy_test_support grundy_warnings)
  add_test(NAME property.pshtbrth
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/pshtbrth.sh
            $<TARGET_FILE:grundy_cli> $<TARGET_FILE:pshtbrth_oracle>)
  set_tests_properties(property.pshtbrth PROPERTIES LABELS property)
endif()
