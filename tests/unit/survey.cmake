grundy_add_test(survey unit ${CMAKE_CURRENT_LIST_DIR}/test_survey.c)
