# grundy serve: the web explorer (app/serve*.c), over libmicrohttpd
# (Debian's libmicrohttpd-dev; without it `grundy serve` says so, as it
# does when the library cannot be loaded at run time).  The
# page (app/web/) is built into the program: app/web/embed.cmake writes
# serve_files.c from the files it lists.
pkg_check_modules(MHD QUIET IMPORTED_TARGET libmicrohttpd)
set(GRUNDY_WEB_FILES
  ${PROJECT_SOURCE_DIR}/app/web/index.html
  ${PROJECT_SOURCE_DIR}/app/web/app.js
  ${PROJECT_SOURCE_DIR}/app/web/style.css)
add_custom_command(
  OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/serve_files.c
  COMMAND ${CMAKE_COMMAND} -DDIR=${PROJECT_SOURCE_DIR}/app/web
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/serve_files.c
          -P ${PROJECT_SOURCE_DIR}/app/web/embed.cmake
  DEPENDS ${GRUNDY_WEB_FILES} ${PROJECT_SOURCE_DIR}/app/web/embed.cmake
  COMMENT "Embedding the page of grundy serve")
target_sources(grundy_cli PRIVATE
  app/serve.c
  app/serve_api.c
  app/serve_play.c
  app/serve_request.c
  ${CMAKE_CURRENT_BINARY_DIR}/serve_files.c)
target_include_directories(grundy_cli PRIVATE ${PROJECT_SOURCE_DIR}/app)
if(MHD_FOUND)
  # libmicrohttpd's headers only: app/serve_mhd.c loads the library (and
  # FLINT's cleanup, when the library has loaded FLINT) by dlopen when
  # serve starts, not at every start of grundy
  list(GET MHD_LINK_LIBRARIES 0 GRUNDY_MHD_LIBRARY)
  grundy_soname(GRUNDY_MHD_SONAME ${GRUNDY_MHD_LIBRARY})
  target_sources(grundy_cli PRIVATE app/serve_mhd.c)
  target_compile_definitions(grundy_cli PRIVATE GRUNDY_HAVE_MHD=1
    GRUNDY_MHD_SONAME="${GRUNDY_MHD_SONAME}"
    GRUNDY_FLINT_SONAME="${GRUNDY_FLINT_SONAME}")
  target_include_directories(grundy_cli PRIVATE ${MHD_INCLUDE_DIRS})
  target_link_libraries(grundy_cli PRIVATE ${CMAKE_DL_LIBS})
else()
  message(STATUS "grundy: no libmicrohttpd: grundy serve is not built "
                 "(apt-get install libmicrohttpd-dev)")
endif()
