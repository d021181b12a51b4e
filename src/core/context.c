/* Context life cycle, device queries, waiting for all tasks, statistics. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/runtime.h"

double hetla__now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

hetla__crew *hetla__context_crew(hetla_context *ctx)
{
    pthread_mutex_lock(&ctx->crew_lock);
    if (!ctx->crew_tried) {
        ctx->crew_tried = 1;
        if (hetla__crew_create(hetla__crew_size(1), &ctx->crew))
            hetla__log(ctx, HETLA_LOG_WARN, "no crew of host threads (%s): the calling thread stages alone",
                       hetla_error_detail());
    }
    hetla__crew *c = ctx->crew;
    pthread_mutex_unlock(&ctx->crew_lock);
    return c;
}

static void context_free(hetla_context *ctx)
{
    hetla__data_disposed_sweep(ctx);
    hetla__watchdog_stop(ctx);
    hetla__workers_stop(ctx);
    hetla__task_pool_fini(ctx);
    if (ctx->sched && ctx->sched_state)
        ctx->sched->fini(ctx->sched_state);
    hetla__registry_fini(ctx);
    hetla__cache_destroy(&ctx->host_cache); /* before the backends that unpin it go */
    hetla__devices_close(ctx);
    hetla__trace_fini(ctx);
    hetla__topology_fini(ctx);
    hetla__crew_destroy(ctx->crew);
    pthread_mutex_destroy(&ctx->crew_lock);
    pthread_mutex_destroy(&ctx->done_lock);
    pthread_cond_destroy(&ctx->done_cond);
    for (int d = 0; d < HETLA__MAX_DEVICES; d++) {
        pthread_mutex_destroy(&ctx->idle[d].lock);
        pthread_cond_destroy(&ctx->idle[d].cond);
    }
    pthread_mutex_destroy(&ctx->registry_lock);
    pthread_mutex_destroy(&ctx->alloc_lock);
    pthread_mutex_destroy(&ctx->dispose_lock);
    pthread_mutex_destroy(&ctx->data_lock);
    free(ctx->busy_snapshot);
    free(ctx->devices_spec);
    free(ctx->sched_name);
    free(ctx->trace_file);
    free(ctx->module_path);
    free(ctx->policy_spec);
    free(ctx);
}

static hetla_status context_setup(hetla_context *ctx, const hetla_config *cfg)
{
    int cpu_workers = 0;
    hetla_status s = hetla__config_apply(ctx, cfg, &cpu_workers);
    if (!s)
        s = hetla__topology_init(ctx);
    if (!s && strcmp(ctx->sched_name, "auto") && !hetla__sched_find(ctx->sched_name))
        s = hetla__fail(HETLA_ERR_UNKNOWN_SCHEDULER,
                        "hetla_context_create: unknown scheduler '%s' (known: auto, eager, dmda)", ctx->sched_name);
    if (!s)
        s = hetla__devices_open(ctx, ctx->devices_spec);
    if (!s) {
        /* auto: CPU cores alone share one ready heap; with accelerators,
         * finish-time estimates decide where each task goes */
        int accelerators = 0;
        for (int d = 0; d < ctx->ndevices; d++)
            accelerators |= ctx->devices[d].type != HETLA_DEVICE_CPU;
        ctx->sched = hetla__sched_find(strcmp(ctx->sched_name, "auto") ? ctx->sched_name
                                       : accelerators                   ? "dmda"
                                                                        : "eager");
        s = hetla__registry_init(ctx, ctx->policy_spec);
    }
    if (!s)
        s = hetla__workers_start(ctx, cpu_workers);
    if (!s)
        s = hetla__watchdog_start(ctx);
    if (!s)
        s = hetla__trace_init(ctx, ctx->trace_file != NULL);
    return s;
}

hetla_status hetla_context_create(const hetla_config *cfg, hetla_context **out)
{
    if (!out)
        return hetla__arg_error("hetla_context_create", 2, "ctx", "is NULL");
    *out = NULL;
    hetla_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory");
    pthread_mutex_init(&ctx->done_lock, NULL);
    pthread_cond_init(&ctx->done_cond, NULL);
    for (int d = 0; d < HETLA__MAX_DEVICES; d++) {
        pthread_mutex_init(&ctx->idle[d].lock, NULL);
        pthread_cond_init(&ctx->idle[d].cond, NULL);
    }
    pthread_mutex_init(&ctx->registry_lock, NULL);
    pthread_mutex_init(&ctx->alloc_lock, NULL);
    pthread_mutex_init(&ctx->dispose_lock, NULL);
    pthread_mutex_init(&ctx->data_lock, NULL);
    pthread_mutex_init(&ctx->crew_lock, NULL);
    ctx->default_seq.ctx = ctx;
    ctx->t0 = hetla__now();
    hetla_status s = hetla__host_cache_init(ctx);
    if (!s)
        s = context_setup(ctx, cfg);
    if (s) {
        char detail[512];
        strncpy(detail, hetla_error_detail(), sizeof detail - 1);
        detail[sizeof detail - 1] = 0;
        context_free(ctx);
        return hetla__fail(s, "%s", detail); /* keep the first cause */
    }
    *out = ctx;
    return HETLA_SUCCESS;
}

hetla_status hetla_context_destroy(hetla_context *ctx)
{
    if (!ctx)
        return hetla__arg_error("hetla_context_destroy", 1, "ctx", "is NULL");
    hetla__wait_all_tasks(ctx);
    hetla_status s = HETLA_SUCCESS;
    if (ctx->trace_file)
        s = hetla_trace_write(ctx, ctx->trace_file);
    context_free(ctx);
    return s;
}

int hetla_device_count(const hetla_context *ctx) { return ctx ? ctx->ndevices : 0; }

hetla_status hetla_device_info(const hetla_context *ctx, int i, hetla_device_desc *out)
{
    if (!ctx)
        return hetla__arg_error("hetla_device_info", 1, "ctx", "is NULL");
    if (i < 0 || i >= ctx->ndevices)
        return hetla__arg_error("hetla_device_info", 2, "i", "is %d, not in 0..%d", i, ctx->ndevices - 1);
    if (!out)
        return hetla__arg_error("hetla_device_info", 3, "out", "is NULL");
    const hetla__device *d = &ctx->devices[i];
    memset(out, 0, sizeof *out);
    out->type = d->type;
    out->index = d->index;
    out->memory_node = d->node;
    out->workers = d->nworkers;
    memcpy(out->name, d->name, sizeof out->name);
    out->memory_bytes = d->memory_bytes;
    out->peak_gflops = d->peak_gflops;
    return HETLA_SUCCESS;
}

const char *hetla_backend_report(const hetla_context *ctx) { return ctx ? ctx->backend_report : ""; }

hetla_status hetla_wait_all(hetla_context *ctx)
{
    if (!ctx)
        return hetla__arg_error("hetla_wait_all", 1, "ctx", "is NULL");
    hetla__wait_all_tasks(ctx);
    hetla_status s = atomic_exchange(&ctx->default_seq.status, HETLA_SUCCESS);
    if (s)
        return hetla__fail(s, "hetla_wait_all: a task failed: %s", hetla_status_string(s));
    return HETLA_SUCCESS;
}

hetla_status hetla_stats_get(hetla_context *ctx, hetla_stats *out)
{
    if (!ctx)
        return hetla__arg_error("hetla_stats_get", 1, "ctx", "is NULL");
    if (!out)
        return hetla__arg_error("hetla_stats_get", 2, "out", "is NULL");
    memset(out, 0, sizeof *out);
    for (int k = 0; k < 3; k++) {
        out->transfers[k] = atomic_load(&ctx->xfer_count[k]);
        out->transfer_bytes[k] = atomic_load(&ctx->xfer_bytes[k]);
    }
    out->elapsed_s = hetla__now() - ctx->t0;
    /* A snapshot, so the caller reads numbers that don't move under it. */
    for (int i = 0; i < ctx->nworkers; i++) {
        ctx->busy_snapshot[i] = atomic_load_explicit(&ctx->workers[i].busy_s, memory_order_relaxed);
        out->tasks += atomic_load_explicit(&ctx->workers[i].ntasks, memory_order_relaxed);
        out->tasks_skipped += atomic_load_explicit(&ctx->workers[i].nskipped, memory_order_relaxed);
        for (int k = 0; k < 2; k++) {
            out->naive_transfers[k] += atomic_load_explicit(&ctx->workers[i].naive[k], memory_order_relaxed);
            out->naive_bytes[k] += atomic_load_explicit(&ctx->workers[i].naive_bytes[k], memory_order_relaxed);
        }
    }
    out->workers = ctx->nworkers;
    out->busy_s = ctx->busy_snapshot;
    return HETLA_SUCCESS;
}

hetla_status hetla_stats_reset(hetla_context *ctx)
{
    if (!ctx)
        return hetla__arg_error("hetla_stats_reset", 1, "ctx", "is NULL");
    hetla__wait_all_tasks(ctx);
    for (int k = 0; k < 3; k++) {
        atomic_store(&ctx->xfer_count[k], 0);
        atomic_store(&ctx->xfer_bytes[k], 0);
    }
    for (int i = 0; i < ctx->nworkers; i++) {
        atomic_store(&ctx->workers[i].busy_s, 0);
        atomic_store(&ctx->workers[i].ntasks, 0);
        atomic_store(&ctx->workers[i].nskipped, 0);
        for (int k = 0; k < 2; k++) {
            atomic_store(&ctx->workers[i].naive[k], 0);
            atomic_store(&ctx->workers[i].naive_bytes[k], 0);
        }
    }
    ctx->t0 = hetla__now();
    hetla__trace_clear(ctx);
    return HETLA_SUCCESS;
}
