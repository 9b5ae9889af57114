target_sources(grundy_cli PRIVATE
  app/cmd_count.c
  app/solve_mdswin.c)
