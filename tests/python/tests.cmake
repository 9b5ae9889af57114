# The Python module: its tests (python/tests, run by pytest against this
# build's module and program), and `pip install .` of a copy of the
# checkout into a virtual environment.  Registered only where the module
# is built, so never under the sanitizers (cmake/python.cmake says why).
if(NOT GRUNDY_HAVE_PYTHON)
  return()
endif()
set(GRUNDY_PYTEST_ENV
  PYTHONPATH=${PROJECT_BINARY_DIR}/python
  PYTHONDONTWRITEBYTECODE=1)
if(GRUNDY_BUILD_CLI)
  list(APPEND GRUNDY_PYTEST_ENV GRUNDY_CLI=$<TARGET_FILE:grundy_cli>)
endif()
# A missing pytest is a skipped test (exit 77), not a silent pass.
add_test(NAME python.module
  COMMAND sh -c "\"$0\" -c 'import pytest' 2>/dev/null || { echo 'pytest is not installed (apt-get install python3-pytest)'; exit 77; }; exec \"$0\" -m pytest -q -p no:cacheprovider \"$1\""
          ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/python/tests)
set_tests_properties(python.module PROPERTIES
  LABELS unit SKIP_RETURN_CODE 77
  ENVIRONMENT "${GRUNDY_PYTEST_ENV}")
add_test(NAME python.pip
  COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_pip.sh ${Python3_EXECUTABLE}
          ${PROJECT_SOURCE_DIR})
# the longest test: started first
set_tests_properties(python.pip PROPERTIES LABELS slow SKIP_RETURN_CODE 77
  COST 1000)
