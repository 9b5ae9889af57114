grundy_add_test(writers unit ${CMAKE_CURRENT_LIST_DIR}/test_writers.c)
# The same writers through the program: seeded random sums of `grundy
# analyze --json` and `grundy play --json` against the schema.
if(GRUNDY_BUILD_CLI)
  add_test(NAME cli.json_random
    COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tests/cli/json_random.py
            $<TARGET_FILE:grundy_cli>
            ${PROJECT_SOURCE_DIR}/doc/grundy-output.schema.json)
  set_tests_properties(cli.json_random PROPERTIES LABELS cli)
endif()
