/* Helpers of the level-2 public-API tests of one precision (see
 * ztest_api2.h).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_api2.h"

void ztest_api2_scalars(int c, hetla_zcomplex *alpha, hetla_zcomplex *beta)
{
    *alpha = c == 2 ? 0 : c == 3 ? 1 : ztest_rand();
    *beta = c == 1 ? 0 : c == 3 ? 1 : ztest_rand();
}

hetla_zcomplex *ztest_api2_yvec(hetla_int n, hetla_int inc, hetla_zcomplex beta)
{
    return beta == 0 ? ztest_nans(ztest_vlen(n, inc)) : ztest_vector(n, inc);
}

hetla_zcomplex *ztest_api2_want_mv(bool quick, hetla_int rows, hetla_int cols, hetla_zcomplex alpha,
                                   const hetla_zcomplex *M, const hetla_zcomplex *x, hetla_int incx,
                                   hetla_zcomplex beta, const hetla_zcomplex *y0, hetla_int incy)
{
    hetla_zcomplex *yw = ztest_copy(y0, ztest_vlen(rows, incy));
    if (quick)
        return yw;
    hetla_zcomplex *xv = ztest_gather(cols, x, incx), *y0v = ztest_gather(rows, y0, incy);
    hetla_zcomplex *yv = test_alloc((size_t)(rows + 1) * sizeof *yv);
    ztest_gemm(rows, 1, cols, alpha, M, xv, beta, y0v, yv, rows);
    ztest_scatter(rows, yv, yw, incy);
    return yw;
}

test_real ztest_api2_solve_resid(hetla_int n, const hetla_zcomplex *M, const hetla_zcomplex *x, hetla_int incx,
                                 const hetla_zcomplex *b)
{
    hetla_zcomplex *xv = ztest_gather(n, x, incx), *bv = ztest_gather(n, b, incx);
    hetla_zcomplex *mx = test_alloc((size_t)(n + 1) * sizeof *mx);
    ztest_gemm(n, 1, n, 1, M, xv, 0, NULL, mx, n);
    return ztest_resid((size_t)n, mx, bv, ztest_norm(n, n, M, n) * ztest_vnorm(n, xv, 1) * (n > 0 ? n : 1));
}

hetla_zcomplex *ztest_api2_op(hetla_trans t, hetla_int n, const hetla_zcomplex *M)
{
    return ztest_op(t, n, n, M, n);
}

hetla_status ztest_api2_vec_handle(hetla_context *ctx, hetla_zcomplex *x, hetla_int n, hetla_int inc,
                                   hetla_data **h)
{
    if (inc == 1)
        return hetla_vector_register(ctx, x, (size_t)n, HETLA_ZCOMPLEX, h);
    return hetla_matrix_register(ctx, x, 1, (size_t)n, (size_t)inc, HETLA_ZCOMPLEX, h);
}

hetla_status ztest_api2_mat_handle(hetla_context *ctx, hetla_zcomplex *A, hetla_int rows, hetla_int n,
                                   hetla_int ld, hetla_data **h)
{
    if (rows == 0)
        return hetla_vector_register(ctx, A, (size_t)(n * (n + 1) / 2), HETLA_ZCOMPLEX, h);
    return hetla_matrix_register(ctx, A, (size_t)rows, (size_t)n, (size_t)ld, HETLA_ZCOMPLEX, h);
}

hetla_status ztest_api2_unregister(hetla_data **h, int n)
{
    hetla_status s = HETLA_SUCCESS;
    for (int i = 0; i < n; i++)
        if (h[i]) {
            hetla_status u = hetla_data_unregister(h[i]);
            s = s ? s : u;
        }
    return s;
}
