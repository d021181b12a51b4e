/* Helpers of the level-2 public-API tests of one precision, written for z:
 * scalars, vectors, expected results and data handles.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_TEST_API2_PRECISION_z_H
#define HETLA_TEST_API2_PRECISION_z_H

#include "test_api2.h"
#include "ztest_util.h"

#define CB_LAYOUT(l) ((enum CBLAS_ORDER)(l))

/* The tests of this precision (test_api2.c runs them). */
api2_fn api2_zgemv, api2_zgbmv, api2_zhemv, api2_zhbmv, api2_zhpmv;
api2_fn api2_ztrmv, api2_ztbmv, api2_ztpmv, api2_ztrsv, api2_ztbsv, api2_ztpsv;
api2_fn api2_zgerc, api2_zher, api2_zhpr, api2_zher2, api2_zhpr2, ztest_api2_chain;

/** (alpha, beta) of scalar case @p c: 0 general, 1 beta = 0 (y NaN on
 *  entry), 2 alpha = 0, 3 both 1. */
void ztest_api2_scalars(int c, hetla_zcomplex *alpha, hetla_zcomplex *beta);

/** y of n entries, increment inc: random, or NaN when beta = 0 (it must
 *  not leak into the result). */
hetla_zcomplex *ztest_api2_yvec(hetla_int n, hetla_int inc, hetla_zcomplex beta);

/** Expected y (the storage of y0, entries replaced) of y := alpha M x +
 *  beta y0 for the dense rows x cols M; y0 itself on a quick return. */
hetla_zcomplex *ztest_api2_want_mv(bool quick, hetla_int rows, hetla_int cols, hetla_zcomplex alpha,
                                   const hetla_zcomplex *M, const hetla_zcomplex *x, hetla_int incx,
                                   hetla_zcomplex beta, const hetla_zcomplex *y0, hetla_int incy);

/** ||M x - b|| over the dense n x n M, in units of eps (M ||x|| n) (the
 *  backward error of a solve, x and b with their increments). */
test_real ztest_api2_solve_resid(hetla_int n, const hetla_zcomplex *M, const hetla_zcomplex *x, hetla_int incx,
                                 const hetla_zcomplex *b);

/** The dense (n x n, ld n) matrix op(M) of the n x n M. */
hetla_zcomplex *ztest_api2_op(hetla_trans t, hetla_int n, const hetla_zcomplex *M);

/** Handle of vector (n, inc > 0): n x 1 if inc is 1, else 1 x n with ld inc. */
hetla_status ztest_api2_vec_handle(hetla_context *ctx, hetla_zcomplex *x, hetla_int n, hetla_int inc,
                                   hetla_data **h);
/** Handle of a stored matrix: rows x n with ld, or (rows = 0) a packed
 *  column of n(n+1)/2 entries. */
hetla_status ztest_api2_mat_handle(hetla_context *ctx, hetla_zcomplex *A, hetla_int rows, hetla_int n,
                                   hetla_int ld, hetla_data **h);
/** Unregisters the non-NULL handles of @p h; @return the first failure. */
hetla_status ztest_api2_unregister(hetla_data **h, int n);

#endif
