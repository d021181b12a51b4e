/* The Cholesky tile in the CUDA_CUSOLVER class: "zpotrf" through
 * cuSOLVER's 64-bit API on the worker's stream, its workspace from the
 * stream-ordered allocator (no device-wide synchronization), its info read
 * back before the task ends so that a matrix that is not positive definite
 * fails the task as on the CPU.
 * @precisions normal z -> s d c
 */
#include <stdlib.h>

#include "kernels/cublas/cublas.h"
#include "kernels/lapack/lapack.h"

static hetla_status zpotrf_cusolver(const hetla_exec *x)
{
    hetla__potrf_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    cublasFillMode_t uplo = a.uplo == HETLA_LOWER ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    int64_t n = (int64_t)A->n, lda = (int64_t)A->ld;
    size_t dev_bytes = 0, host_bytes = 0;
    cusolverDnParams_t params;
    cusolverStatus_t st = cusolverDnCreateParams(&params);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return hetla__cusolver_check(st, "cusolverDnCreateParams", q->device);
    st = cusolverDnXpotrf_bufferSize(q->solver, params, uplo, n, CUDA_C_64F, A->ptr, lda, CUDA_C_64F, &dev_bytes,
                                     &host_bytes);
    hetla_status s = hetla__cusolver_check(st, "cusolverDnXpotrf_bufferSize", q->device);
    void *work = NULL, *host = NULL;
    int info = 0;
    /* the info word after the workspace, 8-byte aligned */
    size_t off = (dev_bytes + 7) & ~(size_t)7;
    if (!s)
        s = hetla__cuda_scratch(q, off + sizeof(int), &work);
    if (!s && host_bytes && !(host = malloc(host_bytes)))
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "zpotrf: %zu bytes of host workspace", host_bytes);
    if (!s)
        s = hetla__cusolver_check(cusolverDnXpotrf(q->solver, params, uplo, n, CUDA_C_64F, A->ptr, lda, CUDA_C_64F,
                                                   work, dev_bytes, host, host_bytes, (int *)((char *)work + off)),
                                  "cusolverDnXpotrf", q->device);
    if (!s)
        s = hetla__cuda_check(cudaMemcpyAsync(&info, (char *)work + off, sizeof info, cudaMemcpyDeviceToHost,
                                              q->stream),
                              "cudaMemcpyAsync", q->device);
    s = hetla__cuda_scratch_free(q, work, s);
    if (!s)
        s = hetla__cuda_check(cudaStreamSynchronize(q->stream), "cudaStreamSynchronize", q->device);
    free(host);
    cusolverDnDestroyParams(params);
    if (!s && info > 0) {
        hetla__info_set(a.info, a.offset + info);
        return hetla__fail(HETLA_NUMERICAL, "zpotrf: the leading minor of order %lld is not positive definite",
                           (long long)(a.offset + info));
    }
    return s;
}

hetla_status hetla__zpotrf_cusolver_register(hetla_context *ctx)
{
    return hetla__cuda_add(ctx, "zpotrf", HETLA_CLASS_CUDA_CUSOLVER, zpotrf_cusolver);
}
