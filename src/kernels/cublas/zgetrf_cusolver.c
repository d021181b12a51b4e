/* The LU panel in the CUDA_CUSOLVER class: "zgetrf" (partial pivoting)
 * on a column of tiles, and "zgetrf_nopiv" on a diagonal tile (cuSOLVER
 * pivots not at all when given no pivot array), factored as one matrix by
 * cuSOLVER's 64-bit API:
 * the tiles are gathered into one buffer from the stream-ordered allocator
 * and scattered back, the pivots are brought home and made global (LAPACK's
 * ipiv over the whole matrix, as the CPU classes leave them), a zero pivot
 * sets info and the factorization goes on, as LAPACK does.
 * @precisions normal z -> s d c
 */
#include <stdlib.h>
#include <string.h>

#include "kernels/cublas/cublas.h"
#include "kernels/lapack/lapack.h"

static hetla_status zgetrf_cusolver(const hetla_exec *x)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    const hetla__cuda_queue *q = x->queue;
    size_t m = 0, n = x->buf[0].n;
    for (int i = 0; i < x->nbuf; i++)
        m += x->buf[i].m;
    size_t k = m < n ? m : n, es = sizeof(hetla_zcomplex);
    size_t dev_bytes = 0, host_bytes = 0;
    cusolverDnParams_t params;
    cusolverStatus_t st = cusolverDnCreateParams(&params);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return hetla__cusolver_check(st, "cusolverDnCreateParams", q->device);
    st = cusolverDnXgetrf_bufferSize(q->solver, params, (int64_t)m, (int64_t)n, CUDA_C_64F, NULL, (int64_t)m,
                                     CUDA_C_64F, &dev_bytes, &host_bytes);
    hetla_status s = hetla__cusolver_check(st, "cusolverDnXgetrf_bufferSize", q->device);
    /* one device block: the panel, the workspace, the pivots and info */
    size_t panel = (m * n * es + 255) & ~(size_t)255, work = (dev_bytes + 255) & ~(size_t)255;
    size_t total = panel + work + (k + 1) * sizeof(int64_t);
    char *dev = NULL;
    void *host = NULL;
    int64_t *piv = malloc((k + 1) * sizeof *piv);
    if (!s && !piv)
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "zgetrf: out of host memory");
    if (!s)
        s = hetla__cuda_scratch(q, total, (void **)&dev);
    if (!s && host_bytes && !(host = malloc(host_bytes)))
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "zgetrf: %zu bytes of host workspace", host_bytes);
    int64_t *dpiv = (int64_t *)(dev + panel + work);
    int *dinfo = (int *)(dpiv + k);
    if (!s)
        s = hetla__cuda_panel_move(x, x->nbuf, dev, m, es, 1, q);
    if (!s)
        s = hetla__cusolver_check(cusolverDnXgetrf(q->solver, params, (int64_t)m, (int64_t)n, CUDA_C_64F, dev,
                                                   (int64_t)m, a.ipiv ? dpiv : NULL, CUDA_C_64F, dev + panel, dev_bytes,
                                                   host, host_bytes, dinfo),
                                  "cusolverDnXgetrf", q->device);
    if (!s)
        s = hetla__cuda_panel_move(x, x->nbuf, dev, m, es, 0, q);
    size_t first = a.ipiv ? 0 : k; /* no pivoting: info alone comes back */
    if (!s)                        /* the pivots and info (after them) in one copy */
        s = hetla__cuda_check(cudaMemcpyAsync(piv + first, dpiv + first, (k + 1 - first) * sizeof *piv,
                                              cudaMemcpyDeviceToHost, q->stream),
                              "cudaMemcpyAsync", q->device);
    s = hetla__cuda_scratch_free(q, dev, s);
    /* the pivots are read on the host by the interchanges' tasks */
    if (!s)
        s = hetla__cuda_check(cudaStreamSynchronize(q->stream), "cudaStreamSynchronize", q->device);
    if (!s) {
        for (size_t i = 0; i < k && a.ipiv; i++)
            a.ipiv[a.offset + (hetla_int)i] = a.offset + (hetla_int)piv[i];
        int info;
        memcpy(&info, &piv[k], sizeof info);
        if (info > 0)
            hetla__info_set(a.info, a.offset + info);
    }
    free(piv);
    free(host);
    cusolverDnDestroyParams(params);
    return s;
}

hetla_status hetla__zgetrf_cusolver_register(hetla_context *ctx)
{
    hetla_status s = hetla__cuda_add(ctx, "zgetrf", HETLA_CLASS_CUDA_CUSOLVER, zgetrf_cusolver);
    return s ? s : hetla__cuda_add(ctx, "zgetrf_nopiv", HETLA_CLASS_CUDA_CUSOLVER, zgetrf_cusolver);
}
