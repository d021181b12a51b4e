/* How a synchronous BLAS call runs: directly on the calling thread when a
 * CPU runs it and the call is small (no runtime cost at all), else as one
 * task on handles registered over the caller's memory, waited for. */
#include "kernels/blas/blas_ops.h"
#include "runtime/runtime.h"

int hetla__blas_cpu_device(const hetla_context *ctx)
{
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].type == HETLA_DEVICE_CPU)
            return d;
    return -1;
}

static hetla_status run_direct(hetla_kernel *k, int dev, const hetla__operand *ops, int nops, const void *args,
                               size_t args_size)
{
    hetla_buffer buf[HETLA_MAX_TASK_DATA];
    for (int i = 0; i < nops; i++)
        buf[i] = (hetla_buffer){ops[i].ptr, ops[i].m, ops[i].n, ops[i].ld, ops[i].type};
    hetla_exec x = {buf, nops, args, args_size, dev, -1, NULL};
    return k->impl[k->selected[dev]](&x);
}

/* A synchronous call goes whole to the accelerators that have its
 * operation rather than to the CPU cores: until performance models steer
 * work, one task on one accelerator beats splitting it with the CPU. */
uint64_t hetla__accelerators_for(const hetla_context *ctx, const hetla_kernel *k)
{
    uint64_t mask = 0;
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].node != 0 && k->selected[d] >= 0)
            mask |= 1ull << d;
    return mask;
}

static hetla_status run_task(hetla_context *ctx, hetla_kernel *k, const hetla__operand *ops, int nops,
                             const void *args, size_t args_size, uint64_t mask)
{
    hetla_data *h[HETLA_MAX_TASK_DATA];
    hetla_task_arg a[HETLA_MAX_TASK_DATA];
    hetla_status s = HETLA_SUCCESS;
    int registered = 0;
    for (; registered < nops && !s; registered++) {
        const hetla__operand *o = &ops[registered];
        /* Not pinned: pinning costs more than the copies it speeds up once. */
        s = hetla__matrix_register(ctx, o->ptr, o->m, o->n, o->ld, o->type, 0, &h[registered]);
        a[registered] = (hetla_task_arg){h[registered], o->mode};
    }
    if (s)
        registered--;
    hetla_sequence *seq = NULL;
    if (!s)
        s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = a, .ndata = nops, .args = args,
                                                       .args_size = args_size, .device_mask = mask, .seq = seq});
    if (seq) {
        hetla_status w = hetla_sequence_destroy(seq);
        s = s ? s : w;
    }
    for (int i = 0; i < registered; i++) {
        hetla_status u = hetla_data_unregister(h[i]);
        s = s ? s : u;
    }
    return s;
}

hetla_status hetla__blas_run(hetla_context *ctx, const char *op, const hetla__operand *ops, int nops,
                             const void *args, size_t args_size, int direct_ok)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    if (s)
        return hetla__fail(HETLA_ERR_INTERNAL, "operation '%s' is not registered", op);
    uint64_t accel = hetla__accelerators_for(ctx, k);
    int cpu = hetla__blas_cpu_device(ctx);
    if (!accel && direct_ok && cpu >= 0 && k->selected[cpu] >= 0)
        return run_direct(k, cpu, ops, nops, args, args_size);
    return run_task(ctx, k, ops, nops, args, args_size, accel);
}

/* Below this many multiply-adds a call runs on the calling thread: tiling
 * would cost more than it saves. */
#define DIRECT_FMAS (192.0 * 192.0 * 192.0)

int hetla__blas_tiled_pays(hetla_context *ctx, const char *op, double fmas)
{
    hetla_kernel *k;
    if (hetla_kernel_find(ctx, op, &k) || hetla__accelerators_for(ctx, k))
        return 0;
    return fmas > DIRECT_FMAS && hetla__blas_cpu_workers(ctx) > 1;
}

hetla_status hetla__blas_task(hetla_context *ctx, const hetla_task_opts *opts, const char *op,
                              const hetla_task_arg *data, int ndata, const void *args, size_t args_size)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    if (s)
        return hetla__fail(HETLA_ERR_INTERNAL, "operation '%s' is not registered", op);
    hetla_task_opts none = {0};
    if (!opts)
        opts = &none;
    return hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = data, .ndata = ndata, .args = args,
                                                      .args_size = args_size, .priority = opts->priority,
                                                      .device_mask = opts->device_mask, .seq = opts->seq});
}

int hetla__blas_cpu_workers(const hetla_context *ctx)
{
    int cpu = hetla__blas_cpu_device(ctx);
    return cpu >= 0 ? ctx->devices[cpu].nworkers : 0;
}

hetla_status hetla__shape_get(const char *fn, int pos, const char *name, const hetla_data *d, hetla_dtype type,
                              hetla__shape *out)
{
    hetla_dtype t;
    if (!d)
        return hetla__arg_error(fn, pos, name, "is NULL");
    hetla_status s = hetla_data_shape(d, &out->m, &out->n, &t);
    if (!s && t != type)
        return hetla__arg_error(fn, pos, name, "holds element type %d, the routine works on %d", (int)t, (int)type);
    return s;
}

hetla_status hetla__views_create(hetla_context *ctx, const hetla__operand *ops, int n, size_t nb, hetla__views *v)
{
    nb = nb ? nb : hetla__blas_tile(ctx);
    *v = (hetla__views){.n = n};
    hetla_status s = HETLA_SUCCESS;
    for (int i = 0; i < n && !s; i++)
        if (ops[i].ptr)
            s = hetla_tiled_create(ctx, ops[i].ptr, ops[i].m, ops[i].n, ops[i].ld, nb, nb, ops[i].type, &v->t[i]);
    if (!s)
        s = hetla_sequence_create(ctx, &v->seq);
    return s;
}

hetla_status hetla__views_destroy(hetla__views *v, hetla_status s)
{
    if (v->seq) {
        hetla_status w = hetla_sequence_destroy(v->seq);
        s = s ? s : w;
    }
    for (int i = 0; i < v->n; i++)
        if (v->t[i]) {
            hetla_status d = hetla_tiled_destroy(v->t[i]);
            s = s ? s : d;
        }
    return s;
}

size_t hetla__blas_tile(const hetla_context *ctx)
{
    /* one default until devices other than CPUs run tiles */
    return ctx->tile_size > 0 ? (size_t)ctx->tile_size : 256;
}

hetla_status hetla__vec_handle(const char *fn, int pos, const char *name, const hetla_data *d, hetla_dtype type,
                               hetla__vec_arg *arg)
{
    hetla__shape sh;
    hetla_status s = hetla__shape_get(fn, pos, name, d, type, &sh);
    if (s)
        return s;
    if (sh.m != 1 && sh.n != 1)
        return hetla__arg_error(fn, pos, name, "is %zu x %zu, not a vector (n x 1 or 1 x n)", sh.m, sh.n);
    *arg = (hetla__vec_arg){(hetla_int)(sh.m == 1 ? sh.n : sh.m), 1};
    return HETLA_SUCCESS;
}

hetla_status hetla__cpu_register(hetla_context *ctx, const char *name, hetla_kernel_fn generic,
                                 hetla_kernel_fn openblas, hetla_kernel_fn blis,
                                 hetla__flops (*flops)(const hetla_exec *x))
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_create(ctx, name, &k);
    if (!s)
        s = hetla_kernel_add(k, HETLA_CLASS_GENERIC, generic);
    if (!s && openblas)
        s = hetla_kernel_add(k, HETLA_CLASS_CPU_OPENBLAS, openblas);
    if (!s && blis)
        s = hetla_kernel_add(k, HETLA_CLASS_CPU_BLIS, blis);
    if (!s && flops)
        s = hetla_kernel_set_flops(k, flops);
    return s;
}
