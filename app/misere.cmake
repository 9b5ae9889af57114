target_sources(grundy_cli PRIVATE
  app/cmd_misere.c)
