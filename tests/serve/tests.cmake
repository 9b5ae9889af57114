# grundy serve (tests/serve/, pytest through run.sh): the API against the
# command line and a direct search, bad requests and the limits; 200
# requests from 20 clients (in the ASan build too: no leak at exit); the
# page in headless Chromium (Release only; skipped, with the reason,
# without chromium, chromium-driver or python3-selenium).  Label serve.
if(GRUNDY_BUILD_CLI)
  set(serve_run sh ${CMAKE_CURRENT_SOURCE_DIR}/serve/run.sh
      $<TARGET_FILE:grundy_cli> ${PROJECT_SOURCE_DIR}/doc/grundy-output.schema.json)
  add_test(NAME serve.api COMMAND ${serve_run} test_api.py)
  add_test(NAME serve.load COMMAND ${serve_run} test_load.py)
  set_tests_properties(serve.api serve.load PROPERTIES
    LABELS "cli;serve" SKIP_RETURN_CODE 77 TIMEOUT 900)
  if(GRUNDY_SANITIZE)
    set_tests_properties(serve.api serve.load PROPERTIES
      ENVIRONMENT GRUNDY_TEST_SANITIZED=1)
  endif()
  if(NOT GRUNDY_SANITIZE)
    add_test(NAME serve.browser COMMAND ${serve_run} test_browser.py
             --shots ${CMAKE_CURRENT_BINARY_DIR}/serve-shots)
    set_tests_properties(serve.browser PROPERTIES
      LABELS "cli;serve" SKIP_RETURN_CODE 77 TIMEOUT 300)
  endif()
endif()
