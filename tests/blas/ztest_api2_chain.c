/* Chains of level-2 task forms of one precision, written for z: y := A x
 * then y := T y (gemv then trmv), and a packed rank-1 update then a packed
 * product (hpr then hpmv), with no host round trip in between: nothing
 * comes back to the host until the handles are unregistered.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_api2.h"

enum { N = 33 };

/* Fails the case unless no device-to-host copy happened so far. */
static bool zchain_stayed(test_result *r, hetla_context *ctx, const char *what)
{
    hetla_stats st;
    hetla_status s = hetla_stats_get(ctx, &st);
    if (!s && st.transfers[HETLA_D2H] == 0)
        return true;
    test_case(r, INFINITY, "%s: status %d, %llu copies to the host before unregistering", what, (int)s,
              (unsigned long long)(s ? 0 : st.transfers[HETLA_D2H]));
    return false;
}

/* y := T (A x), T upper triangular. */
static void zchain_gemv_trmv(test_result *r, const api2_env *e)
{
    hetla_zcomplex *A = ztest_matrix(N, N, N), *T = ztest_triangle(HETLA_UPPER, N, N);
    hetla_zcomplex *x = ztest_vector(N, 1), *y = ztest_nans(N);
    hetla_data *h[4] = {NULL, NULL, NULL, NULL};
    hetla_context *ctx = e->ctx;
    hetla_status s = hetla_stats_reset(ctx);
    if (!s)
        s = hetla_matrix_register(ctx, A, N, N, N, HETLA_ZCOMPLEX, &h[0]);
    if (!s)
        s = hetla_matrix_register(ctx, T, N, N, N, HETLA_ZCOMPLEX, &h[1]);
    if (!s)
        s = hetla_vector_register(ctx, x, N, HETLA_ZCOMPLEX, &h[2]);
    if (!s)
        s = hetla_vector_register(ctx, y, N, HETLA_ZCOMPLEX, &h[3]);
    if (!s)
        s = hetla_zgemv_task(ctx, NULL, HETLA_NO_TRANS, 1, h[0], h[2], 0, h[3]);
    if (!s)
        s = hetla_ztrmv_task(ctx, NULL, HETLA_UPPER, HETLA_NO_TRANS, HETLA_NON_UNIT, h[1], h[3]);
    if (!s)
        s = hetla_wait_all(ctx);
    bool stayed = !s && zchain_stayed(r, ctx, "zgemv_task, ztrmv_task");
    hetla_status u = ztest_api2_unregister(h, 4);
    if (!api2_status(r, s ? s : u, HETLA_SUCCESS, "zgemv_task, ztrmv_task") || !stayed)
        return;
    hetla_zcomplex *ax = ztest_api2_want_mv(false, N, N, 1, A, x, 1, 0, y, 1);
    hetla_zcomplex *Tf = ztest_full_tri(HETLA_UPPER, HETLA_NON_UNIT, N, T, N);
    hetla_zcomplex *want = ztest_api2_want_mv(false, N, N, 1, Tf, ax, 1, 0, ax, 1);
    test_real scale = ztest_norm(N, N, Tf, N) * ztest_norm(N, N, A, N) * ztest_vnorm(N, x, 1) * N;
    test_case(r, ztest_resid(N, y, want, scale), "zgemv_task then ztrmv_task, n=%d", N);
}

/* Ap := Ap + alpha x x^H, then y := Ap x (both packed, lower). */
static void zchain_hpr_hpmv(test_result *r, const api2_env *e)
{
    size_t len = N * (N + 1) / 2;
    hetla_zcomplex *L = ztest_triangle(HETLA_LOWER, N, N), *x = ztest_vector(N, 1), *y = ztest_nans(N);
    hetla_zcomplex *Ap = ztest_to_packed(HETLA_LOWER, N, L, N), *H = ztest_full_sym(true, HETLA_LOWER, N, L, N);
    double alpha = 0.5;
    hetla_data *h[3] = {NULL, NULL, NULL};
    hetla_context *ctx = e->ctx;
    hetla_status s = hetla_stats_reset(ctx);
    if (!s)
        s = hetla_vector_register(ctx, Ap, len, HETLA_ZCOMPLEX, &h[0]);
    if (!s)
        s = hetla_vector_register(ctx, x, N, HETLA_ZCOMPLEX, &h[1]);
    if (!s)
        s = hetla_vector_register(ctx, y, N, HETLA_ZCOMPLEX, &h[2]);
    if (!s)
        s = hetla_zhpr_task(ctx, NULL, HETLA_LOWER, alpha, h[1], h[0]);
    if (!s)
        s = hetla_zhpmv_task(ctx, NULL, HETLA_LOWER, 1, h[0], h[1], 0, h[2]);
    if (!s)
        s = hetla_wait_all(ctx);
    bool stayed = !s && zchain_stayed(r, ctx, "zhpr_task, zhpmv_task");
    hetla_status u = ztest_api2_unregister(h, 3);
    if (!api2_status(r, s ? s : u, HETLA_SUCCESS, "zhpr_task, zhpmv_task") || !stayed)
        return;
    for (hetla_int j = 0; j < N; j++)
        for (hetla_int i = 0; i < N; i++)
            H[i + j * N] += alpha * x[i] * conj(x[j]);
    hetla_zcomplex *yw = ztest_api2_want_mv(false, N, N, 1, H, x, 1, 0, y, 1);
    test_real scale = ztest_norm(N, N, H, N) * ztest_vnorm(N, x, 1) * N;
    test_case(r, ztest_resid(N, y, yw, scale), "zhpr_task then zhpmv_task, n=%d", N);
}

void ztest_api2_chain(test_result *r, const api2_env *e)
{
    zchain_gemv_trmv(r, e);
    zchain_hpr_hpmv(r, e);
    test_free_all();
}
