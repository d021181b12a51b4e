/* The batched GEMM and GEMV of the OPENCL_GEN class ("zgemm_batch",
 * "zgemv_batch"): gen.cl's gemm_batch kernel, a work-item per element of
 * C, over the strided, interleaved and blocked layouts.
 * @precisions normal z -> s d c
 */
#include <complex.h>

#include "kernels/opencl/opencl_gen.h"

static hetla_status zgemm_batch_opencl(const hetla_exec *x)
{
    hetla__gemm_batch_args a;
    HETLA__ARGS(x, a);
    cl_double2 alpha = hetla__cl_z(a.alpha), beta = hetla__cl_z(a.beta);
    hetla__ocl_gemm_batch g = {"-D PRECISION_z",
                               hetla__trans_code(a.transa),
                               hetla__trans_code(a.transb),
                               a.m,
                               a.n,
                               a.k,
                               &alpha,
                               &beta,
                               sizeof alpha,
                               a.alpha == 0,
                               a.beta == 0};
    return hetla__ocl_gemm_batch_run(x, &a.h, &g);
}

/* y := alpha op(A) x + beta y is the GEMM op(A) [x] with n = 1. */
static hetla_status zgemv_batch_opencl(const hetla_exec *x)
{
    hetla__gemv_batch_args a;
    HETLA__ARGS(x, a);
    cl_double2 alpha = hetla__cl_z(a.alpha), beta = hetla__cl_z(a.beta);
    int t = a.trans != HETLA_NO_TRANS;
    hetla__ocl_gemm_batch g = {"-D PRECISION_z",
                               hetla__trans_code(a.trans),
                               0,
                               t ? a.n : a.m,
                               1,
                               t ? a.m : a.n,
                               &alpha,
                               &beta,
                               sizeof alpha,
                               a.alpha == 0,
                               a.beta == 0};
    return hetla__ocl_gemm_batch_run(x, &a.h, &g);
}

hetla_status hetla__zbatch_opencl_register(hetla_context *ctx)
{
    hetla_status s = hetla__ocl_gen_add(ctx, "zgemm_batch", zgemm_batch_opencl);
    return s ? s : hetla__ocl_gen_add(ctx, "zgemv_batch", zgemv_batch_opencl);
}
