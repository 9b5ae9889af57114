# Tests of the multi-threaded paths, labelled tsan: in the ThreadSanitizer
# build (GRUNDY_TSAN) `make test` builds grundy_tsan_tests and runs exactly
# these.
grundy_add_test(threads tsan ${CMAKE_CURRENT_LIST_DIR}/test_threads.c)
add_custom_target(grundy_tsan_tests DEPENDS test_tsan_threads)
