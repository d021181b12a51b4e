# The public level-1 BLAS tests: test_level1_api runs every routine in every
# precision, one ctest per setup of check.h (included from tests/CMakeLists.txt).
set(api1_dir ${CMAKE_CURRENT_SOURCE_DIR}/blas)
hetla_generate_precisions(api1_sources
  ${api1_dir}/ztest_level1_api.c ${api1_dir}/ztest_level1_api_reduce.c ${api1_dir}/ztest_level1_api_complex.c
  ${api1_dir}/dtest_level1_api_real.c ${api1_dir}/ztest_util.c)
hetla_generate_precisions(api1_headers ${api1_dir}/ztest_util.h)
add_executable(test_level1_api ${api1_dir}/test_level1_api.c ${api1_dir}/test_level1_api_mixed.c
  ${api1_dir}/testing.c ${api1_sources} ${api1_headers})
target_include_directories(test_level1_api PRIVATE ${api1_dir} ${HETLA_GENERATED_DIR}/tests/blas
  ${CMAKE_SOURCE_DIR}/src/kernels/generic ${HETLA_GENERATED_DIR}/src/kernels/generic)
# Public API only, so the shared library through hetla_blas_check; adding
# hetla_test_harness (the static library) would define every hetla symbol
# twice, which AddressSanitizer reports as an ODR violation.
target_link_libraries(test_level1_api PRIVATE hetla_blas_check PkgConfig::OPENBLAS m)
hetla_setup_tests(blas.level1 test_level1_api 120)
