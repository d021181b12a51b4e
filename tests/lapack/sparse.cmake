# The sparse tiled LU tests: test_sparse, one ctest per setup (included
# from tests/CMakeLists.txt after family.cmake).
hetla_lapack_family(sparse ${lapack_dir}/sparse_tests.c ${lapack_dir}/ztest_sparse.c ${lapack_dir}/ztest_sparse.h)
