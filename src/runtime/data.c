/* Data handles: registration of host vectors and matrices, device-only
 * data, waiting, flush, acquire/release, unregister, and disposal once
 * their tasks are done. */
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

static const size_t dtype_sizes[HETLA_NDTYPES] = {
    [HETLA_FLOAT] = 4, [HETLA_DOUBLE] = 8, [HETLA_COMPLEX] = 8, [HETLA_ZCOMPLEX] = 16,
    [HETLA_INT32] = 4, [HETLA_INT64] = 8,  [HETLA_BYTE] = 1,
};

size_t hetla_dtype_size(hetla_dtype t) { return (unsigned)t < HETLA_NDTYPES ? dtype_sizes[t] : 0; }

static hetla_status data_new(hetla_context *ctx, size_t m, size_t n, hetla_dtype t, hetla_data **out)
{
    hetla_data *d = calloc(1, sizeof *d + (size_t)ctx->nnodes * sizeof d->rep[0]);
    if (!d)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "out of memory (data handle)");
    d->ctx = ctx;
    d->m = m;
    d->n = n;
    d->type = t;
    d->elsize = dtype_sizes[t];
    pthread_mutex_init(&d->lock, NULL);
    if (ctx->nnodes > 1) /* replicas on accelerators: eviction may look at it */
        hetla__data_live(d, 1);
    *out = d;
    return HETLA_SUCCESS;
}

hetla_status hetla_matrix_register(hetla_context *ctx, void *ptr, size_t m, size_t n, size_t ld, hetla_dtype t,
                                   hetla_data **out)
{
    return hetla__matrix_register(ctx, ptr, m, n, ld, t, 1, out);
}

hetla_status hetla__matrix_register(hetla_context *ctx, void *ptr, size_t m, size_t n, size_t ld, hetla_dtype t,
                                    int pin, hetla_data **out)
{
    static const char fn[] = "hetla_matrix_register";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!ptr && m > 0 && n > 0)
        return hetla__arg_error(fn, 2, "ptr", "is NULL for a %zu x %zu matrix", m, n);
    if (ld < (m > 1 ? m : 1))
        return hetla__arg_error(fn, 5, "ld", "is %zu, must be >= max(1, m) = %zu", ld, m > 1 ? m : 1);
    if ((unsigned)t >= HETLA_NDTYPES)
        return hetla__arg_error(fn, 6, "t", "is %d, not a hetla_dtype", (int)t);
    if (!out)
        return hetla__arg_error(fn, 7, "out", "is NULL");
    hetla_status s = data_new(ctx, m, n, t, out);
    if (s)
        return s;
    (*out)->user_host = 1;
    (*out)->rep[0] = (hetla__replica){.state = HETLA__OWNED, .ptr = ptr, .ld = ld};
    if (pin && m > 0 && n > 0)
        (*out)->pinned = hetla__host_pin(ctx, ptr, ((n - 1) * ld + m) * hetla_dtype_size(t));
    return HETLA_SUCCESS;
}

hetla_status hetla_vector_register(hetla_context *ctx, void *ptr, size_t n, hetla_dtype t, hetla_data **out)
{
    static const char fn[] = "hetla_vector_register";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!ptr && n > 0)
        return hetla__arg_error(fn, 2, "ptr", "is NULL for %zu elements", n);
    if ((unsigned)t >= HETLA_NDTYPES)
        return hetla__arg_error(fn, 4, "t", "is %d, not a hetla_dtype", (int)t);
    if (!out)
        return hetla__arg_error(fn, 5, "out", "is NULL");
    return hetla_matrix_register(ctx, ptr, n, 1, n > 0 ? n : 1, t, out);
}

hetla_status hetla_data_create(hetla_context *ctx, size_t m, size_t n, hetla_dtype t, hetla_data **out)
{
    static const char fn[] = "hetla_data_create";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if ((unsigned)t >= HETLA_NDTYPES)
        return hetla__arg_error(fn, 4, "t", "is %d, not a hetla_dtype", (int)t);
    if (!out)
        return hetla__arg_error(fn, 5, "out", "is NULL");
    return data_new(ctx, m, n, t, out);
}

/* No task uses @p d any more: its last writer and the readers since have
 * completed (the handle keeps them referenced), and no scratch use is on. */
static int data_idle(const void *arg)
{
    hetla_data *d = (hetla_data *)arg;
    pthread_mutex_lock(&d->lock);
    int idle = atomic_load(&d->scratch_users) == 0 && (!d->last_writer || atomic_load(&d->last_writer->completed));
    for (int i = 0; idle && i < d->nreaders; i++)
        idle = atomic_load(&d->readers[i]->completed);
    pthread_mutex_unlock(&d->lock);
    return idle;
}

static void data_wait(hetla_data *d) { hetla__wait_until(d->ctx, data_idle, d); }

hetla_status hetla_data_wait(hetla_data *d)
{
    if (!d)
        return hetla__arg_error("hetla_data_wait", 1, "d", "is NULL");
    data_wait(d);
    return HETLA_SUCCESS;
}

/* Prefetching is a task that reads the data on the chosen device and
 * does nothing else: the coherence protocol makes the copy, after the
 * data's writers and without blocking the caller. */
static hetla_status prefetch_kernel(const hetla_exec *x)
{
    (void)x;
    return HETLA_SUCCESS;
}

hetla_status hetla__data_register_ops(hetla_context *ctx)
{
    static const hetla_kernel_class any[] = {HETLA_CLASS_GENERIC, HETLA_CLASS_CUDA_NATIVE, HETLA_CLASS_OPENCL_NATIVE};
    hetla_kernel *k;
    hetla_status s = hetla_kernel_create(ctx, "prefetch", &k);
    for (size_t i = 0; i < sizeof any / sizeof *any && !s; i++)
        s = hetla_kernel_add(k, any[i], prefetch_kernel);
    return s;
}

hetla_status hetla_data_prefetch(hetla_data *d, int device, hetla_sequence *seq)
{
    static const char fn[] = "hetla_data_prefetch";
    if (!d)
        return hetla__arg_error(fn, 1, "d", "is NULL");
    if (device < 0 || device >= d->ctx->ndevices)
        return hetla__arg_error(fn, 2, "device", "is %d, not in 0..%d", device, d->ctx->ndevices - 1);
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(d->ctx, "prefetch", &k);
    if (s)
        return s;
    hetla_task_arg arg = {d, HETLA_R};
    hetla_task_desc t = {
        .kernel = k, .data = &arg, .ndata = 1, .seq = seq, .device_mask = 1ull << device, .label = "prefetch"};
    return hetla_task_insert(d->ctx, &t);
}

/* Brings a valid copy to the host; called with no task using @p d. */
static hetla_status to_host(hetla_data *d)
{
    pthread_mutex_lock(&d->lock);
    hetla_status s = hetla__replica_fetch(d, 0, HETLA_R, NULL);
    pthread_mutex_unlock(&d->lock);
    return s;
}

hetla_status hetla_data_flush(hetla_data *d)
{
    if (!d)
        return hetla__arg_error("hetla_data_flush", 1, "d", "is NULL");
    data_wait(d);
    return to_host(d);
}

hetla_status hetla_data_acquire(hetla_data *d, hetla_access mode, void **ptr, size_t *ld)
{
    static const char fn[] = "hetla_data_acquire";
    if (!d)
        return hetla__arg_error(fn, 1, "d", "is NULL");
    if (mode != HETLA_R && mode != HETLA_W && mode != HETLA_RW)
        return hetla__arg_error(fn, 2, "mode", "is %d, not R, W or RW", (int)mode);
    if (!ptr)
        return hetla__arg_error(fn, 3, "ptr", "is NULL");
    if (d->acquired)
        return hetla__fail(HETLA_ERR_BUSY, "%s: already acquired", fn);
    data_wait(d);
    pthread_mutex_lock(&d->lock);
    hetla_status s = hetla__replica_fetch(d, 0, mode, NULL);
    if (!s && (mode & HETLA_W))
        hetla__replica_written(d, 0);
    pthread_mutex_unlock(&d->lock);
    if (s)
        return s;
    d->acquired = 1;
    *ptr = d->rep[0].ptr;
    if (ld)
        *ld = d->rep[0].ld;
    return HETLA_SUCCESS;
}

hetla_status hetla_data_release(hetla_data *d)
{
    if (!d)
        return hetla__arg_error("hetla_data_release", 1, "d", "is NULL");
    if (!d->acquired)
        return hetla__fail(HETLA_ERR_ARG, "hetla_data_release: argument 1 (d) is not acquired");
    d->acquired = 0;
    return HETLA_SUCCESS;
}

hetla_status hetla_data_shape(const hetla_data *d, size_t *m, size_t *n, hetla_dtype *t)
{
    if (!d)
        return hetla__arg_error("hetla_data_shape", 1, "d", "is NULL");
    if (m)
        *m = d->m;
    if (n)
        *n = d->n;
    if (t)
        *t = d->type;
    return HETLA_SUCCESS;
}

/* Frees a handle no task uses any more; its host copy is up to date. */
static void data_free(hetla_data *d)
{
    if (d->last_writer)
        hetla__task_release(d->last_writer);
    for (int i = 0; i < d->nreaders; i++)
        hetla__task_release(d->readers[i]);
    free(d->readers);
    if (d->pinned)
        hetla__host_unpin(d->ctx, d->rep[0].ptr);
    if (d->ctx->nnodes > 1)
        hetla__data_live(d, 0);
    hetla__replicas_free(d);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

hetla_status hetla_data_unregister(hetla_data *d)
{
    if (!d)
        return hetla__arg_error("hetla_data_unregister", 1, "d", "is NULL");
    data_wait(d);
    hetla_status s = d->user_host ? to_host(d) : HETLA_SUCCESS;
    if (s)
        return s; /* the handle stays valid so the caller may retry */
    data_free(d);
    return HETLA_SUCCESS;
}

void hetla__data_dispose(hetla_data *d)
{
    hetla_context *ctx = d->ctx;
    pthread_mutex_lock(&ctx->dispose_lock);
    d->next_disposed = ctx->disposed;
    ctx->disposed = d;
    pthread_mutex_unlock(&ctx->dispose_lock);
    hetla__data_disposed_sweep(ctx);
}

void hetla__data_disposed_sweep(hetla_context *ctx)
{
    pthread_mutex_lock(&ctx->dispose_lock);
    for (hetla_data **p = &ctx->disposed; *p;) {
        hetla_data *d = *p;
        if (data_idle(d)) {
            *p = d->next_disposed;
            data_free(d);
        } else {
            p = &d->next_disposed;
        }
    }
    pthread_mutex_unlock(&ctx->dispose_lock);
}
