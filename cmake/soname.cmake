# grundy_soname(VAR LIBRARY) : VAR = the soname of the shared library
# LIBRARY (a path), as the dynamic linker names it (libflint.so.17), read
# from its ELF header with objdump.  grundy loads FLINT and libmicrohttpd
# on first use (dlopen) under this name rather than linking them, so the
# name must be the one of the library the build found, not a guess.
# Without objdump or a SONAME, the file's own name.
function(grundy_soname var library)
  get_filename_component(real ${library} REALPATH)
  set(so "")
  if(CMAKE_OBJDUMP)
    execute_process(COMMAND ${CMAKE_OBJDUMP} -p ${real}
      OUTPUT_VARIABLE dump RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND dump MATCHES "SONAME +([^ \n]+)")
      set(so ${CMAKE_MATCH_1})
    endif()
  endif()
  if(so STREQUAL "")
    get_filename_component(so ${library} NAME)
    message(WARNING "grundy: no SONAME read from ${library}; loading it "
                    "as ${so}")
  endif()
  set(${var} ${so} PARENT_SCOPE)
endfunction()
