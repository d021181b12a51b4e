# The QR tests (included from tests/CMakeLists.txt).
hetla_lapack_family(qr ${lapack_dir}/qr_tests.c ${lapack_dir}/ztest_qr.c ${lapack_dir}/ztest_qr.h)
