target_sources(grundy_cli PRIVATE
  app/sum_cli.c
  app/cmd_analyze.c
  app/cmd_play.c)
