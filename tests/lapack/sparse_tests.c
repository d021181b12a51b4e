/* The sparse tiled LU tests (test_sparse): each precision's tests of
 * ztest_sparse.c, and the precision-free checks here: every precision's
 * calls refuse a matrix of another, the queries take NULL. */
#include <math.h>
#include <string.h>

#include "ctest_sparse.h"
#include "dtest_sparse.h"
#include "stest_sparse.h"
#include "ztest_sparse.h"

static void expect_arg(test_result *r, hetla_status s, int pos, const char *what)
{
    test_case(r, s == HETLA_ERR_ARG && hetla_error_arg() == pos ? 0 : INFINITY, "%s: status %d, \"%s\"", what, (int)s,
              hetla_error_detail());
}

/* A double matrix and right-hand side given to the other precisions. */
static void sparse_types(test_result *r, hetla_context *ctx)
{
    hetla_int rowptr[] = {0, 1, 2}, colind[] = {0, 1}, info;
    double val[] = {2, 3}, dense[4];
    float fdense[4];
    hetla_sparse_tiled *A = NULL;
    hetla_tiled *B = NULL, *Bz = NULL;
    hetla_status s = hetla_dsparse_create_csr(ctx, 2, rowptr, colind, val, 1, &A);
    if (!s)
        s = hetla_tiled_create(ctx, dense, 2, 1, 2, 1, 1, HETLA_DOUBLE, &B);
    if (!s)
        s = hetla_tiled_create(ctx, NULL, 2, 1, 0, 1, 1, HETLA_ZCOMPLEX, &Bz);
    test_case(r, s ? INFINITY : 0, "setup: status %d", (int)s);
    if (!s) {
        expect_arg(r, hetla_ssparse_getrf_tiled(A, &info, NULL), 1, "sgetrf on d");
        expect_arg(r, hetla_csparse_getrs_tiled(A, B, NULL), 1, "cgetrs on d");
        expect_arg(r, hetla_dsparse_getrs_tiled(A, Bz, NULL), 2, "dgetrs, z right-hand side");
        expect_arg(r, hetla_ssparse_to_dense(A, fdense, 2), 1, "sto_dense on d");
    }
    expect_arg(r, hetla_sparse_tiled_shape(NULL, NULL, NULL, NULL), 1, "shape of NULL");
    expect_arg(r, hetla_sparse_tiled_count(NULL, NULL, NULL), 1, "count of NULL");
    expect_arg(r, hetla_sparse_tiled_destroy(NULL), 1, "destroy NULL");
    test_case(r, hetla_sparse_tiled_tile(NULL, 0, 0) || (A && hetla_sparse_tiled_tile(A, 2, 0)) ? INFINITY : 0,
              "tile of NULL, tile out of range");
    hetla_status d = B ? hetla_tiled_destroy(B) : HETLA_SUCCESS;
    s = s ? s : d;
    d = Bz ? hetla_tiled_destroy(Bz) : HETLA_SUCCESS;
    s = s ? s : d;
    d = A ? hetla_sparse_tiled_destroy(A) : HETLA_SUCCESS;
    test_case(r, s || d ? INFINITY : 0, "teardown");
}

const lapack_test lapack_tests[] = {
    {"ssparse_lu", test_ssparse_lu},       {"ssparse_input", test_ssparse_input}, {"ssparse_solve", test_ssparse_solve},
    {"ssparse_pivot", test_ssparse_pivot}, {"ssparse_args", test_ssparse_args},   {"dsparse_lu", test_dsparse_lu},
    {"dsparse_input", test_dsparse_input}, {"dsparse_solve", test_dsparse_solve}, {"dsparse_pivot", test_dsparse_pivot},
    {"dsparse_args", test_dsparse_args},   {"csparse_lu", test_csparse_lu},       {"csparse_input", test_csparse_input},
    {"csparse_solve", test_csparse_solve}, {"csparse_pivot", test_csparse_pivot}, {"csparse_args", test_csparse_args},
    {"zsparse_lu", test_zsparse_lu},       {"zsparse_input", test_zsparse_input}, {"zsparse_solve", test_zsparse_solve},
    {"zsparse_pivot", test_zsparse_pivot}, {"zsparse_args", test_zsparse_args},   {"sparse_types", sparse_types},
};
const int lapack_ntests = sizeof lapack_tests / sizeof *lapack_tests;
