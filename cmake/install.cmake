# install.cmake -- what `cmake --install` puts where (GNUInstallDirs):
#   include/grundy/*.h            the public headers
#   lib/libgrundy.so.0.1.0        the shared library (SONAME libgrundy.so.0)
#   lib/libgrundy.a               the static library
#   lib/pkgconfig/grundy.pc       for pkg-config (Libs.private and
#                                 Requires.private for static linking)
#   lib/cmake/grundy/             the CMake package: find_package(grundy)
#                                 gives grundy::grundy (and
#                                 grundy::grundy_shared / _static)
#   bin/grundy, share/man/man1/grundy.1
# Components: runtime (the shared library, the program, the man page) and
# development (headers, static library, pkg-config and CMake files).
include(CMakePackageConfigHelpers)

set(GRUNDY_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/grundy)
set(GRUNDY_INSTALL_TARGETS grundy_lib ${GRUNDY_OTHER_LIB})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/grundy
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT development
  FILES_MATCHING PATTERN "*.h")

install(TARGETS ${GRUNDY_INSTALL_TARGETS}
  EXPORT grundyTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    COMPONENT runtime NAMELINK_COMPONENT development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)

install(EXPORT grundyTargets
  NAMESPACE grundy::
  DESTINATION ${GRUNDY_CMAKE_DIR}
  COMPONENT development)

# The package config finds GMP and xxHash where this build found them
# (hints), for the static library's link line.
set(GRUNDY_DEP_HINTS ${GMP_LIBRARY_DIRS} ${XXHASH_LIBRARY_DIRS})
list(REMOVE_DUPLICATES GRUNDY_DEP_HINTS)
if(GRUNDY_LIB_TYPE STREQUAL "SHARED_LIBRARY")
  set(GRUNDY_DEFAULT_KIND shared)
else()
  set(GRUNDY_DEFAULT_KIND static)
endif()
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/grundyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/grundyConfig.cmake
  INSTALL_DESTINATION ${GRUNDY_CMAKE_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/grundyConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/grundyConfig.cmake
  ${PROJECT_BINARY_DIR}/grundyConfigVersion.cmake
  DESTINATION ${GRUNDY_CMAKE_DIR}
  COMPONENT development)

# pkg-config: written at install time, so that prefix is the one given to
# `cmake --install --prefix P`; other paths relative to ${prefix} when the
# install dirs are.
foreach(d LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(GRUNDY_PC_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(GRUNDY_PC_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
  endif()
endforeach()
install(CODE "
  set(GRUNDY_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(GRUNDY_PC_LIBDIR [[${GRUNDY_PC_LIBDIR}]])
  set(GRUNDY_PC_INCLUDEDIR [[${GRUNDY_PC_INCLUDEDIR}]])
  set(PROJECT_VERSION ${PROJECT_VERSION})
  configure_file([[${PROJECT_SOURCE_DIR}/cmake/grundy.pc.in]]
                 [[${PROJECT_BINARY_DIR}/pkgconfig/grundy.pc]] @ONLY)
  " COMPONENT development)
install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/grundy.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
  COMPONENT development)

if(GRUNDY_BUILD_CLI)
  if(GRUNDY_LIB_TYPE STREQUAL "SHARED_LIBRARY")
    # the installed program finds the installed library beside it
    file(RELATIVE_PATH GRUNDY_BIN_TO_LIB
      ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
    set_target_properties(grundy_cli PROPERTIES
      INSTALL_RPATH "$ORIGIN/${GRUNDY_BIN_TO_LIB}")
  endif()
  install(TARGETS grundy_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
    COMPONENT runtime)
  install(FILES ${PROJECT_SOURCE_DIR}/doc/grundy.1
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
    COMPONENT runtime)
endif()
