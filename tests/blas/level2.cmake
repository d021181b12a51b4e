# The public level-2 BLAS tests: test_api2 runs every routine in every
# precision, synchronous call and task form, on one setup of check.h; one
# ctest per setup (included from tests/CMakeLists.txt).
set(api2_dir ${CMAKE_CURRENT_SOURCE_DIR}/blas)
hetla_generate_precisions(api2_sources
  ${api2_dir}/ztest_api2.c ${api2_dir}/ztest_api2_mv.c ${api2_dir}/ztest_api2_tri.c
  ${api2_dir}/ztest_api2_upd.c ${api2_dir}/ztest_api2_chain.c)
hetla_generate_precisions(api2_headers ${api2_dir}/ztest_api2.h)
# The shared helpers of ztest_util.c: an output can have one rule only, and
# another fragment of this directory may already generate their twins.
get_source_file_property(api2_util_done ${HETLA_GENERATED_DIR}/tests/blas/dtest_util.c GENERATED)
if(api2_util_done)
  set(api2_util ${api2_dir}/ztest_util.c)
  foreach(p s d c)
    list(APPEND api2_util ${HETLA_GENERATED_DIR}/tests/blas/${p}test_util.c)
  endforeach()
else()
  hetla_generate_precisions(api2_util ${api2_dir}/ztest_util.c ${api2_dir}/ztest_util.h)
endif()
add_executable(test_api2 ${api2_dir}/test_api2.c ${api2_dir}/testing.c ${api2_sources} ${api2_headers}
  ${api2_util})
target_include_directories(test_api2 PRIVATE ${api2_dir} ${HETLA_GENERATED_DIR}/tests/blas
  ${CMAKE_SOURCE_DIR}/src/kernels/generic ${HETLA_GENERATED_DIR}/src/kernels/generic)
target_link_libraries(test_api2 PRIVATE hetla_test_harness hetla_blas_check PkgConfig::OPENBLAS m)
hetla_setup_tests(blas.api2 test_api2 120)
