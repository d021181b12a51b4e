/* Batched Cholesky and LU on fixed-size batches and their solves: the
 * operations "zpotrf_batch", "zpotrs_batch", "zgetrf_batch" (with or
 * without pivoting), "zgetrs_batch" and their synchronous calls. Each
 * matrix's info is its own: a failed matrix does not stop the others.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <stdlib.h>

#include "zbatch_kernels.h"

static hetla_int *info_of(const hetla_exec *x, const hetla__batch_head *h)
{
    return x->buf[h->info_buf].ptr;
}

static hetla_int *piv_of(const hetla_exec *x, const hetla__batch_head *h, hetla_int t)
{
    return h->piv_buf < 0 ? NULL : (hetla_int *)x->buf[h->piv_buf].ptr + (size_t)t * x->buf[h->piv_buf].ld;
}

/* ---- the operations -------------------------------------------------------------- */

static hetla_status zpotrf_generic(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t s;
        hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &s);
        info_of(x, &a.h)[t] = hetla__zbatch_potrf1(a.uplo, a.n, A, a.h.op[0].ld, s);
    }
    return HETLA_SUCCESS;
}

static void zpotrf_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                         hetla_int *info, hetla__prefetch *pf)
{
    (void)piv, (void)pf;
    hetla__zbatch_simd_best()->potrf(args, hetla__zbatch_lanes(p, s, ld, 0), info);
}

static hetla_status zpotrf_native(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    return k ? hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u, 0, 0, zpotrf_lanes)
             : zpotrf_generic(x);
}

static hetla_status zpotrs_generic(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t sa, sb;
        const hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &sa);
        hetla_zcomplex *B = hetla__zbatch_mat(x, &a.h, 1, t, &sb);
        hetla__zbatch_potrs1(a.uplo, a.n, a.nrhs, A, a.h.op[0].ld, sa, B, a.h.op[1].ld, sb);
    }
    return HETLA_SUCCESS;
}

static void zpotrs_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                         hetla_int *info, hetla__prefetch *pf)
{
    (void)piv, (void)info, (void)pf;
    hetla__zbatch_simd_best()->potrs(args, hetla__zbatch_lanes(p, s, ld, 0), hetla__zbatch_lanes(p, s, ld, 1));
}

static hetla_status zpotrs_native(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    return k ? hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u << 1, 0, 0, zpotrs_lanes)
             : zpotrs_generic(x);
}

static hetla_status zgetrf_generic(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t s;
        hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &s);
        info_of(x, &a.h)[t] = hetla__zbatch_getrf1(a.m, a.n, A, a.h.op[0].ld, s, piv_of(x, &a.h, t), 1);
    }
    return HETLA_SUCCESS;
}

static void zgetrf_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                         hetla_int *info, hetla__prefetch *pf)
{
    (void)pf;
    hetla__zbatch_simd_best()->getrf(args, hetla__zbatch_lanes(p, s, ld, 0), piv, info);
}

static hetla_status zgetrf_native(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    return k ? hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u, 1, 0, zgetrf_lanes)
             : zgetrf_generic(x);
}

static hetla_status zgetrs_generic(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t sa, sb;
        const hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &sa);
        hetla_zcomplex *B = hetla__zbatch_mat(x, &a.h, 1, t, &sb);
        hetla__zbatch_getrs1(a.trans, a.n, a.nrhs, A, a.h.op[0].ld, sa, piv_of(x, &a.h, t), 1, B, a.h.op[1].ld, sb);
    }
    return HETLA_SUCCESS;
}

static void zgetrs_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                         hetla_int *info, hetla__prefetch *pf)
{
    (void)info, (void)pf;
    const hetla__lapack_batch_args *a = args;
    hetla__zbatch_simd_best()->getrs(a, hetla__zbatch_lanes(p, s, ld, 0), a->pivot ? piv : NULL,
                                     hetla__zbatch_lanes(p, s, ld, 1));
}

static hetla_status zgetrs_native(const hetla_exec *x)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    return k ? hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u << 1, 0, 0, zgetrs_lanes)
             : zgetrs_generic(x);
}

hetla_status hetla__zbatch_lapack_register(hetla_context *ctx)
{
    hetla_status s = hetla__zbatch_op_register(ctx, "zpotrf_batch", zpotrf_generic, zpotrf_native);
    if (!s)
        s = hetla__zbatch_op_register(ctx, "zpotrs_batch", zpotrs_generic, zpotrs_native);
    if (!s)
        s = hetla__zbatch_op_register(ctx, "zgetrf_batch", zgetrf_generic, zgetrf_native);
    if (!s)
        s = hetla__zbatch_op_register(ctx, "zgetrs_batch", zgetrs_generic, zgetrs_native);
    return s;
}

/* ---- the synchronous calls -------------------------------------------------------- */

static hetla_int info_count(const hetla_batch *b) { return b && b->count > 0 ? b->count : 0; }

/* Runs @p op on @p ops; a factorization (@p factor) reports its info
 * (into a workspace when the caller gave none) and returns
 * HETLA_NUMERICAL if a matrix failed. */
static hetla_status run(hetla_context *ctx, const char *fn, const char *op, const hetla_batch *const *ops,
                        const hetla_access *modes, int nops, hetla__lapack_batch_args *a, hetla_int *info,
                        int factor, hetla_int *ipiv, hetla_int piv, hetla_access piv_mode)
{
    hetla_int count = ops[0]->count;
    for (hetla_int i = 0; info && i < count; i++)
        info[i] = 0;
    if (count == 0 || ops[0]->rows == 0 || ops[0]->cols == 0 || (nops > 1 && ops[1]->cols == 0))
        return HETLA_SUCCESS;
    hetla_int *inf = info;
    if (factor && !inf && !(inf = calloc((size_t)count, sizeof *inf)))
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: info of %lld matrices: out of memory", fn, (long long)count);
    hetla__batch_run r;
    hetla_status s = hetla__batch_begin(ctx, &r);
    if (!s)
        s = hetla__batch_insert(&r, op, ops, modes, nops, factor ? inf : NULL, ipiv, piv, piv_mode, a, sizeof *a);
    s = hetla__batch_end(&r, s);
    if (!s && factor)
        s = hetla__batch_info_status(fn, inf, count);
    if (inf != info)
        free(inf);
    return s;
}

static hetla_status square(const char *fn, int pos, const char *name, const hetla_batch *A)
{
    hetla_status s = hetla__batch_check(fn, pos, name, A, HETLA_ZCOMPLEX);
    return s ? s : hetla__batch_conform(fn, pos, name, A, A->rows, A->rows, A->count);
}

hetla_status hetla_zpotrf_batch(hetla_context *ctx, hetla_uplo uplo, const hetla_batch *A, hetla_int *info)
{
    static const char fn[] = "hetla_zpotrf_batch";
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        s = hetla__arg_error(fn, 1, "ctx", "is NULL");
    else if (!hetla__uplo_ok(uplo))
        s = hetla__arg_error(fn, 2, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    else
        s = square(fn, 3, "A", A);
    if (s)
        return hetla__batch_fail(s, info, info_count(A));
    hetla__lapack_batch_args a = {.uplo = uplo, .m = A->rows, .n = A->rows};
    const hetla_access modes[] = {HETLA_RW};
    return run(ctx, fn, "zpotrf_batch", &A, modes, 1, &a, info, 1, NULL, 0, HETLA_R);
}

hetla_status hetla_zpotrs_batch(hetla_context *ctx, hetla_uplo uplo, const hetla_batch *A, const hetla_batch *B,
                                hetla_int *info)
{
    static const char fn[] = "hetla_zpotrs_batch";
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        s = hetla__arg_error(fn, 1, "ctx", "is NULL");
    else if (!hetla__uplo_ok(uplo))
        s = hetla__arg_error(fn, 2, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    else if (!(s = square(fn, 3, "A", A)) && !(s = hetla__batch_check(fn, 4, "B", B, HETLA_ZCOMPLEX)))
        s = hetla__batch_conform(fn, 4, "B", B, A->rows, B->cols, A->count);
    if (s)
        return hetla__batch_fail(s, info, info_count(A));
    hetla__lapack_batch_args a = {.uplo = uplo, .m = A->rows, .n = A->rows, .nrhs = B->cols};
    const hetla_batch *ops[] = {A, B};
    const hetla_access modes[] = {HETLA_R, HETLA_RW};
    return run(ctx, fn, "zpotrs_batch", ops, modes, 2, &a, info, 0, NULL, 0, HETLA_R);
}

static hetla_status getrf(hetla_context *ctx, const char *fn, const hetla_batch *A, hetla_int *ipiv, int pivot,
                          hetla_int *info)
{
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        s = hetla__arg_error(fn, 1, "ctx", "is NULL");
    else if (!(s = hetla__batch_check(fn, 2, "A", A, HETLA_ZCOMPLEX)) && pivot && !ipiv && A->count > 0 &&
             A->rows > 0 && A->cols > 0)
        s = hetla__arg_error(fn, 3, "ipiv", "is NULL");
    if (s)
        return hetla__batch_fail(s, info, info_count(A));
    hetla_int mn = A->rows < A->cols ? A->rows : A->cols;
    hetla__lapack_batch_args a = {.m = A->rows, .n = A->cols, .pivot = pivot};
    const hetla_access modes[] = {HETLA_RW};
    return run(ctx, fn, "zgetrf_batch", &A, modes, 1, &a, info, 1, pivot ? ipiv : NULL, mn, HETLA_W);
}

hetla_status hetla_zgetrf_batch(hetla_context *ctx, const hetla_batch *A, hetla_int *ipiv, hetla_int *info)
{
    return getrf(ctx, "hetla_zgetrf_batch", A, ipiv, 1, info);
}

hetla_status hetla_zgetrf_nopiv_batch(hetla_context *ctx, const hetla_batch *A, hetla_int *info)
{
    return getrf(ctx, "hetla_zgetrf_nopiv_batch", A, NULL, 0, info);
}

hetla_status hetla_zgetrs_batch(hetla_context *ctx, hetla_trans trans, const hetla_batch *A, const hetla_int *ipiv,
                                const hetla_batch *B, hetla_int *info)
{
    static const char fn[] = "hetla_zgetrs_batch";
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        s = hetla__arg_error(fn, 1, "ctx", "is NULL");
    else if (!hetla__trans_ok(trans))
        s = hetla__arg_error(fn, 2, "trans", "is %d, not a hetla_trans", (int)trans);
    else if (!(s = square(fn, 3, "A", A)) && !(s = hetla__batch_check(fn, 5, "B", B, HETLA_ZCOMPLEX)))
        s = hetla__batch_conform(fn, 5, "B", B, A->rows, B->cols, A->count);
    if (s)
        return hetla__batch_fail(s, info, info_count(A));
    hetla__lapack_batch_args a = {.trans = trans, .m = A->rows, .n = A->rows, .nrhs = B->cols, .pivot = ipiv != NULL};
    const hetla_batch *ops[] = {A, B};
    const hetla_access modes[] = {HETLA_R, HETLA_RW};
    return run(ctx, fn, "zgetrs_batch", ops, modes, 2, &a, info, 0, (hetla_int *)ipiv, A->rows, HETLA_R);
}
