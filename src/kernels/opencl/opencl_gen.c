/* The OPENCL_GEN class's registry (one row per family and precision), the
 * launcher of batched GEMM shared by the precisions, and the batch
 * operations' registration, which the core's batch registration asks for
 * by name. */
#include <stdio.h>

#include "devices/opencl/opencl_internal.h"
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
    hetla__sgemm_opencl_register,
    hetla__dgemm_opencl_register,
    hetla__cgemm_opencl_register,
    hetla__zgemm_opencl_register,
};

hetla_status hetla__ocl_gen_register(hetla_context *ctx)
{
    return register_all(ctx, families, sizeof families / sizeof *families);
}

/* A tiling of gen.cl's gemm kernel: BM x BN blocks of C, panels of BK
 * columns of op(A) (rows of op(B)), RM x RN elements of C a work-item;
 * rate: elements of C a compute unit finishes in a unit of time,
 * relative to the others. */
typedef struct gemm_tiling {
    int bm, bn, bk, rm, rn;
    double rate;
} gemm_tiling;

/* Measured on an H200 through NVIDIA's OpenCL in double
 * (bench/results/2026-11-28-session25.md): 128 x 128 blocks with 8 x 8
 * elements a work-item, panels of 8, ran n = 2048 and 4096 at 17.4 and
 * 17.8 Tflop/s, 64 x 64 blocks of 4 x 4 at 14.2 and 14.5 (1.22-1.25x).
 * 64 x 128 blocks with panels of 16 ran 1.09-1.11x the small ones but take
 * 49 664 bytes, past the 48 KiB of local memory NVIDIA's OpenCL reports
 * (without the rows' padding every tiling lost 8-33 %); other shapes
 * gained at most 3 %. */
static const gemm_tiling tilings[] = {{128, 128, 8, 8, 8, 1.25}, {64, 64, 8, 4, 4, 1}};

/* The tiling that fits @p od (local memory, work-group size) and ends
 * first for an m x n C of @p elsize bytes an element, by a model in which
 * the blocks are shared out evenly over the compute units and the busiest
 * unit's share of C at the tiling's rate sets the time: at n = 1024 on an
 * H200 the large blocks (64 of them, 132 units) run 1.45x CLBlast and the
 * small 2.2x; at 1536 (two rounds of 144 large blocks) 0.98x and 1.22x;
 * at 2048 1.60x and 1.31x, as the model orders them. NULL if none fits. */
static const gemm_tiling *gemm_tiling_for(const hetla__ocl_dev *od, hetla_int m, hetla_int n, size_t elsize)
{
    const gemm_tiling *best = NULL;
    double best_time = 0;
    for (size_t i = 0; i < sizeof tilings / sizeof *tilings; i++) {
        const gemm_tiling *t = &tilings[i];
        size_t local = 2 * (size_t)t->bk * (size_t)(t->bm + t->bn + 2) * elsize;
        size_t group = (size_t)(t->bm / t->rm) * (size_t)(t->bn / t->rn);
        size_t blocks = (size_t)((m + t->bm - 1) / t->bm) * (size_t)((n + t->bn - 1) / t->bn);
        size_t units = od->units ? od->units : 1, rounds = (blocks + units - 1) / units;
        double time = (double)rounds * t->bm * t->bn / t->rate;
        if (local <= od->local_mem && group <= od->max_group && (!best || time < best_time))
            best = t, best_time = time;
    }
    return best;
}

hetla_status hetla__ocl_gemm_run(const hetla_exec *x, const hetla__ocl_gemm *g)
{
    const hetla__ocl_queue *q = x->queue;
    if (g->m == 0 || g->n == 0)
        return HETLA_SUCCESS;
    const gemm_tiling *t = gemm_tiling_for(q->dev, g->m, g->n, g->scalar);
    if (!t)
        return hetla__fail(HETLA_ERR_BACKEND,
                           "OpenCL kernel 'gemm': no tiling fits opencl:%d (%llu bytes of local memory)", q->index,
                           (unsigned long long)q->dev->local_mem);
    char options[128];
    snprintf(options, sizeof options, "%s -D BM=%d -D BN=%d -D BK=%d -D RM=%d -D RN=%d", g->precision, t->bm, t->bn,
             t->bk, t->rm, t->rn);
    cl_kernel k;
    hetla_status s = hetla__ocl_kernel(q, hetla__ocl_gen_source, options, "gemm", &k);
    if (s)
        return s;
    cl_int ta = g->transa, tb = g->transb, m = (cl_int)g->m, n = (cl_int)g->n, kk = (cl_int)g->k, use_c = g->use_c;
    cl_mem mem[3];
    cl_ulong ld[3];
    for (int i = 0; i < 3; i++)
        mem[i] = x->buf[i].ptr, ld[i] = x->buf[i].ld;
    const hetla__ocl_arg args[] = {
        {sizeof ta, &ta},         {sizeof tb, &tb},       {sizeof m, &m},           {sizeof n, &n},
        {sizeof kk, &kk},         {g->scalar, g->alpha},  {g->scalar, g->beta},     {sizeof use_c, &use_c},
        {sizeof mem[0], &mem[0]}, {sizeof ld[0], &ld[0]}, {sizeof mem[1], &mem[1]}, {sizeof ld[1], &ld[1]},
        {sizeof mem[2], &mem[2]}, {sizeof ld[2], &ld[2]}};
    if ((s = hetla__ocl_set_args(q, k, args, sizeof args / sizeof *args, "gemm")))
        return s;
    const size_t local[2] = {(size_t)(t->bm / t->rm), (size_t)(t->bn / t->rn)};
    const size_t global[2] = {(size_t)((g->m + t->bm - 1) / t->bm) * local[0],
                              (size_t)((g->n + t->bn - 1) / t->bn) * local[1]};
    return hetla__ocl_run(q, k, "gemm", 2, global, local);
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

hetla_status hetla__ocl_gemm_batch_run(const hetla_exec *x, const hetla__batch_head *h, const hetla__ocl_gemm *g)
{
    const hetla__ocl_queue *q = x->queue;
    if (h->count == 0 || g->m == 0 || g->n == 0)
        return HETLA_SUCCESS;
    cl_kernel k;
    hetla_status s = hetla__ocl_kernel(q, hetla__ocl_gen_source, g->precision, "gemm_batch", &k);
    if (s)
        return s;
    cl_int ta = g->transa, tb = g->transb, m = (cl_int)g->m, kk = (cl_int)g->k, use_ab = g->k > 0, use_c = g->use_c;
    cl_ulong4 o[3];
    cl_mem mem[3];
    for (int i = 0; i < 3; i++)
        o[i] = batch_operand(x, h, i), mem[i] = x->buf[i].ptr;
    const hetla__ocl_arg args[] = {
        {sizeof ta, &ta},         {sizeof tb, &tb},     {sizeof m, &m},           {sizeof kk, &kk},
        {g->scalar, g->alpha},    {g->scalar, g->beta}, {sizeof use_ab, &use_ab}, {sizeof use_c, &use_c},
        {sizeof mem[0], &mem[0]}, {sizeof o[0], &o[0]}, {sizeof mem[1], &mem[1]}, {sizeof o[1], &o[1]},
        {sizeof mem[2], &mem[2]}, {sizeof o[2], &o[2]}};
    if ((s = hetla__ocl_set_args(q, k, args, sizeof args / sizeof *args, "gemm_batch")))
        return s;
    const size_t global[2] = {(size_t)h->count, (size_t)(g->m * g->n)};
    return hetla__ocl_run(q, k, "gemm_batch", 2, global, NULL);
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
