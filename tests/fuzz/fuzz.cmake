# Fuzz targets: tests/fuzz/fuzz_NAME.c, each a libFuzzer entry point,
# built with -fsanitize=fuzzer,address,undefined when GRUNDY_FUZZ is on
# (clang).  `make fuzz` runs each for FUZZ_SECONDS (tests/fuzz/run.sh);
# CTest runs each for GRUNDY_FUZZ_SMOKE seconds (label fuzz), starting
# from its seed corpus tests/fuzz/corpus/NAME and its dictionary.
set(GRUNDY_FUZZ_SMOKE 10 CACHE STRING "Seconds per fuzz target under CTest")
set(GRUNDY_FUZZ_DIR ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)

# The program's readers, without its main(), for the targets that drive
# a subcommand.
if(NOT TARGET grundy_cli)
  message(FATAL_ERROR "GRUNDY_FUZZ needs GRUNDY_BUILD_CLI (the targets "
                      "drive the program's subcommands)")
endif()
get_target_property(grundy_app_sources grundy_cli SOURCES)
set(grundy_app_fuzz_sources "")
foreach(src IN LISTS grundy_app_sources)
  if(NOT IS_ABSOLUTE ${src})
    set(src ${PROJECT_SOURCE_DIR}/${src})
  endif()
  # main() stays out, and so does the loader of libmicrohttpd: the
  # targets drive serve's request reader, never its HTTP server
  if(NOT src MATCHES "/(main|serve_mhd)\\.c$")
    list(APPEND grundy_app_fuzz_sources ${src})
  endif()
endforeach()
add_library(grundy_app_fuzz STATIC ${grundy_app_fuzz_sources}
  ${GRUNDY_FUZZ_DIR}/fuzz_common.c)
target_include_directories(grundy_app_fuzz
  PUBLIC ${PROJECT_SOURCE_DIR}/app ${GRUNDY_FUZZ_DIR}
         ${PROJECT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR}/support)
target_compile_definitions(grundy_app_fuzz PUBLIC _POSIX_C_SOURCE=200809L
  PRIVATE GRUNDY_VERSION="${PROJECT_VERSION}")
target_link_libraries(grundy_app_fuzz PUBLIC grundy_internal grundy_warnings)
# the page's files (serve_files.c) are generated for grundy_cli
add_dependencies(grundy_app_fuzz grundy_cli)

set(GRUNDY_FUZZ_TARGETS cli compare diff loopy opener scan serve spec store)
add_custom_target(grundy_fuzz_targets)
foreach(name IN LISTS GRUNDY_FUZZ_TARGETS)
  set(extra "")
  if(name STREQUAL "diff")
    set(extra ${CMAKE_CURRENT_SOURCE_DIR}/support/oracle.c
              ${CMAKE_CURRENT_SOURCE_DIR}/support/sum_oracle.c)
  endif()
  add_executable(fuzz_${name} ${GRUNDY_FUZZ_DIR}/fuzz_${name}.c ${extra})
  target_link_libraries(fuzz_${name} PRIVATE grundy_app_fuzz)
  target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
  add_dependencies(grundy_fuzz_targets fuzz_${name})
  add_test(NAME fuzz.${name}
    COMMAND sh ${GRUNDY_FUZZ_DIR}/run_one.sh $<TARGET_FILE:fuzz_${name}>
            ${name} ${GRUNDY_FUZZ_SMOKE} ${CMAKE_CURRENT_BINARY_DIR}/fuzz-work)
  set_tests_properties(fuzz.${name} PROPERTIES LABELS fuzz)
endforeach()
