target_sources(grundy_cli PRIVATE
  app/cmd_loopy.c
  app/loopy_cli.c)
