/* The CUDA_CUBLAS and CUDA_CUSOLVER classes' registry: one row per routine
 * family and precision, added to the operations the core registered. */
#include "kernels/cublas/cublas.h"

hetla_status hetla__cuda_add(hetla_context *ctx, const char *op, hetla_kernel_class cls, hetla_kernel_fn fn)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    return s ? s : hetla_kernel_add(k, cls, fn);
}

hetla_status hetla__cuda_panel_move(const hetla_exec *x, int nbuf, void *P, size_t m, size_t es, int in,
                                    const hetla__cuda_queue *q)
{
    size_t row = 0;
    for (int i = 0; i < nbuf; row += x->buf[i].m, i++) {
        const hetla_buffer *b = &x->buf[i];
        char *part = (char *)P + row * es;
        cudaError_t e = in ? cudaMemcpy2DAsync(part, m * es, b->ptr, b->ld * es, b->m * es, b->n,
                                               cudaMemcpyDeviceToDevice, q->stream)
                           : cudaMemcpy2DAsync(b->ptr, b->ld * es, part, m * es, b->m * es, b->n,
                                               cudaMemcpyDeviceToDevice, q->stream);
        if (e != cudaSuccess)
            return hetla__cuda_check(e, "cudaMemcpy2DAsync (panel)", q->device);
    }
    return HETLA_SUCCESS;
}

static hetla_status (*const families[])(hetla_context *ctx) = {
    hetla__sgemm_cublas_register,
    hetla__dgemm_cublas_register,
    hetla__cgemm_cublas_register,
    hetla__zgemm_cublas_register,
    hetla__slevel1_cublas_register,
    hetla__dlevel1_cublas_register,
    hetla__clevel1_cublas_register,
    hetla__zlevel1_cublas_register,
    hetla__slevel2_cublas_register,
    hetla__dlevel2_cublas_register,
    hetla__clevel2_cublas_register,
    hetla__zlevel2_cublas_register,
    hetla__slevel3_cublas_register,
    hetla__dlevel3_cublas_register,
    hetla__clevel3_cublas_register,
    hetla__zlevel3_cublas_register,
    hetla__spotrf_cusolver_register,
    hetla__dpotrf_cusolver_register,
    hetla__cpotrf_cusolver_register,
    hetla__zpotrf_cusolver_register,
    hetla__sgetrf_cusolver_register,
    hetla__dgetrf_cusolver_register,
    hetla__cgetrf_cusolver_register,
    hetla__zgetrf_cusolver_register,
    hetla__sgeqrt_cusolver_register,
    hetla__dgeqrt_cusolver_register,
    hetla__cgeqrt_cusolver_register,
    hetla__zgeqrt_cusolver_register,
#ifdef HETLA_CUDA_KERNELS
    hetla__laswp_cuda_register,
    hetla__strtri_cuda_register,
    hetla__dtrtri_cuda_register,
    hetla__ctrtri_cuda_register,
    hetla__ztrtri_cuda_register,
#endif
};

hetla_status hetla__cublas_register(hetla_context *ctx)
{
    for (size_t i = 0; i < sizeof families / sizeof *families; i++) {
        hetla_status s = families[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}
