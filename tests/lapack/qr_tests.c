/* The QR family's table (lapack_test.h). */
#include "ctest_qr.h"
#include "dtest_qr.h"
#include "stest_qr.h"
#include "ztest_qr.h"

/* q: unm in the complex precisions, orm in the real ones */
#define QR_TESTS(p, q)                                                                                                 \
    {#p "geqrf", test_##p##geqrf}, {#p "geqrf_tiled", test_##p##geqrf_tiled}, {#p #q "qr", test_##p##q##qr},           \
        {#p "gels", test_##p##gels}, {#p "gels_tiled", test_##p##gels_tiled}, {#p "qr_errors", test_##p##qr_errors},

const lapack_test lapack_tests[] = {QR_TESTS(s, orm) QR_TESTS(d, orm) QR_TESTS(c, unm) QR_TESTS(z, unm)};
const int lapack_ntests = (int)(sizeof lapack_tests / sizeof *lapack_tests);
