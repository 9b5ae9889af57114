target_sources(grundy_cli PRIVATE app/solve_pshtbrth.c)
