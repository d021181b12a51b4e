# The GENERIC kernel class's test: test_generic runs every reference BLAS
# routine in every precision against a naive dense computation and against
# OpenBLAS's CBLAS (included from tests/CMakeLists.txt).
set(generic_dir ${CMAKE_CURRENT_SOURCE_DIR}/blas)
hetla_generate_precisions(generic_test_sources
  ${generic_dir}/ztest_level1.c ${generic_dir}/ztest_level2.c ${generic_dir}/ztest_level3.c
  ${generic_dir}/dtest_real.c ${generic_dir}/ztest_util.c ${generic_dir}/ztest_util.h)
add_executable(test_generic ${generic_dir}/test_generic.c ${generic_dir}/test_mixed.c
  ${generic_dir}/testing.c ${generic_test_sources})
target_include_directories(test_generic PRIVATE ${generic_dir} ${HETLA_GENERATED_DIR}/tests/blas
  ${CMAKE_SOURCE_DIR}/src/kernels/generic ${HETLA_GENERATED_DIR}/src/kernels/generic)
# The kernels come from the static library (their hetla__ names are
# internal); HETLA_LINK_LIBS lists OpenBLAS before BLIS, so cblas_* binds
# to OpenBLAS, the reference the test compares with.
target_link_libraries(test_generic PRIVATE hetla_static ${HETLA_LINK_LIBS})
add_test(NAME blas.generic COMMAND test_generic)
# one OpenBLAS thread: the reference calls are tiny, threads only add waiting
set_tests_properties(blas.generic PROPERTIES LABELS quick TIMEOUT 300
  ENVIRONMENT OPENBLAS_NUM_THREADS=1)
