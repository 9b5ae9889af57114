# grundy plot: the options and the summary; the pictures are the
# library's (src/plot, grundy/plot.h).
target_sources(grundy_cli PRIVATE app/cmd_plot.c)
