/* The "dmda" scheduler (deque model, data aware, after StarPU's policy of
 * that name): each ready task goes to the worker expected to finish it
 * first, counting the work already queued there, the task's run time on
 * that device and the transfers its inputs need. Run times come from
 * capability weights: an effective rate per operation and device, first
 * a prior from the device's peak, then refined from every task's observed
 * time. A GPU thus takes the compute-bound tile updates while the CPU
 * cores take a task only when they would finish it before the GPU would;
 * latency-bound panels, which only CPU workers can run or which run faster
 * there, stay on the CPU. A queue is run in priority order, so a task's
 * expected start there counts the running work and only the queued tasks
 * that run before it: a critical-path task (a diagonal tile's POTRF) sees
 * a GPU as nearly free however many updates wait there, and is not sent to
 * a slow core that happens to be idle.
 *
 * Each worker has its own ready heap (priority, then insertion order); a
 * worker whose heap is empty takes the best task of a sibling of the same
 * device (same rates, so nothing is lost by the move). */
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

/* Priors, before a task of the operation has run on the device: fractions
 * of the device's peak (dense tile kernels reach about this much), or a
 * per-core rate where the device does not know its peak; the bandwidth of
 * copies between a device's memory and the host. */
enum { PRIOR_CORE_GFLOPS = 20 };
static const double PRIOR_EFFICIENCY = 0.5, COPY_BYTES_PER_S = 20e9;
/* Weight of a new observation in a rate's running average. */
static const double LEARN = 0.25;

typedef struct queue {
    HETLA__LINE hetla__spinlock lock;
    hetla__task **heap;
    size_t n, cap;
    atomic_size_t avail;   /* for the lock-free emptiness peek */
    _Atomic double queued; /* expected seconds of the tasks given to this worker and not finished */
    _Atomic double heaped; /* of those, the seconds still in the heap (not started) */
} queue;

typedef struct dmda {
    hetla_context *ctx;
    int nworkers;
    queue *q; /* one per worker */
} dmda;

static hetla_status dmda_init(hetla_context *ctx, int nworkers, void **state)
{
    dmda *s = calloc(1, sizeof *s);
    if (s)
        s->q = aligned_alloc(64, (size_t)nworkers * sizeof *s->q);
    if (!s || !s->q) {
        free(s);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory (scheduler)");
    }
    memset(s->q, 0, (size_t)nworkers * sizeof *s->q);
    s->ctx = ctx;
    s->nworkers = nworkers;
    *state = s;
    return HETLA_SUCCESS;
}

static void dmda_fini(void *state)
{
    dmda *s = state;
    for (int i = 0; i < s->nworkers; i++)
        free(s->q[i].heap);
    free(s->q);
    free(s);
}

/* Seconds per flop (per task where the operation counts no flops) of @p k
 * on device @p dev: the learnt weight, else the prior. */
static double weight(const hetla_kernel *k, const hetla__device *dev, double flops)
{
    double w = atomic_load_explicit(&k->weight[dev->id], memory_order_relaxed);
    if (w > 0 || flops <= 0)
        return w;
    double gflops = dev->peak_gflops; /* a CPU device's peak is all its cores' */
    if (dev->type == HETLA_DEVICE_CPU && dev->nworkers > 0)
        gflops /= dev->nworkers;
    if (gflops <= 0)
        gflops = PRIOR_CORE_GFLOPS;
    return 1 / (PRIOR_EFFICIENCY * gflops * 1e9);
}

/* Adds @p delta seconds to @p q's queued work (never below zero). */
static void add_queued(queue *q, double delta)
{
    double v = atomic_load_explicit(&q->queued, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&q->queued, &v, v + delta > 0 ? v + delta : 0, memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

/* Bytes @p t reads that have no valid copy on @p node yet. */
static double missing_bytes(const hetla__task *t, int node)
{
    double bytes = 0;
    for (int i = 0; i < t->ndata; i++) {
        hetla_data *d = t->data[i].data;
        if (!(t->data[i].mode & HETLA_R) || t->data[i].mode == HETLA_SCRATCH || d->ctx->nnodes == 1)
            continue;
        pthread_mutex_lock(&d->lock);
        if (d->rep[node].state == HETLA__INVALID)
            bytes += (double)(d->m * d->n * d->elsize);
        pthread_mutex_unlock(&d->lock);
    }
    return bytes;
}

/* Adds @p delta to the atomic @p v (updated under the queue's lock, read
 * without it). */
static void add_heaped(_Atomic double *v, double delta)
{
    atomic_store_explicit(v, atomic_load_explicit(v, memory_order_relaxed) + delta, memory_order_relaxed);
}

/* Expected seconds until @p t, @p len long, would end if given to @p q: the
 * work running there, then the queued tasks that run before it; tasks of
 * lower priority wait behind it. Counting stops past @p bound (the best end
 * found elsewhere; a negative bound: none). */
static double expected_end(queue *q, const hetla__task *t, double len, double bound)
{
    double queued = atomic_load_explicit(&q->queued, memory_order_relaxed);
    double heaped = atomic_load_explicit(&q->heaped, memory_order_relaxed);
    double end = (queued > heaped ? queued - heaped : 0) + len;
    if ((bound >= 0 && end >= bound) || atomic_load_explicit(&q->avail, memory_order_relaxed) == 0)
        return end;
    hetla__spin_lock(&q->lock);
    for (size_t i = 0; i < q->n && (bound < 0 || end < bound); i++)
        if (hetla__task_before(q->heap[i], t))
            end += q->heap[i]->sched_len;
    hetla__spin_unlock(&q->lock);
    return end;
}

static void heap_push(queue *q, hetla__task *t)
{
    hetla__spin_lock(&q->lock);
    while (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 256;
        hetla__task **h = realloc(q->heap, cap * sizeof *h);
        if (h) {
            q->heap = h, q->cap = cap;
        } else { /* out of memory: a ready task is never dropped; wait for memory to come back */
            hetla__spin_unlock(&q->lock);
            sched_yield();
            hetla__spin_lock(&q->lock);
        }
    }
    q->heap[q->n] = t;
    hetla__heap_up(q->heap, q->n++);
    add_heaped(&q->heaped, t->sched_len);
    atomic_fetch_add_explicit(&q->avail, 1, memory_order_relaxed);
    hetla__spin_unlock(&q->lock);
}

static int dmda_push(void *state, hetla__task *t)
{
    dmda *s = state;
    hetla_context *ctx = s->ctx;
    double flops = hetla__task_flops(t);
    double missing[HETLA__MAX_NODES];
    int known[HETLA__MAX_NODES] = {0};
    int best = -1;
    double best_end = 0, best_len = 0;
    for (int i = 0; i < s->nworkers; i++) {
        hetla__worker *w = &ctx->workers[i];
        if (!hetla__task_fits(t, w))
            continue;
        int node = w->dev->node;
        if (!known[node])
            missing[node] = missing_bytes(t, node), known[node] = 1;
        double len = weight(t->kernel, w->dev, flops) * (flops > 0 ? flops : 1) + missing[node] / COPY_BYTES_PER_S;
        double end = expected_end(&s->q[i], t, len, best < 0 ? -1 : best_end);
        if (best < 0 || end < best_end)
            best = i, best_end = end, best_len = len;
    }
    /* insertion checked that some device can run it */
    t->sched_len = best_len;
    t->sched_flops = flops;
    t->sched_worker = best;
    queue *q = &s->q[best];
    add_queued(q, best_len);
    heap_push(q, t);
    return best;
}

static hetla__task *take_top(queue *q)
{
    if (atomic_load_explicit(&q->avail, memory_order_relaxed) == 0)
        return NULL;
    hetla__spin_lock(&q->lock);
    hetla__task *t = NULL;
    if (q->n > 0) {
        t = q->heap[0];
        q->heap[0] = q->heap[--q->n];
        hetla__heap_down(q->heap, q->n, 0);
        if (q->n)
            add_heaped(&q->heaped, -t->sched_len);
        else /* no rounding drift left behind */
            atomic_store_explicit(&q->heaped, 0, memory_order_relaxed);
        atomic_fetch_sub_explicit(&q->avail, 1, memory_order_relaxed);
    }
    hetla__spin_unlock(&q->lock);
    return t;
}

static hetla__task *dmda_pop(void *state, hetla__worker *w)
{
    dmda *s = state;
    hetla__task *t = take_top(&s->q[w->id]);
    if (t)
        return t;
    /* Steal from a sibling on the same device (its tasks fit here too, at
     * the same rate). */
    hetla_context *ctx = s->ctx;
    for (int k = 1; k < s->nworkers && !t; k++) {
        int v = (w->id + k) % s->nworkers;
        if (ctx->workers[v].dev == w->dev)
            t = take_top(&s->q[v]);
    }
    return t;
}

static void dmda_done(void *state, hetla__worker *w, hetla__task *t, double seconds, int ran)
{
    dmda *s = state;
    add_queued(&s->q[t->sched_worker], -t->sched_len);
    if (!ran || seconds <= 0)
        return;
    /* Learn the rate of this operation on this device. */
    double seen = seconds / (t->sched_flops > 0 ? t->sched_flops : 1);
    _Atomic double *wt = &t->kernel->weight[w->dev->id];
    double old = atomic_load_explicit(wt, memory_order_relaxed);
    atomic_store_explicit(wt, old > 0 ? (1 - LEARN) * old + LEARN * seen : seen, memory_order_relaxed);
}

static size_t dmda_ready(void *state, const hetla__worker *w)
{
    const dmda *s = state;
    return atomic_load_explicit(&s->q[w->id].avail, memory_order_relaxed);
}

const hetla__sched_ops hetla__sched_dmda = {.name = "dmda",
                                            .init = dmda_init,
                                            .fini = dmda_fini,
                                            .push = dmda_push,
                                            .pop = dmda_pop,
                                            .done = dmda_done,
                                            .ready = dmda_ready};
