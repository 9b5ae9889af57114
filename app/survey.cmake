target_sources(grundy_cli PRIVATE
  app/cmd_survey.c
  app/published.c)
find_package(Threads REQUIRED)
target_link_libraries(grundy_cli PRIVATE Threads::Threads)
