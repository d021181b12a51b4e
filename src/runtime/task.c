/* Tasks: insertion with dependency inference (RaW, WaR, WaW per handle, in
 * insertion order), execution on a worker, completion releasing successors,
 * sequences with a sticky status. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

/* Task structs are recycled through a per-context pool: malloc/free of a
 * task on different threads (inserter, worker) costs more than the task.
 * Freed tasks are pushed on a lock-free stack (push only: no ABA); an
 * allocating thread takes the whole stack at once under alloc_lock. */
static void task_free(hetla__task *t)
{
    hetla_context *ctx = t->kernel->ctx;
    if (t->succ != t->succ_inline)
        free(t->succ);
    if (t->data != t->data_inline)
        free(t->data);
    t->next_free = atomic_load_explicit(&ctx->free_tasks, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&ctx->free_tasks, &t->next_free, t, memory_order_release,
                                                  memory_order_relaxed))
        ;
}

static hetla__task *task_alloc(hetla_context *ctx)
{
    pthread_mutex_lock(&ctx->alloc_lock);
    hetla__task *t = ctx->alloc_list;
    if (!t)
        t = atomic_exchange_explicit(&ctx->free_tasks, NULL, memory_order_acquire);
    if (t)
        ctx->alloc_list = t->next_free;
    pthread_mutex_unlock(&ctx->alloc_lock);
    if (!t) {
        t = malloc(sizeof *t);
        if (t)
            pthread_mutex_init(&t->lock, NULL);
    }
    return t;
}

void hetla__task_pool_fini(hetla_context *ctx)
{
    hetla__task *lists[2] = {ctx->alloc_list, atomic_exchange(&ctx->free_tasks, NULL)};
    for (int l = 0; l < 2; l++)
        for (hetla__task *t = lists[l], *next; t; t = next) {
            next = t->next_free;
            pthread_mutex_destroy(&t->lock);
            free(t);
        }
    ctx->alloc_list = NULL;
}

void hetla__task_release(hetla__task *t)
{
    if (atomic_fetch_sub(&t->refs, 1) == 1)
        task_free(t);
}

static void task_retain(hetla__task *t) { atomic_fetch_add_explicit(&t->refs, 1, memory_order_relaxed); }

/* Makes @p succ wait for @p pred unless pred is already done. */
static hetla_status add_edge(hetla__task *pred, hetla__task *succ)
{
    if (pred == succ)
        return HETLA_SUCCESS;
    hetla_status s = HETLA_SUCCESS;
    pthread_mutex_lock(&pred->lock);
    if (!atomic_load(&pred->completed)) {
        if (pred->nsucc == pred->capsucc) {
            int cap = 2 * pred->capsucc;
            hetla__task **n = pred->succ == pred->succ_inline ? malloc((size_t)cap * sizeof *n)
                                                               : realloc(pred->succ, (size_t)cap * sizeof *n);
            if (n && pred->succ == pred->succ_inline)
                memcpy(n, pred->succ_inline, sizeof pred->succ_inline);
            if (n) {
                pred->succ = n;
                pred->capsucc = cap;
            }
        }
        if (pred->nsucc < pred->capsucc) {
            pred->succ[pred->nsucc++] = succ;
            atomic_fetch_add(&succ->ndeps, 1);
        } else {
            s = hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_task_insert: out of memory (successor list)");
        }
    }
    pthread_mutex_unlock(&pred->lock);
    return s;
}

/* Drops completed readers so a handle read by many tasks keeps a short list. */
static void prune_readers(hetla_data *d)
{
    int k = 0;
    for (int i = 0; i < d->nreaders; i++) {
        if (atomic_load(&d->readers[i]->completed))
            hetla__task_release(d->readers[i]);
        else
            d->readers[k++] = d->readers[i];
    }
    d->nreaders = k;
}

static hetla_status add_reader(hetla_data *d, hetla__task *t)
{
    if (d->nreaders == d->capreaders)
        prune_readers(d);
    if (d->nreaders == d->capreaders) {
        int cap = d->capreaders ? 2 * d->capreaders : 8;
        hetla__task **r = realloc(d->readers, (size_t)cap * sizeof *r);
        if (!r)
            return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_task_insert: out of memory (reader list)");
        d->readers = r;
        d->capreaders = cap;
    }
    task_retain(t);
    d->readers[d->nreaders++] = t;
    return HETLA_SUCCESS;
}

/* Records @p t's access to @p d and the edges it implies. */
static hetla_status track(hetla_data *d, hetla_access mode, hetla__task *t)
{
    hetla_status s = HETLA_SUCCESS;
    pthread_mutex_lock(&d->lock);
    if (d->last_writer)
        s = add_edge(d->last_writer, t);
    if (mode & HETLA_W) {
        for (int i = 0; i < d->nreaders && !s; i++)
            s = add_edge(d->readers[i], t);
        if (!s) {
            for (int i = 0; i < d->nreaders; i++)
                hetla__task_release(d->readers[i]);
            d->nreaders = 0;
            if (d->last_writer)
                hetla__task_release(d->last_writer);
            task_retain(t);
            d->last_writer = t;
        }
    } else if (!s) {
        s = add_reader(d, t);
    }
    pthread_mutex_unlock(&d->lock);
    return s;
}

static hetla_status check_desc(hetla_context *ctx, const hetla_task_desc *t)
{
    static const char fn[] = "hetla_task_insert";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!t)
        return hetla__arg_error(fn, 2, "t", "is NULL");
    if (!t->kernel || t->kernel->ctx != ctx)
        return hetla__arg_error(fn, 2, "t->kernel", "is %s", t->kernel ? "from another context" : "NULL");
    if (t->ndata < 0 || t->ndata > HETLA_MAX_TASK_DATA)
        return hetla__arg_error(fn, 2, "t->ndata", "is %d, not in 0..%d", t->ndata, HETLA_MAX_TASK_DATA);
    if (t->ndata > 0 && !t->data)
        return hetla__arg_error(fn, 2, "t->data", "is NULL with ndata = %d", t->ndata);
    if (t->args_size > HETLA_MAX_TASK_ARGS || (t->args_size && !t->args))
        return hetla__arg_error(fn, 2, "t->args", "holds %zu bytes (at most %d, non-NULL)", t->args_size,
                                HETLA_MAX_TASK_ARGS);
    if (t->seq && t->seq->ctx != ctx)
        return hetla__arg_error(fn, 2, "t->seq", "is from another context");
    for (int i = 0; i < t->ndata; i++) {
        const hetla_task_arg *a = &t->data[i];
        if (!a->data || a->data->ctx != ctx)
            return hetla__fail(HETLA_ERR_ARG, "%s: argument 2 (t->data[%d].data) is %s", fn, i,
                               a->data ? "from another context" : "NULL");
        if (a->mode != HETLA_R && a->mode != HETLA_W && a->mode != HETLA_RW && a->mode != HETLA_SCRATCH)
            return hetla__fail(HETLA_ERR_ARG, "%s: argument 2 (t->data[%d].mode) is %d, not R, W, RW or SCRATCH",
                               fn, i, (int)a->mode);
        if (a->data->acquired)
            return hetla__fail(HETLA_ERR_BUSY, "%s: t->data[%d] is acquired by the host; release it first", fn, i);
    }
    uint64_t runnable = 0;
    for (int d = 0; d < ctx->ndevices; d++)
        if (t->kernel->selected[d] >= 0)
            runnable |= 1ull << d;
    if (!(runnable & (t->device_mask ? t->device_mask : ~0ull)))
        return hetla__fail(HETLA_ERR_NOT_SUPPORTED, "%s: kernel '%s' has no implementation on the devices %s", fn,
                           t->kernel->name, t->device_mask ? "in t->device_mask" : "in use");
    return HETLA_SUCCESS;
}

static hetla__task *task_new(hetla_context *ctx, const hetla_task_desc *d)
{
    hetla__task *t = task_alloc(ctx);
    if (!t)
        return NULL;
    t->kernel = d->kernel;
    t->seq = d->seq ? d->seq : &ctx->default_seq;
    t->label = d->label ? d->label : d->kernel->name;
    t->priority = d->priority;
    t->ndata = d->ndata;
    t->mask = d->device_mask;
    t->seqno = atomic_fetch_add_explicit(&ctx->next_seqno, 1, memory_order_relaxed);
    t->args_size = d->args_size;
    t->held = 0;
    t->data = t->data_inline;
    if (d->ndata > HETLA__TASK_DATA_INLINE && !(t->data = malloc((size_t)d->ndata * sizeof *t->data))) {
        t->data = t->data_inline;
        t->succ = t->succ_inline;
        task_free(t);
        return NULL;
    }
    if (d->ndata)
        memcpy(t->data, d->data, (size_t)d->ndata * sizeof *d->data);
    if (d->args_size)
        memcpy(t->args, d->args, d->args_size);
    atomic_init(&t->ndeps, 1); /* released when insertion is done */
    atomic_init(&t->refs, 1);  /* the runtime's, dropped after completion */
    atomic_init(&t->completed, 0);
    t->succ = t->succ_inline;
    t->nsucc = 0;
    t->capsucc = (int)(sizeof t->succ_inline / sizeof *t->succ_inline);
    return t;
}

hetla_status hetla_task_insert(hetla_context *ctx, const hetla_task_desc *desc)
{
    hetla_status s = check_desc(ctx, desc);
    if (s)
        return s;
    hetla__task *t = task_new(ctx, desc);
    if (!t)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_task_insert: out of memory");
    atomic_fetch_add_explicit(&ctx->inserted, 1, memory_order_relaxed);
    if (t->seq != &ctx->default_seq) /* hetla_wait_all covers the default one */
        atomic_fetch_add(&t->seq->pending, 1);
    for (int i = 0; i < t->ndata; i++) {
        if (t->data[i].mode == HETLA_SCRATCH) {
            atomic_fetch_add(&t->data[i].data->scratch_users, 1);
            continue;
        }
        s = track(t->data[i].data, t->data[i].mode, t);
        if (s) {
            /* Edges already made stay valid; the task still runs (so its
             * successors are released) but as a failed no-op. */
            t->ndata = i;
            int expected = HETLA_SUCCESS;
            atomic_compare_exchange_strong(&t->seq->status, &expected, s);
            break;
        }
    }
    if (atomic_fetch_sub(&t->ndeps, 1) == 1)
        hetla__ready(ctx, t);
    return s;
}

/* The tasks completed so far, all workers together: whatever a task's
 * completion changes (its completed flag, scratch users, its sequence's
 * pending count) is published before its worker's counter moves
 * (task_complete). */
static unsigned long long completions(const hetla_context *ctx)
{
    unsigned long long n = 0;
    for (int i = 0; i < ctx->nworkers; i++)
        n += atomic_load(&ctx->workers[i].completed);
    return n;
}

/* @p done has become true, asked only when a task has completed since
 * @p seen (updated): the condition may take locks the workers need, as
 * data_idle takes the handle's, and a waiter asking it at every poll
 * delayed the very task it waited for. */
static int done_since(hetla_context *ctx, unsigned long long *seen, int (*done)(const void *arg), const void *arg)
{
    unsigned long long now = completions(ctx);
    if (now == *seen)
        return 0;
    *seen = now;
    return done(arg);
}

void hetla__wait_until(hetla_context *ctx, int (*done)(const void *arg), const void *arg)
{
    unsigned long long seen = completions(ctx);
    if (done(arg))
        return;
    for (double until = hetla__now() + ctx->wait_spin_s; hetla__now() < until;)
        for (int i = 0; i < 32; i++) {
            if (done_since(ctx, &seen, done, arg))
                return;
            hetla__cpu_relax();
        }
    if (ctx->wait_yields) {
        while (!done_since(ctx, &seen, done, arg))
            sched_yield();
        return;
    }
    pthread_mutex_lock(&ctx->done_lock);
    atomic_fetch_add(&ctx->waiters, 1);
    while (!done(arg))
        pthread_cond_wait(&ctx->done_cond, &ctx->done_lock);
    atomic_fetch_sub(&ctx->waiters, 1);
    pthread_mutex_unlock(&ctx->done_lock);
}

static int counter_zero(const void *counter) { return atomic_load((atomic_long *)counter) == 0; }

void hetla__wait_zero(hetla_context *ctx, atomic_long *counter) { hetla__wait_until(ctx, counter_zero, counter); }

/* Every inserted task has completed: tasks complete on workers only, each
 * counting its own, so no counter is shared by inserters and workers. */
static int context_idle(const void *arg)
{
    hetla_context *ctx = (hetla_context *)arg;
    unsigned long long done = 0, inserted = atomic_load(&ctx->inserted);
    for (int i = 0; i < ctx->nworkers; i++)
        done += atomic_load(&ctx->workers[i].completed);
    return done == inserted;
}

void hetla__wait_all_tasks(hetla_context *ctx) { hetla__wait_until(ctx, context_idle, ctx); }

static void notify_waiters(hetla_context *ctx)
{
    if (atomic_load(&ctx->waiters) > 0) {
        pthread_mutex_lock(&ctx->done_lock);
        pthread_cond_broadcast(&ctx->done_cond);
        pthread_mutex_unlock(&ctx->done_lock);
    }
}

static void task_complete(hetla_context *ctx, hetla__worker *w, hetla__task *t)
{
    pthread_mutex_lock(&t->lock);
    atomic_store(&t->completed, 1);
    pthread_mutex_unlock(&t->lock);
    /* No edge can be added any more: the list is ours to walk. */
    for (int i = 0; i < t->nsucc; i++)
        if (atomic_fetch_sub(&t->succ[i]->ndeps, 1) == 1)
            hetla__ready(ctx, t->succ[i]);
    for (int i = 0; i < t->ndata; i++)
        if (t->data[i].mode == HETLA_SCRATCH)
            atomic_fetch_sub(&t->data[i].data->scratch_users, 1);
    if (t->seq != &ctx->default_seq)
        atomic_fetch_sub(&t->seq->pending, 1);
    /* seq_cst, then the read of waiters in notify_waiters: the Dekker pair
     * of hetla__wait_until */
    atomic_store(&w->completed, atomic_load_explicit(&w->completed, memory_order_relaxed) + 1);
    notify_waiters(ctx);
    hetla__task_release(t);
}

/* With the host as the only memory node, a registered handle's one replica
 * is always valid and never moves: no coherence work, and no lock whose
 * cache line would bounce between the worker and the inserting thread. */
static int host_only(const hetla_data *d) { return d->user_host && d->ctx->nnodes == 1; }

/* Fetches the task's data to the worker's node and fills the buffers;
 * each replica fetched is held (not evictable) until the task ends. */
static hetla_status task_fetch(hetla__worker *w, hetla__task *t, hetla_buffer *buf)
{
    int node = w->dev->node;
    for (int i = 0; i < t->ndata; i++, t->held = i) {
        hetla_data *d = t->data[i].data;
        hetla_status s;
        if (host_only(d) && t->data[i].mode != HETLA_SCRATCH) {
            buf[i] = (hetla_buffer){d->rep[0].ptr, d->m, d->n, d->rep[0].ld, d->type};
            continue;
        }
        hetla__doing(w, "locking a data handle of", t);
        pthread_mutex_lock(&d->lock);
        hetla__doing(w, "fetching data of", t);
        if (t->data[i].mode == HETLA_SCRATCH)
            s = hetla__scratch_get(d, w, &buf[i]);
        else {
            hetla__replica_hold(d, node, 1); /* before the fetch: the task's own next fetches must not evict it */
            s = hetla__replica_fetch(d, node, t->data[i].mode, w);
            buf[i] = (hetla_buffer){d->rep[node].ptr, d->m, d->n, d->rep[node].ld, d->type};
        }
        pthread_mutex_unlock(&d->lock);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

/* After @p t ran on @p w (@p ok: successfully): its written replicas
 * become the only valid ones, and the replicas task_fetch held (all, or up
 * to the argument whose fetch failed, held too) are let go — one lock of
 * each handle for both. */
static void task_release_data(hetla__worker *w, hetla__task *t, int ok)
{
    int n = t->held < t->ndata ? t->held + 1 : t->ndata;
    for (int i = 0; i < n; i++) {
        hetla_data *d = t->data[i].data;
        if (t->data[i].mode == HETLA_SCRATCH || host_only(d))
            continue;
        pthread_mutex_lock(&d->lock);
        if (ok && (t->data[i].mode & HETLA_W))
            hetla__replica_written(d, w->dev->node);
        hetla__replica_hold(d, w->dev->node, -1);
        pthread_mutex_unlock(&d->lock);
    }
    t->held = 0;
}

static void seq_fail(hetla_sequence *seq, hetla_status s)
{
    int expected = HETLA_SUCCESS;
    atomic_compare_exchange_strong(&seq->status, &expected, (int)s);
}

double hetla__task_flops(const hetla__task *t)
{
    if (!t->kernel->flops || !t->ndata)
        return 0;
    /* the counts read shapes and arguments only */
    hetla_buffer buf[HETLA_MAX_TASK_DATA];
    for (int i = 0; i < t->ndata; i++) {
        const hetla_data *d = t->data[i].data;
        buf[i] = (hetla_buffer){NULL, d->m, d->n, d->m, d->type};
    }
    hetla_exec x = {buf, t->ndata, t->args, t->args_size, -1, -1, NULL};
    return t->kernel->flops(&x);
}

/* Fetches @p t's data to @p w's node and launches its kernel on @p queue. */
static hetla_status task_start(hetla__worker *w, hetla__task *t, int cls, void *queue)
{
    hetla_buffer buf[HETLA_MAX_TASK_DATA];
    hetla_status s = task_fetch(w, t, buf);
    if (s)
        return s;
    hetla_exec x = {buf, t->ndata, t->args, t->args_size, w->dev->id, w->id, queue};
    hetla__doing(w, "running the kernel of", t);
    hetla_kernel_fn fn = t->kernel->impl[cls];
    /* the generic kernel selected for an accelerator (registry.c) */
    if (cls == HETLA_CLASS_GENERIC && w->dev->ops->run_on_host)
        return w->dev->ops->run_on_host(w->dev, fn, &x);
    return w->dev->ops->launch(w->dev, fn, &x);
}

/* The queue of @p w that @p t runs on: the two compute queues by turns,
 * except for tasks with scratch buffers, which are the worker's own and
 * so must not be used by two queues at once. */
static void *task_queue(hetla__worker *w, const hetla__task *t)
{
    if (!w->side_queue)
        return w->queue;
    for (int i = 0; i < t->ndata; i++)
        if (t->data[i].mode == HETLA_SCRATCH)
            return w->queue;
    return (w->turn ^= 1) ? w->side_queue : w->queue;
}

/* Ends @p t on @p w with status @p s (its kernels are done; skipped: it
 * never ran), started at @p t0: successors released, time accounted. */
/* hetla_stats' naive_transfers: what task @p t, run on an accelerator,
 * would copy if nothing stayed there between tasks. */
static void count_naive(hetla__worker *w, const hetla__task *t)
{
    for (int i = 0; i < t->ndata; i++) {
        const hetla_data *d = t->data[i].data;
        unsigned long long bytes = (unsigned long long)(d->m * d->n * d->elsize);
        for (int k = 0; k < 2; k++)
            if (t->data[i].mode & (k == 0 ? HETLA_R : HETLA_W)) { /* (not scratch) */
                hetla__count(&w->naive[k], 1);
                hetla__count(&w->naive_bytes[k], bytes);
            }
    }
}

static void task_finish(hetla__worker *w, hetla__task *t, int cls, hetla_status s, int skipped, double t0)
{
    hetla_context *ctx = w->ctx;
    hetla__doing(w, "finishing (data, successors)", t);
    if (s) {
        /* a numerical outcome (not positive definite) is the caller's to report */
        hetla__log(ctx, s == HETLA_NUMERICAL ? HETLA_LOG_INFO : HETLA_LOG_ERROR, "task '%s' failed on %s: %s%s%s",
                   t->label, w->dev->name, hetla_status_string(s), *hetla_error_detail() ? ": " : "",
                   hetla_error_detail());
        seq_fail(t->seq, s);
    }
    if (!skipped)
        task_release_data(w, t, !s);
    /* Tasks in flight overlap: each is timed from when the one before it
     * ended, so busy time and trace lanes never count a moment twice. */
    double t1 = hetla__now();
    if (t0 < w->last_end)
        t0 = w->last_end;
    w->last_end = t1;
    atomic_store_explicit(&w->busy_s, atomic_load_explicit(&w->busy_s, memory_order_relaxed) + (t1 - t0),
                          memory_order_relaxed);
    hetla__count(&w->ntasks, 1);
    if (w->dev->node != 0 && !skipped)
        count_naive(w, t);
    hetla__trace_task(ctx, w, t, cls, t0, t1);
    if (ctx->sched->done)
        ctx->sched->done(ctx->sched_state, w, t, t1 - t0, !s && !skipped);
    task_complete(ctx, w, t);
}

void hetla__task_run(hetla__worker *w, hetla__task *t)
{
    const hetla__device_ops *ops = w->dev->ops;
    double t0 = hetla__now();
    int cls = t->kernel->selected[w->dev->id];
    if (atomic_load(&t->seq->status) != HETLA_SUCCESS) {
        hetla__count(&w->nskipped, 1);
        task_finish(w, t, cls, HETLA_SUCCESS, 1, t0);
        return;
    }
    void *queue = task_queue(w, t);
    hetla_status s = task_start(w, t, cls, queue);
    if (!s && ops->mark) {
        void *mark;
        s = ops->mark(w->dev, queue, &mark);
        if (!s) {
            int slot = (w->first_inflight + w->ninflight++) % HETLA__MAX_MARKS;
            w->inflight[slot] = (hetla__inflight){t, mark, cls, t0};
            atomic_store_explicit(&w->inflight_now, w->ninflight, memory_order_relaxed);
            return;
        }
    }
    /* Synchronous devices, and failures: the kernels end before the task. */
    if (queue && ops->queue_sync) {
        hetla_status q = ops->queue_sync(w->dev, queue);
        if (!s)
            s = q;
    }
    task_finish(w, t, cls, s, 0, t0);
}

int hetla__task_retire(hetla__worker *w, int block)
{
    if (!w->ninflight)
        return 0;
    hetla__inflight f = w->inflight[w->first_inflight];
    if (!block && !w->dev->ops->mark_done(w->dev, f.mark))
        return 0;
    hetla_status s = w->dev->ops->mark_wait(w->dev, f.mark);
    w->first_inflight = (w->first_inflight + 1) % HETLA__MAX_MARKS;
    w->ninflight--;
    atomic_store_explicit(&w->inflight_now, w->ninflight, memory_order_relaxed);
    task_finish(w, f.task, f.cls, s, 0, f.t0);
    return 1;
}

/* ---- sequences ----------------------------------------------------------- */

hetla_status hetla_sequence_create(hetla_context *ctx, hetla_sequence **out)
{
    if (!ctx)
        return hetla__arg_error("hetla_sequence_create", 1, "ctx", "is NULL");
    if (!out)
        return hetla__arg_error("hetla_sequence_create", 2, "out", "is NULL");
    hetla_sequence *s = calloc(1, sizeof *s);
    if (!s)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_sequence_create: out of memory");
    s->ctx = ctx;
    *out = s;
    return HETLA_SUCCESS;
}

hetla_status hetla_sequence_wait(hetla_sequence *s)
{
    if (!s)
        return hetla__arg_error("hetla_sequence_wait", 1, "s", "is NULL");
    hetla__wait_zero(s->ctx, &s->pending);
    hetla_status st = atomic_load(&s->status);
    if (st)
        return hetla__fail(st, "hetla_sequence_wait: a task of the sequence failed: %s", hetla_status_string(st));
    return HETLA_SUCCESS;
}

hetla_status hetla_sequence_status(const hetla_sequence *s)
{
    return s ? (hetla_status)atomic_load(&s->status) : HETLA_ERR_ARG;
}

hetla_status hetla_sequence_destroy(hetla_sequence *s)
{
    if (!s)
        return hetla__arg_error("hetla_sequence_destroy", 1, "s", "is NULL");
    hetla_status st = hetla_sequence_wait(s);
    free(s);
    return st;
}
