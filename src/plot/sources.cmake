# Pictures of values (grundy/plot.h): SVG always; PDF and PNG too when
# cairo's headers are found -- libcairo2-dev -- unless GRUNDY_WITH_CAIRO is
# OFF.  cairo is not linked: cairo.c loads libcairo.so.2 when it first
# writes a PDF or PNG.
target_sources(grundy PRIVATE
  src/plot/board.c
  src/plot/cairo.c
  src/plot/draw.c
  src/plot/scene.c
  src/plot/svg.c)
option(GRUNDY_WITH_CAIRO
  "grundy plot writes PDF and PNG through cairo when found" ON)
if(GRUNDY_WITH_CAIRO)
  pkg_check_modules(CAIRO QUIET IMPORTED_TARGET cairo cairo-pdf cairo-png)
endif()
if(CAIRO_FOUND)
  # cairo's headers only: the library is loaded by cairo.c when a PDF or
  # PNG is first written (dlopen), not by every program that links grundy
  set_source_files_properties(src/plot/cairo.c PROPERTIES
    COMPILE_DEFINITIONS GRUNDY_HAVE_CAIRO=1
    INCLUDE_DIRECTORIES "${CAIRO_INCLUDE_DIRS}")
else()
  message(STATUS "grundy: no cairo: pictures are written as SVG only, and "
                 "PDF and PNG are refused (\"PDF needs cairo\"; apt-get "
                 "install libcairo2-dev)")
endif()
