/* The runtime's internal objects: data handles with per-node replicas,
 * tasks with inferred dependencies, workers, the scheduler contract and
 * trace recording. */
#ifndef HETLA_RUNTIME_H
#define HETLA_RUNTIME_H

#include <pthread.h>
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
} hetla__replica;

struct hetla_data {
    hetla_context *ctx;
    size_t m, n;
    hetla_dtype type;
    size_t elsize;
    int user_host; /**< node 0 replica is user memory */
    int acquired;

    pthread_mutex_t lock; /* replicas, dependency state */
    hetla__replica rep[HETLA__MAX_NODES];
    hetla__task *last_writer;
    hetla__task **readers;
    int nreaders, capreaders;
    atomic_long users;   /* inserted, not yet completed tasks using it */
    void **scratch;      /* per-worker buffers for HETLA_SCRATCH */
};

struct hetla_kernel {
    hetla_context *ctx;
    char name[64];
    hetla_kernel_fn impl[HETLA_NCLASSES];
    double (*flops)(const hetla_exec *x);
    /* selected class per device id, -1 = none; recomputed on add */
    signed char selected[HETLA__MAX_DEVICES];
};

struct hetla__task {
    hetla_kernel *kernel;
    hetla_sequence *seq;
    const char *label;
    int priority;
    int ndata;
    uint64_t mask;
    uint64_t seqno;
    size_t args_size;
    hetla_task_arg data[HETLA_MAX_TASK_DATA];
    unsigned char args[HETLA_MAX_TASK_ARGS];

    atomic_int ndeps;     /* unmet predecessors + 1 while inserting */
    atomic_int refs;      /* runtime + handles referencing it */
    atomic_int completed;
    pthread_mutex_t lock; /* successor list vs completion */
    hetla__task **succ;
    int nsucc, capsucc;
    hetla__task *succ_inline[4];
};

struct hetla__worker {
    hetla_context *ctx;
    int id;
    hetla__device *dev;
    int core; /* -1: not pinned */
    pthread_t thread;
    void *queue;
    double busy_s;
};

/** Scheduler contract: the core calls push for every ready task and pop
 *  from idle workers; sleeping and waking are the core's business. */
struct hetla__sched_ops {
    const char *name;
    hetla_status (*init)(hetla_context *ctx, void **state);
    void (*fini)(void *state);
    /** Makes room for @p tasks ready at once, so push cannot fail. */
    hetla_status (*reserve)(void *state, size_t tasks);
    void (*push)(void *state, hetla__task *t);
    /** @return a ready task @p w can run, or NULL. */
    hetla__task *(*pop)(void *state, hetla__worker *w);
};

extern const hetla__sched_ops hetla__sched_eager;
const hetla__sched_ops *hetla__sched_find(const char *name);

/** Whether worker @p w may run @p t. */
static inline int hetla__task_fits(const hetla__task *t, const hetla__worker *w)
{
    int d = w->dev->id;
    return t->kernel->selected[d] >= 0 && (t->mask == 0 || (t->mask >> d & 1u));
}

/* tasks (task.c) */
void hetla__task_release(hetla__task *t);
void hetla__task_run(hetla__worker *w, hetla__task *t);
/** Wait until @p counter reaches zero (done_cond protocol). */
void hetla__wait_zero(hetla_context *ctx, atomic_long *counter);

/* workers (worker.c) */
hetla_status hetla__workers_start(hetla_context *ctx, int cpu_workers);
void hetla__workers_stop(hetla_context *ctx);
/** Hands a ready task to the scheduler and wakes workers. */
void hetla__ready(hetla_context *ctx, hetla__task *t);

/* coherence (coherence.c): called with d->lock held */
hetla_status hetla__replica_fetch(hetla_data *d, int node, hetla_access mode, hetla__worker *w);
void hetla__replica_written(hetla_data *d, int node);
void hetla__replicas_free(hetla_data *d);
/** The calling worker's private buffer of scratch handle @p d. */
hetla_status hetla__scratch_get(hetla_data *d, hetla__worker *w, hetla_buffer *buf);
/** Node-to-node copy through the devices' ops; counts and traces it. */
hetla_status hetla__transfer(hetla_context *ctx, const hetla__copy *c, hetla__worker *w);

/* memory (coherence.c) */
hetla_status hetla__node_alloc(hetla_context *ctx, int node, size_t bytes, void **ptr);
void hetla__node_free(hetla_context *ctx, int node, void *ptr);

/* kernels (kernels/registry.c) */
void hetla__registry_init(hetla_context *ctx);
void hetla__registry_fini(hetla_context *ctx);
hetla_status hetla__policy_parse(hetla_context *ctx, const char *spec);

/* trace (trace.c); init after the workers exist */
hetla_status hetla__trace_init(hetla_context *ctx, int enabled);
void hetla__trace_fini(hetla_context *ctx);
void hetla__trace_clear(hetla_context *ctx);
void hetla__trace_task(hetla_context *ctx, const hetla__worker *w, const hetla__task *t, int cls, double t0,
                       double t1);
void hetla__trace_transfer(hetla_context *ctx, const hetla__worker *w, const hetla__copy *c, double t0, double t1);

#endif
