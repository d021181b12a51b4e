/* Worker threads: each drives one device, pops ready tasks from the
 * scheduler and runs them; idle workers poll briefly (yielding their
 * core now and then), then sleep.
 *
 * A worker of a device with marks keeps up to HETLA__MAX_MARKS tasks in
 * flight: it starts the next ready task (its input copies overlapping the
 * kernels already queued) and finishes tasks as their marks pass.
 *
 * Sleep/wake without lost wake-ups (a Dekker pair on seq_cst atomics): a
 * pusher bumps ready_epoch, then reads sleepers and the device's asleep
 * count; a worker bumps both, then re-reads ready_epoch before waiting.
 * One of them always sees the other's write.
 * The workers of a device sleep on one condition variable; a waker
 * grants wake-ups (at most one a sleeper) and signals, or broadcasts when
 * it grants several: one system call wakes a device's workers for a burst
 * of tasks (hetla__wake_idle) where a call a task left the 16th worker of
 * a batched call starting 120-200 us after the first. A pushed task wakes
 * one sleeper of the device it was given to (which takes it, or steals
 * it from its busy sibling), or of a device it fits when any may take it:
 * waking every sleeper at every push made dozens of idle CPU workers
 * contend for one lock with the GPU drivers pushing tasks. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

/* An idle worker polls SPIN_ROUNDS times before it sleeps, yielding its
 * core every YIELD_EVERY polls: a worker woken on the core of a thread
 * inserting a batched call's chunks ran the chunks inserted so far, then
 * polled for the next while that thread, runnable on the same core,
 * waited for it (order-2 DGEMM batches 0.305-0.341 against 0.316-0.407
 * ms on 16 cores, tiled potrf and getrf at 8192 unchanged). */
enum { SPIN_ROUNDS = 2000, YIELD_EVERY = 64 };

/* Grants up to @p n sleepers of device @p d a wake-up and wakes them.
 * @return how many it woke. */
static int wake_device(hetla_context *ctx, int d, int n)
{
    hetla__idle *s = &ctx->idle[d];
    if (n <= 0 || atomic_load(&s->asleep) == 0)
        return 0;
    pthread_mutex_lock(&s->lock);
    int g = atomic_load(&s->asleep) - s->wakes;
    g = g < n ? g : n;
    if (g > 0) {
        s->wakes += g;
        if (g == 1)
            pthread_cond_signal(&s->cond);
        else
            pthread_cond_broadcast(&s->cond);
    }
    pthread_mutex_unlock(&s->lock);
    return g > 0 ? g : 0;
}

void hetla__ready(hetla_context *ctx, hetla__task *t)
{
    /* once pushed, t may run, end and be reused at once: nothing of it is
     * read after the push */
    const hetla_kernel *k = t->kernel;
    uint64_t mask = t->mask;
    int target = ctx->sched->push(ctx->sched_state, t);
    atomic_fetch_add(&ctx->ready_epoch, 1);
    if (atomic_load(&ctx->sleepers) == 0)
        return;
    if (target >= 0) {
        wake_device(ctx, ctx->workers[target].dev->id, 1);
        return;
    }
    for (int d = 0; d < ctx->ndevices; d++)
        if (hetla__kernel_fits_device(k, mask, d) && wake_device(ctx, d, 1))
            return;
}

void hetla__wake_idle(hetla_context *ctx, const hetla_kernel *k, uint64_t mask, int n)
{
    if (atomic_load(&ctx->sleepers) == 0)
        return;
    for (int d = 0; d < ctx->ndevices && n > 0; d++)
        if (hetla__kernel_fits_device(k, mask, d))
            n -= wake_device(ctx, d, n);
}

/* Waits until woken, the epoch moves past @p seen or the context stops. */
static void idle_wait(hetla__worker *w, unsigned long seen)
{
    hetla_context *ctx = w->ctx;
    for (int i = 1; i <= SPIN_ROUNDS; i++) {
        if (atomic_load_explicit(&ctx->ready_epoch, memory_order_relaxed) != seen ||
            atomic_load_explicit(&ctx->stopping, memory_order_relaxed))
            return;
        hetla__cpu_relax();
        if (i % YIELD_EVERY == 0)
            sched_yield();
    }
    hetla__idle *s = &ctx->idle[w->dev->id];
    atomic_fetch_add(&ctx->sleepers, 1);
    pthread_mutex_lock(&s->lock);
    atomic_fetch_add(&s->asleep, 1);
    while (!s->wakes && atomic_load(&ctx->ready_epoch) == seen && !atomic_load(&ctx->stopping))
        pthread_cond_wait(&s->cond, &s->lock);
    if (s->wakes) /* the grant, or one left by a sleeper that woke on the epoch */
        s->wakes--;
    atomic_fetch_sub(&s->asleep, 1);
    pthread_mutex_unlock(&s->lock);
    atomic_fetch_sub(&ctx->sleepers, 1);
}

/* With tasks in flight and none ready: polls until the oldest ends or a
 * task becomes ready (the worker's core is its own; sleeping would delay
 * the successors of the task that ends). A device that computes on the
 * host's cores is waited for asleep instead (worker_main). */
static void inflight_wait(hetla__worker *w, unsigned long seen)
{
    hetla_context *ctx = w->ctx;
    void *oldest = w->inflight[w->first_inflight].mark;
    while (atomic_load_explicit(&ctx->ready_epoch, memory_order_relaxed) == seen &&
           !w->dev->ops->mark_done(w->dev, oldest))
        for (int i = 0; i < 64; i++)
            hetla__cpu_relax();
}

static void *worker_main(void *arg)
{
    hetla__worker *w = arg;
    hetla_context *ctx = w->ctx;
    if (w->core >= 0)
        hetla__topology_pin(ctx, w->core);
    while (!atomic_load(&ctx->stopping)) {
        unsigned long seen = atomic_load(&ctx->ready_epoch);
        while (hetla__task_retire(w, 0))
            ;
        hetla__task *t = w->ninflight < HETLA__MAX_MARKS ? ctx->sched->pop(ctx->sched_state, w) : NULL;
        if (t) {
            hetla__task_run(w, t);
        } else if (w->ninflight == HETLA__MAX_MARKS) {
            hetla__doing(w, "waiting for its oldest task in flight (all slots taken)",
                         w->inflight[w->first_inflight].task);
            hetla__task_retire(w, 1);
        } else if (w->ninflight && w->dev->host_cores) {
            hetla__doing(w, "waiting for its oldest task in flight (on the host's cores)",
                         w->inflight[w->first_inflight].task);
            hetla__task_retire(w, 1);
        } else if (w->ninflight) {
            hetla__doing(w, "polling its oldest task in flight", w->inflight[w->first_inflight].task);
            inflight_wait(w, seen);
        } else {
            hetla__doing(w, "idle (no ready task for it)", NULL);
            idle_wait(w, seen);
        }
    }
    while (hetla__task_retire(w, 1))
        ;
    return NULL;
}

/* Worker counts: CPU workers default to one per core, less one core per
 * accelerator worker (those threads mostly wait on their device). */
static int cpu_worker_count(const hetla_context *ctx, int asked, int accel_workers)
{
    if (asked > 0)
        return asked;
    int n = ctx->ncores - accel_workers;
    return n > 0 ? n : 1;
}

hetla_status hetla__workers_start(hetla_context *ctx, int cpu_workers)
{
    int accel = 0, cpu_dev = -1;
    for (int d = 0; d < ctx->ndevices; d++) {
        if (ctx->devices[d].type == HETLA_DEVICE_CPU)
            cpu_dev = d;
        else
            ctx->devices[d].nworkers = 1, accel++;
    }
    if (cpu_dev >= 0)
        ctx->devices[cpu_dev].nworkers = cpu_worker_count(ctx, cpu_workers, accel);
    int total = 0;
    for (int d = 0; d < ctx->ndevices; d++)
        total += ctx->devices[d].nworkers;
    ctx->workers = calloc((size_t)total, sizeof *ctx->workers);
    ctx->busy_snapshot = calloc((size_t)total, sizeof *ctx->busy_snapshot);
    if (!ctx->workers || !ctx->busy_snapshot)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory for workers");
    hetla_status s = ctx->sched->init(ctx, total, &ctx->sched_state);
    if (s)
        return s;
    /* Accelerator drivers take the last cores, CPU workers the first.
     * Every worker is described before any starts: a worker looks at the
     * others (stealing). */
    int next_core = 0, next_accel_core = ctx->ncores - 1, k = 0;
    for (int d = 0; d < ctx->ndevices; d++) {
        hetla__device *dev = &ctx->devices[d];
        for (int i = 0; i < dev->nworkers; i++, k++) {
            hetla__worker *w = &ctx->workers[k];
            w->ctx = ctx;
            w->id = k;
            w->dev = dev;
            w->core = ctx->no_pinning ? -1 : dev->type == HETLA_DEVICE_CPU ? next_core++ : next_accel_core--;
            if (w->core < -1)
                w->core = -1;
        }
    }
    /* A thread waiting for tasks polls before it sleeps, so that a short
     * synchronous call returns without a futex wake-up (10-30 us on a
     * virtual machine, more once its core has gone idle): for
     * 50 us, which a CPU worker, or an OpenCL device computing on the
     * host's cores, can spare. When the workers leave a core idle (only
     * accelerators with memory and cores of their own: a GPU) the waiter
     * has that core: it polls for 1 ms, then on, yielding the core between
     * polls, and never sleeps (as CUDA's runtime waits by default when the
     * cores outnumber its threads): a synchronous dgemm of 1.6 ms on
     * NVIDIA's OpenCL paid its sleeping caller's wake-up. */
    int spare = total < ctx->ncores;
    for (int d = 0; d < ctx->ndevices; d++)
        spare &= !ctx->devices[d].host_cores;
    ctx->wait_spin_s = spare ? 1e-3 : 50e-6;
    ctx->wait_yields = spare;
    for (; ctx->nworkers < total; ctx->nworkers++) {
        hetla__worker *w = &ctx->workers[ctx->nworkers];
        hetla__device *dev = w->dev;
        if (dev->ops->queue_create) {
            s = dev->ops->queue_create(dev, &w->queue);
            if (!s && dev->ops->mark)
                s = dev->ops->queue_create(dev, &w->side_queue);
            if (!s && dev->ops->mark)
                s = dev->ops->queue_create(dev, &w->copy_queue);
            if (s)
                return s;
        }
        if (pthread_create(&w->thread, NULL, worker_main, w) != 0)
            return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: could not start worker %d", w->id);
    }
    return HETLA_SUCCESS;
}

void hetla__workers_stop(hetla_context *ctx)
{
    atomic_store(&ctx->stopping, 1);
    for (int d = 0; d < ctx->ndevices; d++) { /* (under the lock: a worker between its checks and its wait hears it) */
        pthread_mutex_lock(&ctx->idle[d].lock);
        pthread_cond_broadcast(&ctx->idle[d].cond);
        pthread_mutex_unlock(&ctx->idle[d].lock);
    }
    for (int i = 0; i < ctx->nworkers; i++) {
        hetla__worker *w = &ctx->workers[i];
        pthread_join(w->thread, NULL);
        if (w->queue && w->dev->ops->queue_destroy)
            w->dev->ops->queue_destroy(w->dev, w->queue);
        if (w->side_queue && w->dev->ops->queue_destroy)
            w->dev->ops->queue_destroy(w->dev, w->side_queue);
        if (w->copy_queue && w->dev->ops->queue_destroy)
            w->dev->ops->queue_destroy(w->dev, w->copy_queue);
    }
    free(ctx->workers);
    ctx->workers = NULL;
    ctx->nworkers = 0;
}
