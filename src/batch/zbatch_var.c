/* Variable-size batches (per-matrix sizes, leading dimensions and scalars,
 * P2P) and groups of fixed batches: the operations "zgemm_vbatch", ...
 * (one matrix at a time, chunks of matrices per task, on the caller's
 * memory), their packed forms "zgemm_vbatch_packed", ... (on a chunk's
 * staging buffers, which the runtime moves to accelerators; stage.c packs
 * and unpacks them), and the calls, whose checks report each bad matrix
 * in its info entry. GENERIC runs each matrix through the one-matrix
 * loop, CPU_NATIVE calls OpenBLAS for the larger GEMM and TRSM matrices.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "zbatch_kernels.h"

static const hetla_zcomplex *scalars(const void *p) { return p; }

/* Matrix operation @p o (its kind and options) on one matrix: operands
 * X (A, B, C; GEMV: A, x, y) with leading dimensions ld, sizes m, n, k as
 * the calls take them, pivots into @p ipiv (NULL: none). Both the tasks
 * on the caller's memory and those on packed chunks run each matrix
 * through it. @return the factorizations' info, 0 for the BLAS. */
static hetla_int zvbatch_one(const hetla__zbatch_simd *simd, const hetla__vpacked_args *o, hetla_int m, hetla_int n,
                             hetla_int k, hetla_zcomplex alpha, hetla_zcomplex beta, hetla_zcomplex *const X[3],
                             const hetla_int ld[3], hetla_int *ipiv)
{
    (void)simd;
    switch (o->kind) {
    case HETLA__VGEMM:
        hetla__zbatch_gemm1(o->transa, o->transb, m, n, k, alpha, X[0], ld[0], 1, X[1], ld[1], 1, beta, X[2], ld[2], 1);
        return 0;
    case HETLA__VGEMV:
        hetla__zbatch_gemv1(o->transa, m, n, alpha, X[0], ld[0], 1, X[1], 1, beta, X[2], 1);
        return 0;
    case HETLA__VTRSM:
        hetla__zbatch_trsm1(o->side, o->uplo, o->transa, o->diag, m, n, alpha, X[0], ld[0], 1, X[1], ld[1], 1);
        return 0;
    case HETLA__VPOTRF:
        return hetla__zbatch_potrf1(o->uplo, n, X[0], ld[0], 1);
    default:
        return hetla__zbatch_getrf1(m, n, X[0], ld[0], 1, ipiv, 1);
    }
}

/* The CPU's own kernels (CPU_NATIVE): GEMM and GEMV call OpenBLAS for a
 * matrix whose largest size is above VBATCH_BLAS_ABOVE, TRSM above
 * VBATCH_TRSM_BLAS_ABOVE, where one call beats the one-matrix loop;
 * alpha = 0 stays on the loop (OpenBLAS may read A and B then, see
 * zbatch_blas.c). Below it, OpenBLAS's cost depends on its kernels: with
 * its small-matrix kernels (SkylakeX) GEMM calls beat the one-matrix
 * loop 2x; without them (AVX2 kernels) calls from several threads at
 * once take about 1 us each (one thread alone: 0.1 us at orders 1..4),
 * and OpenBLAS from order 2 made hetla 4-8x slower at 1..4 and 1..8.
 * OpenBLAS's TRSM takes its buffers under a lock: 16 threads calling it
 * at once took 16 us a call at orders 1..4. Real GEMM and GEMV with
 * op(A) = A and few rows take the SIMD kernel of one small matrix
 * (small_gemm, zbatch_simd.h) instead, the rest the loop. */
enum { VBATCH_BLAS_ABOVE = 8, VBATCH_TRSM_BLAS_ABOVE = 32 };

static hetla_int zvbatch_native_one(const hetla__zbatch_simd *simd, const hetla__vpacked_args *o, hetla_int m,
                                    hetla_int n, hetla_int k, hetla_zcomplex alpha, hetla_zcomplex beta,
                                    hetla_zcomplex *const X[3], const hetla_int ld[3], hetla_int *ipiv)
{
    hetla_int top = m > n ? m : n;
    top = k > top ? k : top;
    /* the SIMD kernel of one small matrix applies: real, op(A) = A, m small */
    int small = simd && simd->small_gemm && alpha != 0 && o->transa == HETLA_NO_TRANS && m <= simd->small_rows;
    switch (o->kind) {
    case HETLA__VGEMM:
        if (alpha != 0 && top > VBATCH_BLAS_ABOVE) {
            cblas_zgemm(CblasColMajor, (CBLAS_TRANSPOSE)o->transa, (CBLAS_TRANSPOSE)o->transb, (blasint)m,
                        (blasint)n, (blasint)k, HETLA__CBLAS_SCALAR(alpha), X[0], (blasint)ld[0], X[1],
                        (blasint)ld[1], HETLA__CBLAS_SCALAR(beta), X[2], (blasint)ld[2]);
            return 0;
        }
        if (small && k > 0) {
            simd->small_gemm(o->transb, m, n, k, alpha, X[0], ld[0], X[1], ld[1], beta, X[2], ld[2]);
            return 0;
        }
        break;
    case HETLA__VGEMV: /* y (m) := alpha A x + beta y: GEMM with one column, k = n */
        if (small && n > 0) {
            simd->small_gemm(HETLA_NO_TRANS, m, 1, n, alpha, X[0], ld[0], X[1], 1, beta, X[2], m > 1 ? m : 1);
            return 0;
        }
        /* BLAS leaves y alone where A is empty (beta y, with the loop) */
        if (alpha != 0 && m > 0 && n > 0 && top > VBATCH_BLAS_ABOVE) {
            cblas_zgemv(CblasColMajor, (CBLAS_TRANSPOSE)o->transa, (blasint)m, (blasint)n, HETLA__CBLAS_SCALAR(alpha),
                        X[0], (blasint)ld[0], X[1], 1, HETLA__CBLAS_SCALAR(beta), X[2], 1);
            return 0;
        }
        break;
    case HETLA__VTRSM:
        if (alpha != 0 && top > VBATCH_TRSM_BLAS_ABOVE) {
            cblas_ztrsm(CblasColMajor, (CBLAS_SIDE)o->side, (CBLAS_UPLO)o->uplo, (CBLAS_TRANSPOSE)o->transa,
                        (CBLAS_DIAG)o->diag, (blasint)m, (blasint)n, HETLA__CBLAS_SCALAR(alpha), X[0],
                        (blasint)ld[0], X[1], (blasint)ld[1]);
            return 0;
        }
        break;
    default:
        break;
    }
    return zvbatch_one(NULL, o, m, n, k, alpha, beta, X, ld, ipiv);
}

typedef hetla_int (*zvbatch_fn)(const hetla__zbatch_simd *, const hetla__vpacked_args *, hetla_int, hetla_int,
                                hetla_int, hetla_zcomplex, hetla_zcomplex, hetla_zcomplex *const[3], const hetla_int[3],
                                hetla_int *);

/* The operations "zgemm_vbatch", ... on the caller's memory, each matrix
 * through @p one. */
static hetla_status zvbatch_run(const hetla_exec *x, zvbatch_fn one, const hetla__zbatch_simd *simd)
{
    hetla__vbatch_args a;
    HETLA__ARGS(x, a);
    const hetla__vpacked_args o = hetla__vbatch_options(&a);
    for (hetla_int i = a.first; i < a.first + a.count; i++) {
        hetla__vop op[3];
        hetla_int npiv;
        hetla__vbatch_operands(&a, i, op, &npiv);
        hetla_zcomplex *const X[3] = {op[0].ptr, op[1].ptr, op[2].ptr};
        const hetla_int ld[3] = {op[0].ld, op[1].ld, op[2].ld};
        hetla_int info = one(simd, &o, a.m ? a.m[i] : 0, a.n[i], a.k ? a.k[i] : 0, a.alpha ? scalars(a.alpha)[i] : 0,
                             a.beta ? scalars(a.beta)[i] : 0, X, ld, npiv ? a.ipiv[i] : NULL);
        if (a.info)
            a.info[i] = info;
    }
    return HETLA_SUCCESS;
}

static hetla_status zvbatch_generic(const hetla_exec *x)
{
    return zvbatch_run(x, zvbatch_one, NULL);
}
static hetla_status zvbatch_native(const hetla_exec *x)
{
    return zvbatch_run(x, zvbatch_native_one, hetla__zbatch_simd_best());
}

/* ---- packed chunks ------------------------------------------------------------ */

/* The packed operations "zgemm_vbatch_packed", ... on the CPU: each
 * matrix of the chunk in place in its data buffer, through @p one. */
static hetla_status zvpacked_run(const hetla_exec *x, zvbatch_fn one, const hetla__zbatch_simd *simd)
{
    hetla__vpacked_args a;
    HETLA__ARGS(x, a);
    hetla_zcomplex *D = x->buf[0].ptr;
    hetla__vmat *meta = x->buf[1].ptr;
    for (hetla_int t = 0; t < a.count; t++) {
        hetla__vmat *v = &meta[t];
        hetla_zcomplex *const X[3] = {D + v->off[0], D + v->off[1], D + v->off[2]};
        v->info = one(simd, &a, v->m, v->n, v->k, (hetla_zcomplex)v->alpha, (hetla_zcomplex)v->beta, X, v->ld,
                      v->piv >= 0 ? (hetla_int *)meta + v->piv : NULL);
    }
    return HETLA_SUCCESS;
}

static hetla_status zvpacked_generic(const hetla_exec *x)
{
    return zvpacked_run(x, zvbatch_one, NULL);
}
static hetla_status zvpacked_native(const hetla_exec *x)
{
    return zvpacked_run(x, zvbatch_native_one, hetla__zbatch_simd_best());
}

hetla_status hetla__zbatch_var_register(hetla_context *ctx)
{
    /* GEMM, GEMV and TRSM have native kernels (above) */
    static const struct {
        const char *name;
        hetla_kernel_fn generic, native;
    } ops[] = {{"zgemm_vbatch", zvbatch_generic, zvbatch_native},
               {"zgemv_vbatch", zvbatch_generic, zvbatch_native},
               {"ztrsm_vbatch", zvbatch_generic, zvbatch_native},
               {"zpotrf_vbatch", zvbatch_generic, NULL},
               {"zgetrf_vbatch", zvbatch_generic, NULL},
               {"zgemm_vbatch_packed", zvpacked_generic, zvpacked_native},
               {"zgemv_vbatch_packed", zvpacked_generic, zvpacked_native},
               {"ztrsm_vbatch_packed", zvpacked_generic, zvpacked_native},
               {"zpotrf_vbatch_packed", zvpacked_generic, NULL},
               {"zgetrf_vbatch_packed", zvpacked_generic, NULL}};
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__zbatch_op_register(ctx, ops[i].name, ops[i].generic, ops[i].native);
    return s;
}

/* ---- checks ---------------------------------------------------------------------- */

/* An array argument of the call as a whole: NULL only if count is 0. */
#define ARRAY(p, pos, name)                                                                                        \
    do {                                                                                                           \
        if (!(p) && count > 0)                                                                                     \
            return hetla__batch_fail(hetla__arg_error(fn, pos, name, "is NULL"), info, count);                    \
    } while (0)

/* Starts a variable batch's call: checks ctx and count. */
static hetla_status start(hetla_context *ctx, const char *fn, hetla_int count, int count_pos, hetla_int *info)
{
    if (!ctx)
        return hetla__batch_fail(hetla__arg_error(fn, 1, "ctx", "is NULL"), info, count > 0 ? count : 0);
    if (count < 0)
        return hetla__arg_error(fn, count_pos, "count", "is %lld, must be >= 0", (long long)count);
    return HETLA_SUCCESS;
}

/* The call's per-matrix checks (info set for each), then operation @p op. */
static hetla_status run(hetla_context *ctx, const char *fn, const char *op, hetla__vbatch_args *a, hetla_int count,
                        hetla_int *info)
{
    if (count == 0)
        return HETLA_SUCCESS;
    hetla__batch_run r;
    hetla_status s = hetla__batch_begin(ctx, &r);
    if (!s)
        s = hetla__vbatch_check(&r, fn, a, count, info);
    if (!s)
        s = hetla__vbatch_insert(&r, op, a, count);
    return hetla__batch_end(&r, s);
}

/* ---- the calls ------------------------------------------------------------------- */

hetla_status hetla_zgemm_vbatch(hetla_context *ctx, hetla_trans transa, hetla_trans transb, const hetla_int *m,
                                const hetla_int *n, const hetla_int *k, const hetla_zcomplex *alpha,
                                hetla_zcomplex *const *A, const hetla_int *lda, hetla_zcomplex *const *B,
                                const hetla_int *ldb, const hetla_zcomplex *beta, hetla_zcomplex *const *C,
                                const hetla_int *ldc, hetla_int count, hetla_int *info)
{
    static const char fn[] = "hetla_zgemm_vbatch";
    hetla_status s = start(ctx, fn, count, 15, info);
    if (s)
        return s;
    if (!hetla__trans_ok(transa))
        return hetla__batch_fail(hetla__arg_error(fn, 2, "transa", "is %d, not a hetla_trans", (int)transa), info,
                                 count);
    if (!hetla__trans_ok(transb))
        return hetla__batch_fail(hetla__arg_error(fn, 3, "transb", "is %d, not a hetla_trans", (int)transb), info,
                                 count);
    ARRAY(m, 4, "m");
    ARRAY(n, 5, "n");
    ARRAY(k, 6, "k");
    ARRAY(alpha, 7, "alpha");
    ARRAY(A, 8, "A");
    ARRAY(lda, 9, "lda");
    ARRAY(B, 10, "B");
    ARRAY(ldb, 11, "ldb");
    ARRAY(beta, 12, "beta");
    ARRAY(C, 13, "C");
    ARRAY(ldc, 14, "ldc");
    hetla__vbatch_args a = {.kind = HETLA__VGEMM,
                            .type = HETLA_ZCOMPLEX,
                            .transa = transa,
                            .transb = transb,
                            .m = m,
                            .n = n,
                            .k = k,
                            .lda = lda,
                            .ldb = ldb,
                            .ldc = ldc,
                            .alpha = alpha,
                            .beta = beta,
                            .A = (void *const *)A,
                            .B = (void *const *)B,
                            .C = (void *const *)C};
    return run(ctx, fn, "zgemm_vbatch", &a, count, info);
}

hetla_status hetla_zgemv_vbatch(hetla_context *ctx, hetla_trans trans, const hetla_int *m, const hetla_int *n,
                                const hetla_zcomplex *alpha, hetla_zcomplex *const *A, const hetla_int *lda,
                                hetla_zcomplex *const *x, const hetla_zcomplex *beta, hetla_zcomplex *const *y,
                                hetla_int count, hetla_int *info)
{
    static const char fn[] = "hetla_zgemv_vbatch";
    hetla_status s = start(ctx, fn, count, 11, info);
    if (s)
        return s;
    if (!hetla__trans_ok(trans))
        return hetla__batch_fail(hetla__arg_error(fn, 2, "trans", "is %d, not a hetla_trans", (int)trans), info,
                                 count);
    ARRAY(m, 3, "m");
    ARRAY(n, 4, "n");
    ARRAY(alpha, 5, "alpha");
    ARRAY(A, 6, "A");
    ARRAY(lda, 7, "lda");
    ARRAY(x, 8, "x");
    ARRAY(beta, 9, "beta");
    ARRAY(y, 10, "y");
    hetla__vbatch_args a = {.kind = HETLA__VGEMV,
                            .type = HETLA_ZCOMPLEX,
                            .transa = trans,
                            .m = m,
                            .n = n,
                            .lda = lda,
                            .alpha = alpha,
                            .beta = beta,
                            .A = (void *const *)A,
                            .B = (void *const *)x,
                            .C = (void *const *)y};
    return run(ctx, fn, "zgemv_vbatch", &a, count, info);
}

hetla_status hetla_ztrsm_vbatch(hetla_context *ctx, hetla_side side, hetla_uplo uplo, hetla_trans transa,
                                hetla_diag diag, const hetla_int *m, const hetla_int *n, const hetla_zcomplex *alpha,
                                hetla_zcomplex *const *A, const hetla_int *lda, hetla_zcomplex *const *B,
                                const hetla_int *ldb, hetla_int count, hetla_int *info)
{
    static const char fn[] = "hetla_ztrsm_vbatch";
    hetla_status s = start(ctx, fn, count, 13, info);
    if (s)
        return s;
    if (!hetla__side_ok(side))
        s = hetla__arg_error(fn, 2, "side", "is %d, not a hetla_side", (int)side);
    else if (!hetla__uplo_ok(uplo))
        s = hetla__arg_error(fn, 3, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    else if (!hetla__trans_ok(transa))
        s = hetla__arg_error(fn, 4, "transa", "is %d, not a hetla_trans", (int)transa);
    else if (!hetla__diag_ok(diag))
        s = hetla__arg_error(fn, 5, "diag", "is %d, not a hetla_diag", (int)diag);
    if (s)
        return hetla__batch_fail(s, info, count);
    ARRAY(m, 6, "m");
    ARRAY(n, 7, "n");
    ARRAY(alpha, 8, "alpha");
    ARRAY(A, 9, "A");
    ARRAY(lda, 10, "lda");
    ARRAY(B, 11, "B");
    ARRAY(ldb, 12, "ldb");
    hetla__vbatch_args a = {.kind = HETLA__VTRSM,
                            .type = HETLA_ZCOMPLEX,
                            .side = side,
                            .uplo = uplo,
                            .transa = transa,
                            .diag = diag,
                            .m = m,
                            .n = n,
                            .lda = lda,
                            .ldb = ldb,
                            .alpha = alpha,
                            .A = (void *const *)A,
                            .B = (void *const *)B};
    return run(ctx, fn, "ztrsm_vbatch", &a, count, info);
}

static hetla_status factor_end(const char *fn, hetla_status s, hetla_int *info, hetla_int count)
{
    return s ? s : hetla__batch_info_status(fn, info, count);
}

hetla_status hetla_zpotrf_vbatch(hetla_context *ctx, hetla_uplo uplo, const hetla_int *n, hetla_zcomplex *const *A,
                                 const hetla_int *lda, hetla_int count, hetla_int *info)
{
    static const char fn[] = "hetla_zpotrf_vbatch";
    hetla_status s = start(ctx, fn, count, 6, info);
    if (s)
        return s;
    if (!hetla__uplo_ok(uplo))
        return hetla__batch_fail(hetla__arg_error(fn, 2, "uplo", "is %d, not a hetla_uplo", (int)uplo), info,
                                 count);
    ARRAY(n, 3, "n");
    ARRAY(A, 4, "A");
    ARRAY(lda, 5, "lda");
    ARRAY(info, 7, "info");
    hetla__vbatch_args a = {.kind = HETLA__VPOTRF,
                            .type = HETLA_ZCOMPLEX,
                            .uplo = uplo,
                            .n = n,
                            .lda = lda,
                            .A = (void *const *)A,
                            .info = info};
    return factor_end(fn, run(ctx, fn, "zpotrf_vbatch", &a, count, info), info, count);
}

hetla_status hetla_zgetrf_vbatch(hetla_context *ctx, const hetla_int *m, const hetla_int *n,
                                 hetla_zcomplex *const *A, const hetla_int *lda, hetla_int *const *ipiv,
                                 hetla_int count, hetla_int *info)
{
    static const char fn[] = "hetla_zgetrf_vbatch";
    hetla_status s = start(ctx, fn, count, 7, info);
    if (s)
        return s;
    ARRAY(m, 2, "m");
    ARRAY(n, 3, "n");
    ARRAY(A, 4, "A");
    ARRAY(lda, 5, "lda");
    ARRAY(info, 8, "info");
    hetla__vbatch_args a = {.kind = HETLA__VGETRF,
                            .type = HETLA_ZCOMPLEX,
                            .m = m,
                            .n = n,
                            .lda = lda,
                            .A = (void *const *)A,
                            .ipiv = ipiv,
                            .info = info};
    return factor_end(fn, run(ctx, fn, "zgetrf_vbatch", &a, count, info), info, count);
}

/* ---- groups ---------------------------------------------------------------------- */

/* What every group call checks first: ctx (argument 1), group_count (2),
 * group_size (3) and the @p n per-group arrays (at positions @p pos,
 * named @p names); the groups' matrices counted into *count. */
static hetla_status group_begin(const char *fn, const hetla_context *ctx, hetla_int group_count,
                                const hetla_int *group_size, const void *const *arrays, const int *pos,
                                const char *const *names, int n, hetla_int *count)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (group_count < 0)
        return hetla__arg_error(fn, 2, "group_count", "is %lld, must be >= 0", (long long)group_count);
    if (!group_size && group_count > 0)
        return hetla__arg_error(fn, 3, "group_size", "is NULL");
    *count = 0;
    for (hetla_int g = 0; g < group_count; g++) {
        if (group_size[g] < 0)
            return hetla__arg_error(fn, 3, "group_size", "of group %lld is %lld, must be >= 0", (long long)g,
                                    (long long)group_size[g]);
        *count += group_size[g];
    }
    for (int i = 0; i < n && group_count > 0; i++)
        if (!arrays[i])
            return hetla__arg_error(fn, pos[i], names[i], "is NULL");
    return HETLA_SUCCESS;
}

/* A group's @p count rows x cols operands (leading dimension ld) at the
 * addresses from @p ptr on, as a fixed P2P batch. */
static hetla_batch group_batch(hetla_int rows, hetla_int cols, hetla_int count, hetla_int ld,
                               hetla_zcomplex *const *ptr)
{
    return (hetla_batch){.layout = HETLA_BATCH_P2P, .type = HETLA_ZCOMPLEX, .rows = rows, .cols = cols,
                         .count = count, .ld = ld, .bs = 1, .ptr = (void *)ptr};
}

/* The checks of GEMM group g, matrices off .. off+size-1. */
static void gemm_group_check(hetla__vcheck *c, hetla_int g, hetla_int off, const hetla_int *group_size,
                             const hetla_trans *transa, const hetla_trans *transb, const hetla_int *m,
                             const hetla_int *n, const hetla_int *k, hetla_zcomplex *const *A, const hetla_int *lda,
                             hetla_zcomplex *const *B, const hetla_int *ldb, hetla_zcomplex *const *C,
                             const hetla_int *ldc)
{
    int ta = transa[g] != HETLA_NO_TRANS, tb = transb[g] != HETLA_NO_TRANS;
    for (hetla_int i = off; i < off + group_size[g]; i++) {
        if (!hetla__trans_ok(transa[g]))
            hetla__vcheck_mark(c, i, 4, "transa", "is not a hetla_trans");
        if (!hetla__trans_ok(transb[g]))
            hetla__vcheck_mark(c, i, 5, "transb", "is not a hetla_trans");
        hetla__vcheck_size(c, i, 6, "m", m[g]), hetla__vcheck_size(c, i, 7, "n", n[g]);
        hetla__vcheck_size(c, i, 8, "k", k[g]), hetla__vcheck_ld(c, i, 11, "lda", lda[g], ta ? k[g] : m[g]);
        hetla__vcheck_ld(c, i, 13, "ldb", ldb[g], tb ? n[g] : k[g]), hetla__vcheck_ld(c, i, 16, "ldc", ldc[g], m[g]);
        hetla__vcheck_ptr(c, i, 10, "A", A[i], m[g] * k[g]), hetla__vcheck_ptr(c, i, 12, "B", B[i], k[g] * n[g]);
        hetla__vcheck_ptr(c, i, 15, "C", C[i], m[g] * n[g]);
    }
}

hetla_status hetla_zgemm_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                     const hetla_trans *transa, const hetla_trans *transb, const hetla_int *m,
                                     const hetla_int *n, const hetla_int *k, const hetla_zcomplex *alpha,
                                     hetla_zcomplex *const *A, const hetla_int *lda, hetla_zcomplex *const *B,
                                     const hetla_int *ldb, const hetla_zcomplex *beta, hetla_zcomplex *const *C,
                                     const hetla_int *ldc, hetla_int *info)
{
    static const char fn[] = "hetla_zgemm_batch_group";
    const void *arrays[] = {transa, transb, m, n, k, alpha, lda, ldb, beta, ldc};
    static const int pos[] = {4, 5, 6, 7, 8, 9, 11, 13, 14, 16};
    static const char *const names[] = {"transa", "transb", "m", "n", "k", "alpha", "lda", "ldb", "beta", "ldc"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 10, &count);
    if (s)
        return s;
    ARRAY(A, 10, "A");
    ARRAY(B, 12, "B");
    ARRAY(C, 15, "C");
    hetla__vcheck c;
    hetla__vcheck_begin(&c, fn, info, count);
    for (hetla_int g = 0, off = 0; g < group_count; off += group_size[g++])
        gemm_group_check(&c, g, off, group_size, transa, transb, m, n, k, A, lda, B, ldb, C, ldc);
    s = hetla__vcheck_end(&c);
    if (s || count == 0)
        return s;
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    for (hetla_int g = 0, off = 0; g < group_count && !s; off += group_size[g++]) {
        int ta = transa[g] != HETLA_NO_TRANS, tb = transb[g] != HETLA_NO_TRANS;
        if (group_size[g] == 0 || m[g] == 0 || n[g] == 0 || ((alpha[g] == 0 || k[g] == 0) && beta[g] == 1))
            continue;
        hetla_batch a = group_batch(ta ? k[g] : m[g], ta ? m[g] : k[g], group_size[g], lda[g], A + off);
        hetla_batch b = group_batch(tb ? n[g] : k[g], tb ? k[g] : n[g], group_size[g], ldb[g], B + off);
        hetla_batch cb = group_batch(m[g], n[g], group_size[g], ldc[g], C + off);
        hetla__gemm_batch_args args = {.transa = transa[g], .transb = transb[g], .m = m[g], .n = n[g], .k = k[g],
                                       .alpha = alpha[g], .beta = beta[g]};
        const hetla_batch *ops[] = {&a, &b, &cb};
        const hetla_access modes[] = {HETLA_R, HETLA_R, beta[g] == 0 ? HETLA_W : HETLA_RW};
        s = hetla__batch_insert(&r, "zgemm_batch", ops, modes, 3, NULL, NULL, 0, HETLA_R, &args, sizeof args);
    }
    return hetla__batch_end(&r, s);
}

/* The checks of GEMV group g, matrices off .. off+size-1. */
static void gemv_group_check(hetla__vcheck *c, hetla_int g, hetla_int off, const hetla_int *group_size,
                             const hetla_trans *trans, const hetla_int *m, const hetla_int *n,
                             hetla_zcomplex *const *A, const hetla_int *lda, hetla_zcomplex *const *x,
                             hetla_zcomplex *const *y)
{
    int t = trans[g] != HETLA_NO_TRANS;
    for (hetla_int i = off; i < off + group_size[g]; i++) {
        if (!hetla__trans_ok(trans[g]))
            hetla__vcheck_mark(c, i, 4, "trans", "is not a hetla_trans");
        hetla__vcheck_size(c, i, 5, "m", m[g]), hetla__vcheck_size(c, i, 6, "n", n[g]);
        hetla__vcheck_ld(c, i, 9, "lda", lda[g], m[g]), hetla__vcheck_ptr(c, i, 8, "A", A[i], m[g] * n[g]);
        hetla__vcheck_ptr(c, i, 10, "x", x[i], t ? m[g] : n[g]);
        hetla__vcheck_ptr(c, i, 12, "y", y[i], t ? n[g] : m[g]);
    }
}

hetla_status hetla_zgemv_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                     const hetla_trans *trans, const hetla_int *m, const hetla_int *n,
                                     const hetla_zcomplex *alpha, hetla_zcomplex *const *A, const hetla_int *lda,
                                     hetla_zcomplex *const *x, const hetla_zcomplex *beta, hetla_zcomplex *const *y,
                                     hetla_int *info)
{
    static const char fn[] = "hetla_zgemv_batch_group";
    const void *arrays[] = {trans, m, n, alpha, lda, beta};
    static const int pos[] = {4, 5, 6, 7, 9, 11};
    static const char *const names[] = {"trans", "m", "n", "alpha", "lda", "beta"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 6, &count);
    if (s)
        return s;
    ARRAY(A, 8, "A");
    ARRAY(x, 10, "x");
    ARRAY(y, 12, "y");
    hetla__vcheck c;
    hetla__vcheck_begin(&c, fn, info, count);
    for (hetla_int g = 0, off = 0; g < group_count; off += group_size[g++])
        gemv_group_check(&c, g, off, group_size, trans, m, n, A, lda, x, y);
    s = hetla__vcheck_end(&c);
    if (s || count == 0)
        return s;
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    for (hetla_int g = 0, off = 0; g < group_count && !s; off += group_size[g++]) {
        int t = trans[g] != HETLA_NO_TRANS;
        hetla_int xn = t ? m[g] : n[g], yn = t ? n[g] : m[g];
        if (group_size[g] == 0 || yn == 0 || (alpha[g] == 0 && beta[g] == 1))
            continue;
        hetla_batch a = group_batch(m[g], n[g], group_size[g], lda[g], A + off);
        hetla_batch xb = group_batch(xn, 1, group_size[g], xn > 1 ? xn : 1, x + off);
        hetla_batch yb = group_batch(yn, 1, group_size[g], yn, y + off);
        hetla__gemv_batch_args args = {.trans = trans[g], .m = m[g], .n = n[g], .alpha = alpha[g], .beta = beta[g]};
        const hetla_batch *ops[] = {&a, &xb, &yb};
        const hetla_access modes[] = {HETLA_R, HETLA_R, beta[g] == 0 ? HETLA_W : HETLA_RW};
        s = hetla__batch_insert(&r, "zgemv_batch", ops, modes, 3, NULL, NULL, 0, HETLA_R, &args, sizeof args);
    }
    return hetla__batch_end(&r, s);
}

/* The checks of TRSM group g, matrices off .. off+size-1. */
static void trsm_group_check(hetla__vcheck *c, hetla_int g, hetla_int off, const hetla_int *group_size,
                             const hetla_side *side, const hetla_uplo *uplo, const hetla_trans *transa,
                             const hetla_diag *diag, const hetla_int *m, const hetla_int *n, hetla_zcomplex *const *A,
                             const hetla_int *lda, hetla_zcomplex *const *B, const hetla_int *ldb)
{
    hetla_int na = side[g] == HETLA_LEFT ? m[g] : n[g];
    for (hetla_int i = off; i < off + group_size[g]; i++) {
        if (!hetla__side_ok(side[g]))
            hetla__vcheck_mark(c, i, 4, "side", "is not a hetla_side");
        if (!hetla__uplo_ok(uplo[g]))
            hetla__vcheck_mark(c, i, 5, "uplo", "is not a hetla_uplo");
        if (!hetla__trans_ok(transa[g]))
            hetla__vcheck_mark(c, i, 6, "transa", "is not a hetla_trans");
        if (!hetla__diag_ok(diag[g]))
            hetla__vcheck_mark(c, i, 7, "diag", "is not a hetla_diag");
        hetla__vcheck_size(c, i, 8, "m", m[g]), hetla__vcheck_size(c, i, 9, "n", n[g]);
        hetla__vcheck_ld(c, i, 12, "lda", lda[g], na), hetla__vcheck_ld(c, i, 14, "ldb", ldb[g], m[g]);
        hetla__vcheck_ptr(c, i, 11, "A", A[i], na * na), hetla__vcheck_ptr(c, i, 13, "B", B[i], m[g] * n[g]);
    }
}

hetla_status hetla_ztrsm_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                     const hetla_side *side, const hetla_uplo *uplo, const hetla_trans *transa,
                                     const hetla_diag *diag, const hetla_int *m, const hetla_int *n,
                                     const hetla_zcomplex *alpha, hetla_zcomplex *const *A, const hetla_int *lda,
                                     hetla_zcomplex *const *B, const hetla_int *ldb, hetla_int *info)
{
    static const char fn[] = "hetla_ztrsm_batch_group";
    const void *arrays[] = {side, uplo, transa, diag, m, n, alpha, lda, ldb};
    static const int pos[] = {4, 5, 6, 7, 8, 9, 10, 12, 14};
    static const char *const names[] = {"side", "uplo", "transa", "diag", "m", "n", "alpha", "lda", "ldb"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 9, &count);
    if (s)
        return s;
    ARRAY(A, 11, "A");
    ARRAY(B, 13, "B");
    hetla__vcheck c;
    hetla__vcheck_begin(&c, fn, info, count);
    for (hetla_int g = 0, off = 0; g < group_count; off += group_size[g++])
        trsm_group_check(&c, g, off, group_size, side, uplo, transa, diag, m, n, A, lda, B, ldb);
    s = hetla__vcheck_end(&c);
    if (s || count == 0)
        return s;
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    for (hetla_int g = 0, off = 0; g < group_count && !s; off += group_size[g++]) {
        if (group_size[g] == 0 || m[g] == 0 || n[g] == 0)
            continue;
        hetla_int na = side[g] == HETLA_LEFT ? m[g] : n[g];
        hetla_batch a = group_batch(na, na, group_size[g], lda[g], A + off);
        hetla_batch b = group_batch(m[g], n[g], group_size[g], ldb[g], B + off);
        hetla__trsm_batch_args args = {.side = side[g], .uplo = uplo[g], .trans = transa[g], .diag = diag[g],
                                       .m = m[g], .n = n[g], .alpha = alpha[g]};
        const hetla_batch *ops[] = {&a, &b};
        const hetla_access modes[] = {HETLA_R, HETLA_RW};
        s = hetla__batch_insert(&r, "ztrsm_batch", ops, modes, 2, NULL, NULL, 0, HETLA_R, &args, sizeof args);
    }
    return hetla__batch_end(&r, s);
}

/* ---- groups of factorizations and solves ------------------------------------------- */

/* Pivots a matrix of group g keeps: min(m[g], n[g]), none if negative. */
static hetla_int group_mn(const hetla_int *m, const hetla_int *n, hetla_int g)
{
    hetla_int mn = m[g] < n[g] ? m[g] : n[g];
    return mn > 0 ? mn : 0;
}

/* The callers' pivots (ipiv[i], group_mn entries) and one flat array of
 * them, group after group, as the fixed batches take pivots: copied into
 * @p flat if @p in, else out of it. */
static void pivots_copy(hetla_int group_count, const hetla_int *group_size, const hetla_int *m, const hetla_int *n,
                        hetla_int *const *ipiv, hetla_int *flat, int in)
{
    for (hetla_int g = 0, i = 0; g < group_count; g++) {
        size_t bytes = (size_t)group_mn(m, n, g) * sizeof *flat;
        for (hetla_int q = 0; q < group_size[g]; q++, i++, flat += group_mn(m, n, g))
            if (bytes)
                memcpy(in ? flat : ipiv[i], in ? ipiv[i] : flat, bytes);
    }
}

/* A flat pivot array for the groups (pivots_copy), NULL where @p ipiv
 * is; false when out of memory. */
static int pivots_alloc(hetla_int group_count, const hetla_int *group_size, const hetla_int *m, const hetla_int *n,
                        const void *ipiv, hetla_int **flat)
{
    size_t total = 0;
    for (hetla_int g = 0; g < group_count; g++)
        total += (size_t)group_size[g] * (size_t)group_mn(m, n, g);
    *flat = ipiv ? malloc((total ? total : 1) * sizeof **flat) : NULL;
    return !ipiv || *flat;
}

/* A group call of Cholesky (@p uplo; m = n) or LU (@p ipiv, NULL without
 * pivoting) after its checks of the per-group arrays (@p count
 * matrices); the arguments from position 4 on as the calls take them. */
static hetla_status factor_groups(hetla_context *ctx, const char *fn, hetla_int count, hetla_int group_count,
                                  const hetla_int *group_size, const hetla_uplo *uplo, const hetla_int *m,
                                  const hetla_int *n, hetla_zcomplex *const *A, const hetla_int *lda,
                                  hetla_int *const *ipiv, hetla_int *info)
{
    hetla__vcheck c;
    hetla__vcheck_begin(&c, fn, info, count);
    for (hetla_int g = 0, off = 0; g < group_count; off += group_size[g++])
        for (hetla_int i = off; i < off + group_size[g]; i++) {
            if (uplo && !hetla__uplo_ok(uplo[g]))
                hetla__vcheck_mark(&c, i, 4, "uplo", "is not a hetla_uplo");
            if (!uplo)
                hetla__vcheck_size(&c, i, 4, "m", m[g]);
            hetla__vcheck_size(&c, i, 5, "n", n[g]), hetla__vcheck_ld(&c, i, 7, "lda", lda[g], m[g]);
            hetla__vcheck_ptr(&c, i, 6, "A", A[i], m[g] * n[g]);
            if (ipiv)
                hetla__vcheck_ptr(&c, i, 8, "ipiv", ipiv[i], group_mn(m, n, g));
        }
    hetla_status s = hetla__vcheck_end(&c);
    if (s || count == 0)
        return s;
    hetla_int *flat;
    if (!pivots_alloc(group_count, group_size, m, n, ipiv, &flat))
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: pivots of %lld matrices: out of memory", fn, (long long)count);
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    size_t pivots = 0; /* into flat */
    for (hetla_int g = 0, off = 0; g < group_count && !s; off += group_size[g++]) {
        hetla_int mn = group_mn(m, n, g), *p = flat ? flat + pivots : NULL;
        pivots += (size_t)group_size[g] * (size_t)mn;
        if (group_size[g] == 0 || mn == 0)
            continue;
        hetla_batch a = group_batch(m[g], n[g], group_size[g], lda[g], A + off);
        hetla__lapack_batch_args args = {
            .uplo = uplo ? uplo[g] : HETLA_LOWER, .m = m[g], .n = n[g], .pivot = p != NULL};
        const hetla_batch *ops[] = {&a};
        const hetla_access modes[] = {HETLA_RW};
        s = hetla__batch_insert(&r, uplo ? "zpotrf_batch" : "zgetrf_batch", ops, modes, 1, info + off, p, p ? mn : 0,
                                HETLA_W, &args, sizeof args);
    }
    s = hetla__batch_end(&r, s);
    if (!s && flat)
        pivots_copy(group_count, group_size, m, n, ipiv, flat, 0);
    free(flat);
    return factor_end(fn, s, info, count);
}

hetla_status hetla_zpotrf_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                      const hetla_uplo *uplo, const hetla_int *n, hetla_zcomplex *const *A,
                                      const hetla_int *lda, hetla_int *info)
{
    static const char fn[] = "hetla_zpotrf_batch_group";
    const void *arrays[] = {uplo, n, lda};
    static const int pos[] = {4, 5, 7};
    static const char *const names[] = {"uplo", "n", "lda"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 3, &count);
    if (s)
        return s;
    ARRAY(A, 6, "A");
    ARRAY(info, 8, "info");
    return factor_groups(ctx, fn, count, group_count, group_size, uplo, n, n, A, lda, NULL, info);
}

hetla_status hetla_zgetrf_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                      const hetla_int *m, const hetla_int *n, hetla_zcomplex *const *A,
                                      const hetla_int *lda, hetla_int *const *ipiv, hetla_int *info)
{
    static const char fn[] = "hetla_zgetrf_batch_group";
    const void *arrays[] = {m, n, lda};
    static const int pos[] = {4, 5, 7};
    static const char *const names[] = {"m", "n", "lda"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 3, &count);
    if (s)
        return s;
    ARRAY(A, 6, "A");
    ARRAY(info, 9, "info");
    return factor_groups(ctx, fn, count, group_count, group_size, NULL, m, n, A, lda, ipiv, info);
}

/* The checks of a solve's group g (POTRS: @p uplo, else GETRS: @p trans
 * and @p ipiv, NULL without pivoting), matrices off .. off+size-1, the
 * arguments from position 4 on as the calls take them. */
static void solve_group_check(hetla__vcheck *c, hetla_int g, hetla_int off, const hetla_int *group_size,
                              const hetla_uplo *uplo, const hetla_trans *trans, const hetla_int *n,
                              const hetla_int *nrhs, hetla_zcomplex *const *A, const hetla_int *lda,
                              const hetla_int *const *ipiv, hetla_zcomplex *const *B, const hetla_int *ldb)
{
    const int b = uplo ? 9 : 10; /* B's position: GETRS has ipiv before it */
    for (hetla_int i = off; i < off + group_size[g]; i++) {
        if (uplo && !hetla__uplo_ok(uplo[g]))
            hetla__vcheck_mark(c, i, 4, "uplo", "is not a hetla_uplo");
        if (!uplo && !hetla__trans_ok(trans[g]))
            hetla__vcheck_mark(c, i, 4, "trans", "is not a hetla_trans");
        hetla__vcheck_size(c, i, 5, "n", n[g]), hetla__vcheck_size(c, i, 6, "nrhs", nrhs[g]);
        hetla__vcheck_ld(c, i, 8, "lda", lda[g], n[g]), hetla__vcheck_ptr(c, i, 7, "A", A[i], n[g] * n[g]);
        if (ipiv)
            hetla__vcheck_ptr(c, i, 9, "ipiv", ipiv[i], n[g]);
        hetla__vcheck_ld(c, i, b + 1, "ldb", ldb[g], n[g]), hetla__vcheck_ptr(c, i, b, "B", B[i], n[g] * nrhs[g]);
    }
}

/* A group call of POTRS (@p uplo) or GETRS (@p trans, @p ipiv) after its
 * checks of the per-group arrays (@p count matrices). */
static hetla_status solve_groups(hetla_context *ctx, const char *fn, hetla_int count, hetla_int group_count,
                                 const hetla_int *group_size, const hetla_uplo *uplo, const hetla_trans *trans,
                                 const hetla_int *n, const hetla_int *nrhs, hetla_zcomplex *const *A,
                                 const hetla_int *lda, const hetla_int *const *ipiv, hetla_zcomplex *const *B,
                                 const hetla_int *ldb, hetla_int *info)
{
    hetla__vcheck c;
    hetla__vcheck_begin(&c, fn, info, count);
    for (hetla_int g = 0, off = 0; g < group_count; off += group_size[g++])
        solve_group_check(&c, g, off, group_size, uplo, trans, n, nrhs, A, lda, ipiv, B, ldb);
    hetla_status s = hetla__vcheck_end(&c);
    if (s || count == 0)
        return s;
    hetla_int *flat;
    if (!pivots_alloc(group_count, group_size, n, n, ipiv, &flat))
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: pivots of %lld matrices: out of memory", fn, (long long)count);
    if (flat) /* read only: copied into the flat array */
        pivots_copy(group_count, group_size, n, n, (hetla_int *const *)ipiv, flat, 1);
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    size_t pivots = 0; /* into flat */
    for (hetla_int g = 0, off = 0; g < group_count && !s; off += group_size[g++]) {
        hetla_int *p = flat ? flat + pivots : NULL;
        pivots += (size_t)group_size[g] * (size_t)n[g];
        if (group_size[g] == 0 || n[g] == 0 || nrhs[g] == 0)
            continue;
        hetla_batch a = group_batch(n[g], n[g], group_size[g], lda[g], A + off);
        hetla_batch b = group_batch(n[g], nrhs[g], group_size[g], ldb[g], B + off);
        hetla__lapack_batch_args args = {.uplo = uplo ? uplo[g] : HETLA_LOWER,
                                         .trans = uplo ? HETLA_NO_TRANS : trans[g],
                                         .m = n[g],
                                         .n = n[g],
                                         .nrhs = nrhs[g],
                                         .pivot = p != NULL};
        const hetla_batch *ops[] = {&a, &b};
        const hetla_access modes[] = {HETLA_R, HETLA_RW};
        s = hetla__batch_insert(&r, uplo ? "zpotrs_batch" : "zgetrs_batch", ops, modes, 2, NULL, p, n[g], HETLA_R,
                                &args, sizeof args);
    }
    s = hetla__batch_end(&r, s);
    free(flat);
    return s;
}

hetla_status hetla_zpotrs_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                      const hetla_uplo *uplo, const hetla_int *n, const hetla_int *nrhs,
                                      hetla_zcomplex *const *A, const hetla_int *lda, hetla_zcomplex *const *B,
                                      const hetla_int *ldb, hetla_int *info)
{
    static const char fn[] = "hetla_zpotrs_batch_group";
    const void *arrays[] = {uplo, n, nrhs, lda, ldb};
    static const int pos[] = {4, 5, 6, 8, 10};
    static const char *const names[] = {"uplo", "n", "nrhs", "lda", "ldb"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 5, &count);
    if (s)
        return s;
    ARRAY(A, 7, "A");
    ARRAY(B, 9, "B");
    return solve_groups(ctx, fn, count, group_count, group_size, uplo, NULL, n, nrhs, A, lda, NULL, B, ldb, info);
}

hetla_status hetla_zgetrs_batch_group(hetla_context *ctx, hetla_int group_count, const hetla_int *group_size,
                                      const hetla_trans *trans, const hetla_int *n, const hetla_int *nrhs,
                                      hetla_zcomplex *const *A, const hetla_int *lda, const hetla_int *const *ipiv,
                                      hetla_zcomplex *const *B, const hetla_int *ldb, hetla_int *info)
{
    static const char fn[] = "hetla_zgetrs_batch_group";
    const void *arrays[] = {trans, n, nrhs, lda, ldb};
    static const int pos[] = {4, 5, 6, 8, 11};
    static const char *const names[] = {"trans", "n", "nrhs", "lda", "ldb"};
    hetla_int count = 0;
    hetla_status s = group_begin(fn, ctx, group_count, group_size, arrays, pos, names, 5, &count);
    if (s)
        return s;
    ARRAY(A, 7, "A");
    ARRAY(B, 10, "B");
    return solve_groups(ctx, fn, count, group_count, group_size, NULL, trans, n, nrhs, A, lda, ipiv, B, ldb, info);
}
