# python.cmake -- the Python module (python/grundy) for `make test`: the
# extension built from python/grundy/_*.c and the library's objects,
# with Python's and numpy's headers, into build/python/grundy beside the
# package's .py files, so that PYTHONPATH=build/python imports it.
# `pip install .` builds the same module through setup.py instead.
#
# GRUNDY_BUILD_PYTHON: AUTO builds it when the Python headers and numpy
# are found, ON requires them, OFF skips it.  Never under the sanitizers:
# an extension built with ASan needs the runtime preloaded into the
# interpreter, which is a test of the interpreter rather than of grundy.
if(GRUNDY_SANITIZE OR GRUNDY_TSAN OR GRUNDY_FUZZ OR NOT GRUNDY_BUILD_PYTHON)
  if((GRUNDY_SANITIZE OR GRUNDY_TSAN OR GRUNDY_FUZZ) AND GRUNDY_BUILD_PYTHON)
    message(STATUS "grundy: the Python module is not built under the sanitizers")
  endif()
  set(GRUNDY_HAVE_PYTHON OFF)
  return()
endif()

# The interpreter: Python3_EXECUTABLE when given, else the system's
# /usr/bin/python3 (Debian's, which python3-numpy serves) rather than
# whichever python3 comes first on PATH.
if(NOT Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
if(GRUNDY_BUILD_PYTHON STREQUAL "AUTO")
  find_package(Python3 3.9 COMPONENTS Interpreter Development.Module NumPy)
  if(NOT Python3_FOUND)
    message(STATUS "grundy: no Python headers or numpy: the Python module "
                   "is not built (apt-get install python3-dev python3-numpy)")
    set(GRUNDY_HAVE_PYTHON OFF)
    return()
  endif()
else()
  find_package(Python3 3.9 REQUIRED
    COMPONENTS Interpreter Development.Module NumPy)
endif()
set(GRUNDY_HAVE_PYTHON ON)

set(GRUNDY_PYTHON_DIR ${PROJECT_BINARY_DIR}/python)
Python3_add_library(grundy_python MODULE WITH_SOABI
  ${PROJECT_SOURCE_DIR}/python/grundy/_grundy.c
  ${PROJECT_SOURCE_DIR}/python/grundy/_misere.c
  ${PROJECT_SOURCE_DIR}/python/grundy/_tools.c
  $<TARGET_OBJECTS:grundy>)
target_include_directories(grundy_python PRIVATE ${PROJECT_SOURCE_DIR}/include)
target_compile_definitions(grundy_python PRIVATE _POSIX_C_SOURCE=200809L)
target_link_libraries(grundy_python PRIVATE Python3::NumPy Threads::Threads
  PkgConfig::GMP PkgConfig::XXHASH ${CMAKE_DL_LIBS} m grundy_warnings)
set_target_properties(grundy_python PROPERTIES
  OUTPUT_NAME _grundy
  C_VISIBILITY_PRESET hidden
  LIBRARY_OUTPUT_DIRECTORY ${GRUNDY_PYTHON_DIR}/grundy)
# The package's Python files, copied whenever they change.
foreach(f __init__.py _args.py _misere.py _tools.py)
  add_custom_command(OUTPUT ${GRUNDY_PYTHON_DIR}/grundy/${f}
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/python/grundy/${f}
            ${GRUNDY_PYTHON_DIR}/grundy/${f}
    DEPENDS ${PROJECT_SOURCE_DIR}/python/grundy/${f}
    VERBATIM)
  target_sources(grundy_python PRIVATE ${GRUNDY_PYTHON_DIR}/grundy/${f})
endforeach()
