/* Tests of the public triangular products and solves of one precision
 * (trmv, tbmv, tpmv, trsv, tbsv, tpsv), written for z: the synchronous
 * call in both layouts and the task form; products against a naive one and
 * OpenBLAS's CBLAS, solves by their backward error and against CBLAS; bad
 * arguments. Unreferenced triangles, unit diagonals and gaps hold NaN.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <string.h>

#include "ztest_api2.h"

enum { TR, TB, TP };
static const char *const znames[2][3] = {{"ztrmv", "ztbmv", "ztpmv"}, {"ztrsv", "ztbsv", "ztpsv"}};

typedef struct ztri_case {
    int kind;
    bool solve, task;
    hetla_layout layout;
    hetla_uplo uplo;
    hetla_trans trans;
    hetla_diag diag;
    hetla_int n, k, incx;
} ztri_case;

/* The caller's storage (S, ld lds, band rows) and the dense n x n matrix it
 * holds (M); row-major storage is built as the column-major storage of
 * M^T, its triangle flipped. */
typedef struct ztri_matrix {
    hetla_zcomplex *S, *M;
    hetla_int lds, rows;
} ztri_matrix;

static ztri_matrix ztri_build(const ztri_case *c)
{
    bool col = c->layout == HETLA_COL_MAJOR;
    hetla_uplo us = col ? c->uplo : api2_flip(c->uplo);
    hetla_int n = c->n, ldt = n + 2;
    hetla_zcomplex *T = ztest_triangle(us, n, ldt);
    if (c->solve)
        ztest_condition(us, n, T, ldt);
    for (hetla_int i = 0; c->diag == HETLA_UNIT && i < n; i++)
        T[i + i * ldt] = ztest_nan(); /* a unit diagonal is not read */
    ztri_matrix a = {T, NULL, ldt, n};
    if (c->kind == TB) {
        a.lds = c->k + 2, a.rows = c->k + 1;
        a.S = ztest_to_band(us, n, c->k, T, ldt, a.lds);
    } else if (c->kind == TP) {
        a.S = ztest_to_packed(us, n, T, ldt);
    }
    a.M = ztest_op(col ? HETLA_NO_TRANS : HETLA_TRANS, n, n, ztest_full_tri(us, c->diag, n, T, ldt), n);
    return a;
}

static hetla_status ztri_sync(hetla_context *ctx, const ztri_case *c, const ztri_matrix *a, hetla_zcomplex *x)
{
    hetla_layout l = c->layout;
    switch (c->kind + 3 * c->solve) {
    case TR:
        return hetla_ztrmv(ctx, l, c->uplo, c->trans, c->diag, c->n, a->S, a->lds, x, c->incx);
    case TB:
        return hetla_ztbmv(ctx, l, c->uplo, c->trans, c->diag, c->n, c->k, a->S, a->lds, x, c->incx);
    case TP:
        return hetla_ztpmv(ctx, l, c->uplo, c->trans, c->diag, c->n, a->S, x, c->incx);
    case 3 + TR:
        return hetla_ztrsv(ctx, l, c->uplo, c->trans, c->diag, c->n, a->S, a->lds, x, c->incx);
    case 3 + TB:
        return hetla_ztbsv(ctx, l, c->uplo, c->trans, c->diag, c->n, c->k, a->S, a->lds, x, c->incx);
    default:
        return hetla_ztpsv(ctx, l, c->uplo, c->trans, c->diag, c->n, a->S, x, c->incx);
    }
}

static void ztri_cblas(const ztri_case *c, const ztri_matrix *a, hetla_zcomplex *x)
{
    enum CBLAS_ORDER o = CB_LAYOUT(c->layout);
    enum CBLAS_UPLO u = CB_UPLO(c->uplo);
    enum CBLAS_TRANSPOSE t = CB_TRANS(c->trans);
    enum CBLAS_DIAG d = CB_DIAG(c->diag);
    switch (c->kind + 3 * c->solve) {
    case TR:
        cblas_ztrmv(o, u, t, d, c->n, a->S, a->lds, x, c->incx);
        break;
    case TB:
        cblas_ztbmv(o, u, t, d, c->n, c->k, a->S, a->lds, x, c->incx);
        break;
    case TP:
        cblas_ztpmv(o, u, t, d, c->n, a->S, x, c->incx);
        break;
    case 3 + TR:
        cblas_ztrsv(o, u, t, d, c->n, a->S, a->lds, x, c->incx);
        break;
    case 3 + TB:
        cblas_ztbsv(o, u, t, d, c->n, c->k, a->S, a->lds, x, c->incx);
        break;
    default:
        cblas_ztpsv(o, u, t, d, c->n, a->S, x, c->incx);
    }
}

static hetla_status ztri_task(hetla_context *ctx, const ztri_case *c, const ztri_matrix *a, hetla_zcomplex *x)
{
    hetla_data *h[2] = {NULL, NULL};
    hetla_status s = ztest_api2_mat_handle(ctx, a->S, c->kind == TP ? 0 : a->rows, c->n, a->lds, &h[0]);
    if (!s)
        s = ztest_api2_vec_handle(ctx, x, c->n, c->incx, &h[1]);
    if (!s) {
        switch (c->kind + 3 * c->solve) {
        case TR:
            s = hetla_ztrmv_task(ctx, NULL, c->uplo, c->trans, c->diag, h[0], h[1]);
            break;
        case TB:
            s = hetla_ztbmv_task(ctx, NULL, c->uplo, c->trans, c->diag, c->k, h[0], h[1]);
            break;
        case TP:
            s = hetla_ztpmv_task(ctx, NULL, c->uplo, c->trans, c->diag, h[0], h[1]);
            break;
        case 3 + TR:
            s = hetla_ztrsv_task(ctx, NULL, c->uplo, c->trans, c->diag, h[0], h[1]);
            break;
        case 3 + TB:
            s = hetla_ztbsv_task(ctx, NULL, c->uplo, c->trans, c->diag, c->k, h[0], h[1]);
            break;
        default:
            s = hetla_ztpsv_task(ctx, NULL, c->uplo, c->trans, c->diag, h[0], h[1]);
        }
    }
    hetla_status u = ztest_api2_unregister(h, 2);
    return s ? s : u;
}

static void ztri_run(test_result *r, const api2_env *e, const ztri_case *c)
{
    hetla_int n = c->n;
    ztri_matrix a = ztri_build(c);
    size_t lx = ztest_vlen(n, c->incx);
    hetla_zcomplex *x0 = ztest_vector(n, c->incx), *x = ztest_copy(x0, lx), *xc = ztest_copy(x0, lx);
    hetla_status s = c->task ? ztri_task(e->ctx, c, &a, x) : ztri_sync(e->ctx, c, &a, x);
    ztri_cblas(c, &a, xc);
    hetla_zcomplex *M = ztest_api2_op(c->trans, n, a.M);
    test_real nn = n > 0 ? n : 1, res;
    if (c->solve) {
        res = test_max(ztest_api2_solve_resid(n, M, x, c->incx, x0),
                       ztest_resid(lx, x, xc, ztest_vnorm(n, xc, c->incx) * nn));
    } else {
        test_real scale = ztest_norm(n, n, M, n) * ztest_vnorm(n, x0, c->incx) * nn;
        hetla_zcomplex *xw = ztest_api2_want_mv(n == 0, n, n, 1, M, x0, c->incx, 0, x0, c->incx);
        res = test_max(ztest_resid(lx, x, xw, scale), ztest_resid(lx, x, xc, scale));
    }
    test_case(r, s ? INFINITY : res, "%s %s %c %c%c%c n=%lld k=%lld incx=%lld status %d",
              znames[c->solve][c->kind], c->task ? "task" : "sync", api2_layout_char(c->layout),
              api2_uplo_char(c->uplo), ztest_trans_char(c->trans), c->diag == HETLA_UNIT ? 'U' : 'N', (long long)n,
              (long long)c->k, (long long)c->incx, (int)s);
    test_free_all();
}

static const hetla_trans ztrans[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
static const hetla_int zks[] = {0, 1, 4};

static void ztri_sweep(test_result *r, const api2_env *e, int kind, bool solve, bool task)
{
    static const hetla_int ns[] = {0, 1, 7, 33, 65}, incs[] = {1, -2, 3}, task_incs[] = {1, 2};
    for (int l = 0; l < (task ? 1 : 2); l++)
        for (int u = 0; u < 2; u++)
            for (int t = 0; t < 3; t++)
                for (int d = 0; d < 2; d++)
                    for (int i = task; i < 5 - task; i++) {
                        ztri_case c = {kind, solve, task, l ? HETLA_ROW_MAJOR : HETLA_COL_MAJOR,
                                       u ? HETLA_LOWER : HETLA_UPPER, ztrans[t], d ? HETLA_UNIT : HETLA_NON_UNIT,
                                       ns[i], kind == TB ? zks[(i + t) % 3] : 0,
                                       task ? task_incs[(i + d) % 2] : incs[(i + d + u) % 3]};
                        ztri_run(r, e, &c);
                    }
}

/* ---- bad arguments: the status names the argument, x is untouched ---- */

#define ZBAD(call, pos) api2_bad(r, (call), (pos), x, x0, sizeof x0, #call)

static void ztri_bad_sync(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], x[4], x0[4];
    const hetla_layout C = HETLA_COL_MAJOR;
    const hetla_uplo U = HETLA_UPPER;
    const hetla_trans N = HETLA_NO_TRANS;
    const hetla_diag D = HETLA_NON_UNIT;
    for (int i = 0; i < 16; i++)
        A[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = x0[i] = ztest_rand();
    ZBAD(hetla_ztrmv(NULL, C, U, N, D, 4, A, 4, x, 1), 1);
    ZBAD(hetla_ztrmv(ctx, (hetla_layout)0, U, N, D, 4, A, 4, x, 1), 2);
    ZBAD(hetla_ztrmv(ctx, C, (hetla_uplo)0, N, D, 4, A, 4, x, 1), 3);
    ZBAD(hetla_ztrmv(ctx, C, U, (hetla_trans)0, D, 4, A, 4, x, 1), 4);
    ZBAD(hetla_ztrmv(ctx, C, U, N, (hetla_diag)0, 4, A, 4, x, 1), 5);
    ZBAD(hetla_ztrmv(ctx, C, U, N, D, -1, A, 4, x, 1), 6);
    ZBAD(hetla_ztrmv(ctx, C, U, N, D, 4, A, 3, x, 1), 8);
    ZBAD(hetla_ztrmv(ctx, C, U, N, D, 4, A, 4, x, 0), 10);
    ZBAD(hetla_ztrmv(ctx, C, U, N, D, 4, NULL, 4, x, 1), 7);
    ZBAD(hetla_ztrmv(ctx, C, U, N, D, 4, A, 4, NULL, 1), 9);
    ZBAD(hetla_ztrsv(ctx, HETLA_ROW_MAJOR, U, N, D, 4, A, 3, x, 1), 8);
    ZBAD(hetla_ztrsv(ctx, C, U, N, D, 4, A, 4, x, 0), 10);
    ZBAD(hetla_ztbmv(ctx, C, U, N, D, 4, -1, A, 4, x, 1), 7);
    ZBAD(hetla_ztbmv(ctx, C, U, N, D, 4, 2, A, 2, x, 1), 9);
    ZBAD(hetla_ztbmv(ctx, C, U, N, D, 4, 2, A, 3, x, 0), 11);
    ZBAD(hetla_ztbmv(ctx, C, U, N, D, 4, 2, NULL, 3, x, 1), 8);
    ZBAD(hetla_ztbsv(ctx, C, U, N, D, 4, 2, A, 3, NULL, 1), 10);
    ZBAD(hetla_ztbsv(ctx, C, U, (hetla_trans)0, D, 4, 2, A, 3, x, 1), 4);
    ZBAD(hetla_ztpmv(ctx, C, U, N, D, 4, NULL, x, 1), 7);
    ZBAD(hetla_ztpmv(ctx, C, U, N, D, 4, A, NULL, 1), 8);
    ZBAD(hetla_ztpsv(ctx, C, U, N, D, 4, A, x, 0), 9);
    ZBAD(hetla_ztpsv(ctx, C, U, N, (hetla_diag)0, 4, A, x, 1), 5);
}

static void ztri_bad_task(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex A[16], x[4], x0[4];
    for (int i = 0; i < 16; i++)
        A[i] = ztest_rand();
    for (int i = 0; i < 4; i++)
        x[i] = x0[i] = ztest_rand();
    hetla_data *h[3] = {NULL, NULL, NULL};
    if (!api2_status(r, hetla_matrix_register(ctx, A, 4, 3, 4, HETLA_ZCOMPLEX, &h[0]), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, x, 3, HETLA_ZCOMPLEX, &h[1]), HETLA_SUCCESS, "register") ||
        !api2_status(r, hetla_vector_register(ctx, A + 12, 4, HETLA_ZCOMPLEX, &h[2]), HETLA_SUCCESS, "register")) {
        (void)ztest_api2_unregister(h, 3);
        return;
    }
    const hetla_uplo U = HETLA_UPPER;
    const hetla_trans N = HETLA_NO_TRANS;
    const hetla_diag D = HETLA_NON_UNIT;
    ZBAD(hetla_ztrmv_task(NULL, NULL, U, N, D, h[0], h[1]), 1);
    ZBAD(hetla_ztrmv_task(ctx, NULL, (hetla_uplo)0, N, D, h[0], h[1]), 3);
    ZBAD(hetla_ztrsv_task(ctx, NULL, U, (hetla_trans)0, D, h[0], h[1]), 4);
    ZBAD(hetla_ztrsv_task(ctx, NULL, U, N, (hetla_diag)0, h[0], h[1]), 5);
    ZBAD(hetla_ztrmv_task(ctx, NULL, U, N, D, h[0], h[1]), 6);
    ZBAD(hetla_ztrsv_task(ctx, NULL, U, N, D, h[0], NULL), 7);
    ZBAD(hetla_ztbmv_task(ctx, NULL, U, N, D, -1, h[0], h[1]), 6);
    ZBAD(hetla_ztbsv_task(ctx, NULL, U, N, D, 4, h[0], h[1]), 7);
    ZBAD(hetla_ztbsv_task(ctx, NULL, U, N, D, 1, h[0], h[0]), 8);
    ZBAD(hetla_ztpmv_task(ctx, NULL, U, N, D, h[2], h[1]), 6);
    ZBAD(hetla_ztpsv_task(ctx, NULL, U, N, D, NULL, h[1]), 6);
    hetla_status s = ztest_api2_unregister(h, 3);
    test_case(r, s || memcmp(x, x0, sizeof x0) ? INFINITY : 0, "ztrmv: bad task forms changed x or failed %d",
              (int)s);
}

static void ztri_test(test_result *r, const api2_env *e, int kind, bool solve)
{
    ztri_sweep(r, e, kind, solve, false);
    ztri_sweep(r, e, kind, solve, true);
    if (kind == TR && !solve) {
        ztri_bad_sync(r, e->ctx);
        ztri_bad_task(r, e->ctx);
    }
}

void api2_ztrmv(test_result *r, const api2_env *e) { ztri_test(r, e, TR, false); }
void api2_ztbmv(test_result *r, const api2_env *e) { ztri_test(r, e, TB, false); }
void api2_ztpmv(test_result *r, const api2_env *e) { ztri_test(r, e, TP, false); }
void api2_ztrsv(test_result *r, const api2_env *e) { ztri_test(r, e, TR, true); }
void api2_ztbsv(test_result *r, const api2_env *e) { ztri_test(r, e, TB, true); }
void api2_ztpsv(test_result *r, const api2_env *e) { ztri_test(r, e, TP, true); }
