/* The inverse of a triangular tile, "ztrtri" (lapack.h), in the CUDA_NATIVE
 * class, built from the bottom: trtri.cu inverts the diagonal blocks of
 * HETLA__TRTRI_NB, then each level joins pairs of neighbouring inverted
 * blocks of order b into one of order 2b,
 *   inv([A11 0; A21 A22]) = [X11 0; -X22 A21 X11  X22]   (upper mirrors it),
 * the corner by two products through a scratch: every pair of a level in
 * one strided batched cublasZgemm (W's other triangle is zero, so a block
 * of X is a full matrix), a level's single pair and a short last pair by
 * cublasZtrmm, at half the flops. A few calls per level, most of the work
 * in the top levels' large products: order 4096 in 0.72 ms on an H200,
 * where a recursion down to cublasZtrsm on identity blocks took 2.7 ms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>

#include "kernels/cublas/cublas.h"
#include "kernels/cuda/trtri_cuda.h"
#include "kernels/lapack/lapack.h"

typedef struct level {
    const hetla__cuda_queue *q;
    int lower;
    cublasDiagType_t diag;
    const hetla_zcomplex *A;
    hetla_zcomplex *W, *S; /* S: scratch for every corner of a level */
    int64_t lda, ldw;
} level;

/* The pair at diagonal offset o, blocks of n1 then n2: S := A21 X11, then
 * X21 := -X22 S (lower; upper: S := A12 X22, X12 := -X11 S). */
static hetla_status pair(const level *l, int64_t o, int64_t n1, int64_t n2)
{
    const hetla__cuda_queue *q = l->q;
    cublasFillMode_t fill = l->lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    const hetla_zcomplex *X11 = l->W + o + o * l->ldw, *X22 = l->W + (o + n1) + (o + n1) * l->ldw;
    const hetla_zcomplex *Aoff = l->lower ? l->A + (o + n1) + o * l->lda : l->A + o + (o + n1) * l->lda;
    hetla_zcomplex *Xoff = l->lower ? l->W + (o + n1) + o * l->ldw : l->W + o + (o + n1) * l->ldw;
    int64_t rows = l->lower ? n2 : n1, cols = l->lower ? n1 : n2;
    _Alignas(cuDoubleComplex) hetla_zcomplex one = 1, minus = -1;
    cublasStatus_t st = cublasZtrmm_64(q->blas, CUBLAS_SIDE_RIGHT, fill, CUBLAS_OP_N, l->diag, rows, cols,
                                       (const cuDoubleComplex *)&one, (const void *)(l->lower ? X11 : X22), l->ldw,
                                       (const void *)Aoff, l->lda, (void *)l->S, rows);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasZtrmm_64(q->blas, CUBLAS_SIDE_LEFT, fill, CUBLAS_OP_N, l->diag, rows, cols,
                            (const cuDoubleComplex *)&minus, (const void *)(l->lower ? X22 : X11), l->ldw,
                            (const void *)l->S, rows, (void *)Xoff, l->ldw);
    return hetla__cublas_check(st, "cublasZtrmm_64", q->device);
}

/* The @p count pairs of two blocks of order b at offsets 0, 2b, 4b ... */
static hetla_status pairs(const level *l, int64_t b, int64_t count)
{
    const hetla__cuda_queue *q = l->q;
    int64_t sa = 2 * b * (l->lda + 1), sw = 2 * b * (l->ldw + 1);
    const hetla_zcomplex *X11 = l->W, *X22 = l->W + b + b * l->ldw;
    const hetla_zcomplex *Aoff = l->lower ? l->A + b : l->A + b * l->lda;
    hetla_zcomplex *Xoff = l->lower ? l->W + b : l->W + b * l->ldw;
    _Alignas(cuDoubleComplex) hetla_zcomplex one = 1, minus = -1, zero = 0;
    /* lower: S = A21 X11, X21 = -X22 S; upper: S = A12 X22, X12 = -X11 S */
    cublasStatus_t st =
        cublasZgemmStridedBatched_64(q->blas, CUBLAS_OP_N, CUBLAS_OP_N, b, b, b, (const cuDoubleComplex *)&one,
                                     (const void *)Aoff, l->lda, sa, (const void *)(l->lower ? X11 : X22), l->ldw, sw,
                                     (const cuDoubleComplex *)&zero, (void *)l->S, b, b * b, count);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasZgemmStridedBatched_64(q->blas, CUBLAS_OP_N, CUBLAS_OP_N, b, b, b, (const cuDoubleComplex *)&minus,
                                          (const void *)(l->lower ? X22 : X11), l->ldw, sw, (const void *)l->S, b,
                                          b * b, (const cuDoubleComplex *)&zero, (void *)Xoff, l->ldw, sw, count);
    return hetla__cublas_check(st, "cublasZgemmStridedBatched_64", q->device);
}

/* W := 0, then the inverses of its diagonal blocks of HETLA__TRTRI_NB. */
static hetla_status blocks(const hetla_exec *x, const hetla__trtri_args *a, int64_t n)
{
    const hetla_buffer *A = &x->buf[0], *W = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    size_t es = sizeof(hetla_zcomplex);
    cudaError_t e = cudaMemset2DAsync(W->ptr, W->ld * es, 0, (size_t)n * es, (size_t)n, q->stream);
    hetla__cuda_trtri p = {.type = HETLA__CUDA_Z,
                           .A = A->ptr,
                           .W = W->ptr,
                           .n = n,
                           .lda = (long long)A->ld,
                           .ldw = (long long)W->ld,
                           .lower = a->uplo == HETLA_LOWER,
                           .unit = a->diag == HETLA_UNIT};
    if (e == cudaSuccess)
        e = hetla__cuda_trtri_blocks(&p, q->stream);
    return hetla__cuda_check(e, "ztrtri (diagonal blocks)", q->device);
}

static hetla_status ztrtri_cuda(const hetla_exec *x)
{
    hetla__trtri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *W = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    int64_t n = (int64_t)A->n, half = (n + 1) / 2;
    level l = {
        q, a.uplo == HETLA_LOWER, hetla__cublas_diag(a.diag), A->ptr, W->ptr, NULL, (int64_t)A->ld, (int64_t)W->ld};
    hetla_status s = blocks(x, &a, n);
    /* a level's corners, count x b x b with 2 b count <= n, or b x (n - b) */
    if (!s && n > HETLA__TRTRI_NB)
        s = hetla__cuda_scratch(q, (size_t)(half * half) * sizeof *l.S, (void **)&l.S);
    for (int64_t b = HETLA__TRTRI_NB; b < n && !s; b *= 2) {
        int64_t full = n / (2 * b), rest = n - full * 2 * b;
        if (full > 1)
            s = pairs(&l, b, full);
        else if (full == 1)
            s = pair(&l, 0, b, b);
        if (!s && rest > b) /* a last pair, its second block short */
            s = pair(&l, full * 2 * b, b, rest - b);
    }
    return hetla__cuda_scratch_free(q, l.S, s);
}

hetla_status hetla__ztrtri_cuda_register(hetla_context *ctx)
{
    return hetla__cuda_add(ctx, "ztrtri", HETLA_CLASS_CUDA_NATIVE, ztrtri_cuda);
}
