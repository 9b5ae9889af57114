grundy_add_test(takebreak property ${CMAKE_CURRENT_LIST_DIR}/test_takebreak.c)
# Every octal code of up to three digits, in four groups by first digit,
# and every code of four digits (and 4.dd), in four more.
foreach(group 0 1 2 3 4 5 6 7)
  grundy_add_test(takebreak_agree_${group} property
    ${CMAKE_CURRENT_LIST_DIR}/test_takebreak_agree.c)
  target_compile_definitions(test_property_takebreak_agree_${group}
    PRIVATE AGREE_GROUP=${group})
endforeach()
grundy_add_test(period_track property
  ${CMAKE_CURRENT_LIST_DIR}/test_period_track.c)
if(GRUNDY_SANITIZE)
  foreach(group 0 1 2 3 4 5 6 7)
    set_tests_properties(property.takebreak_agree_${group} PROPERTIES
      ENVIRONMENT GRUNDY_TEST_SANITIZED=1)
  endforeach()
endif()
