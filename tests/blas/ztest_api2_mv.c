/* Tests of the public matrix-vector products of one precision (gemv, gbmv,
 * hemv, hbmv, hpmv), written for z: the synchronous call in both layouts
 * and the task form, against a naive product of the dense matrix the
 * storage holds and against OpenBLAS's CBLAS on the same inputs; bad
 * arguments. Padding, gaps and unreferenced triangles hold NaN.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <stdint.h>
#include <string.h>

#include "ztest_api2.h"

enum { GE, GB, HE, HB, HP };
static const char *const znames[] = {"zgemv", "zgbmv", "zhemv", "zhbmv", "zhpmv"};

typedef struct zmv_case {
    int kind;
    bool task;
    hetla_layout layout;
    hetla_trans trans; /* gemv, gbmv */
    hetla_uplo uplo;   /* the others */
    hetla_int m, n, kl, ku; /* hbmv's k is ku */
    hetla_int incx, incy;
    int sc; /* scalar case of ztest_api2_scalars */
} zmv_case;

/* What the caller stores (S, ld lds; band rows) and the dense m x n
 * matrix it holds (M, ld m). */
typedef struct zmv_matrix {
    hetla_zcomplex *S, *M;
    hetla_int lds, rows;
} zmv_matrix;

static bool zmv_general(const zmv_case *c) { return c->kind <= GB; }
static hetla_int zmv_m(const zmv_case *c) { return zmv_general(c) ? c->m : c->n; }

/* Row-major storage is the column-major storage of the transpose: the
 * array is built column-major (its triangle and bands flipped) and M is
 * the transpose of what it holds. */
static zmv_matrix zmv_build(const zmv_case *c)
{
    bool col = c->layout == HETLA_COL_MAJOR;
    hetla_int m = zmv_m(c), n = c->n, rs = col ? m : n, cs = col ? n : m, ldd = n;
    hetla_int kls = col ? c->kl : c->ku, kus = col ? c->ku : c->kl;
    hetla_uplo us = col ? c->uplo : api2_flip(c->uplo);
    zmv_matrix a = {0};
    hetla_zcomplex *D, *T;
    switch (c->kind) {
    case GE:
        a.lds = ldd = rs + 2, a.rows = rs;
        a.S = D = ztest_matrix(rs, cs, a.lds);
        break;
    case GB:
        ldd = rs + 1, a.lds = kls + kus + 2, a.rows = kls + kus + 1;
        D = ztest_matrix(rs, cs, ldd);
        a.S = ztest_to_gband(rs, cs, kls, kus, D, ldd, a.lds);
        break;
    case HE:
        a.lds = n + 2, a.rows = n;
        a.S = ztest_triangle(us, n, a.lds);
        D = ztest_full_sym(true, us, n, a.S, a.lds);
        break;
    case HB:
        a.lds = c->ku + 2, a.rows = c->ku + 1;
        T = ztest_triangle(us, n, n + 1);
        a.S = ztest_to_band(us, n, c->ku, T, n + 1, a.lds);
        D = ztest_full_sym(true, us, n, T, n + 1);
        break;
    default:
        T = ztest_triangle(us, n, n + 1);
        a.S = ztest_to_packed(us, n, T, n + 1);
        D = ztest_full_sym(true, us, n, T, n + 1);
    }
    a.M = ztest_op(col ? HETLA_NO_TRANS : HETLA_TRANS, rs, cs, D, ldd);
    return a;
}

static hetla_status zmv_sync(hetla_context *ctx, const zmv_case *c, const zmv_matrix *a, hetla_zcomplex alpha,
                             const hetla_zcomplex *x, hetla_zcomplex beta, hetla_zcomplex *y)
{
    switch (c->kind) {
    case GE:
        return hetla_zgemv(ctx, c->layout, c->trans, c->m, c->n, alpha, a->S, a->lds, x, c->incx, beta, y, c->incy);
    case GB:
        return hetla_zgbmv(ctx, c->layout, c->trans, c->m, c->n, c->kl, c->ku, alpha, a->S, a->lds, x, c->incx, beta,
                           y, c->incy);
    case HE:
        return hetla_zhemv(ctx, c->layout, c->uplo, c->n, alpha, a->S, a->lds, x, c->incx, beta, y, c->incy);
    case HB:
        return hetla_zhbmv(ctx, c->layout, c->uplo, c->n, c->ku, alpha, a->S, a->lds, x, c->incx, beta, y,
                           c->incy);
    default:
        return hetla_zhpmv(ctx, c->layout, c->uplo, c->n, alpha, a->S, x, c->incx, beta, y, c->incy);
    }
}

static void zmv_cblas(const zmv_case *c, const zmv_matrix *a, hetla_zcomplex alpha, const hetla_zcomplex *x,
                      hetla_zcomplex beta, hetla_zcomplex *y)
{
    enum CBLAS_ORDER o = CB_LAYOUT(c->layout);
    switch (c->kind) {
    case GE:
        cblas_zgemv(o, CB_TRANS(c->trans), c->m, c->n, CB(alpha), a->S, a->lds, x, c->incx, CB(beta), y, c->incy);
        break;
    case GB:
        cblas_zgbmv(o, CB_TRANS(c->trans), c->m, c->n, c->kl, c->ku, CB(alpha), a->S, a->lds, x, c->incx, CB(beta),
                    y, c->incy);
        break;
    case HE:
        cblas_zhemv(o, CB_UPLO(c->uplo), c->n, CB(alpha), a->S, a->lds, x, c->incx, CB(beta), y, c->incy);
        break;
    case HB:
        cblas_zhbmv(o, CB_UPLO(c->uplo), c->n, c->ku, CB(alpha), a->S, a->lds, x, c->incx, CB(beta), y, c->incy);
        break;
    default:
        cblas_zhpmv(o, CB_UPLO(c->uplo), c->n, CB(alpha), a->S, x, c->incx, CB(beta), y, c->incy);
    }
}

/* The task form on handles over the same arrays (column-major, inc > 0). */
static hetla_status zmv_task(hetla_context *ctx, const zmv_case *c, const zmv_matrix *a, hetla_zcomplex alpha,
                             hetla_zcomplex *x, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int lenx,
                             hetla_int leny)
{
    hetla_data *h[3] = {NULL, NULL, NULL};
    hetla_status s = ztest_api2_mat_handle(ctx, a->S, c->kind == HP ? 0 : a->rows, c->n, a->lds, &h[0]);
    if (!s)
        s = ztest_api2_vec_handle(ctx, x, lenx, c->incx, &h[1]);
    if (!s)
        s = ztest_api2_vec_handle(ctx, y, leny, c->incy, &h[2]);
    if (!s && c->kind == GE)
        s = hetla_zgemv_task(ctx, NULL, c->trans, alpha, h[0], h[1], beta, h[2]);
    if (!s && c->kind == GB)
        s = hetla_zgbmv_task(ctx, NULL, c->trans, c->kl, c->ku, alpha, h[0], h[1], beta, h[2]);
    if (!s && c->kind == HE)
        s = hetla_zhemv_task(ctx, NULL, c->uplo, alpha, h[0], h[1], beta, h[2]);
    if (!s && c->kind == HB)
        s = hetla_zhbmv_task(ctx, NULL, c->uplo, c->ku, alpha, h[0], h[1], beta, h[2]);
    if (!s && c->kind == HP)
        s = hetla_zhpmv_task(ctx, NULL, c->uplo, alpha, h[0], h[1], beta, h[2]);
    hetla_status u = ztest_api2_unregister(h, 3);
    return s ? s : u;
}

static void zmv_run(test_result *r, const api2_env *e, const zmv_case *c)
{
    hetla_zcomplex alpha, beta;
    ztest_api2_scalars(c->sc, &alpha, &beta);
    hetla_trans op = zmv_general(c) ? c->trans : HETLA_NO_TRANS;
    hetla_int m = zmv_m(c), n = c->n, lenx = op == HETLA_NO_TRANS ? n : m, leny = op == HETLA_NO_TRANS ? m : n;
    zmv_matrix a = zmv_build(c);
    hetla_zcomplex *x = ztest_vector(lenx, c->incx), *y0 = ztest_api2_yvec(leny, c->incy, beta);
    size_t ly = ztest_vlen(leny, c->incy);
    hetla_zcomplex *y = ztest_copy(y0, ly), *yc = ztest_copy(y0, ly);
    bool quick = m == 0 || n == 0 || (alpha == 0 && beta == 1);
    hetla_status s = c->task ? zmv_task(e->ctx, c, &a, alpha, x, beta, y, lenx, leny)
                             : zmv_sync(e->ctx, c, &a, alpha, x, beta, y);
    zmv_cblas(c, &a, alpha, x, beta, yc);
    hetla_zcomplex *M = ztest_op(op, m, n, a.M, m);
    hetla_zcomplex *yw = ztest_api2_want_mv(quick, leny, lenx, alpha, M, x, c->incx, beta, y0, c->incy);
    test_real scale = (cabs(alpha) * ztest_norm(leny, lenx, M, leny) * ztest_vnorm(lenx, x, c->incx) +
                       (beta == 0 ? 0 : cabs(beta) * ztest_vnorm(leny, y0, c->incy))) *
                      (lenx > 0 ? lenx : 1);
    test_real res = test_max(ztest_resid(ly, y, yw, scale), ztest_resid(ly, y, yc, scale));
    test_case(r, s ? INFINITY : res,
              "%s %s %c %c%c m=%lld n=%lld kl=%lld ku/k=%lld incx=%lld incy=%lld scalars#%d status %d",
              znames[c->kind], c->task ? "task" : "sync", api2_layout_char(c->layout),
              zmv_general(c) ? ztest_trans_char(c->trans) : ' ', zmv_general(c) ? ' ' : api2_uplo_char(c->uplo),
              (long long)c->m, (long long)c->n, (long long)c->kl, (long long)c->ku, (long long)c->incx,
              (long long)c->incy, c->sc, (int)s);
    test_free_all();
}

static const hetla_int zincs[][2] = {{1, 1}, {-2, 3}, {3, -1}, {1, -2}};
static const hetla_int zbands[][2] = {{1, 2}, {0, 3}, {4, 0}}; /* kl, ku; hbmv's k is ku */
static const hetla_trans ztrans[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};

/* Every option, layout, size and band; increments and scalars in turn. */
static void zmv_sweep_sync(test_result *r, const api2_env *e, int kind)
{
    static const hetla_int dims[][2] = {{0, 7}, {7, 0}, {1, 1}, {7, 33}, {33, 7}, {65, 65}};
    bool general = kind <= GB, band = kind == GB || kind == HB;
    for (int l = 0; l < 2; l++)
        for (int o = 0; o < (general ? 3 : 2); o++)
            for (int d = 0; d < 6; d++)
                for (int b = 0; b < (band ? 3 : 1); b++)
                    for (int sc = 0; sc < 4; sc++) {
                        const hetla_int *inc = zincs[(sc + d + b) % 4];
                        zmv_case c = {kind, false, l ? HETLA_ROW_MAJOR : HETLA_COL_MAJOR, ztrans[o],
                                      o ? HETLA_LOWER : HETLA_UPPER, dims[d][0], general ? dims[d][1] : dims[d][0],
                                      band ? zbands[b][0] : 0, band ? zbands[b][1] : 0, inc[0], inc[1], sc};
                        zmv_run(r, e, &c);
                    }
}

/* Task form: column-major, contiguous (n x 1) and strided (1 x n) vectors. */
static void zmv_sweep_task(test_result *r, const api2_env *e, int kind)
{
    static const hetla_int dims[][2] = {{1, 1}, {7, 33}, {33, 7}};
    static const hetla_int incs[][2] = {{1, 1}, {2, 3}};
    bool general = kind <= GB, band = kind == GB || kind == HB;
    for (int o = 0; o < (general ? 3 : 2); o++)
        for (int d = 0; d < 3; d++)
            for (int sc = 0; sc < 4; sc++) {
                const hetla_int *inc = incs[(sc + d) % 2], *bw = zbands[(o + d) % 3];
                zmv_case c = {kind, true, HETLA_COL_MAJOR, ztrans[o], o ? HETLA_LOWER : HETLA_UPPER, dims[d][0],
                              general ? dims[d][1] : dims[d][0], band ? bw[0] : 0, band ? bw[1] : 0, inc[0],
                              inc[1], sc};
                zmv_run(r, e, &c);
            }
}

/* ---- bad arguments: the status names the argument, y is untouched ---- */

#define ZBAD(call, pos) api2_bad(r, (call), (pos), y, y0, sizeof y0, #call)

static void zmv_bad_general(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], x[4], y[4], y0[4], one = 1;
    const hetla_layout C = HETLA_COL_MAJOR, R = HETLA_ROW_MAJOR;
    const hetla_trans N = HETLA_NO_TRANS;
    for (int i = 0; i < 16; i++)
        A[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = ztest_rand(), y[i] = y0[i] = ztest_rand();
    ZBAD(hetla_zgemv(NULL, C, N, 4, 3, one, A, 4, x, 1, one, y, 1), 1);
    ZBAD(hetla_zgemv(ctx, (hetla_layout)0, N, 4, 3, one, A, 4, x, 1, one, y, 1), 2);
    ZBAD(hetla_zgemv(ctx, C, (hetla_trans)0, 4, 3, one, A, 4, x, 1, one, y, 1), 3);
    ZBAD(hetla_zgemv(ctx, C, N, -1, 3, one, A, 4, x, 1, one, y, 1), 4);
    ZBAD(hetla_zgemv(ctx, C, N, 4, -1, one, A, 4, x, 1, one, y, 1), 5);
    ZBAD(hetla_zgemv(ctx, C, N, 4, 3, one, A, 3, x, 1, one, y, 1), 8);
    ZBAD(hetla_zgemv(ctx, R, N, 3, 4, one, A, 3, x, 1, one, y, 1), 8);
    ZBAD(hetla_zgemv(ctx, C, N, 4, 3, one, A, 4, x, 0, one, y, 1), 10);
    ZBAD(hetla_zgemv(ctx, C, N, 4, 3, one, A, 4, x, 1, one, y, 0), 13);
    ZBAD(hetla_zgemv(ctx, C, N, 4, 3, one, NULL, 4, x, 1, one, y, 1), 7);
    ZBAD(hetla_zgemv(ctx, C, N, 4, 3, one, A, 4, NULL, 1, one, y, 1), 9);
    ZBAD(hetla_zgemv(ctx, C, N, 4, 3, one, A, 4, x, 1, one, NULL, 1), 12);
    ZBAD(hetla_zgbmv(ctx, C, N, 4, 3, -1, 1, one, A, 3, x, 1, one, y, 1), 6);
    ZBAD(hetla_zgbmv(ctx, C, N, 4, 3, 1, -1, one, A, 3, x, 1, one, y, 1), 7);
    ZBAD(hetla_zgbmv(ctx, C, N, 4, 3, 1, 1, one, A, 2, x, 1, one, y, 1), 10);
    ZBAD(hetla_zgbmv(ctx, R, N, 4, 3, 1, 1, one, A, 3, x, -1, one, y, 0), 15);
    ZBAD(hetla_zgbmv(ctx, C, N, 4, 3, 1, 1, one, A, 3, x, 0, one, y, 1), 12);
    ZBAD(hetla_zgbmv(ctx, C, N, 4, 3, 1, 1, one, NULL, 3, x, 1, one, y, 1), 9);
    ZBAD(hetla_zgbmv(ctx, C, N, 4, 3, 1, 1, one, A, 3, x, 1, one, NULL, 1), 14);
}

static void zmv_bad_herm(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], x[4], y[4], y0[4], one = 1;
    const hetla_layout C = HETLA_COL_MAJOR;
    const hetla_uplo U = HETLA_UPPER;
    for (int i = 0; i < 16; i++)
        A[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = ztest_rand(), y[i] = y0[i] = ztest_rand();
    ZBAD(hetla_zhemv(ctx, C, (hetla_uplo)0, 4, one, A, 4, x, 1, one, y, 1), 3);
    ZBAD(hetla_zhemv(ctx, C, U, -1, one, A, 4, x, 1, one, y, 1), 4);
    ZBAD(hetla_zhemv(ctx, C, U, 4, one, A, 3, x, 1, one, y, 1), 7);
    ZBAD(hetla_zhemv(ctx, C, U, 4, one, A, 4, x, 0, one, y, 1), 9);
    ZBAD(hetla_zhemv(ctx, C, U, 4, one, A, 4, x, 1, one, y, 0), 12);
    ZBAD(hetla_zhemv(ctx, C, U, 4, one, NULL, 4, x, 1, one, y, 1), 6);
    ZBAD(hetla_zhemv(ctx, C, U, 4, one, A, 4, NULL, 1, one, y, 1), 8);
    ZBAD(hetla_zhbmv(NULL, C, U, 4, 1, one, A, 2, x, 1, one, y, 1), 1);
    ZBAD(hetla_zhbmv(ctx, C, U, 4, -1, one, A, 2, x, 1, one, y, 1), 5);
    ZBAD(hetla_zhbmv(ctx, C, U, 4, 1, one, A, 1, x, 1, one, y, 1), 8);
    ZBAD(hetla_zhbmv(ctx, C, U, 4, 1, one, A, 2, x, 0, one, y, 1), 10);
    ZBAD(hetla_zhbmv(ctx, C, U, 4, 1, one, A, 2, x, 1, one, y, 0), 13);
    ZBAD(hetla_zhbmv(ctx, C, U, 4, 1, one, A, 2, x, 1, one, NULL, 1), 12);
    ZBAD(hetla_zhpmv(ctx, (hetla_layout)0, U, 4, one, A, x, 1, one, y, 1), 2);
    ZBAD(hetla_zhpmv(ctx, C, U, 4, one, NULL, x, 1, one, y, 1), 6);
    ZBAD(hetla_zhpmv(ctx, C, U, 4, one, A, x, 0, one, y, 1), 8);
    ZBAD(hetla_zhpmv(ctx, C, U, 4, one, A, x, 1, one, y, 0), 11);
    ZBAD(hetla_zhpmv(ctx, C, U, 4, one, A, x, 1, one, NULL, 1), 10);
}

/* Task forms: handles over A (4 x 3), x (3), y (4), and misfits. */
static void zmv_bad_task(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], x[4], y[4], y0[4], one = 1;
    int32_t w[4] = {0}; /* a type no routine takes */
    for (int i = 0; i < 16; i++)
        A[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = ztest_rand(), y[i] = y0[i] = ztest_rand();
    hetla_data *h[7] = {NULL};
    hetla_data **hA = &h[0], **hx = &h[1], **hy = &h[2], **hsq = &h[3], **hy3 = &h[4], **hw = &h[5], **hp = &h[6];
    if (!api2_status(r, hetla_matrix_register(ctx, A, 4, 3, 4, HETLA_ZCOMPLEX, hA), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, x, 3, HETLA_ZCOMPLEX, hx), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, y, 4, HETLA_ZCOMPLEX, hy), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_matrix_register(ctx, A, 3, 3, 4, HETLA_ZCOMPLEX, hsq), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, y + 1, 3, HETLA_ZCOMPLEX, hy3), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, w, 3, HETLA_INT32, hw), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, A, 5, HETLA_ZCOMPLEX, hp), HETLA_SUCCESS, "register")) {
        (void)ztest_api2_unregister(h, 7);
        return;
    }
    const hetla_trans N = HETLA_NO_TRANS;
    const hetla_uplo U = HETLA_UPPER;
    ZBAD(hetla_zgemv_task(NULL, NULL, N, one, *hA, *hx, one, *hy), 1);
    ZBAD(hetla_zgemv_task(ctx, NULL, (hetla_trans)0, one, *hA, *hx, one, *hy), 3);
    ZBAD(hetla_zgemv_task(ctx, NULL, N, one, NULL, *hx, one, *hy), 5);
    ZBAD(hetla_zgemv_task(ctx, NULL, N, one, *hA, NULL, one, *hy), 6);
    ZBAD(hetla_zgemv_task(ctx, NULL, N, one, *hA, *hw, one, *hy), 6);
    ZBAD(hetla_zgemv_task(ctx, NULL, N, one, *hA, *hx, one, *hA), 8);
    ZBAD(hetla_zgemv_task(ctx, NULL, N, one, *hA, *hx, one, *hy3), 5);
    ZBAD(hetla_zgbmv_task(ctx, NULL, N, -1, 1, one, *hA, *hx, one, *hy), 4);
    ZBAD(hetla_zgbmv_task(ctx, NULL, N, 1, -1, one, *hA, *hx, one, *hy), 5);
    ZBAD(hetla_zgbmv_task(ctx, NULL, N, 2, 2, one, *hA, *hx, one, *hy), 7);
    ZBAD(hetla_zhemv_task(ctx, NULL, (hetla_uplo)0, one, *hsq, *hx, one, *hy3), 3);
    ZBAD(hetla_zhemv_task(ctx, NULL, U, one, *hA, *hx, one, *hy3), 5);
    ZBAD(hetla_zhemv_task(ctx, NULL, U, one, *hsq, *hx, one, *hy), 8);
    ZBAD(hetla_zhbmv_task(ctx, NULL, U, -1, one, *hA, *hx, one, *hy3), 4);
    ZBAD(hetla_zhbmv_task(ctx, NULL, U, 4, one, *hA, *hx, one, *hy3), 6);
    ZBAD(hetla_zhpmv_task(ctx, NULL, U, one, *hp, *hx, one, *hy3), 5);
    ZBAD(hetla_zhpmv_task(ctx, NULL, U, one, *hp, *hx, one, NULL), 8);
    hetla_status s = ztest_api2_unregister(h, 7);
    test_case(r, s || memcmp(y, y0, sizeof y0) ? INFINITY : 0, "%s: bad task forms left y changed or failed %d",
              "zgemv", (int)s);
}

static void zmv_test(test_result *r, const api2_env *e, int kind)
{
    zmv_sweep_sync(r, e, kind);
    zmv_sweep_task(r, e, kind);
    if (kind == GE)
        zmv_bad_general(r, e->ctx);
    if (kind == HE)
        zmv_bad_herm(r, e->ctx);
    if (kind == HP)
        zmv_bad_task(r, e->ctx);
}

void api2_zgemv(test_result *r, const api2_env *e) { zmv_test(r, e, GE); }
void api2_zgbmv(test_result *r, const api2_env *e) { zmv_test(r, e, GB); }
void api2_zhemv(test_result *r, const api2_env *e) { zmv_test(r, e, HE); }
void api2_zhbmv(test_result *r, const api2_env *e) { zmv_test(r, e, HB); }
void api2_zhpmv(test_result *r, const api2_env *e) { zmv_test(r, e, HP); }
