# Installs the libraries, public headers, a CMake package (find_package(nqueens)) and a
# pkg-config file. The package exports nqueens::nqueens (the layers under it: nqueens::engine,
# nqueens::kernels, nqueens::board, nqueens::nqueens_base) and nqueens::sudoku.
include(CMakePackageConfigHelpers)

set(NQUEENS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/nqueens)

get_property(NQUEENS_EXPORTED_TARGETS GLOBAL PROPERTY NQUEENS_EXPORTED_TARGETS)
install(TARGETS ${NQUEENS_EXPORTED_TARGETS} EXPORT nqueensTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# Each layer's public headers, merged: nqueens/ (board, kernels, engine) and sudoku/.
foreach(layer board kernels engine sudoku)
  install(DIRECTORY src/${layer}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()
if(TARGET nqueens_cli)
  install(TARGETS nqueens_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET nqueens_serve)  # `nqueens serve` runs it from nqueens' own directory
  install(TARGETS nqueens_serve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(EXPORT nqueensTargets NAMESPACE nqueens:: DESTINATION ${NQUEENS_CMAKE_DIR})

configure_package_config_file(cmake/nqueensConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/nqueensConfig.cmake
                              INSTALL_DESTINATION ${NQUEENS_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/nqueensConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/nqueensConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/nqueensConfigVersion.cmake
        DESTINATION ${NQUEENS_CMAKE_DIR})

file(RELATIVE_PATH NQUEENS_PC_TO_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
configure_file(cmake/nqueens.pc.in ${CMAKE_CURRENT_BINARY_DIR}/nqueens.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/nqueens.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
