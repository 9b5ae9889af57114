grundy_add_test(play unit ${CMAKE_CURRENT_LIST_DIR}/test_play.c)
# the conversation of grundy play and the reader of a whole sum
grundy_add_test(play_talk unit ${CMAKE_CURRENT_LIST_DIR}/test_play_talk.c)
