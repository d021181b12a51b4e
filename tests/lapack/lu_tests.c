/* The Cholesky and LU family's table (lapack_test.h). */
#include "ctest_lu.h"
#include "dtest_lu.h"
#include "stest_lu.h"
#include "ztest_lu.h"

#define LU_TESTS(p)                                                                                                \
    {#p "potrf", test_##p##potrf}, {#p "posv", test_##p##posv}, {#p "potrf_tiled", test_##p##potrf_tiled},        \
        {#p "potrf_errors", test_##p##potrf_errors}, {#p "getrf", test_##p##getrf},                                \
        {#p "getrf_tiled", test_##p##getrf_tiled}, {#p "getrf_nopiv", test_##p##getrf_nopiv},                      \
        {#p "gesv", test_##p##gesv}, {#p "getrf_growth", test_##p##getrf_growth},                                  \
        {#p "getrf_errors", test_##p##getrf_errors}, {#p "trtri", test_##p##trtri},                                \
        {#p "potrf_solves", test_##p##potrf_solves},

const lapack_test lapack_tests[] = {LU_TESTS(s) LU_TESTS(d) LU_TESTS(c) LU_TESTS(z)};
const int lapack_ntests = (int)(sizeof lapack_tests / sizeof *lapack_tests);
