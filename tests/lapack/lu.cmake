# The Cholesky and LU tests (included from tests/CMakeLists.txt).
hetla_lapack_family(lu ${lapack_dir}/lu_tests.c ${lapack_dir}/ztest_lu.c ${lapack_dir}/ztest_lu.h)
