/* The CUDA_CUBLAS and CUDA_CUSOLVER classes' registry: one row per routine
 * family and precision, added to the operations the core registered. */
#include "core/context.h"
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

/* The operations no GPU library has, run on host copies of their tiles
 * (hetla__cuda_on_host) where the context has no CPU device to run them:
 * so a context of GPUs alone runs every operation. */
#define HOST_OPS(X)                                                                                                    \
    X(slarft) X(dlarft) X(clarft) X(zlarft) X(slacpy) X(dlacpy) X(clacpy) X(zlacpy) X(sgetrf_step) X(dgetrf_step)     \
        X(cgetrf_step) X(zgetrf_step) X(sgetrf_update) X(dgetrf_update) X(cgetrf_update) X(zgetrf_update) X(sdsdot)   \
            X(dsdot) X(srotm) X(drotm)
#define ON_HOST(op)                                                                                                    \
    static hetla_status op##_on_host(const hetla_exec *x) { return hetla__cuda_on_host(x, #op); }
HOST_OPS(ON_HOST)

static hetla_status host_ops_register(hetla_context *ctx)
{
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].type == HETLA_DEVICE_CPU)
            return HETLA_SUCCESS;
#define ADD(op) {#op, op##_on_host},
    static const struct {
        const char *op;
        hetla_kernel_fn fn;
    } ops[] = {HOST_OPS(ADD)};
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__cuda_add(ctx, ops[i].op, HETLA_CLASS_CUDA_NATIVE, ops[i].fn);
    return s;
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
#endif
    host_ops_register,
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
