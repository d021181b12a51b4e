/* The batched BLAS on CUDA GPUs: the CUDA_NATIVE implementations of
 * "?gemm_batch" and "?gemv_batch" (hetla's kernels, gemm_batch.cu), of
 * "?potrf_batch" and "?getrf_batch" (lapack_batch.cu), of "?trsm_batch",
 * "?potrs_batch" and "?getrs_batch" (trsm_batch.cu), of the packed
 * variable batches "?gemm_vbatch_packed", ... (vbatch.cu) and the
 * CUDA_CUBLAS one of "?gemm_batch" (cublas?gemmStridedBatched where it
 * wins; else hetla's kernels), for the four precisions, and their
 * registration, which the core's batch registration asks for by name. */
#include <complex.h>
#include <stddef.h>
#include <stdio.h>

#include "batch/batch.h"
#include "kernels/cublas/cublas.h"
#include "kernels/cuda/batch_cuda.h"

/* The orders from which cublas?gemmStridedBatched beats hetla's
 * strided kernels: the largest order where "hetla(strided)" still beats
 * "cublas(strided)" (`hetla bench gemm-batch --devices cuda --sizes
 * 2,4,10,12,14,16,18,20,24,28`, 100 000 matrices, H200). Doubles: hetla's
 * ahead 3.2x / 2.3x / 1.6x / 1.3x / 1.13x at 10 / 12 / 14 / 16 / 18,
 * cuBLAS from 20 (0.95x, 0.68x at 24, 0.53x at 28). Floats: hetla's ahead
 * 1.19x / 1.02x at 14 / 15, cuBLAS from 16 (0.98x, 0.81x at 18, 0.45x at
 * 24; `bench/results/2026-11-28-session29.md` section 5). Complex
 * elements take the doubles' order (not measured). */
static hetla_int cublas_above(hetla__cuda_type t)
{
    return t == HETLA__CUDA_S ? 15 : 18;
}

/* Operand i of a task as the kernels address it (layouts in batch_cuda.h;
 * the device replica is compact: buf.ld is the lane stride, or the
 * matrix stride of a strided chunk). P2P operands never reach a GPU:
 * run.c stages them into strided buffers. */
static hetla__cuda_bop bop(const hetla_exec *x, const hetla__batch_head *h, int i)
{
    const hetla__bop *o = &h->op[i];
    const hetla_buffer *b = &x->buf[i];
    long long ld = (long long)b->ld;
    switch (o->layout) {
    case HETLA_BATCH_STRIDED:
        return (hetla__cuda_bop){b->ptr, 1, ld, 1, o->ld};
    case HETLA_BATCH_INTERLEAVED:
        return (hetla__cuda_bop){b->ptr, h->count, 0, ld, o->ld};
    default:
        return (hetla__cuda_bop){b->ptr, o->bs, (long long)o->ld * o->cols * ld, ld, o->ld};
    }
}

static hetla__cuda_type cuda_type(hetla_dtype t)
{
    return t == HETLA_FLOAT ? HETLA__CUDA_S : t == HETLA_DOUBLE ? HETLA__CUDA_D : t == HETLA_COMPLEX ? HETLA__CUDA_C
                                                                                                     : HETLA__CUDA_Z;
}

static hetla_status launch(const hetla_exec *x, const hetla__cuda_gemm *g)
{
    const hetla__cuda_queue *q = x->queue;
    return hetla__cuda_check(hetla__cuda_gemm_batch(g, q->stream), "hetla__cuda_gemm_batch", q->device);
}

/* C := alpha op(A) op(B) + beta C over the task's matrices (buffers A, B, C). */
static hetla__cuda_gemm gemm_desc(const hetla_exec *x, const hetla__batch_head *h, hetla_trans transa,
                                  hetla_trans transb, hetla_int m, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                                  hetla_zcomplex beta)
{
    return (hetla__cuda_gemm){.type = cuda_type(x->buf[2].type),
                              .transa = hetla__trans_code(transa),
                              .transb = hetla__trans_code(transb),
                              .m = (int)m,
                              .n = (int)n,
                              .k = (int)k,
                              .alpha = {creal(alpha), cimag(alpha)},
                              .beta = {creal(beta), cimag(beta)},
                              .count = h->count,
                              .A = bop(x, h, 0),
                              .B = bop(x, h, 1),
                              .C = bop(x, h, 2)};
}

static hetla_status gemm_native(const hetla_exec *x)
{
    hetla__gemm_batch_args a;
    HETLA__ARGS(x, a);
    hetla__cuda_gemm g = gemm_desc(x, &a.h, a.transa, a.transb, a.m, a.n, a.k, a.alpha, a.beta);
    return launch(x, &g);
}

/* y := alpha op(A) x + beta y is the GEMM op(A) [x] with n = 1. */
static hetla_status gemv_native(const hetla_exec *x)
{
    hetla__gemv_batch_args a;
    HETLA__ARGS(x, a);
    int t = a.trans != HETLA_NO_TRANS;
    hetla__cuda_gemm g = gemm_desc(x, &a.h, a.trans, HETLA_NO_TRANS, t ? a.n : a.m, 1, t ? a.m : a.n, a.alpha, a.beta);
    return launch(x, &g);
}

/* Cholesky or LU of the task's matrices (buffers: A, info [, ipiv]). */
static hetla_status factor(const hetla_exec *x, int lu)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *piv = a.h.piv_buf >= 0 ? &x->buf[a.h.piv_buf] : NULL;
    hetla__cuda_factor f = {.type = cuda_type(x->buf[0].type), .upper = a.uplo == HETLA_UPPER, .m = (int)a.m,
                            .n = (int)a.n, .count = a.h.count, .A = bop(x, &a.h, 0),
                            .info = x->buf[a.h.info_buf].ptr, .ipiv = piv ? piv->ptr : NULL,
                            .ipiv_ld = piv ? (long long)piv->ld : 0};
    const hetla__cuda_queue *q = x->queue;
    cudaError_t e = lu ? hetla__cuda_getrf_batch(&f, q->stream) : hetla__cuda_potrf_batch(&f, q->stream);
    return hetla__cuda_check(e, lu ? "hetla__cuda_getrf_batch" : "hetla__cuda_potrf_batch", q->device);
}

static hetla_status potrf_native(const hetla_exec *x) { return factor(x, 0); }
static hetla_status getrf_native(const hetla_exec *x) { return factor(x, 1); }

/* op(A) X = alpha B or X op(A) = alpha B (buffers: A, B). */
static hetla_status trsm_native(const hetla_exec *x)
{
    hetla__trsm_batch_args a;
    HETLA__ARGS(x, a);
    hetla__cuda_trsm t = {.type = cuda_type(x->buf[1].type),
                          .right = a.side == HETLA_RIGHT,
                          .upper = a.uplo == HETLA_UPPER,
                          .trans = hetla__trans_code(a.trans),
                          .unit = a.diag == HETLA_UNIT,
                          .m = (int)a.m,
                          .n = (int)a.n,
                          .alpha = {creal(a.alpha), cimag(a.alpha)},
                          .count = a.h.count,
                          .A = bop(x, &a.h, 0),
                          .B = bop(x, &a.h, 1)};
    const hetla__cuda_queue *q = x->queue;
    return hetla__cuda_check(hetla__cuda_trsm_batch(&t, q->stream), "hetla__cuda_trsm_batch", q->device);
}

/* The Cholesky or LU solve (buffers: A, B [, ipiv]; no info: the solves
 * report none). Without pivots (getrf_nopiv's factors) no interchanges. */
static hetla_status solve(const hetla_exec *x, int lu)
{
    hetla__lapack_batch_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *piv = a.h.piv_buf >= 0 ? &x->buf[a.h.piv_buf] : NULL;
    hetla__cuda_solve v = {.type = cuda_type(x->buf[1].type),
                           .upper = a.uplo == HETLA_UPPER,
                           .trans = hetla__trans_code(a.trans),
                           .n = (int)a.n,
                           .nrhs = (int)a.nrhs,
                           .count = a.h.count,
                           .A = bop(x, &a.h, 0),
                           .B = bop(x, &a.h, 1),
                           .ipiv = piv ? piv->ptr : NULL,
                           .ipiv_ld = piv ? (long long)piv->ld : 0};
    const hetla__cuda_queue *q = x->queue;
    cudaError_t e = lu ? hetla__cuda_getrs_batch(&v, q->stream) : hetla__cuda_potrs_batch(&v, q->stream);
    return hetla__cuda_check(e, lu ? "hetla__cuda_getrs_batch" : "hetla__cuda_potrs_batch", q->device);
}

static hetla_status potrs_native(const hetla_exec *x)
{
    return solve(x, 0);
}
static hetla_status getrs_native(const hetla_exec *x)
{
    return solve(x, 1);
}

/* The kernels read the metadata the C side writes. */
_Static_assert(sizeof(hetla__vmat) == sizeof(hetla__cuda_vmat) &&
                   offsetof(hetla__vmat, piv) == offsetof(hetla__cuda_vmat, piv) &&
                   offsetof(hetla__vmat, alpha) == offsetof(hetla__cuda_vmat, alpha),
               "hetla__vmat and hetla__cuda_vmat differ");

/* A packed chunk of a variable batch (buffers: the data, the metadata). */
static hetla_status vbatch_native(const hetla_exec *x)
{
    hetla__vpacked_args a;
    HETLA__ARGS(x, a);
    static const hetla__cuda_vkind kinds[] = {[HETLA__VGEMM] = HETLA__CUDA_VGEMM,
                                              [HETLA__VGEMV] = HETLA__CUDA_VGEMV,
                                              [HETLA__VTRSM] = HETLA__CUDA_VTRSM,
                                              [HETLA__VPOTRF] = HETLA__CUDA_VPOTRF,
                                              [HETLA__VGETRF] = HETLA__CUDA_VGETRF};
    hetla__cuda_vbatch v = {.type = cuda_type(x->buf[0].type),
                            .kind = kinds[a.kind],
                            .transa = hetla__trans_code(a.transa),
                            .transb = hetla__trans_code(a.transb),
                            .right = a.side == HETLA_RIGHT,
                            .upper = a.uplo == HETLA_UPPER,
                            .unit = a.diag == HETLA_UNIT,
                            .count = a.count,
                            .top = a.top,
                            .data = x->buf[0].ptr,
                            .meta = x->buf[1].ptr};
    const hetla__cuda_queue *q = x->queue;
    hetla_status s = a.kind != HETLA__VTRSM ? hetla__cuda_scratch(q, HETLA__CUDA_VBATCH_WORK, &v.work) : HETLA_SUCCESS;
    if (!s)
        s = hetla__cuda_check(hetla__cuda_vbatch_run(&v, q->stream), "hetla__cuda_vbatch_run", q->device);
    return hetla__cuda_scratch_free(q, v.work, s);
}

static cublasOperation_t cublas_op(int t) { return t == 0 ? CUBLAS_OP_N : t == 1 ? CUBLAS_OP_T : CUBLAS_OP_C; }

/* cublas?gemmStridedBatched on a task whose operands are all strided and
 * whose order is above cublas_above's; hetla's kernels otherwise (cuBLAS has
 * no interleaved layout, and loses on small orders). */
static hetla_status gemm_cublas(const hetla_exec *x)
{
    hetla__gemm_batch_args a;
    HETLA__ARGS(x, a);
    hetla__cuda_gemm g = gemm_desc(x, &a.h, a.transa, a.transb, a.m, a.n, a.k, a.alpha, a.beta);
    hetla_int order = a.m > a.n ? (a.m > a.k ? a.m : a.k) : (a.n > a.k ? a.n : a.k);
    int strided = 1;
    for (int i = 0; i < 3; i++)
        strided &= a.h.op[i].layout == HETLA_BATCH_STRIDED;
    if (!strided || order <= cublas_above(g.type))
        return launch(x, &g);
    const hetla__cuda_queue *q = x->queue;
    cublasOperation_t ta = cublas_op(g.transa), tb = cublas_op(g.transb);
    int lda = (int)a.h.op[0].ld, ldb = (int)a.h.op[1].ld, ldc = (int)a.h.op[2].ld, n = (int)a.h.count;
    long long sa = g.A.bspan, sb = g.B.bspan, sc = g.C.bspan;
    cublasStatus_t st;
    switch (g.type) {
    case HETLA__CUDA_S: {
        float al = (float)g.alpha[0], be = (float)g.beta[0];
        st = cublasSgemmStridedBatched(q->blas, ta, tb, g.m, g.n, g.k, &al, g.A.ptr, lda, sa, g.B.ptr, ldb, sb, &be,
                                       g.C.ptr, ldc, sc, n);
        break;
    }
    case HETLA__CUDA_D:
        st = cublasDgemmStridedBatched(q->blas, ta, tb, g.m, g.n, g.k, &g.alpha[0], g.A.ptr, lda, sa, g.B.ptr, ldb,
                                       sb, &g.beta[0], g.C.ptr, ldc, sc, n);
        break;
    case HETLA__CUDA_C: {
        cuComplex al = {(float)g.alpha[0], (float)g.alpha[1]}, be = {(float)g.beta[0], (float)g.beta[1]};
        st = cublasCgemmStridedBatched(q->blas, ta, tb, g.m, g.n, g.k, &al, g.A.ptr, lda, sa, g.B.ptr, ldb, sb, &be,
                                       g.C.ptr, ldc, sc, n);
        break;
    }
    default: {
        cuDoubleComplex al = {g.alpha[0], g.alpha[1]}, be = {g.beta[0], g.beta[1]};
        st = cublasZgemmStridedBatched(q->blas, ta, tb, g.m, g.n, g.k, &al, g.A.ptr, lda, sa, g.B.ptr, ldb, sb, &be,
                                       g.C.ptr, ldc, sc, n);
        break;
    }
    }
    return hetla__cublas_check(st, "cublas?gemmStridedBatched", q->device);
}

/* Found by src/batch/run.c (hetla__batch_register) through
 * hetla__backend_symbol once the core has registered its batch
 * operations on a context that uses CUDA devices. */
HETLA__MODULE_EXPORT hetla_status hetla_cuda_batch_register(hetla_context *ctx);

hetla_status hetla_cuda_batch_register(hetla_context *ctx)
{
    static const char prec[] = "sdcz";
    hetla_status s = HETLA_SUCCESS;
    for (int p = 0; p < 4 && !s; p++) {
        char gemm[16] = "?gemm_batch", gemv[16] = "?gemv_batch", potrf[16] = "?potrf_batch", getrf[16] = "?getrf_batch",
             trsm[16] = "?trsm_batch", potrs[16] = "?potrs_batch", getrs[16] = "?getrs_batch";
        gemm[0] = gemv[0] = potrf[0] = getrf[0] = trsm[0] = potrs[0] = getrs[0] = prec[p];
        s = hetla__cuda_add(ctx, gemm, HETLA_CLASS_CUDA_NATIVE, gemm_native);
        if (!s)
            s = hetla__cuda_add(ctx, gemm, HETLA_CLASS_CUDA_CUBLAS, gemm_cublas);
        if (!s)
            s = hetla__cuda_add(ctx, gemv, HETLA_CLASS_CUDA_NATIVE, gemv_native);
        if (!s)
            s = hetla__cuda_add(ctx, potrf, HETLA_CLASS_CUDA_NATIVE, potrf_native);
        if (!s)
            s = hetla__cuda_add(ctx, getrf, HETLA_CLASS_CUDA_NATIVE, getrf_native);
        if (!s)
            s = hetla__cuda_add(ctx, trsm, HETLA_CLASS_CUDA_NATIVE, trsm_native);
        if (!s)
            s = hetla__cuda_add(ctx, potrs, HETLA_CLASS_CUDA_NATIVE, potrs_native);
        if (!s)
            s = hetla__cuda_add(ctx, getrs, HETLA_CLASS_CUDA_NATIVE, getrs_native);
        static const char *const vops[] = {"gemm", "gemv", "trsm", "potrf", "getrf"};
        for (int o = 0; o < 5 && !s; o++) {
            char name[32];
            snprintf(name, sizeof name, "%c%s_vbatch_packed", prec[p], vops[o]);
            s = hetla__cuda_add(ctx, name, HETLA_CLASS_CUDA_NATIVE, vbatch_native);
        }
    }
    return s;
}
