/* The tile operations of the OPENCL_GEN class: "zgescal" (A := alpha A,
 * hetla's own kernel from gen.cl) and "zlacpy" (B := A, a rectangle copy
 * inside the device).
 * @precisions normal z -> s d c
 */
#include "kernels/blas/level3.h"
#include "kernels/opencl/opencl_gen.h"

static hetla_status zgescal_opencl(const hetla_exec *x)
{
    hetla__scale_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    const hetla__ocl_queue *q = x->queue;
    if ((hetla_zcomplex)a.alpha == 1 || A->m == 0 || A->n == 0)
        return HETLA_SUCCESS;
    cl_kernel k;
    hetla_status s = hetla__ocl_kernel(q, hetla__ocl_gen_source, "-D PRECISION_z", "gescal", &k);
    if (s)
        return s;
    cl_mem buf = A->ptr;
    cl_ulong ld = A->ld;
    cl_double2 alpha = hetla__cl_z(a.alpha);
    cl_int zero = (hetla_zcomplex)a.alpha == 0;
    const hetla__ocl_arg args[] = {{sizeof buf, &buf}, {sizeof ld, &ld}, {sizeof alpha, &alpha}, {sizeof zero, &zero}};
    if ((s = hetla__ocl_set_args(q, k, args, sizeof args / sizeof *args, "gescal")))
        return s;
    const size_t global[2] = {A->m, A->n};
    return hetla__ocl_run(q, k, "gescal", 2, global, NULL);
}

static hetla_status zlacpy_opencl(const hetla_exec *x)
{
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    const hetla__ocl_queue *q = x->queue;
    size_t el = sizeof(hetla_zcomplex);
    if (A->m == 0 || A->n == 0)
        return HETLA_SUCCESS;
    const size_t origin[3] = {0, 0, 0}, region[3] = {A->m * el, A->n, 1};
    return hetla__ocl_check(clEnqueueCopyBufferRect(q->queue, A->ptr, B->ptr, origin, origin, region, A->ld * el, 0,
                                                    B->ld * el, 0, 0, NULL, NULL),
                            "clEnqueueCopyBufferRect (zlacpy)", q->index);
}

hetla_status hetla__zgescal_opencl_register(hetla_context *ctx)
{
    hetla_status s = hetla__ocl_gen_add(ctx, "zgescal", zgescal_opencl);
    return s ? s : hetla__ocl_gen_add(ctx, "zlacpy", zlacpy_opencl);
}
