/* Batched GEMM, GEMV and TRSM on fixed-size batches: the operations
 * "zgemm_batch", "zgemv_batch", "ztrsm_batch" (GENERIC: one matrix at a
 * time; CPU_NATIVE: the SIMD kernels across matrices, or OpenBLAS per
 * matrix where that wins), their synchronous calls, and the registration
 * of the precision's batch operations.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#define PRECISION_z
#include <cblas.h>

#include "zbatch_kernels.h"

const hetla__zbatch_simd *hetla__zbatch_simd_best(void)
{
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl"))
        return &hetla__zbatch_simd_avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return &hetla__zbatch_simd_avx2;
    return NULL;
}


/* Where OpenBLAS per matrix beats packing P2P or strided matrices into
 * lane groups (AVX-512, OpenBLAS with its small-matrix kernels;
 * bench/results/2026-11-22-batch-cpu.md: packing wins at
 * n = 2, 1.7x, and loses from n = 4, 0.75x at 4 and 0.56x at 8; on the
 * current kernels, 16 Xeon workers, the calls ran 1.3-1.7x packing's
 * speed at 4 and 1.6-2.4x from 8 up to 16 in double and single,
 * `bench/results/2026-12-07-session34.md` section 3): above this order,
 * when no operand is read in place by the SIMD kernels. */
enum { PER_MATRIX_ABOVE = 3 };

/* GEMM with the AVX2 kernels (where OpenBLAS 0.3.21 has no small-matrix
 * GEMM) calls OpenBLAS per matrix only above this order: on 2
 * EPYC workers, 50 000 matrices, two runs each, packing ran 3.4-4.2x the
 * per-matrix calls at order 4 and 1.4-1.6x at 8 in double and single,
 * 2.0-3.2x at 4 and 1.1-1.3x at 8 in single complex, 2.2-2.7x at 4 and
 * 0.96-1.3x at 6 in double complex (0.84-1.01x at 8), and 0.77-1.08x at
 * 12 in double and single (`bench/results/2026-12-07-session33.md`
 * section 5). */
#if defined(COMPLEX) && !defined(PRECISION_c)
enum { GEMM_AVX2_CALLS_ABOVE = 6 };
#else
enum { GEMM_AVX2_CALLS_ABOVE = 8 };
#endif

/* OpenBLAS's level-3 calls that have no small-matrix path (complex GEMM,
 * TRSM in every precision) serialize when many threads make them: on 16
 * workers a loop of complex GEMMs over 100 000 matrices took 0.105 s at
 * order 4, against 0.019 s on 2, and packing P2P matrices ran 59 / 18 /
 * 5.2x faster than the per-matrix calls at orders 4 / 8 / 16 (z), for TRSM
 * 90 / 37 / 8.2x (d) and 49 / 12 / 2.6x (z); on 2 workers the calls still
 * led complex GEMM from order 8 (1.7 / 2.2x at 8 / 16) and complex TRSM
 * (1.3 / 1.5x; `bench/results/2026-11-29-session31.md` section 5). Such
 * calls are made per matrix on up to this many workers. */
enum { SERIAL_CALLS_UPTO = 2 };
#ifdef COMPLEX
enum { GEMM_SERIALIZES = 1 };
#else
enum { GEMM_SERIALIZES = 0 };
#endif

/* TRSM calls OpenBLAS per matrix above this order (on up to
 * SERIAL_CALLS_UPTO workers). On 2 workers, 50 000 P2P matrices, two runs
 * each, seconds packing / calling (`bench/results/2026-12-07-session33.md`
 * section 1): double complex 0.004 / 0.010-0.013 at 4, 0.014-0.016 /
 * 0.019 at 8, 0.083-0.109 / 0.103-0.110 at 20, 0.134-0.152 / 0.126-0.165
 * at 24 and 0.21-0.25 / 0.17-0.22 at 28; single complex packing faster at
 * every order up to 32 (0.22-0.28 / 0.28-0.31 there); double 0.013-0.014
 * / 0.018-0.027 at 12, 0.021-0.027 / 0.027-0.044 at 16 and 0.185 /
 * 0.12-0.14 at 32; single even at 12 and 16 (0.012-0.013 / 0.012-0.014
 * at 12), 0.030-0.034 / 0.022-0.027 at 20. */
#ifdef COMPLEX
#if defined(PRECISION_c)
enum { TRSM_CALLS_ABOVE = 32 };
#else
enum { TRSM_CALLS_ABOVE = 24 };
#endif
#elif defined(PRECISION_d)
enum { TRSM_CALLS_ABOVE = 16 };
#else
enum { TRSM_CALLS_ABOVE = 12 };
#endif

/* Whether to call OpenBLAS per matrix rather than pack, at @p order, for
 * a call that packing wins up to order @p above and that @p serializes
 * across threads or not. */
static int per_matrix(const hetla__batch_head *h, hetla_int order, hetla_int above, int serializes)
{
    if (order <= above || (serializes && h->workers > SERIAL_CALLS_UPTO))
        return 0;
    for (int i = 0; i < h->nops; i++)
        if (h->op[i].layout != HETLA_BATCH_P2P && h->op[i].layout != HETLA_BATCH_STRIDED)
            return 0;
    return 1;
}

/* ---- GEMM ------------------------------------------------------------------------ */

static hetla_status zgemm_generic(const hetla_exec *x)
{
    hetla__gemm_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t sa, sb, sc;
        const hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &sa), *B = hetla__zbatch_mat(x, &a.h, 1, t, &sb);
        hetla_zcomplex *C = hetla__zbatch_mat(x, &a.h, 2, t, &sc);
        hetla__zbatch_gemm1(a.transa, a.transb, a.m, a.n, a.k, (hetla_zcomplex)a.alpha, A, a.h.op[0].ld, sa, B,
                            a.h.op[1].ld, sb, (hetla_zcomplex)a.beta, C, a.h.op[2].ld, sc);
    }
    return HETLA_SUCCESS;
}

static void zgemm_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                        hetla_int *info, hetla__prefetch *pf)
{
    (void)piv, (void)info;
    hetla__zbatch_simd_best()->gemm(args, hetla__zbatch_lanes(p, s, ld, 0), hetla__zbatch_lanes(p, s, ld, 1),
                                    hetla__zbatch_lanes(p, s, ld, 2), pf);
}

static hetla_status zgemm_native(const hetla_exec *x)
{
    hetla__gemm_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    hetla_int order = a.m > a.n ? (a.m > a.k ? a.m : a.k) : (a.n > a.k ? a.n : a.k);
    const hetla_int calls_above = k == &hetla__zbatch_simd_avx2 ? GEMM_AVX2_CALLS_ABOVE : PER_MATRIX_ABOVE;
    if (k && !per_matrix(&a.h, order, calls_above, GEMM_SERIALIZES))
        return hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u << 2, 0, 1, zgemm_lanes);
    /* alpha = 0 is C := beta C, which needs no OpenBLAS; OpenBLAS 0.3.21's
     * small-matrix real GEMM on SkylakeX reads A and B then (NaN in them
     * spreads, unlike BLAS). */
    if (!k || a.alpha == 0)
        return zgemm_generic(x);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t s;
        cblas_zgemm(CblasColMajor, (CBLAS_TRANSPOSE)a.transa, (CBLAS_TRANSPOSE)a.transb, (blasint)a.m,
                    (blasint)a.n, (blasint)a.k, HETLA__CBLAS_SCALAR(alpha), hetla__zbatch_mat(x, &a.h, 0, t, &s),
                    (blasint)a.h.op[0].ld, hetla__zbatch_mat(x, &a.h, 1, t, &s), (blasint)a.h.op[1].ld, HETLA__CBLAS_SCALAR(beta),
                    hetla__zbatch_mat(x, &a.h, 2, t, &s), (blasint)a.h.op[2].ld);
    }
    return HETLA_SUCCESS;
}

/* The number of matrices to report argument errors for. */
static hetla_int info_count(const hetla_batch *b) { return b && b->count > 0 ? b->count : 0; }

static void info_zero(hetla_int *info, hetla_int count)
{
    for (hetla_int i = 0; info && i < count; i++)
        info[i] = 0;
}

static hetla_status zgemm_check(hetla_context *ctx, hetla_trans transa, hetla_trans transb, const hetla_batch *A,
                                const hetla_batch *B, const hetla_batch *C)
{
    static const char fn[] = "hetla_zgemm_batch";
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!hetla__trans_ok(transa))
        return hetla__arg_error(fn, 2, "transa", "is %d, not a hetla_trans", (int)transa);
    if (!hetla__trans_ok(transb))
        return hetla__arg_error(fn, 3, "transb", "is %d, not a hetla_trans", (int)transb);
    if ((s = hetla__batch_check(fn, 5, "A", A, HETLA_ZCOMPLEX)) || (s = hetla__batch_check(fn, 6, "B", B, HETLA_ZCOMPLEX)) ||
        (s = hetla__batch_check(fn, 8, "C", C, HETLA_ZCOMPLEX)))
        return s;
    int ta = transa != HETLA_NO_TRANS, tb = transb != HETLA_NO_TRANS;
    hetla_int m = C->rows, n = C->cols, k = ta ? A->rows : A->cols;
    if ((s = hetla__batch_conform(fn, 5, "A", A, ta ? k : m, ta ? m : k, C->count)))
        return s;
    return hetla__batch_conform(fn, 6, "B", B, tb ? n : k, tb ? k : n, C->count);
}

hetla_status hetla_zgemm_batch(hetla_context *ctx, hetla_trans transa, hetla_trans transb, hetla_zcomplex alpha,
                               const hetla_batch *A, const hetla_batch *B, hetla_zcomplex beta, const hetla_batch *C,
                               hetla_int *info)
{
    hetla_status s = zgemm_check(ctx, transa, transb, A, B, C);
    if (s)
        return hetla__batch_fail(s, info, info_count(C));
    info_zero(info, C->count);
    hetla_int k = transa != HETLA_NO_TRANS ? A->rows : A->cols;
    if (C->count == 0 || C->rows == 0 || C->cols == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return HETLA_SUCCESS;
    hetla__gemm_batch_args a = {.transa = transa, .transb = transb, .m = C->rows, .n = C->cols, .k = k,
                                .alpha = alpha, .beta = beta};
    const hetla_batch *ops[] = {A, B, C};
    const hetla_access modes[] = {HETLA_R, HETLA_R, beta == 0 ? HETLA_W : HETLA_RW};
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    if (!s)
        s = hetla__batch_insert(&r, "zgemm_batch", ops, modes, 3, NULL, NULL, 0, HETLA_R, &a, sizeof a);
    return hetla__batch_end(&r, s);
}

/* ---- GEMV ------------------------------------------------------------------------ */

static hetla_status zgemv_generic(const hetla_exec *x)
{
    hetla__gemv_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t sa, sx, sy;
        const hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &sa), *v = hetla__zbatch_mat(x, &a.h, 1, t, &sx);
        hetla_zcomplex *y = hetla__zbatch_mat(x, &a.h, 2, t, &sy);
        hetla__zbatch_gemv1(a.trans, a.m, a.n, (hetla_zcomplex)a.alpha, A, a.h.op[0].ld, sa, v, sx,
                            (hetla_zcomplex)a.beta, y, sy);
    }
    return HETLA_SUCCESS;
}

static void zgemv_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                        hetla_int *info, hetla__prefetch *pf)
{
    (void)piv, (void)info, (void)pf;
    hetla__zbatch_simd_best()->gemv(args, hetla__zbatch_lanes(p, s, ld, 0), hetla__zbatch_lanes(p, s, ld, 1), hetla__zbatch_lanes(p, s, ld, 2));
}

static hetla_status zgemv_native(const hetla_exec *x)
{
    hetla__gemv_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    if (!k || per_matrix(&a.h, a.m > a.n ? a.m : a.n, PER_MATRIX_ABOVE, 0))
        return zgemv_generic(x);
    return hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u << 2, 0, 0, zgemv_lanes);
}

hetla_status hetla_zgemv_batch(hetla_context *ctx, hetla_trans trans, hetla_zcomplex alpha, const hetla_batch *A,
                               const hetla_batch *x, hetla_zcomplex beta, const hetla_batch *y, hetla_int *info)
{
    static const char fn[] = "hetla_zgemv_batch";
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        s = hetla__arg_error(fn, 1, "ctx", "is NULL");
    else if (!hetla__trans_ok(trans))
        s = hetla__arg_error(fn, 2, "trans", "is %d, not a hetla_trans", (int)trans);
    else if (!(s = hetla__batch_check(fn, 4, "A", A, HETLA_ZCOMPLEX)) &&
             !(s = hetla__batch_check(fn, 5, "x", x, HETLA_ZCOMPLEX)) &&
             !(s = hetla__batch_check(fn, 7, "y", y, HETLA_ZCOMPLEX))) {
        int t = trans != HETLA_NO_TRANS;
        if (!(s = hetla__batch_conform(fn, 5, "x", x, t ? A->rows : A->cols, 1, A->count)))
            s = hetla__batch_conform(fn, 7, "y", y, t ? A->cols : A->rows, 1, A->count);
    }
    if (s)
        return hetla__batch_fail(s, info, info_count(y));
    info_zero(info, y->count);
    if (y->count == 0 || y->rows == 0 || (alpha == 0 && beta == 1))
        return HETLA_SUCCESS;
    hetla__gemv_batch_args a = {.trans = trans, .m = A->rows, .n = A->cols, .alpha = alpha, .beta = beta};
    const hetla_batch *ops[] = {A, x, y};
    const hetla_access modes[] = {HETLA_R, HETLA_R, beta == 0 ? HETLA_W : HETLA_RW};
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    if (!s)
        s = hetla__batch_insert(&r, "zgemv_batch", ops, modes, 3, NULL, NULL, 0, HETLA_R, &a, sizeof a);
    return hetla__batch_end(&r, s);
}

/* ---- TRSM ------------------------------------------------------------------------ */

static hetla_status ztrsm_generic(const hetla_exec *x)
{
    hetla__trsm_batch_args a;
    HETLA__ARGS(x, a);
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t sa, sb;
        const hetla_zcomplex *A = hetla__zbatch_mat(x, &a.h, 0, t, &sa);
        hetla_zcomplex *B = hetla__zbatch_mat(x, &a.h, 1, t, &sb);
        hetla__zbatch_trsm1(a.side, a.uplo, a.trans, a.diag, a.m, a.n, (hetla_zcomplex)a.alpha, A, a.h.op[0].ld, sa,
                            B, a.h.op[1].ld, sb);
    }
    return HETLA_SUCCESS;
}

static void ztrsm_lanes(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                        hetla_int *info, hetla__prefetch *pf)
{
    (void)piv, (void)info, (void)pf;
    hetla__zbatch_simd_best()->trsm(args, hetla__zbatch_lanes(p, s, ld, 0), hetla__zbatch_lanes(p, s, ld, 1));
}

static hetla_status ztrsm_native(const hetla_exec *x)
{
    hetla__trsm_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__zbatch_simd *k = hetla__zbatch_simd_best();
    if (!k)
        return ztrsm_generic(x);
    if (!per_matrix(&a.h, a.m > a.n ? a.m : a.n, TRSM_CALLS_ABOVE, 1))
        return hetla__lanes_run(x, &a.h, &a, k->lanes, sizeof(hetla_zcomplex), 1u << 1, 0, 0, ztrsm_lanes);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t s;
        cblas_ztrsm(CblasColMajor, (CBLAS_SIDE)a.side, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans,
                    (CBLAS_DIAG)a.diag, (blasint)a.m, (blasint)a.n, HETLA__CBLAS_SCALAR(alpha), hetla__zbatch_mat(x, &a.h, 0, t, &s),
                    (blasint)a.h.op[0].ld, hetla__zbatch_mat(x, &a.h, 1, t, &s), (blasint)a.h.op[1].ld);
    }
    return HETLA_SUCCESS;
}

hetla_status hetla_ztrsm_batch(hetla_context *ctx, hetla_side side, hetla_uplo uplo, hetla_trans transa,
                               hetla_diag diag, hetla_zcomplex alpha, const hetla_batch *A, const hetla_batch *B,
                               hetla_int *info)
{
    static const char fn[] = "hetla_ztrsm_batch";
    hetla_status s = HETLA_SUCCESS;
    if (!ctx)
        s = hetla__arg_error(fn, 1, "ctx", "is NULL");
    else if (!hetla__side_ok(side))
        s = hetla__arg_error(fn, 2, "side", "is %d, not a hetla_side", (int)side);
    else if (!hetla__uplo_ok(uplo))
        s = hetla__arg_error(fn, 3, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    else if (!hetla__trans_ok(transa))
        s = hetla__arg_error(fn, 4, "transa", "is %d, not a hetla_trans", (int)transa);
    else if (!hetla__diag_ok(diag))
        s = hetla__arg_error(fn, 5, "diag", "is %d, not a hetla_diag", (int)diag);
    else if (!(s = hetla__batch_check(fn, 7, "A", A, HETLA_ZCOMPLEX)) &&
             !(s = hetla__batch_check(fn, 8, "B", B, HETLA_ZCOMPLEX))) {
        hetla_int na = side == HETLA_LEFT ? B->rows : B->cols;
        s = hetla__batch_conform(fn, 7, "A", A, na, na, B->count);
    }
    if (s)
        return hetla__batch_fail(s, info, info_count(B));
    info_zero(info, B->count);
    if (B->count == 0 || B->rows == 0 || B->cols == 0)
        return HETLA_SUCCESS;
    hetla__trsm_batch_args a = {.side = side, .uplo = uplo, .trans = transa, .diag = diag, .m = B->rows,
                                .n = B->cols, .alpha = alpha};
    const hetla_batch *ops[] = {A, B};
    const hetla_access modes[] = {HETLA_R, HETLA_RW};
    hetla__batch_run r;
    s = hetla__batch_begin(ctx, &r);
    if (!s)
        s = hetla__batch_insert(&r, "ztrsm_batch", ops, modes, 2, NULL, NULL, 0, HETLA_R, &a, sizeof a);
    return hetla__batch_end(&r, s);
}

/* ---- registration ---------------------------------------------------------------- */

hetla_status hetla__zbatch_op_register(hetla_context *ctx, const char *name, hetla_kernel_fn generic,
                                       hetla_kernel_fn native)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_create(ctx, name, &k);
    if (!s)
        s = hetla_kernel_add(k, HETLA_CLASS_GENERIC, generic);
    if (!s && native)
        s = hetla_kernel_add(k, HETLA_CLASS_CPU_NATIVE, native);
    return s;
}

hetla_status hetla__zbatch_register(hetla_context *ctx)
{
    hetla_status s = hetla__zbatch_op_register(ctx, "zgemm_batch", zgemm_generic, zgemm_native);
    if (!s)
        s = hetla__zbatch_op_register(ctx, "zgemv_batch", zgemv_generic, zgemv_native);
    if (!s)
        s = hetla__zbatch_op_register(ctx, "ztrsm_batch", ztrsm_generic, ztrsm_native);
    if (!s)
        s = hetla__zbatch_lapack_register(ctx);
    if (!s)
        s = hetla__zbatch_var_register(ctx);
    return s;
}
