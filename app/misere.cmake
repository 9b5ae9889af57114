target_sources(grundy_cli PRIVATE
  app/misere_cli.c
  app/cmd_misere.c)
