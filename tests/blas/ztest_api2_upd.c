/* Tests of the public rank-1 and rank-2 updates of one precision (gerc and
 * geru, whose real twin is ger; her, hpr, her2, hpr2), written for z: the
 * synchronous call in both layouts and the task form, against a naive
 * update of the dense matrix the storage holds and against OpenBLAS's
 * CBLAS; bad arguments. Padding, gaps and unreferenced triangles hold NaN
 * and must keep it.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <string.h>

#include "ztest_api2.h"

enum { GERC, GERU, HER, HPR, HER2, HPR2 };
static const char *const znames[] = {"zgerc", "zgeru", "zher", "zhpr", "zher2", "zhpr2"};

typedef struct zup_case {
    int kind;
    bool task;
    hetla_layout layout;
    hetla_uplo uplo;
    hetla_int m, n, incx, incy;
    int sc; /* alpha: 0 random, 1 zero, 2 one, 3 random */
} zup_case;

static bool zup_ger(const zup_case *c) { return c->kind <= GERU; }
static bool zup_packed(const zup_case *c) { return c->kind == HPR || c->kind == HPR2; }
static bool zup_two(const zup_case *c) { return c->kind != HER && c->kind != HPR; }
static hetla_int zup_m(const zup_case *c) { return zup_ger(c) ? c->m : c->n; }

/* The caller's storage, built column-major (row-major storage is that of
 * the transpose, triangle flipped), and the dense m x n matrix it holds. */
typedef struct zup_matrix {
    hetla_zcomplex *S, *L;
    hetla_int lds;
    size_t len;
} zup_matrix;

static zup_matrix zup_build(const zup_case *c)
{
    bool col = c->layout == HETLA_COL_MAJOR;
    hetla_int m = zup_m(c), n = c->n, rs = col ? m : n, cs = col ? n : m;
    hetla_uplo us = col ? c->uplo : api2_flip(c->uplo);
    zup_matrix a = {NULL, NULL, rs + 2, 0};
    hetla_zcomplex *D = NULL;
    if (zup_ger(c)) {
        a.S = D = ztest_matrix(rs, cs, a.lds);
    } else if (!zup_packed(c)) {
        a.S = ztest_triangle(us, n, a.lds);
        D = ztest_full_sym(true, us, n, a.S, a.lds);
    } else {
        hetla_zcomplex *T = ztest_triangle(us, n, n + 1);
        a.S = ztest_to_packed(us, n, T, n + 1);
        D = ztest_full_sym(true, us, n, T, n + 1);
    }
    a.len = zup_packed(c) ? (size_t)(n * (n + 1) / 2) : (size_t)(a.lds * cs);
    a.L = ztest_op(col ? HETLA_NO_TRANS : HETLA_TRANS, rs, cs, D, zup_ger(c) ? a.lds : n);
    return a;
}

/* The storage after the update: the dense result L1 (m x n) written back
 * where the storage holds entries, in the caller's layout. */
static hetla_zcomplex *zup_expected(const zup_case *c, const zup_matrix *a, const hetla_zcomplex *L1)
{
    bool col = c->layout == HETLA_COL_MAJOR;
    hetla_int m = zup_m(c), n = c->n, rs = col ? m : n, cs = col ? n : m;
    hetla_uplo us = col ? c->uplo : api2_flip(c->uplo);
    hetla_zcomplex *E = ztest_op(col ? HETLA_NO_TRANS : HETLA_TRANS, m, n, L1, m); /* rs x cs */
    if (zup_packed(c))
        return ztest_to_packed(us, n, E, n);
    hetla_zcomplex *S1 = ztest_copy(a->S, a->len);
    for (hetla_int j = 0; j < cs; j++)
        for (hetla_int i = 0; i < rs; i++)
            if (zup_ger(c) || (us == HETLA_UPPER ? i <= j : i >= j))
                S1[i + j * a->lds] = E[i + j * rs];
    return S1;
}

/* L0 + the update, naively; the hermitian ones keep a real diagonal. */
static hetla_zcomplex *zup_update(const zup_case *c, const zup_matrix *a, hetla_zcomplex alpha,
                                  const hetla_zcomplex *x, const hetla_zcomplex *y)
{
    hetla_int m = zup_m(c), n = c->n;
    hetla_zcomplex *xv = ztest_gather(m, x, c->incx), *yv = zup_two(c) ? ztest_gather(n, y, c->incy) : xv;
    hetla_zcomplex *L1 = ztest_copy(a->L, (size_t)(m * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++) {
            hetla_zcomplex u = c->kind == GERU ? yv[j] : conj(yv[j]), *l = &L1[i + j * m];
            *l += alpha * xv[i] * u;
            if (c->kind == HER2 || c->kind == HPR2)
                *l += conj(alpha) * yv[i] * conj(xv[j]);
            if (!zup_ger(c) && i == j)
                *l = creal(*l);
        }
    return L1;
}

static hetla_status zup_sync(hetla_context *ctx, const zup_case *c, hetla_zcomplex alpha, const hetla_zcomplex *x,
                             const hetla_zcomplex *y, const zup_matrix *a)
{
    hetla_layout l = c->layout;
    switch (c->kind) {
    case GERC:
        return hetla_zgerc(ctx, l, c->m, c->n, alpha, x, c->incx, y, c->incy, a->S, a->lds);
#if defined(COMPLEX)
    case GERU:
        return hetla_zgeru(ctx, l, c->m, c->n, alpha, x, c->incx, y, c->incy, a->S, a->lds);
#endif
    case HER:
        return hetla_zher(ctx, l, c->uplo, c->n, creal(alpha), x, c->incx, a->S, a->lds);
    case HPR:
        return hetla_zhpr(ctx, l, c->uplo, c->n, creal(alpha), x, c->incx, a->S);
    case HER2:
        return hetla_zher2(ctx, l, c->uplo, c->n, alpha, x, c->incx, y, c->incy, a->S, a->lds);
    default:
        return hetla_zhpr2(ctx, l, c->uplo, c->n, alpha, x, c->incx, y, c->incy, a->S);
    }
}

static void zup_cblas(const zup_case *c, hetla_zcomplex alpha, const hetla_zcomplex *x, const hetla_zcomplex *y,
                      hetla_zcomplex *S, hetla_int lds)
{
    enum CBLAS_ORDER o = CB_LAYOUT(c->layout);
    enum CBLAS_UPLO u = CB_UPLO(c->uplo);
    switch (c->kind) {
    case GERC:
        cblas_zgerc(o, c->m, c->n, CB(alpha), x, c->incx, y, c->incy, S, lds);
        break;
#if defined(COMPLEX)
    case GERU:
        cblas_zgeru(o, c->m, c->n, CB(alpha), x, c->incx, y, c->incy, S, lds);
        break;
#endif
    case HER:
        cblas_zher(o, u, c->n, creal(alpha), x, c->incx, S, lds);
        break;
    case HPR:
        cblas_zhpr(o, u, c->n, creal(alpha), x, c->incx, S);
        break;
    case HER2:
        cblas_zher2(o, u, c->n, CB(alpha), x, c->incx, y, c->incy, S, lds);
        break;
    default:
        cblas_zhpr2(o, u, c->n, CB(alpha), x, c->incx, y, c->incy, S);
    }
}

static hetla_status zup_call_task(hetla_context *ctx, const zup_case *c, hetla_zcomplex alpha, hetla_data **h)
{
    switch (c->kind) {
    case GERC:
        return hetla_zgerc_task(ctx, NULL, alpha, h[0], h[1], h[2]);
#if defined(COMPLEX)
    case GERU:
        return hetla_zgeru_task(ctx, NULL, alpha, h[0], h[1], h[2]);
#endif
    case HER:
        return hetla_zher_task(ctx, NULL, c->uplo, creal(alpha), h[0], h[2]);
    case HPR:
        return hetla_zhpr_task(ctx, NULL, c->uplo, creal(alpha), h[0], h[2]);
    case HER2:
        return hetla_zher2_task(ctx, NULL, c->uplo, alpha, h[0], h[1], h[2]);
    default:
        return hetla_zhpr2_task(ctx, NULL, c->uplo, alpha, h[0], h[1], h[2]);
    }
}

static hetla_status zup_task(hetla_context *ctx, const zup_case *c, hetla_zcomplex alpha, hetla_zcomplex *x,
                             hetla_zcomplex *y, const zup_matrix *a)
{
    hetla_data *h[3] = {NULL, NULL, NULL};
    hetla_status s = ztest_api2_vec_handle(ctx, x, zup_m(c), c->incx, &h[0]);
    if (!s && zup_two(c))
        s = ztest_api2_vec_handle(ctx, y, c->n, c->incy, &h[1]);
    if (!s)
        s = ztest_api2_mat_handle(ctx, a->S, zup_packed(c) ? 0 : zup_m(c), c->n, a->lds, &h[2]);
    if (!s)
        s = zup_call_task(ctx, c, alpha, h);
    hetla_status u = ztest_api2_unregister(h, 3);
    return s ? s : u;
}

static void zup_run(test_result *r, const api2_env *e, const zup_case *c)
{
    hetla_int m = zup_m(c), n = c->n;
    hetla_zcomplex alpha = c->sc == 1 ? 0 : c->sc == 2 ? 1 : ztest_rand();
    if (!zup_two(c))
        alpha = creal(alpha);
    zup_matrix a = zup_build(c);
    hetla_zcomplex *x = ztest_vector(m, c->incx), *y = ztest_vector(n, c->incy);
    hetla_zcomplex *S0 = ztest_copy(a.S, a.len), *Sc = ztest_copy(a.S, a.len);
    bool quick = m == 0 || n == 0 || alpha == 0;
    hetla_status s = c->task ? zup_task(e->ctx, c, alpha, x, y, &a) : zup_sync(e->ctx, c, alpha, x, y, &a);
    zup_cblas(c, alpha, x, y, Sc, a.lds);
    test_real xy = ztest_vnorm(m, x, c->incx) * (zup_two(c) ? ztest_vnorm(n, y, c->incy) : ztest_vnorm(m, x, c->incx));
    test_real scale = 2 * cabs(alpha) * xy + ztest_norm(m, n, a.L, m) + 1;
    hetla_zcomplex *S1 = quick ? S0 : zup_expected(c, &a, zup_update(c, &a, alpha, x, y));
    test_real res = test_max(ztest_resid(a.len, a.S, S1, scale), ztest_resid(a.len, a.S, Sc, scale));
    test_case(r, s ? INFINITY : res, "%s %s %c %c m=%lld n=%lld incx=%lld incy=%lld alpha#%d status %d",
              znames[c->kind], c->task ? "task" : "sync", api2_layout_char(c->layout),
              zup_ger(c) ? ' ' : api2_uplo_char(c->uplo), (long long)c->m, (long long)n, (long long)c->incx,
              (long long)c->incy, c->sc, (int)s);
    test_free_all();
}

static void zup_sweep(test_result *r, const api2_env *e, int kind, bool task)
{
    static const hetla_int dims[][2] = {{0, 7}, {7, 0}, {1, 1}, {7, 33}, {33, 7}, {65, 65}};
    static const hetla_int incs[][2] = {{1, 1}, {-2, 3}, {3, -1}, {1, -2}}, task_incs[][2] = {{1, 1}, {2, 3}};
    bool ger = kind <= GERU;
    for (int l = 0; l < (task ? 1 : 2); l++)
        for (int u = 0; u < (ger ? 1 : 2); u++)
            for (int d = task ? 2 : 0; d < (task ? 5 : 6); d++)
                for (int sc = 0; sc < 4; sc++) {
                    const hetla_int *inc = task ? task_incs[(d + sc) % 2] : incs[(d + sc + u) % 4];
                    zup_case c = {kind, task, l ? HETLA_ROW_MAJOR : HETLA_COL_MAJOR, u ? HETLA_LOWER : HETLA_UPPER,
                                  dims[d][0], ger ? dims[d][1] : dims[d][0], inc[0], inc[1], sc};
                    zup_run(r, e, &c);
                }
}

/* ---- bad arguments: the status names the argument, A is untouched ---- */

#define ZBAD(call, pos) api2_bad(r, (call), (pos), A, A0, sizeof A0, #call)

static void zup_bad_sync(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], A0[16], x[4], y[4], one = 1;
    const hetla_layout C = HETLA_COL_MAJOR, R = HETLA_ROW_MAJOR;
    const hetla_uplo U = HETLA_UPPER;
    for (int i = 0; i < 16; i++)
        A[i] = A0[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = ztest_rand(), y[i] = ztest_rand();
    ZBAD(hetla_zgerc(NULL, C, 4, 3, one, x, 1, y, 1, A, 4), 1);
    ZBAD(hetla_zgerc(ctx, (hetla_layout)0, 4, 3, one, x, 1, y, 1, A, 4), 2);
    ZBAD(hetla_zgerc(ctx, C, -1, 3, one, x, 1, y, 1, A, 4), 3);
    ZBAD(hetla_zgerc(ctx, C, 4, -1, one, x, 1, y, 1, A, 4), 4);
    ZBAD(hetla_zgerc(ctx, C, 4, 3, one, x, 0, y, 1, A, 4), 7);
    ZBAD(hetla_zgerc(ctx, C, 4, 3, one, x, 1, y, 0, A, 4), 9);
    ZBAD(hetla_zgerc(ctx, C, 4, 3, one, x, 1, y, 1, A, 3), 11);
    ZBAD(hetla_zgerc(ctx, R, 3, 4, one, x, 1, y, 1, A, 3), 11);
    ZBAD(hetla_zgerc(ctx, C, 4, 3, one, NULL, 1, y, 1, A, 4), 6);
    ZBAD(hetla_zgerc(ctx, C, 4, 3, one, x, 1, NULL, 1, A, 4), 8);
    ZBAD(hetla_zgerc(ctx, C, 4, 3, one, x, 1, y, 1, NULL, 4), 10);
    ZBAD(hetla_zher(ctx, C, (hetla_uplo)0, 4, 1, x, 1, A, 4), 3);
    ZBAD(hetla_zher(ctx, C, U, -1, 1, x, 1, A, 4), 4);
    ZBAD(hetla_zher(ctx, C, U, 4, 1, x, 0, A, 4), 7);
    ZBAD(hetla_zher(ctx, C, U, 4, 1, x, 1, A, 3), 9);
    ZBAD(hetla_zher(ctx, C, U, 4, 1, NULL, 1, A, 4), 6);
    ZBAD(hetla_zher(ctx, C, U, 4, 1, x, 1, NULL, 4), 8);
    ZBAD(hetla_zhpr(ctx, C, U, 4, 1, x, 0, A), 7);
    ZBAD(hetla_zhpr(ctx, C, U, 4, 1, x, 1, NULL), 8);
    ZBAD(hetla_zher2(ctx, C, U, 4, one, x, 1, y, 0, A, 4), 9);
    ZBAD(hetla_zher2(ctx, C, U, 4, one, x, 1, NULL, 1, A, 4), 8);
    ZBAD(hetla_zher2(ctx, C, U, 4, one, x, 1, y, 1, A, 2), 11);
    ZBAD(hetla_zher2(ctx, C, U, 4, one, x, 1, y, 1, NULL, 4), 10);
    ZBAD(hetla_zhpr2(ctx, R, U, 4, one, x, 1, y, 1, NULL), 10);
    ZBAD(hetla_zhpr2(NULL, C, U, 4, one, x, 1, y, 1, A), 1);
#if defined(COMPLEX)
    ZBAD(hetla_zgeru(ctx, C, 4, 3, one, x, 1, y, 1, A, 2), 11);
    ZBAD(hetla_zgeru(ctx, C, 4, 3, one, x, 1, y, 1, NULL, 4), 10);
#endif
}

static void zup_bad_task(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], A0[16], x[4], y[4], one = 1;
    for (int i = 0; i < 16; i++)
        A[i] = A0[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = ztest_rand(), y[i] = ztest_rand();
    hetla_data *h[4] = {NULL, NULL, NULL, NULL}; /* A 4 x 3, x (3), y (4), packed of 5 */
    if (!api2_status(r, hetla_matrix_register(ctx, A, 4, 3, 4, HETLA_ZCOMPLEX, &h[0]), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, x, 3, HETLA_ZCOMPLEX, &h[1]), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, y, 4, HETLA_ZCOMPLEX, &h[2]), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, A + 12, 4, HETLA_ZCOMPLEX, &h[3]), HETLA_SUCCESS, "register")) {
        (void)ztest_api2_unregister(h, 4);
        return;
    }
    const hetla_uplo U = HETLA_UPPER;
    ZBAD(hetla_zgerc_task(NULL, NULL, one, h[2], h[1], h[0]), 1);
    ZBAD(hetla_zgerc_task(ctx, NULL, one, NULL, h[1], h[0]), 4);
    ZBAD(hetla_zgerc_task(ctx, NULL, one, h[2], h[0], h[0]), 5);
    ZBAD(hetla_zgerc_task(ctx, NULL, one, h[2], h[1], NULL), 6);
    ZBAD(hetla_zgerc_task(ctx, NULL, one, h[1], h[1], h[0]), 6);
    ZBAD(hetla_zher_task(ctx, NULL, (hetla_uplo)0, 1, h[1], h[0]), 3);
    ZBAD(hetla_zher_task(ctx, NULL, U, 1, NULL, h[0]), 5);
    ZBAD(hetla_zher_task(ctx, NULL, U, 1, h[1], h[0]), 6);
    ZBAD(hetla_zhpr_task(ctx, NULL, U, 1, h[1], h[3]), 6);
    ZBAD(hetla_zher2_task(ctx, NULL, U, one, h[1], h[2], h[0]), 6);
    ZBAD(hetla_zher2_task(ctx, NULL, U, one, h[1], h[1], h[0]), 7);
    ZBAD(hetla_zhpr2_task(ctx, NULL, U, one, h[1], h[1], h[3]), 7);
#if defined(COMPLEX)
    ZBAD(hetla_zgeru_task(ctx, NULL, one, h[2], h[2], h[0]), 6);
#endif
    hetla_status s = ztest_api2_unregister(h, 4);
    test_case(r, s || memcmp(A, A0, sizeof A0) ? INFINITY : 0, "zgerc: bad task forms changed A or failed %d",
              (int)s);
}

static void zup_test(test_result *r, const api2_env *e, int kind)
{
    zup_sweep(r, e, kind, false);
    zup_sweep(r, e, kind, true);
    if (kind == GERC) {
        zup_bad_sync(r, e->ctx);
        zup_bad_task(r, e->ctx);
    }
}

void api2_zgerc(test_result *r, const api2_env *e) { zup_test(r, e, GERC); }
void api2_zher(test_result *r, const api2_env *e) { zup_test(r, e, HER); }
void api2_zhpr(test_result *r, const api2_env *e) { zup_test(r, e, HPR); }
void api2_zher2(test_result *r, const api2_env *e) { zup_test(r, e, HER2); }
void api2_zhpr2(test_result *r, const api2_env *e) { zup_test(r, e, HPR2); }
#if defined(COMPLEX)
api2_fn api2_zgeru;
void api2_zgeru(test_result *r, const api2_env *e) { zup_test(r, e, GERU); }
#endif
