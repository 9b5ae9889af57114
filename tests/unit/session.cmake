grundy_add_test(session unit ${CMAKE_CURRENT_LIST_DIR}/test_session.c
  ${CMAKE_CURRENT_LIST_DIR}/../support/store_util.c)
