/* What the level-2 routines of every precision share: argument checks in
 * the reference CBLAS's order, the BLAS quick returns, the mapping of
 * row-major calls onto column-major ones with their conjugated copies, and
 * the shape checks of the task forms. */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/blas/level2.h"

/* ---- argument checks ----------------------------------------------------- */

static int is_complex(hetla_dtype t) { return t == HETLA_COMPLEX || t == HETLA_ZCOMPLEX; }

static hetla_status check_min(const char *fn, int pos, const char *name, hetla_int v, hetla_int min)
{
    if (v >= min)
        return HETLA_SUCCESS;
    return hetla__arg_error(fn, pos, name, "is %lld, must be >= %lld", (long long)v, (long long)min);
}

static hetla_status check_inc(const char *fn, int pos, const char *name, hetla_int inc)
{
    return inc ? HETLA_SUCCESS : hetla__arg_error(fn, pos, name, "is 0");
}

/* Arrays may be NULL only where nothing would be referenced. */
static hetla_status check_ptr(const char *fn, int pos, const char *name, const void *p, int used)
{
    return p || !used ? HETLA_SUCCESS : hetla__arg_error(fn, pos, name, "is NULL");
}

static hetla_status check_enum(const char *fn, int pos, const char *name, int ok, int v, const char *type)
{
    return ok ? HETLA_SUCCESS : hetla__arg_error(fn, pos, name, "is %d, not a %s", v, type);
}

static hetla_status check_ctx_layout(const char *fn, const hetla_context *ctx, hetla_layout layout)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    return check_enum(fn, 2, "layout", hetla__layout_ok(layout), (int)layout, "hetla_layout");
}

static const char *matrix_name(hetla__storage st) { return st == HETLA__PACKED ? "Ap" : "A"; }

/* ---- the row-major mapping -------------------------------------------------
 * A row-major matrix is the column-major storage of its transpose: trans
 * flips, and the upper triangle of A is the lower one of A^T. Column-major
 * BLAS has no "conjugate without transpose", which a row-major
 * conjugate-transpose or hermitian call needs; as the reference CBLAS does,
 * such a call runs on conjugated vectors and its result is conjugated back. */

static hetla_trans flip_trans(hetla_trans t, hetla_dtype type, int *conjugate)
{
    *conjugate = t == HETLA_CONJ_TRANS && is_complex(type);
    return t == HETLA_NO_TRANS ? HETLA_TRANS : HETLA_NO_TRANS;
}

static hetla_uplo flip_uplo(hetla_uplo u) { return u == HETLA_UPPER ? HETLA_LOWER : HETLA_UPPER; }

/* Negates the imaginary parts of the n entries of x (increment inc). */
static void conj_in_place(hetla_dtype t, hetla_int n, void *x, hetla_int inc)
{
    size_t step = (size_t)(inc < 0 ? -inc : inc);
    for (size_t i = 0; i < (size_t)n; i++)
        if (t == HETLA_ZCOMPLEX) {
            hetla_zcomplex *z = (hetla_zcomplex *)x + i * step;
            *z = conj(*z);
        } else {
            hetla_ccomplex *c = (hetla_ccomplex *)x + i * step;
            *c = conjf(*c);
        }
}

/* A conjugated contiguous copy of the vector (n, inc), in the same storage
 * order, so its increment *copy_inc is the sign of inc; free() it. */
static hetla_status conj_copy(hetla_dtype t, hetla_int n, const void *x, hetla_int inc, void **copy,
                              hetla_int *copy_inc)
{
    size_t es = hetla_dtype_size(t), step = (size_t)(inc < 0 ? -inc : inc);
    char *c = malloc((size_t)n * es);
    if (!c)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "no memory for a conjugated copy of %lld entries", (long long)n);
    for (size_t i = 0; i < (size_t)n; i++)
        memcpy(c + i * es, (const char *)x + i * step * es, es);
    conj_in_place(t, n, c, 1);
    *copy = c;
    *copy_inc = inc < 0 ? -1 : 1;
    return HETLA_SUCCESS;
}

/* The operand of a column-major matrix argument: rows x n with lda, or a
 * packed n x n triangle. */
static hetla__operand matrix_operand(hetla__storage st, hetla_dtype t, const void *A, hetla_int rows, hetla_int n,
                                     hetla_int lda, hetla_access mode)
{
    if (st == HETLA__PACKED) {
        size_t len = (size_t)n * (size_t)(n + 1) / 2;
        return (hetla__operand){(void *)A, len, 1, len, t, mode};
    }
    return (hetla__operand){(void *)A, (size_t)rows, (size_t)n, (size_t)lda, t, mode};
}

/* ---- y := alpha op(A) x + beta y ----------------------------------------- */

static int mv_bands(int general, hetla__storage st) { return st != HETLA__BAND ? 0 : general ? 2 : 1; }

static hetla_status mv_check(hetla_context *ctx, const hetla__mv_call *c)
{
    const char *fn = c->r.fn;
    int band = c->r.storage == HETLA__BAND, packed = c->r.storage == HETLA__PACKED;
    /* gemv and gbmv take trans and m before n, the others uplo */
    int pn = c->general ? 5 : 4, pA = pn + 2 + mv_bands(c->general, c->r.storage), px = pA + (packed ? 1 : 2);
    hetla_int m = c->general ? c->m : c->n;
    hetla_status s = check_ctx_layout(fn, ctx, c->layout);
    if (!s && c->general)
        s = check_enum(fn, 3, "trans", hetla__trans_ok(c->a.trans), (int)c->a.trans, "hetla_trans");
    if (!s && c->general)
        s = check_min(fn, 4, "m", c->m, 0);
    if (!s && !c->general)
        s = check_enum(fn, 3, "uplo", hetla__uplo_ok(c->a.uplo), (int)c->a.uplo, "hetla_uplo");
    if (!s)
        s = check_min(fn, pn, "n", c->n, 0);
    hetla_int lda_min = hetla__max1(c->layout == HETLA_COL_MAJOR ? m : c->n);
    if (band && c->general) {
        if (!s)
            s = check_min(fn, pn + 1, "kl", c->a.kl, 0);
        if (!s)
            s = check_min(fn, pn + 2, "ku", c->a.ku, 0);
        lda_min = c->a.kl + c->a.ku + 1;
    } else if (band) {
        if (!s)
            s = check_min(fn, pn + 1, "k", c->a.k, 0);
        lda_min = c->a.k + 1;
    }
    if (!s && !packed)
        s = check_min(fn, pA + 1, "lda", c->lda, lda_min);
    if (!s)
        s = check_inc(fn, px + 1, "incx", c->incx);
    if (!s)
        s = check_inc(fn, px + 4, "incy", c->incy);
    int used = m > 0 && c->n > 0;
    if (!s)
        s = check_ptr(fn, pA, matrix_name(c->r.storage), c->A, used);
    if (!s)
        s = check_ptr(fn, px, "x", c->x, used);
    if (!s)
        s = check_ptr(fn, px + 3, "y", c->y, used);
    return s;
}

/* Runs the column-major call c on matrix operand A; with @p conjugate, on
 * conj(x), conj(y) and conjugated scalars, conjugating y back after. */
static hetla_status mv_run(hetla_context *ctx, const hetla__mv_call *c, hetla__operand A, hetla_int lenx,
                           hetla_int leny, int conjugate)
{
    hetla__mv_args a = c->a;
    const void *x = c->x;
    hetla_int incx = c->incx;
    void *copy = NULL;
    if (conjugate) {
        hetla_status s = conj_copy(c->r.type, lenx, c->x, c->incx, &copy, &incx);
        if (s)
            return s;
        x = copy;
        a.alpha = conj(a.alpha);
        a.beta = conj(a.beta);
    }
    int y_read = a.beta != 0; /* beta = 0: y is only written (NaN there must not leak) */
    if (conjugate && y_read)
        conj_in_place(c->r.type, leny, c->y, c->incy);
    hetla__operand ops[3] = {
        A, hetla__vec_operand(x, lenx, incx, c->r.type, HETLA_R, &a.x),
        hetla__vec_operand(c->y, leny, c->incy, c->r.type, y_read ? HETLA_RW : HETLA_W, &a.y)};
    hetla_status s = hetla__blas_run(ctx, c->r.op, ops, 3, &a, sizeof a, 1);
    if (conjugate && (y_read || !s)) /* a failed call leaves y as it found it */
        conj_in_place(c->r.type, leny, c->y, c->incy);
    free(copy);
    return s;
}

hetla_status hetla__mv_sync(hetla_context *ctx, const hetla__mv_call *call)
{
    hetla_status s = mv_check(ctx, call);
    hetla__mv_call c = *call;
    if (!c.general)
        c.m = c.n;
    if (s || c.m == 0 || c.n == 0 || (c.a.alpha == 0 && c.a.beta == 1))
        return s;
    int conjugate = 0;
    if (c.layout == HETLA_ROW_MAJOR && c.general) {
        hetla_int t = c.m;
        c.m = c.n, c.n = t;
        t = c.a.kl;
        c.a.kl = c.a.ku, c.a.ku = t;
        c.a.trans = flip_trans(c.a.trans, c.r.type, &conjugate);
    } else if (c.layout == HETLA_ROW_MAJOR) { /* column-major sees A^T = conj(A) */
        c.a.uplo = flip_uplo(c.a.uplo);
        conjugate = is_complex(c.r.type);
    }
    hetla_int rows = c.r.storage != HETLA__BAND ? c.m : c.general ? c.a.kl + c.a.ku + 1 : c.a.k + 1;
    int notrans = !c.general || c.a.trans == HETLA_NO_TRANS;
    hetla__operand A = matrix_operand(c.r.storage, c.r.type, c.A, rows, c.n, c.lda, HETLA_R);
    return mv_run(ctx, &c, A, notrans ? c.n : c.m, notrans ? c.m : c.n, conjugate);
}

/* ---- x := op(A) x, x := op(A)^-1 x --------------------------------------- */

static hetla_status tri_check(hetla_context *ctx, const hetla__tri_call *c)
{
    const char *fn = c->r.fn;
    int band = c->r.storage == HETLA__BAND, packed = c->r.storage == HETLA__PACKED;
    int pA = 7 + band, px = pA + (packed ? 1 : 2);
    hetla_status s = check_ctx_layout(fn, ctx, c->layout);
    if (!s)
        s = check_enum(fn, 3, "uplo", hetla__uplo_ok(c->a.uplo), (int)c->a.uplo, "hetla_uplo");
    if (!s)
        s = check_enum(fn, 4, "trans", hetla__trans_ok(c->a.trans), (int)c->a.trans, "hetla_trans");
    if (!s)
        s = check_enum(fn, 5, "diag", hetla__diag_ok(c->a.diag), (int)c->a.diag, "hetla_diag");
    if (!s)
        s = check_min(fn, 6, "n", c->n, 0);
    if (!s && band)
        s = check_min(fn, 7, "k", c->a.k, 0);
    if (!s && !packed)
        s = check_min(fn, pA + 1, "lda", c->lda, band ? c->a.k + 1 : hetla__max1(c->n));
    if (!s)
        s = check_inc(fn, px + 1, "incx", c->incx);
    if (!s)
        s = check_ptr(fn, pA, matrix_name(c->r.storage), c->A, c->n > 0);
    if (!s)
        s = check_ptr(fn, px, "x", c->x, c->n > 0);
    return s;
}

hetla_status hetla__tri_sync(hetla_context *ctx, const hetla__tri_call *c)
{
    hetla_status s = tri_check(ctx, c);
    if (s || c->n == 0)
        return s;
    hetla__tri_args a = c->a;
    int conjugate = 0;
    if (c->layout == HETLA_ROW_MAJOR) {
        a.uplo = flip_uplo(a.uplo);
        a.trans = flip_trans(a.trans, c->r.type, &conjugate);
    }
    hetla_int rows = c->r.storage == HETLA__BAND ? a.k + 1 : c->n;
    hetla__operand ops[2] = {matrix_operand(c->r.storage, c->r.type, c->A, rows, c->n, c->lda, HETLA_R),
                             hetla__vec_operand(c->x, c->n, c->incx, c->r.type, HETLA_RW, &a.x)};
    if (conjugate)
        conj_in_place(c->r.type, c->n, c->x, c->incx);
    s = hetla__blas_run(ctx, c->r.op, ops, 2, &a, sizeof a, 1);
    if (conjugate)
        conj_in_place(c->r.type, c->n, c->x, c->incx);
    return s;
}

/* ---- A := alpha x y^T + A, A := alpha x y^H + A ---------------------------- */

static hetla_status ger_check(hetla_context *ctx, const hetla__ger_call *c)
{
    const char *fn = c->r.fn;
    hetla_status s = check_ctx_layout(fn, ctx, c->layout);
    if (!s)
        s = check_min(fn, 3, "m", c->m, 0);
    if (!s)
        s = check_min(fn, 4, "n", c->n, 0);
    if (!s)
        s = check_inc(fn, 7, "incx", c->incx);
    if (!s)
        s = check_inc(fn, 9, "incy", c->incy);
    if (!s)
        s = check_min(fn, 11, "lda", c->lda, hetla__max1(c->layout == HETLA_COL_MAJOR ? c->m : c->n));
    int used = c->m > 0 && c->n > 0;
    if (!s)
        s = check_ptr(fn, 6, "x", c->x, used);
    if (!s)
        s = check_ptr(fn, 8, "y", c->y, used);
    if (!s)
        s = check_ptr(fn, 10, "A", c->A, used);
    return s;
}

hetla_status hetla__ger_sync(hetla_context *ctx, const hetla__ger_call *call)
{
    hetla_status s = ger_check(ctx, call);
    if (s || call->m == 0 || call->n == 0 || call->alpha == 0)
        return s;
    hetla__ger_call c = *call;
    const char *op = c.r.op;
    void *copy = NULL;
    if (c.layout == HETLA_ROW_MAJOR) { /* A^T := alpha y x^T + A^T; gerc: alpha conj(y) x^T */
        hetla_int t = c.m;
        c.m = c.n, c.n = t;
        const void *p = c.x;
        c.x = c.y, c.y = p;
        t = c.incx;
        c.incx = c.incy, c.incy = t;
        op = c.op_u;
        if (c.conjugated && is_complex(c.r.type)) {
            s = conj_copy(c.r.type, c.m, c.x, c.incx, &copy, &c.incx);
            if (s)
                return s;
            c.x = copy;
        }
    }
    hetla__update_args a = {.alpha = c.alpha};
    hetla__operand ops[3] = {hetla__vec_operand(c.x, c.m, c.incx, c.r.type, HETLA_R, &a.x),
                             hetla__vec_operand(c.y, c.n, c.incy, c.r.type, HETLA_R, &a.y),
                             {c.A, (size_t)c.m, (size_t)c.n, (size_t)c.lda, c.r.type, HETLA_RW}};
    s = hetla__blas_run(ctx, op, ops, 3, &a, sizeof a, 1);
    free(copy);
    return s;
}

/* ---- hermitian (symmetric) rank-1 and rank-2 updates ----------------------- */

static hetla_status her_check(hetla_context *ctx, const hetla__her_call *c)
{
    const char *fn = c->r.fn;
    int pA = 8 + 2 * c->two;
    hetla_status s = check_ctx_layout(fn, ctx, c->layout);
    if (!s)
        s = check_enum(fn, 3, "uplo", hetla__uplo_ok(c->uplo), (int)c->uplo, "hetla_uplo");
    if (!s)
        s = check_min(fn, 4, "n", c->n, 0);
    if (!s)
        s = check_inc(fn, 7, "incx", c->incx);
    if (!s && c->two)
        s = check_inc(fn, 9, "incy", c->incy);
    if (!s && c->r.storage != HETLA__PACKED)
        s = check_min(fn, pA + 1, "lda", c->lda, hetla__max1(c->n));
    if (!s)
        s = check_ptr(fn, 6, "x", c->x, c->n > 0);
    if (!s && c->two)
        s = check_ptr(fn, 8, "y", c->y, c->n > 0);
    if (!s)
        s = check_ptr(fn, pA, matrix_name(c->r.storage), c->A, c->n > 0);
    return s;
}

/* Row-major: column-major sees A^T = conj(A), whose update is
 * alpha conj(x) conj(x)^H, or conj(alpha) conj(x) conj(y)^H + its
 * conjugate transpose: the same call on conjugated vectors and alpha. */
static hetla_status her_conjugate(hetla__her_call *c, void *copies[2])
{
    hetla_status s = conj_copy(c->r.type, c->n, c->x, c->incx, &copies[0], &c->incx);
    if (!s && c->two)
        s = conj_copy(c->r.type, c->n, c->y, c->incy, &copies[1], &c->incy);
    c->x = copies[0];
    c->y = c->two ? copies[1] : c->y;
    c->alpha = conj(c->alpha);
    return s;
}

hetla_status hetla__her_sync(hetla_context *ctx, const hetla__her_call *call)
{
    hetla_status s = her_check(ctx, call);
    if (s || call->n == 0 || call->alpha == 0)
        return s;
    hetla__her_call c = *call;
    void *copies[2] = {NULL, NULL};
    if (c.layout == HETLA_ROW_MAJOR) {
        c.uplo = flip_uplo(c.uplo);
        if (is_complex(c.r.type))
            s = her_conjugate(&c, copies);
    }
    hetla__update_args a = {.uplo = c.uplo, .alpha = c.alpha};
    hetla__operand ops[3];
    int nops = 0;
    ops[nops++] = hetla__vec_operand(c.x, c.n, c.incx, c.r.type, HETLA_R, &a.x);
    if (c.two)
        ops[nops++] = hetla__vec_operand(c.y, c.n, c.incy, c.r.type, HETLA_R, &a.y);
    ops[nops++] = matrix_operand(c.r.storage, c.r.type, c.A, c.n, c.n, c.lda, HETLA_RW);
    if (!s)
        s = hetla__blas_run(ctx, c.r.op, ops, nops, &a, sizeof a, 1);
    free(copies[0]);
    free(copies[1]);
    return s;
}

/* ---- task forms ------------------------------------------------------------ */

/* Checks that handle shape A holds a rows x cols matrix in storage st (a
 * band: at least bands + 1 rows). */
static hetla_status check_fit(const char *fn, int pos, hetla__storage st, const hetla__shape *A, hetla_int rows,
                              hetla_int cols, hetla_int bands)
{
    const char *name = matrix_name(st);
    size_t r = (size_t)rows, c = (size_t)cols;
    if (st == HETLA__FULL && (A->m != r || A->n != c))
        return hetla__arg_error(fn, pos, name, "is %zu x %zu, the vectors make it %zu x %zu", A->m, A->n, r, c);
    if (st == HETLA__BAND && (A->n != c || A->m < (size_t)bands + 1))
        return hetla__arg_error(fn, pos, name, "is %zu x %zu, must have %zu columns and at least %lld rows", A->m,
                                A->n, c, (long long)bands + 1);
    if (st == HETLA__PACKED && (A->n != 1 || A->m != c * (c + 1) / 2))
        return hetla__arg_error(fn, pos, name, "is %zu x %zu, must be a column of n(n+1)/2 = %zu entries", A->m,
                                A->n, c * (c + 1) / 2);
    return HETLA_SUCCESS;
}

static hetla_status check_ctx(const char *fn, const hetla_context *ctx)
{
    return ctx ? HETLA_SUCCESS : hetla__arg_error(fn, 1, "ctx", "is NULL");
}

static hetla_status mv_task_options(const hetla__mv_task *t)
{
    const char *fn = t->r.fn;
    int band = t->r.storage == HETLA__BAND;
    hetla_status s;
    if (t->general)
        s = check_enum(fn, 3, "trans", hetla__trans_ok(t->a.trans), (int)t->a.trans, "hetla_trans");
    else
        s = check_enum(fn, 3, "uplo", hetla__uplo_ok(t->a.uplo), (int)t->a.uplo, "hetla_uplo");
    if (!s && band && t->general)
        s = check_min(fn, 4, "kl", t->a.kl, 0);
    if (!s && band && t->general)
        s = check_min(fn, 5, "ku", t->a.ku, 0);
    if (!s && band && !t->general)
        s = check_min(fn, 4, "k", t->a.k, 0);
    return s;
}

hetla_status hetla__mv_task_insert(hetla_context *ctx, const hetla_task_opts *opts, const hetla__mv_task *t)
{
    const char *fn = t->r.fn;
    int pA = 5 + mv_bands(t->general, t->r.storage);
    hetla__mv_args a = t->a;
    hetla__shape A;
    hetla_status s = check_ctx(fn, ctx);
    if (!s)
        s = hetla__shape_get(fn, pA, matrix_name(t->r.storage), t->A, t->r.type, &A);
    if (!s)
        s = hetla__vec_handle(fn, pA + 1, "x", t->x, t->r.type, &a.x);
    if (!s)
        s = hetla__vec_handle(fn, pA + 3, "y", t->y, t->r.type, &a.y);
    if (!s)
        s = mv_task_options(t);
    int notrans = !t->general || t->a.trans == HETLA_NO_TRANS;
    hetla_int rows = notrans ? a.y.n : a.x.n, cols = notrans ? a.x.n : a.y.n;
    if (!s && !t->general && rows != cols)
        return hetla__arg_error(fn, pA + 3, "y", "has %lld entries, x %lld", (long long)rows, (long long)cols);
    if (!s)
        s = check_fit(fn, pA, t->r.storage, &A, rows, cols, t->general ? t->a.kl + t->a.ku : t->a.k);
    if (s)
        return s;
    hetla_task_arg data[3] = {{t->A, HETLA_R}, {t->x, HETLA_R}, {t->y, a.beta == 0 ? HETLA_W : HETLA_RW}};
    return hetla__blas_task(ctx, opts, t->r.op, data, 3, &a, sizeof a);
}

hetla_status hetla__tri_task_insert(hetla_context *ctx, const hetla_task_opts *opts, const hetla__tri_task *t)
{
    const char *fn = t->r.fn;
    int band = t->r.storage == HETLA__BAND, pA = 6 + band;
    hetla__tri_args a = t->a;
    hetla__shape A;
    hetla_status s = check_ctx(fn, ctx);
    if (!s)
        s = hetla__shape_get(fn, pA, matrix_name(t->r.storage), t->A, t->r.type, &A);
    if (!s)
        s = hetla__vec_handle(fn, pA + 1, "x", t->x, t->r.type, &a.x);
    if (!s)
        s = check_enum(fn, 3, "uplo", hetla__uplo_ok(a.uplo), (int)a.uplo, "hetla_uplo");
    if (!s)
        s = check_enum(fn, 4, "trans", hetla__trans_ok(a.trans), (int)a.trans, "hetla_trans");
    if (!s)
        s = check_enum(fn, 5, "diag", hetla__diag_ok(a.diag), (int)a.diag, "hetla_diag");
    if (!s && band)
        s = check_min(fn, 6, "k", a.k, 0);
    if (!s)
        s = check_fit(fn, pA, t->r.storage, &A, a.x.n, a.x.n, a.k);
    if (s)
        return s;
    hetla_task_arg data[2] = {{t->A, HETLA_R}, {t->x, HETLA_RW}};
    return hetla__blas_task(ctx, opts, t->r.op, data, 2, &a, sizeof a);
}

hetla_status hetla__update_task_insert(hetla_context *ctx, const hetla_task_opts *opts,
                                       const hetla__update_task *t)
{
    const char *fn = t->r.fn;
    /* ger: alpha x y A; the hermitian ones: uplo alpha x [y] A */
    int px = t->ger ? 4 : 5, pA = px + 1 + t->two;
    hetla__update_args a = t->a;
    hetla__shape A;
    hetla_status s = check_ctx(fn, ctx);
    if (!s)
        s = hetla__vec_handle(fn, px, "x", t->x, t->r.type, &a.x);
    if (!s && t->two)
        s = hetla__vec_handle(fn, px + 1, "y", t->y, t->r.type, &a.y);
    if (!s)
        s = hetla__shape_get(fn, pA, matrix_name(t->r.storage), t->A, t->r.type, &A);
    if (!s && !t->ger)
        s = check_enum(fn, 3, "uplo", hetla__uplo_ok(a.uplo), (int)a.uplo, "hetla_uplo");
    if (!s && !t->ger && t->two && a.y.n != a.x.n)
        return hetla__arg_error(fn, px + 1, "y", "has %lld entries, x %lld", (long long)a.y.n, (long long)a.x.n);
    if (!s)
        s = check_fit(fn, pA, t->r.storage, &A, a.x.n, t->ger ? a.y.n : a.x.n, 0);
    if (s)
        return s;
    hetla_task_arg data[3];
    int n = 0;
    data[n++] = (hetla_task_arg){t->x, HETLA_R};
    if (t->two)
        data[n++] = (hetla_task_arg){t->y, HETLA_R};
    data[n++] = (hetla_task_arg){t->A, HETLA_RW};
    return hetla__blas_task(ctx, opts, t->r.op, data, n, &a, sizeof a);
}

/* ---- flop counts ----------------------------------------------------------- */

hetla__flops hetla__band_entries(hetla_int m, hetla_int n, hetla_int kl, hetla_int ku)
{
    hetla__flops e = 0;
    for (hetla_int j = 0; j < n; j++) {
        hetla_int lo = j > ku ? j - ku : 0, hi = j + kl < m - 1 ? j + kl : m - 1;
        e += hi >= lo ? (hetla__flops)(hi - lo + 1) : 0;
    }
    return e;
}
