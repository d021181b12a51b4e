/* The batched GEMM and GEMV of the OPENCL_GEN class ("zgemm_batch",
 * "zgemv_batch"): gen.cl's gemm_batch kernel, a work-item per element of
 * C, over the strided, interleaved and blocked layouts.
 * @precisions normal z -> s d c
 */
#include <complex.h>

#include "kernels/opencl/opencl_gen.h"

/* C := alpha op(A) op(B) + beta C over the batch's chunk in x. */
static hetla_status gemm(const hetla_exec *x, const hetla__batch_head *h, hetla_trans transa, hetla_trans transb,
                         hetla_int m, hetla_int n, hetla_int k, hetla_zcomplex alpha, hetla_zcomplex beta)
{
    cl_double2 a = hetla__cl_z(alpha), b = hetla__cl_z(beta);
    hetla__ocl_gemm g = {.precision = "-D PRECISION_z",
                         .transa = hetla__trans_code(transa),
                         .transb = hetla__trans_code(transb),
                         .m = m,
                         .n = n,
                         .k = alpha == 0 ? 0 : k,
                         .alpha = &a,
                         .beta = &b,
                         .scalar = sizeof a,
                         .use_c = beta != 0};
    return hetla__ocl_gemm_batch_run(x, h, &g);
}

static hetla_status zgemm_batch_opencl(const hetla_exec *x)
{
    hetla__gemm_batch_args a;
    HETLA__ARGS(x, a);
    return gemm(x, &a.h, a.transa, a.transb, a.m, a.n, a.k, a.alpha, a.beta);
}

/* y := alpha op(A) x + beta y is the GEMM op(A) [x] with n = 1. */
static hetla_status zgemv_batch_opencl(const hetla_exec *x)
{
    hetla__gemv_batch_args a;
    HETLA__ARGS(x, a);
    int t = a.trans != HETLA_NO_TRANS;
    return gemm(x, &a.h, a.trans, HETLA_NO_TRANS, t ? a.n : a.m, 1, t ? a.m : a.n, a.alpha, a.beta);
}

hetla_status hetla__zbatch_opencl_register(hetla_context *ctx)
{
    hetla_status s = hetla__ocl_gen_add(ctx, "zgemm_batch", zgemm_batch_opencl);
    return s ? s : hetla__ocl_gen_add(ctx, "zgemv_batch", zgemv_batch_opencl);
}
