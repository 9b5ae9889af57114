# grundy plot: pictures of values (SVG; PNG too when cairo is found --
# libcairo2-dev -- unless GRUNDY_WITH_CAIRO is OFF).
target_sources(grundy_cli PRIVATE
  app/cmd_plot.c
  app/plot_scene.c
  app/plot_svg.c
  app/plot_png.c)
option(GRUNDY_WITH_CAIRO "grundy plot writes PNG through cairo when found" ON)
if(GRUNDY_WITH_CAIRO)
  pkg_check_modules(CAIRO QUIET IMPORTED_TARGET cairo)
endif()
if(CAIRO_FOUND)
  target_compile_definitions(grundy_cli PRIVATE GRUNDY_HAVE_CAIRO=1)
  target_link_libraries(grundy_cli PRIVATE PkgConfig::CAIRO)
else()
  message(STATUS "grundy: no cairo: grundy plot writes SVG only "
                 "(apt-get install libcairo2-dev for PNG)")
endif()
target_link_libraries(grundy_cli PRIVATE m)
