/* The runtime's internal objects: data handles with per-node replicas,
 * tasks with inferred dependencies, workers, the scheduler contract and
 * trace recording. */
#ifndef HETLA_RUNTIME_H
#define HETLA_RUNTIME_H

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>

#include "core/context.h"

/** Replica states (MSI): OWNED is the only valid copy and newer than any
 *  other; SHARED is one of several valid copies. */
typedef enum { HETLA__INVALID = 0, HETLA__SHARED = 1, HETLA__OWNED = 2 } hetla__replica_state;

typedef struct hetla__replica {
    hetla__replica_state state;
    void *ptr;
    size_t ld;      /**< elements */
    int allocated;  /**< hetla allocated ptr (vs the user's memory) */
    int users;      /**< tasks fetching or running with it: not evictable */
    unsigned long long last_use; /**< the context's use clock at the last fetch (LRU) */
} hetla__replica;

struct hetla_data {
    hetla_context *ctx;
    size_t m, n;
    hetla_dtype type;
    size_t elsize;
    int user_host; /**< node 0 replica is user memory */
    int pinned;    /**< this handle pinned its host range */
    int acquired;

    pthread_mutex_t lock; /* replicas, dependency state */
    hetla__task *last_writer;
    hetla__task **readers;
    int nreaders, capreaders;
    atomic_long scratch_users; /* tasks using it as HETLA_SCRATCH */
    void **scratch;      /* per-worker buffers for HETLA_SCRATCH */
    hetla_data *next_disposed; /* in the context's list of handles to free (hetla__data_dispose) */
    hetla_data *prev_live, *next_live; /* in the context's list of live handles */
    hetla__replica rep[]; /* one per memory node of the context */
};

struct hetla_kernel {
    hetla_context *ctx;
    char name[64];
    hetla_kernel_fn impl[HETLA_NCLASSES];
    double (*flops)(const hetla_exec *x);
    /* selected class per device id, -1 = none; recomputed on add */
    signed char selected[HETLA__MAX_DEVICES];
    /* capability weights per device id: seconds per flop (per task if the
     * operation counts no flops) observed there; 0 = not run there yet */
    _Atomic double weight[HETLA__MAX_DEVICES];
};

/* Data arguments kept inside a task; a task with more (a panel over a
 * column of tiles) allocates its array. */
enum { HETLA__TASK_DATA_INLINE = 16 };

struct hetla__task {
    hetla_kernel *kernel;
    hetla_sequence *seq;
    const char *label;
    int priority;
    int ndata;
    uint64_t mask;
    uint64_t seqno;
    size_t args_size;
    hetla_task_arg *data; /* data_inline, or allocated for more arguments */
    hetla_task_arg data_inline[HETLA__TASK_DATA_INLINE];
    unsigned char args[HETLA_MAX_TASK_ARGS];

    atomic_int ndeps;     /* unmet predecessors + 1 while inserting */
    atomic_int refs;      /* runtime + handles referencing it */
    atomic_int completed;
    pthread_mutex_t lock; /* successor list vs completion */
    hetla__task **succ;
    int nsucc, capsucc;
    int held;          /* data arguments whose replica it holds (replica users) */
    double sched_len;  /* the scheduler's: expected seconds where it was put */
    double sched_flops; /* the scheduler's: the operation's flop count */
    int sched_worker;  /* the scheduler's: the worker it was given to */
    hetla__task *succ_inline[4];
    hetla__task *next_free; /* in the context's pool, or a scheduler's list */
};

/** A task whose kernels run on the device while its worker goes on. */
typedef struct hetla__inflight {
    hetla__task *task;
    void *mark; /* recorded after its kernels, on the queue they went to */
    int cls;
    double t0;
} hetla__inflight;

struct hetla__worker {
    hetla_context *ctx;
    int id;
    hetla__device *dev;
    int core; /* -1: not pinned */
    pthread_t thread;
    void *queue;
    /* Devices with marks: tasks in flight run on `queue` and `side_queue`
     * by turns (they are independent: all were ready at once), so a
     * small kernel on the critical path runs beside a large update; the
     * inputs of the next task are copied on a queue of their own. */
    void *side_queue, *copy_queue;
    int turn;
    hetla__inflight inflight[HETLA__MAX_MARKS]; /* a ring, oldest first */
    int ninflight, first_inflight;
    double last_end; /* when the previous task finished (trace, busy time) */
    /* written by the worker only, read by hetla_stats_get at any time */
    _Atomic double busy_s;
    atomic_ullong ntasks, nskipped;
    atomic_ullong naive[2], naive_bytes[2]; /* hetla_stats' naive_transfers, by direction */
    /* what it is doing, for the watchdog (watchdog.c) */
    _Atomic(const char *) doing;
    _Atomic(const char *) doing_task;    /* the task's label, or NULL */
    atomic_int inflight_now;             /* ninflight, readable from other threads */
    HETLA__LINE atomic_ullong completed; /* tasks finished, skipped ones too */
};

/** Records what @p w is doing (@p what: a static phrase) and for which
 *  task (NULL: none), for the watchdog's report. */
static inline void hetla__doing(hetla__worker *w, const char *what, const hetla__task *t)
{
    atomic_store_explicit(&w->doing, what, memory_order_relaxed);
    atomic_store_explicit(&w->doing_task, t ? t->label : NULL, memory_order_relaxed);
}

/** Adds to a counter that only the calling thread writes (no locked
 *  instruction needed, readers see a consistent value). */
static inline void hetla__count(atomic_ullong *c, unsigned long long v)
{
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + v, memory_order_relaxed);
}

/** Scheduler contract: the core calls push for every ready task and pop
 *  from idle workers; sleeping and waking are the core's business. */
struct hetla__sched_ops {
    const char *name;
    /** Called before the @p nworkers workers start (ctx->workers is filled
     *  in already). */
    hetla_status (*init)(hetla_context *ctx, int nworkers, void **state);
    void (*fini)(void *state);
    /** @return the worker @p t was given to, or -1 if any worker it fits
     *  may take it (the core wakes that one, or one of them). */
    int (*push)(void *state, hetla__task *t);
    /** @return a ready task @p w can run, or NULL. */
    hetla__task *(*pop)(void *state, hetla__worker *w);
    /** Optional: @p t ended on @p w after @p seconds of its own (@p ran: 0
     *  if it was skipped or failed). */
    void (*done)(void *state, hetla__worker *w, hetla__task *t, double seconds, int ran);
    /** Ready tasks waiting for @p w (its own queue, or the shared one). */
    size_t (*ready)(void *state, const hetla__worker *w);
};

extern const hetla__sched_ops hetla__sched_eager, hetla__sched_dmda;

/* ready heaps (ready_heap.c): the best task on top */
/** Whether @p a runs before @p b: higher priority, then earlier insertion. */
int hetla__task_before(const hetla__task *a, const hetla__task *b);
/** Restores the heap @p h after entry @p i got better (a push). */
void hetla__heap_up(hetla__task **h, size_t i);
/** Restores the heap @p h of @p n entries after entry @p i got worse. */
void hetla__heap_down(hetla__task **h, size_t n, size_t i);
const hetla__sched_ops *hetla__sched_find(const char *name);

/** One pause of a spinning loop: the sibling hyperthread gets the core. */
static inline void hetla__cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/** A lock for critical sections of a few dozen instructions touched by
 *  every worker and inserter (the ready queue): spinning beats a futex
 *  sleep there; after a while it yields, so an oversubscribed machine
 *  (more threads than cores) still makes progress. */
typedef struct hetla__spinlock {
    atomic_int held;
} hetla__spinlock;

static inline void hetla__spin_lock(hetla__spinlock *l)
{
    for (int spins = 0;; spins++) {
        if (!atomic_load_explicit(&l->held, memory_order_relaxed) &&
            !atomic_exchange_explicit(&l->held, 1, memory_order_acquire))
            return;
        if (spins >= 64) {
            sched_yield();
            spins = 0;
        }
        hetla__cpu_relax();
    }
}

static inline void hetla__spin_unlock(hetla__spinlock *l) { atomic_store_explicit(&l->held, 0, memory_order_release); }

/** Whether a task of kernel @p k and device mask @p mask can run on device
 *  @p d (its index in the context). */
static inline int hetla__kernel_fits_device(const hetla_kernel *k, uint64_t mask, int d)
{
    return k->selected[d] >= 0 && (mask == 0 || (mask >> d & 1u));
}

/** The same on worker @p w's device. */
static inline int hetla__kernel_fits(const hetla_kernel *k, uint64_t mask, const hetla__worker *w)
{
    return hetla__kernel_fits_device(k, mask, w->dev->id);
}

/** Whether worker @p w may run @p t. */
static inline int hetla__task_fits(const hetla__task *t, const hetla__worker *w)
{
    return hetla__kernel_fits(t->kernel, t->mask, w);
}

/* tasks (task.c) */
void hetla__task_pool_fini(hetla_context *ctx);
/** The operation's flop count for @p t (0 if it counts none). */
double hetla__task_flops(const hetla__task *t);
void hetla__task_release(hetla__task *t);
/** Runs @p t on @p w; on a device with marks it is left in flight, to be
 *  finished by hetla__task_retire. */
void hetla__task_run(hetla__worker *w, hetla__task *t);
/** Finishes @p w's oldest task in flight if its kernels have ended (or,
 *  with @p block, once they have). @return 1 if a task was finished. */
int hetla__task_retire(hetla__worker *w, int block);
/** Waits until @p done(@p arg) holds; re-evaluated after each completion. */
void hetla__wait_until(hetla_context *ctx, int (*done)(const void *arg), const void *arg);
/** Waits until @p counter reaches zero. */
void hetla__wait_zero(hetla_context *ctx, atomic_long *counter);
/** Waits for every task inserted so far. */
void hetla__wait_all_tasks(hetla_context *ctx);

/* workers (worker.c) */
hetla_status hetla__workers_start(hetla_context *ctx, int cpu_workers);
void hetla__workers_stop(hetla_context *ctx);

/* the stall report (watchdog.c): started after the workers, stopped before */
hetla_status hetla__watchdog_start(hetla_context *ctx);
void hetla__watchdog_stop(hetla_context *ctx);
/** Hands a ready task to the scheduler and wakes workers. */
void hetla__ready(hetla_context *ctx, hetla__task *t);
/** Wakes up to @p n idle workers that can run kernel @p k on the devices
 *  of @p mask (0: any), one call a device: for a thread about to insert @p n
 *  independent tasks, so that the workers wake while it inserts rather
 *  than one a task. */
void hetla__wake_idle(hetla_context *ctx, const hetla_kernel *k, uint64_t mask, int n);

/* coherence (coherence.c): called with d->lock held */
hetla_status hetla__replica_fetch(hetla_data *d, int node, hetla_access mode, hetla__worker *w);
void hetla__replica_written(hetla_data *d, int node);
/** Adds @p delta to the users of @p d's replica on @p node (a task holding
 *  it); a held replica is never evicted. */
void hetla__replica_hold(hetla_data *d, int node, int delta);
/** Adds @p d to / removes it from the context's live handles. */
void hetla__data_live(hetla_data *d, int live);
void hetla__replicas_free(hetla_data *d);
/** The calling worker's private buffer of scratch handle @p d. */
hetla_status hetla__scratch_get(hetla_data *d, hetla__worker *w, hetla_buffer *buf);
/** Node-to-node copy through the devices' ops; counts and traces it. */
hetla_status hetla__transfer(hetla_context *ctx, const hetla__copy *c, hetla__worker *w);

/* data (data.c) */
/** Registers the runtime's own operations ("prefetch"). */
hetla_status hetla__data_register_ops(hetla_context *ctx);
/** hetla_matrix_register, choosing whether a large range is pinned: a
 *  registration that lives for one call is not worth the pinning. */
hetla_status hetla__matrix_register(hetla_context *ctx, void *ptr, size_t m, size_t n, size_t ld, hetla_dtype t,
                                    int pin, hetla_data **out);

/* memory (coherence.c) */
/** Pins a large host range with the first backend that can (1 = pinned,
 *  unpin later); small ranges and CPU-only contexts are left alone. */
int hetla__host_pin(hetla_context *ctx, void *ptr, size_t bytes);
void hetla__host_unpin(hetla_context *ctx, void *ptr);
/** Memory of node @p node; on an accelerator counted against the
 *  context's limit (no eviction here: see replica_alloc). */
hetla_status hetla__node_alloc(hetla_context *ctx, int node, size_t bytes, void **ptr);
/** The context's cache of large host buffers (hetla__node_alloc on node 0). */
hetla_status hetla__host_cache_init(hetla_context *ctx);
void hetla__node_free(hetla_context *ctx, int node, void *ptr, size_t bytes);

/* kernels (kernels/registry.c) */
/** Default policy overridden by @p policy ("cpu=blis,generic;cuda=..."),
 *  then every built-in operation registered. */
hetla_status hetla__registry_init(hetla_context *ctx, const char *policy);
/** Operation @p op's generic implementation on the host, for the task
 *  @p x of an accelerator, through its device's run_on_host (as task.c
 *  runs a generic kernel selected for an accelerator): what a backend's
 *  kernel does for cases its library does not cover. */
hetla_status hetla__on_host(hetla_context *ctx, const hetla_exec *x, const char *op);
void hetla__registry_fini(hetla_context *ctx);

/* trace (trace.c); init after the workers exist */
hetla_status hetla__trace_init(hetla_context *ctx, int enabled);
void hetla__trace_fini(hetla_context *ctx);
void hetla__trace_clear(hetla_context *ctx);
void hetla__trace_task(hetla_context *ctx, const hetla__worker *w, const hetla__task *t, int cls, double t0,
                       double t1);
void hetla__trace_transfer(hetla_context *ctx, const hetla__worker *w, const hetla__copy *c, double t0, double t1);

#endif
