/* GEMM in the OPENCL_GEN class ("zgemm"): gen.cl's tiled kernel, one
 * launch a product, every transpose, alpha = 0 and k = 0 reading neither
 * A nor B and beta = 0 no C, as BLAS.
 * @precisions normal z -> s d c
 */
#include "kernels/blas/level3.h"
#include "kernels/opencl/opencl_gen.h"

static hetla_status zgemm_opencl(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *C = &x->buf[2];
    cl_double2 alpha = hetla__cl_z(a.alpha), beta = hetla__cl_z(a.beta);
    hetla__ocl_gemm g = {.precision = "-D PRECISION_z",
                         .transa = hetla__trans_code(a.transa),
                         .transb = hetla__trans_code(a.transb),
                         .m = C->m,
                         .n = C->n,
                         .k = a.alpha == 0 ? 0 : hetla__gemm_k(&a, &x->buf[0]),
                         .alpha = &alpha,
                         .beta = &beta,
                         .scalar = sizeof alpha,
                         .use_c = a.beta != 0};
    return hetla__ocl_gemm_run(x, &g);
}

hetla_status hetla__zgemm_opencl_register(hetla_context *ctx)
{
    return hetla__ocl_gen_add(ctx, "zgemm", zgemm_opencl);
}
