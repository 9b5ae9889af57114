target_sources(grundy_cli PRIVATE
  app/range_cli.c
  app/cmd_range.c
  app/solve_digit_nim.c)
