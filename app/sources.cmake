target_sources(grundy_cli PRIVATE
  app/main.c
  app/cli.c
  app/opt.c
  app/help.c
  app/cmd_values.c
  app/cmd_solve.c
  app/cmd_store.c)
