# The public level-3 BLAS tests: test_api3 runs every routine in every
# precision (synchronous, tiled and task forms) on one setup of check.h; one
# ctest per setup, so they run side by side (included from
# tests/CMakeLists.txt).
set(api3_dir ${CMAKE_CURRENT_SOURCE_DIR}/blas)
hetla_generate_precisions(api3_sources ${api3_dir}/ztest_api3.c ${api3_dir}/ztest_api3_tiles.c)
hetla_generate_precisions(api3_headers ${api3_dir}/ztest_api3.h)
# The shared helpers of ztest_util.c: another fragment of this directory
# may already generate their twins, and an output can have one rule only.
get_source_file_property(api3_util_done ${HETLA_GENERATED_DIR}/tests/blas/dtest_util.c GENERATED)
if(api3_util_done)
  set(api3_util ${api3_dir}/ztest_util.c)
  foreach(p s d c)
    list(APPEND api3_util ${HETLA_GENERATED_DIR}/tests/blas/${p}test_util.c)
  endforeach()
else()
  hetla_generate_precisions(api3_util ${api3_dir}/ztest_util.c ${api3_dir}/ztest_util.h)
endif()
add_executable(test_api3 ${api3_dir}/test_api3.c ${api3_dir}/testing.c ${api3_sources} ${api3_headers} ${api3_util})
target_include_directories(test_api3 PRIVATE ${api3_dir} ${HETLA_GENERATED_DIR}/tests/blas
  ${CMAKE_SOURCE_DIR}/src/kernels/generic ${HETLA_GENERATED_DIR}/src/kernels/generic)
target_link_libraries(test_api3 PRIVATE hetla_test_harness hetla_blas_check PkgConfig::OPENBLAS m)
hetla_setup_tests(blas.api3 test_api3 300)
