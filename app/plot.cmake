# grundy plot: pictures of values (SVG; PDF and PNG too when cairo is
# found -- libcairo2-dev -- unless GRUNDY_WITH_CAIRO is OFF).  cairo is
# not linked: plot_cairo.c loads libcairo.so.2 when it first writes a PDF
# or PNG.
target_sources(grundy_cli PRIVATE
  app/cmd_plot.c
  app/plot_draw.c
  app/plot_scene.c
  app/plot_svg.c
  app/plot_board.c
  app/plot_cairo.c)
option(GRUNDY_WITH_CAIRO
  "grundy plot writes PDF and PNG through cairo when found" ON)
if(GRUNDY_WITH_CAIRO)
  pkg_check_modules(CAIRO QUIET IMPORTED_TARGET cairo cairo-pdf cairo-png)
endif()
if(CAIRO_FOUND)
  # cairo's headers only: the library is loaded by plot_cairo.c when a
  # PDF or PNG is first written (dlopen), not by every start of grundy
  target_compile_definitions(grundy_cli PRIVATE GRUNDY_HAVE_CAIRO=1)
  target_include_directories(grundy_cli PRIVATE ${CAIRO_INCLUDE_DIRS})
  target_link_libraries(grundy_cli PRIVATE ${CMAKE_DL_LIBS})
else()
  message(STATUS "grundy: no cairo: grundy plot writes SVG only, and "
                 "refuses .pdf and .png (\"PDF needs cairo\"; apt-get "
                 "install libcairo2-dev)")
endif()
target_link_libraries(grundy_cli PRIVATE m)
