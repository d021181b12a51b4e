/* The gemm family in the CUDA_CUBLAS class: "zgemm" (C := alpha op(A)
 * op(B) + beta C) and "zgescal" (A := alpha A), on the worker's stream.
 * @precisions normal z -> s d c
 */
#include "kernels/blas/level3.h"
#include "kernels/cublas/cublas.h"

/* cuBLAS reads host scalars as its own complex type, which is aligned more
 * strictly than C's; the _64 entry points take sizes beyond 2^31. */

static hetla_status zgemm_cublas(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    /* beta = 0: cuBLAS does not read C, so NaN in it does not survive. */
    cublasStatus_t st =
        cublasZgemm_64(q->blas, hetla__cublas_op(a.transa), hetla__cublas_op(a.transb), (int64_t)C->m, (int64_t)C->n,
                       (int64_t)hetla__gemm_k(&a, A), (const cuDoubleComplex *)&alpha, A->ptr, (int64_t)A->ld, B->ptr,
                       (int64_t)B->ld, (const cuDoubleComplex *)&beta, C->ptr, (int64_t)C->ld);
    return hetla__cublas_check(st, "cublasZgemm_64", q->device);
}

static hetla_status zgescal_cublas(const hetla_exec *x)
{
    hetla__scale_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    size_t el = sizeof(hetla_zcomplex);
    if (alpha == 1 || A->m == 0 || A->n == 0)
        return HETLA_SUCCESS;
    if (alpha == 0) /* all-zero bits are +0; scal would keep NaN and Inf (0 * NaN) */
        return hetla__cuda_check(cudaMemset2DAsync(A->ptr, A->ld * el, 0, A->m * el, A->n, q->stream),
                                 "cudaMemset2DAsync", q->device);
    /* A compact replica (ld = m, as the runtime makes them) is one vector. */
    int compact = A->ld == A->m;
    size_t cols = compact ? 1 : A->n, len = compact ? A->m * A->n : A->m;
    for (size_t j = 0; j < cols; j++) {
        cublasStatus_t st = cublasZscal_64(q->blas, (int64_t)len, (const cuDoubleComplex *)&alpha,
                                           (cuDoubleComplex *)A->ptr + j * A->ld, 1);
        if (st != CUBLAS_STATUS_SUCCESS)
            return hetla__cublas_check(st, "cublasZscal_64", q->device);
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__zgemm_cublas_register(hetla_context *ctx)
{
    hetla_status s = hetla__cublas_add(ctx, "zgemm", zgemm_cublas);
    return s ? s : hetla__cublas_add(ctx, "zgescal", zgescal_cublas);
}
