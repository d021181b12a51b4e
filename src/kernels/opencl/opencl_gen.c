/* The OPENCL_GEN class's registry (one row per family and precision), the
 * launcher of batched GEMM shared by the precisions, and the batch
 * operations' registration, which the core's batch registration asks for
 * by name. */
#include "kernels/opencl/opencl_gen.h"

hetla_status hetla__ocl_gen_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    return s ? s : hetla_kernel_add(k, HETLA_CLASS_OPENCL_GEN, fn);
}

typedef hetla_status (*register_fn)(hetla_context *ctx);

/* Runs each of the @p n registrations, up to the first failure. */
static hetla_status register_all(hetla_context *ctx, const register_fn *fns, size_t n)
{
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < n && !s; i++)
        s = fns[i](ctx);
    return s;
}

static const register_fn families[] = {
    hetla__sgescal_opencl_register,
    hetla__dgescal_opencl_register,
    hetla__cgescal_opencl_register,
    hetla__zgescal_opencl_register,
};

hetla_status hetla__ocl_gen_register(hetla_context *ctx)
{
    return register_all(ctx, families, sizeof families / sizeof *families);
}

/* Operand i of a batch task as gen.cl's kernels address it: (bs, bspan,
 * s, ld) in elements; the device replica is compact (buf.ld is the lane
 * stride, or the matrix stride of a strided chunk). P2P operands never
 * reach a device: they are staged into strided buffers (run.c). */
static cl_ulong4 batch_operand(const hetla_exec *x, const hetla__batch_head *h, int i)
{
    const hetla__bop *o = &h->op[i];
    cl_ulong ld = x->buf[i].ld, lo = (cl_ulong)o->ld;
    switch (o->layout) {
    case HETLA_BATCH_STRIDED:
        return (cl_ulong4){{1, ld, 1, lo}};
    case HETLA_BATCH_INTERLEAVED:
        return (cl_ulong4){{(cl_ulong)h->count, 0, ld, lo}};
    default:
        return (cl_ulong4){{(cl_ulong)o->bs, lo * (cl_ulong)o->cols * ld, ld, lo}};
    }
}

hetla_status hetla__ocl_gemm_batch_run(const hetla_exec *x, const hetla__batch_head *h, const hetla__ocl_gemm_batch *g)
{
    const hetla__ocl_queue *q = x->queue;
    if (h->count == 0 || g->m == 0 || g->n == 0)
        return HETLA_SUCCESS;
    cl_kernel k;
    hetla_status s = hetla__ocl_kernel(q, hetla__ocl_gen_source, g->precision, "gemm_batch", &k);
    if (s)
        return s;
    cl_int ta = g->transa, tb = g->transb, m = (cl_int)g->m, kk = (cl_int)g->k;
    cl_int use_ab = !g->alpha_zero && g->k > 0, use_c = !g->beta_zero;
    cl_ulong4 o[3];
    cl_mem mem[3];
    for (int i = 0; i < 3; i++)
        o[i] = batch_operand(x, h, i), mem[i] = x->buf[i].ptr;
    struct {
        size_t size;
        const void *v;
    } args[] = {{sizeof ta, &ta},         {sizeof tb, &tb},     {sizeof m, &m},           {sizeof kk, &kk},
                {g->scalar, g->alpha},    {g->scalar, g->beta}, {sizeof use_ab, &use_ab}, {sizeof use_c, &use_c},
                {sizeof mem[0], &mem[0]}, {sizeof o[0], &o[0]}, {sizeof mem[1], &mem[1]}, {sizeof o[1], &o[1]},
                {sizeof mem[2], &mem[2]}, {sizeof o[2], &o[2]}};
    cl_int e = CL_SUCCESS;
    for (cl_uint i = 0; i < sizeof args / sizeof *args && e == CL_SUCCESS; i++)
        e = clSetKernelArg(k, i, args[i].size, args[i].v);
    if (e != CL_SUCCESS)
        return hetla__ocl_check(e, "clSetKernelArg (gemm_batch)", q->index);
    const size_t global[2] = {(size_t)h->count, (size_t)(g->m * g->n)};
    return hetla__ocl_run(q, k, "gemm_batch", 2, global);
}

static const register_fn batch_families[] = {
    hetla__sbatch_opencl_register,
    hetla__dbatch_opencl_register,
    hetla__cbatch_opencl_register,
    hetla__zbatch_opencl_register,
};

/* Found by src/batch/run.c (hetla__batch_register) through
 * hetla__backend_symbol once the core has registered its batch
 * operations on a context that uses OpenCL devices. */
HETLA__MODULE_EXPORT hetla_status hetla_opencl_batch_register(hetla_context *ctx);

hetla_status hetla_opencl_batch_register(hetla_context *ctx)
{
    return register_all(ctx, batch_families, sizeof batch_families / sizeof *batch_families);
}
