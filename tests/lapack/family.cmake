# hetla_lapack_family(NAME SOURCES...): the test program test_NAME of one
# family of factorization tests (driver.c + the family's z sources, whose
# s, d and c twins are generated), with one ctest per setup of check.h.
# The BLAS tests' helpers (testing.c, ztest_util.c) come from the
# hetla_lapack_util library, built once for every family.
set(lapack_dir ${CMAKE_CURRENT_SOURCE_DIR}/lapack)
if(NOT TARGET hetla_lapack_util)
  set(util_dir ${CMAKE_CURRENT_SOURCE_DIR}/blas)
  get_source_file_property(util_done ${HETLA_GENERATED_DIR}/tests/blas/dtest_util.c GENERATED)
  if(util_done)
    set(lapack_util ${util_dir}/ztest_util.c)
    foreach(p s d c)
      list(APPEND lapack_util ${HETLA_GENERATED_DIR}/tests/blas/${p}test_util.c)
    endforeach()
  else()
    hetla_generate_precisions(lapack_util ${util_dir}/ztest_util.c ${util_dir}/ztest_util.h)
  endif()
  add_library(hetla_lapack_util STATIC ${util_dir}/testing.c ${lapack_util})
  # src: the tile operations' argument blocks, for the tests that run one
  target_include_directories(hetla_lapack_util PUBLIC ${util_dir} ${lapack_dir} ${CMAKE_SOURCE_DIR}/src
    ${HETLA_GENERATED_DIR}/tests/blas
    ${HETLA_GENERATED_DIR}/tests/lapack ${CMAKE_SOURCE_DIR}/src/kernels/generic
    ${HETLA_GENERATED_DIR}/src/kernels/generic)
  target_link_libraries(hetla_lapack_util PUBLIC hetla_test_harness hetla_blas_check PkgConfig::OPENBLAS m)
endif()

function(hetla_lapack_family name)
  hetla_generate_precisions(family_sources ${ARGN})
  add_executable(test_${name} ${lapack_dir}/driver.c ${family_sources})
  target_link_libraries(test_${name} PRIVATE hetla_lapack_util)
  hetla_setup_tests(lapack.${name} test_${name} 600)
  # Memory pressure: the sim device capped at 6 MB (a few of the largest
  # tiles), so replicas are evicted and written back all along the run.
  add_test(NAME lapack.${name}.sim_pressure COMMAND test_${name} sim)
  set_tests_properties(lapack.${name}.sim_pressure PROPERTIES LABELS quick TIMEOUT 600
    ENVIRONMENT "HETLA_DEVICE_MEMORY_LIMIT=6000000")
endfunction()
