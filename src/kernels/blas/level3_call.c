/* What the level-3 routines other than gemm share across precisions:
 * argument checks in the reference CBLAS's order, the BLAS quick returns,
 * the mapping of row-major calls onto column-major ones, tiling of large
 * calls over every worker, and the shape checks of the task forms. */
#include <complex.h>
#include <stdio.h>

#include "algorithms/level3_tiled.h"
#include "kernels/blas/level3.h"

/* With alpha = 0 the BLAS read neither A nor B, which a library may not
 * honour (NaN there would propagate): the matrix @p op is only scaled. */
static hetla_status scale_only(hetla_context *ctx, const hetla__l3_routine *r, hetla__operand op,
                               hetla_zcomplex beta)
{
    hetla__scale_args args = {beta};
    op.mode = beta == 0 ? HETLA_W : HETLA_RW;
    return hetla__blas_run(ctx, hetla__l3_scale_op(r->type), &op, 1, &args, sizeof args, 1);
}

static hetla_uplo flip_uplo(hetla_uplo u) { return u == HETLA_UPPER ? HETLA_LOWER : HETLA_UPPER; }
static hetla_side flip_side(hetla_side s) { return s == HETLA_LEFT ? HETLA_RIGHT : HETLA_LEFT; }

/* ---- argument checks of the synchronous calls -------------------------------- */

static hetla_status check_head(const hetla__l3_routine *r, hetla_context *ctx, hetla_layout layout)
{
    if (!ctx)
        return hetla__l3_error(r, "", 1, "ctx", "is NULL");
    if (!hetla__layout_ok(layout))
        return hetla__l3_error(r, "", 2, "layout", "is %d, not a hetla_layout", (int)layout);
    return HETLA_SUCCESS;
}

static hetla_status check_min(const hetla__l3_routine *r, int pos, const char *name, hetla_int v, hetla_int min)
{
    if (v >= min)
        return HETLA_SUCCESS;
    return hetla__l3_error(r, "", pos, name, "is %lld, must be >= %lld", (long long)v, (long long)min);
}

/* Arrays may be NULL only where nothing would be referenced. */
static hetla_status check_ptr(const hetla__l3_routine *r, int pos, const char *name, const void *p, int used)
{
    return p || !used ? HETLA_SUCCESS : hetla__l3_error(r, "", pos, name, "is NULL");
}

/* ---- SYMM / HEMM -------------------------------------------------------------- */

static hetla_status symm_check(hetla_context *ctx, const hetla__l3_routine *r, const hetla__symm_call *c)
{
    hetla_status s = check_head(r, ctx, c->layout);
    if (!s)
        s = hetla__symm_opts_check(r, "", 3, &c->a);
    if (s)
        return s;
    hetla_int ka = c->a.side == HETLA_LEFT ? c->m : c->n, rows = c->layout == HETLA_COL_MAJOR ? c->m : c->n;
    int used = c->m > 0 && c->n > 0;
    s = check_min(r, 5, "m", c->m, 0);
    if (!s)
        s = check_min(r, 6, "n", c->n, 0);
    if (!s)
        s = check_min(r, 9, "lda", c->lda, hetla__max1(ka));
    if (!s)
        s = check_min(r, 11, "ldb", c->ldb, hetla__max1(rows));
    if (!s)
        s = check_min(r, 14, "ldc", c->ldc, hetla__max1(rows));
    if (!s)
        s = check_ptr(r, 8, "A", c->A, used);
    if (!s)
        s = check_ptr(r, 10, "B", c->B, used);
    if (!s)
        s = check_ptr(r, 13, "C", c->C, used);
    return s;
}

hetla_status hetla__symm_sync(hetla_context *ctx, const hetla__l3_routine *r, const hetla__symm_call *c)
{
    hetla_status s = symm_check(ctx, r, c);
    hetla__symm_args a = c->a;
    hetla_int m = c->m, n = c->n;
    if (s || m == 0 || n == 0 || (a.alpha == 0 && a.beta == 1))
        return s;
    if (c->layout == HETLA_ROW_MAJOR) { /* C^T = alpha B^T A^T; A^T is A seen from its other triangle */
        a.side = flip_side(a.side), a.uplo = flip_uplo(a.uplo), m = c->n, n = c->m;
    }
    hetla_int ka = a.side == HETLA_LEFT ? m : n;
    hetla__operand ops[3] = {
        {(void *)c->A, (size_t)ka, (size_t)ka, (size_t)c->lda, r->type, HETLA_R},
        {(void *)c->B, (size_t)m, (size_t)n, (size_t)c->ldb, r->type, HETLA_R},
        {c->C, (size_t)m, (size_t)n, (size_t)c->ldc, r->type, a.beta == 0 ? HETLA_W : HETLA_RW}};
    if (a.alpha == 0)
        return scale_only(ctx, r, ops[2], a.beta);
    if (!hetla__blas_tiled_pays(ctx, r->op, (double)m * (double)n * (double)ka))
        return hetla__blas_run(ctx, r->op, ops, 3, &a, sizeof a, 1);
    hetla__views v;
    s = hetla__views_create(ctx, ops, 3, 0, &v);
    if (!s)
        s = hetla__symm_tiled(r, &a, v.t[0], v.t[1], v.t[2], v.seq);
    return hetla__views_destroy(&v, s);
}

/* ---- SYRK / HERK, SYR2K / HER2K --------------------------------------------------- */

static hetla_status rank_check(hetla_context *ctx, const hetla__l3_routine *r, const hetla__rank_call *c)
{
    hetla_status s = check_head(r, ctx, c->layout);
    if (!s)
        s = hetla__rank_opts_check(r, "", 3, &c->a);
    if (s)
        return s;
    /* rows of the stored A (and B): n x k without transposition */
    hetla_int rows = (c->a.trans == HETLA_NO_TRANS) == (c->layout == HETLA_COL_MAJOR) ? c->n : c->k;
    int cpos = c->two ? 13 : 11;
    s = check_min(r, 5, "n", c->n, 0);
    if (!s)
        s = check_min(r, 6, "k", c->k, 0);
    if (!s)
        s = check_min(r, 9, "lda", c->lda, hetla__max1(rows));
    if (!s && c->two)
        s = check_min(r, 11, "ldb", c->ldb, hetla__max1(rows));
    if (!s)
        s = check_min(r, cpos + 1, "ldc", c->ldc, hetla__max1(c->n));
    if (!s)
        s = check_ptr(r, 8, "A", c->A, c->n > 0 && c->k > 0);
    if (!s && c->two)
        s = check_ptr(r, 10, "B", c->B, c->n > 0 && c->k > 0);
    if (!s)
        s = check_ptr(r, cpos, "C", c->C, c->n > 0);
    return s;
}

hetla_status hetla__rank_sync(hetla_context *ctx, const hetla__l3_routine *r, const hetla__rank_call *c)
{
    hetla_status s = rank_check(ctx, r, c);
    hetla__rank_args a = c->a;
    hetla_int n = c->n, k = c->k;
    if (s || n == 0 || ((a.alpha == 0 || k == 0) && a.beta == 1))
        return s;
    if (c->layout == HETLA_ROW_MAJOR) {
        /* C^T: the other triangle of the other product; for her2k the two
         * terms trade places, which conjugates alpha */
        a.uplo = flip_uplo(a.uplo);
        a.trans = a.trans == HETLA_NO_TRANS ? r->star : HETLA_NO_TRANS;
        if (c->two && r->star == HETLA_CONJ_TRANS)
            a.alpha = conj(a.alpha);
    }
    int notrans = a.trans == HETLA_NO_TRANS, nops = c->two ? 3 : 2;
    size_t rows = (size_t)(notrans ? n : k), cols = (size_t)(notrans ? k : n);
    hetla__operand ops[3] = {{(void *)c->A, rows, cols, (size_t)c->lda, r->type, HETLA_R},
                             {(void *)c->B, rows, cols, (size_t)c->ldb, r->type, HETLA_R}};
    /* one triangle is written, so the other must come back intact: RW */
    ops[nops - 1] = (hetla__operand){c->C, (size_t)n, (size_t)n, (size_t)c->ldc, r->type, HETLA_RW};
    double fmas = (double)n * (double)n * (double)k / (c->two ? 1 : 2);
    if (a.alpha == 0 || k == 0) /* C := beta C on the triangle: the operation given C alone */
        return hetla__blas_run(ctx, r->op, &ops[nops - 1], 1, &a, sizeof a, 1);
    if (!hetla__blas_tiled_pays(ctx, r->op, fmas))
        return hetla__blas_run(ctx, r->op, ops, nops, &a, sizeof a, 1);
    hetla__views v;
    s = hetla__views_create(ctx, ops, nops, 0, &v);
    if (!s)
        s = hetla__rank_tiled(r, &a, c->two, v.t[0], c->two ? v.t[1] : NULL, v.t[nops - 1], v.seq);
    return hetla__views_destroy(&v, s);
}

/* ---- TRMM, TRSM -------------------------------------------------------------------- */

static hetla_status trxm_check(hetla_context *ctx, const hetla__l3_routine *r, const hetla__trxm_call *c)
{
    hetla_status s = check_head(r, ctx, c->layout);
    if (!s)
        s = hetla__trxm_opts_check(r, "", 3, &c->a);
    if (s)
        return s;
    hetla_int ka = c->a.side == HETLA_LEFT ? c->m : c->n, rows = c->layout == HETLA_COL_MAJOR ? c->m : c->n;
    int used = c->m > 0 && c->n > 0;
    s = check_min(r, 7, "m", c->m, 0);
    if (!s)
        s = check_min(r, 8, "n", c->n, 0);
    if (!s)
        s = check_min(r, 11, "lda", c->lda, hetla__max1(ka));
    if (!s)
        s = check_min(r, 13, "ldb", c->ldb, hetla__max1(rows));
    if (!s)
        s = check_ptr(r, 10, "A", c->A, used);
    if (!s)
        s = check_ptr(r, 12, "B", c->B, used);
    return s;
}

hetla_status hetla__trxm_sync(hetla_context *ctx, const hetla__l3_routine *r, const hetla__trxm_call *c)
{
    hetla_status s = trxm_check(ctx, r, c);
    hetla__trxm_args a = c->a;
    hetla_int m = c->m, n = c->n;
    if (s || m == 0 || n == 0)
        return s;
    if (c->layout == HETLA_ROW_MAJOR) { /* B^T := alpha B^T op(A)^T, op(A)^T = op(A^T) */
        a.side = flip_side(a.side), a.uplo = flip_uplo(a.uplo), m = c->n, n = c->m;
    }
    hetla_int ka = a.side == HETLA_LEFT ? m : n;
    hetla__operand ops[2] = {{(void *)c->A, (size_t)ka, (size_t)ka, (size_t)c->lda, r->type, HETLA_R},
                             {c->B, (size_t)m, (size_t)n, (size_t)c->ldb, r->type, HETLA_RW}};
    if (a.alpha == 0)
        return scale_only(ctx, r, ops[1], 0);
    if (!hetla__blas_tiled_pays(ctx, r->op, (double)m * (double)n * (double)ka / 2))
        return hetla__blas_run(ctx, r->op, ops, 2, &a, sizeof a, 1);
    hetla__views v;
    s = hetla__views_create(ctx, ops, 2, 0, &v);
    if (!s)
        s = c->solve ? hetla__trsm_tiled(r, &a, v.t[0], v.t[1], v.seq)
                     : hetla__trmm_tiled(r, &a, v.t[0], v.t[1], v.seq);
    return hetla__views_destroy(&v, s);
}

/* ---- task forms ---------------------------------------------------------------------- */

static hetla_status task_start(hetla_context *ctx, const hetla__l3_routine *r, char *fn, size_t len)
{
    snprintf(fn, len, "hetla_%s_task", r->op);
    return ctx ? HETLA_SUCCESS : hetla__arg_error(fn, 1, "ctx", "is NULL");
}

static hetla_status check_square(const char *fn, int pos, const char *name, const hetla__shape *a, size_t n,
                                 const char *what)
{
    if (a->m == n && a->n == n)
        return HETLA_SUCCESS;
    return hetla__arg_error(fn, pos, name, "is %zu x %zu, must be %zu x %zu (%s)", a->m, a->n, n, n, what);
}

hetla_status hetla__symm_task(hetla_context *ctx, const hetla_task_opts *opts, const hetla__l3_routine *r,
                              const hetla__symm_args *a, hetla_data *A, hetla_data *B, hetla_data *C)
{
    char fn[48];
    hetla__shape sa, sb, sc;
    hetla_status s = task_start(ctx, r, fn, sizeof fn);
    if (!s)
        s = hetla__symm_opts_check(r, "_task", 3, a);
    if (!s)
        s = hetla__shape_get(fn, 6, "A", A, r->type, &sa);
    if (!s)
        s = hetla__shape_get(fn, 7, "B", B, r->type, &sb);
    if (!s)
        s = hetla__shape_get(fn, 9, "C", C, r->type, &sc);
    if (!s)
        s = check_square(fn, 6, "A", &sa, a->side == HETLA_LEFT ? sc.m : sc.n,
                         "C's rows for side left, columns for right");
    if (!s && (sb.m != sc.m || sb.n != sc.n))
        s = hetla__arg_error(fn, 7, "B", "is %zu x %zu, C is %zu x %zu", sb.m, sb.n, sc.m, sc.n);
    if (s)
        return s;
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, a->beta == 0 ? HETLA_W : HETLA_RW}};
    return hetla__blas_task(ctx, opts, r->op, data, 3, a, sizeof *a);
}

hetla_status hetla__rank_task(hetla_context *ctx, const hetla_task_opts *opts, const hetla__l3_routine *r,
                              const hetla__rank_args *a, int two, hetla_data *A, hetla_data *B, hetla_data *C)
{
    char fn[48];
    hetla__shape sa, sb, sc;
    int cpos = two ? 9 : 8;
    hetla_status s = task_start(ctx, r, fn, sizeof fn);
    if (!s)
        s = hetla__rank_opts_check(r, "_task", 3, a);
    if (!s)
        s = hetla__shape_get(fn, 6, "A", A, r->type, &sa);
    if (!s && two)
        s = hetla__shape_get(fn, 7, "B", B, r->type, &sb);
    if (!s)
        s = hetla__shape_get(fn, cpos, "C", C, r->type, &sc);
    if (!s)
        s = check_square(fn, cpos, "C", &sc, sc.m, "C is square");
    if (!s && (a->trans == HETLA_NO_TRANS ? sa.m : sa.n) != sc.m)
        s = hetla__arg_error(fn, 6, "A", "is %zu x %zu, so op(A) has not C's %zu rows", sa.m, sa.n, sc.m);
    if (!s && two && (sb.m != sa.m || sb.n != sa.n))
        s = hetla__arg_error(fn, 7, "B", "is %zu x %zu, A is %zu x %zu", sb.m, sb.n, sa.m, sa.n);
    if (s)
        return s;
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, HETLA_RW}};
    if (!two)
        data[1] = data[2];
    return hetla__blas_task(ctx, opts, r->op, data, two ? 3 : 2, a, sizeof *a);
}

hetla_status hetla__trxm_task(hetla_context *ctx, const hetla_task_opts *opts, const hetla__l3_routine *r,
                              const hetla__trxm_args *a, hetla_data *A, hetla_data *B)
{
    char fn[48];
    hetla__shape sa, sb;
    hetla_status s = task_start(ctx, r, fn, sizeof fn);
    if (!s)
        s = hetla__trxm_opts_check(r, "_task", 3, a);
    if (!s)
        s = hetla__shape_get(fn, 8, "A", A, r->type, &sa);
    if (!s)
        s = hetla__shape_get(fn, 9, "B", B, r->type, &sb);
    if (!s)
        s = check_square(fn, 8, "A", &sa, a->side == HETLA_LEFT ? sb.m : sb.n,
                         "B's rows for side left, columns for right");
    if (s)
        return s;
    hetla_task_arg data[2] = {{A, HETLA_R}, {B, HETLA_RW}};
    return hetla__blas_task(ctx, opts, r->op, data, 2, a, sizeof *a);
}
