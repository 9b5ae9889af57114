# the histograms of grundy/count.h against a tally and a direct search
grundy_add_test(count_hist unit ${CMAKE_CURRENT_LIST_DIR}/test_count_hist.c)
