# install.consumers: cmake --install into a temporary prefix, then the C
# example built against the installed library with pkg-config and with
# find_package (tests/install/check_install.sh).  Needs both kinds of
# library installed, and not under the sanitizers: a program of someone
# else's is not built with them.
if(GRUNDY_INSTALL AND GRUNDY_BOTH_LIBS AND GRUNDY_BUILD_CLI
   AND NOT GRUNDY_SANITIZE)
  add_test(NAME install.consumers
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_install.sh
            ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER})
  set_tests_properties(install.consumers PROPERTIES LABELS cli)
endif()
