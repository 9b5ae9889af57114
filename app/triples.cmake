target_sources(grundy_cli PRIVATE app/solve_unbalanced_nim.c)
