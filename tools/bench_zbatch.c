/* The calls the batch benches time, in one precision: hetla's fixed-size
 * and variable-size batched routines and the peer's one-thread OpenBLAS /
 * LAPACKE call on one problem (bench.h's bench_batch_fn, bench_vbatch_fn
 * and bench_peer_fn).
 * Written for z; the build generates s, d and c.
 * @precisions normal z -> s d c
 */
#include <cblas.h>
#include <lapacke.h>

#include "bench.h"

#define COMPLEX

/* CBLAS takes complex scalars by address, real ones by value */
#ifdef COMPLEX
static const hetla_zcomplex one[1] = {1};
#define ONE one
#else
#define ONE 1
#endif

hetla_status bench_zbatch_run(hetla_context *ctx, bench_kind k, const hetla_batch *A, const hetla_batch *B,
                              const hetla_batch *C, hetla_int *ipiv)
{
    switch (k) {
    case BENCH_GEMM:
        return hetla_zgemm_batch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, A, B, 1, C, NULL);
    case BENCH_GEMV:
        return hetla_zgemv_batch(ctx, HETLA_NO_TRANS, 1, A, B, 1, C, NULL);
    case BENCH_TRSM:
        return hetla_ztrsm_batch(ctx, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT, 1, A, B, NULL);
    case BENCH_POTRF:
        return hetla_zpotrf_batch(ctx, HETLA_LOWER, A, NULL);
    default:
        return hetla_zgetrf_batch(ctx, A, ipiv, NULL);
    }
}

hetla_status bench_zbatch_vrun(hetla_context *ctx, bench_kind k, int trans, hetla_int count, const hetla_int *n,
                               const hetla_int *ld, const void *ones, void *const *A, void *const *B,
                               void *const *C, hetla_int *const *ipiv, hetla_int *info)
{
    hetla_zcomplex *const *a = (hetla_zcomplex *const *)A, *const *b = (hetla_zcomplex *const *)B;
    hetla_zcomplex *const *c = (hetla_zcomplex *const *)C;
    switch (k) {
    case BENCH_GEMM:
        return hetla_zgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, n, n, n, ones, a, ld, b, ld, ones, c, ld,
                                  count, NULL);
    case BENCH_GEMV:
        return hetla_zgemv_vbatch(ctx, trans ? HETLA_TRANS : HETLA_NO_TRANS, n, n, ones, a, ld, b, ones, c, count,
                                  NULL);
    case BENCH_TRSM:
        return hetla_ztrsm_vbatch(ctx, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT, n, n, ones, a, ld, b,
                                  ld, count, NULL);
    case BENCH_POTRF:
        return hetla_zpotrf_vbatch(ctx, HETLA_LOWER, n, a, ld, count, info);
    default:
        return hetla_zgetrf_vbatch(ctx, n, n, a, ld, ipiv, count, info);
    }
}

void bench_zbatch_peer(bench_kind k, int trans, int n, void *a, void *b, void *c, lapack_int *piv)
{
    switch (k) {
    case BENCH_GEMM:
        cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, ONE, a, n, b, n, ONE, c, n);
        break;
    case BENCH_GEMV:
        cblas_zgemv(CblasColMajor, trans ? CblasTrans : CblasNoTrans, n, n, ONE, a, n, b, 1, ONE, c, 1);
        break;
    case BENCH_TRSM:
        cblas_ztrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, n, n, ONE, a, n, b, n);
        break;
    case BENCH_POTRF:
        LAPACKE_zpotrf_work(LAPACK_COL_MAJOR, 'L', n, a, n);
        break;
    default:
        LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, n, n, a, n, piv);
        break;
    }
}
