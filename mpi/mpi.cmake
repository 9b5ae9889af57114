# mpi.cmake -- grundy-mpi: every position of a board family tabulated by
# many processes over MPI (mpi/*.c), and its tests (tests/mpi/).
#
# GRUNDY_BUILD_MPI is ON by default when an MPI implementation is found
# (scripts/deps.sh installs Open MPI), except in a sanitizer build: Open
# MPI's own allocations are reported as leaks there, and what grundy-mpi
# shares with the library (the store's slices, the tier steps, the split
# layout, split tables read by grundy values) is tested under the
# sanitizers by tests/unit/test_split.c.
find_package(MPI COMPONENTS C QUIET)
set(GRUNDY_MPI_DEFAULT OFF)
if(MPI_C_FOUND AND NOT GRUNDY_SANITIZE)
  set(GRUNDY_MPI_DEFAULT ON)
endif()
option(GRUNDY_BUILD_MPI
  "Build grundy-mpi, board tables tabulated over MPI (needs MPI)"
  ${GRUNDY_MPI_DEFAULT})

if(GRUNDY_BUILD_MPI)
  if(NOT MPI_C_FOUND)
    message(FATAL_ERROR "GRUNDY_BUILD_MPI is ON but no MPI was found "
      "(install libopenmpi-dev openmpi-bin: scripts/deps.sh)")
  endif()
  add_executable(grundy_mpi
    ${PROJECT_SOURCE_DIR}/mpi/main.c
    ${PROJECT_SOURCE_DIR}/mpi/tabulate.c
    ${PROJECT_SOURCE_DIR}/app/opt.c)
  set_target_properties(grundy_mpi PROPERTIES OUTPUT_NAME grundy-mpi)
  # the option tables and the spec opener of app/ (app/opt.c)
  target_include_directories(grundy_mpi PRIVATE ${PROJECT_SOURCE_DIR}/src
                                                ${PROJECT_SOURCE_DIR}/app)
  target_link_libraries(grundy_mpi PRIVATE grundy_internal MPI::MPI_C
                                           grundy_warnings)
  target_compile_definitions(grundy_mpi PRIVATE _POSIX_C_SOURCE=200809L)
  if(GRUNDY_INSTALL)
    install(TARGETS grundy_mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
      COMPONENT runtime)
    install(FILES ${PROJECT_SOURCE_DIR}/doc/grundy-mpi.1
      DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime)
  endif()

  # Tests: tests/mpi/cases/NAME.sh run under mpirun (MPIEXEC_EXECUTABLE)
  # with $GRUNDY and $GRUNDY_MPI set (label mpi).
  if(GRUNDY_BUILD_TESTS AND GRUNDY_BUILD_CLI AND MPIEXEC_EXECUTABLE)
    file(GLOB GRUNDY_MPI_CASES CONFIGURE_DEPENDS
      ${PROJECT_SOURCE_DIR}/tests/mpi/cases/*.sh)
    list(SORT GRUNDY_MPI_CASES)
    foreach(c IN LISTS GRUNDY_MPI_CASES)
      get_filename_component(n ${c} NAME_WE)
      add_test(NAME mpi.${n}
        COMMAND sh ${PROJECT_SOURCE_DIR}/tests/mpi/run_case.sh
                $<TARGET_FILE:grundy_cli> $<TARGET_FILE:grundy_mpi>
                ${MPIEXEC_EXECUTABLE} ${c})
      set_tests_properties(mpi.${n} PROPERTIES LABELS mpi
        # mpirun runs 2 or 3 processes on the two cores of a CI machine
        PROCESSORS 2 TIMEOUT 120)
    endforeach()
    set(GRUNDY_MPI_SKIP "")
  elseif(GRUNDY_BUILD_TESTS)
    set(GRUNDY_MPI_SKIP "no mpirun was found (scripts/deps.sh installs openmpi-bin)")
  endif()
elseif(GRUNDY_SANITIZE)
  set(GRUNDY_MPI_SKIP "not in a sanitizer build (Open MPI's own allocations read as leaks; the release build runs them)")
elseif(MPI_C_FOUND)
  set(GRUNDY_MPI_SKIP "GRUNDY_BUILD_MPI is OFF")
else()
  set(GRUNDY_MPI_SKIP "no MPI was found (scripts/deps.sh installs libopenmpi-dev openmpi-bin)")
endif()

# Without grundy-mpi or mpirun, one test says why the MPI tests are
# skipped (ctest lists it as skipped, with this message in its output).
if(GRUNDY_BUILD_TESTS AND GRUNDY_MPI_SKIP)
  add_test(NAME mpi.skipped
    COMMAND sh -c "echo \"$1\"; exit 77" sh
            "grundy-mpi tests skipped: ${GRUNDY_MPI_SKIP}")
  set_tests_properties(mpi.skipped PROPERTIES LABELS mpi
    SKIP_RETURN_CODE 77)
endif()
