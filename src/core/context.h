/* The context object and the core's internal helpers (errors, logging,
 * time, topology). */
#ifndef HETLA_CORE_CONTEXT_H
#define HETLA_CORE_CONTEXT_H

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>

#include "hetla.h"
#include "devices/cache.h"
#include "devices/device.h"
#include "runtime/crew.h"

enum { HETLA__MAX_DEVICES = 64, HETLA__MAX_NODES = 64, HETLA__KERNEL_HASH = 2048, HETLA__MAX_RULES = 64 };

/** A per-operation selection rule ("dgemm:cpu=blis,generic"). */
typedef struct hetla__policy_rule {
    char op[64];
    hetla_device_type type;
    int n;
    hetla_kernel_class cls[HETLA_NCLASSES];
    int builtin;   /* part of the default policy: dropped when its device type's order is set */
    int own_cores; /* built-in, for devices that compute on cores of their own only (not an OpenCL CPU) */
} hetla__policy_rule;

typedef struct hetla__worker hetla__worker;
typedef struct hetla__task hetla__task;
typedef struct hetla__sched_ops hetla__sched_ops;
typedef struct hetla__trace hetla__trace;

/** Where the idle workers of one device sleep (worker.c): one condition
 *  variable for all of them, so that one call wakes any number. */
typedef struct hetla__idle {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    atomic_int asleep; /* workers waiting on cond (changed under lock) */
    int wakes;         /* wake-ups granted and not yet taken (<= asleep), under lock */
} hetla__idle;

/* Atomics written on every task stand on cache lines of their own, so that
 * inserting threads and workers do not slow each other down. */
#define HETLA__LINE alignas(64)

/** A sequence: tasks sharing a sticky status. */
struct hetla_sequence {
    hetla_context *ctx;
    _Atomic int status;
    HETLA__LINE atomic_long pending;
};

struct hetla_context {
    /* configuration in force (strings owned) */
    char *devices_spec, *sched_name, *trace_file, *module_path, *policy_spec;
    int no_pinning;
    int no_host_pinning;
    int stable_solves; /* hetla_config.stable_solves */
    int tile_size; /* 0 = per device class */
    size_t mem_limit; /* per accelerator memory node; 0 = none */
    hetla_log_fn log_fn;
    void *log_user;
    int log_level;

    int ndevices;
    hetla__device devices[HETLA__MAX_DEVICES];
    int nnodes;
    hetla__device *node_device[HETLA__MAX_NODES]; /* NULL for the host */
    char backend_report[1024];

    int nworkers;
    hetla__worker *workers;
    int ncores;
    void *topology;

    const hetla__sched_ops *sched;
    void *sched_state;

    /* worker sleep / wake (see worker.c for the protocol; the workers of
     * a device sleep together, in idle[device id]) */
    HETLA__LINE atomic_ulong ready_epoch;
    HETLA__LINE atomic_int sleepers;
    hetla__idle idle[HETLA__MAX_DEVICES];
    atomic_int stopping;
    int watchdog_s;                   /* hetla_config.watchdog_s */
    struct hetla__watchdog *watchdog; /* its state (watchdog.c), NULL when off */
    pthread_t watchdog_thread;
    int watchdog_running;
    atomic_int waiters;
    double wait_spin_s; /* how long a waiter polls before it sleeps (task.c) */
    int wait_yields;    /* a core is spare: past wait_spin_s a waiter polls on, yielding, and never sleeps */

    /* completion waits (waiters, above, is read on every completion) */
    pthread_mutex_t done_lock;
    pthread_cond_t done_cond;
    HETLA__LINE atomic_ullong inserted; /* written by inserting threads only */
    atomic_ullong next_seqno;
    HETLA__LINE hetla__task *_Atomic free_tasks; /* task pool (runtime/task.c) */
    pthread_mutex_t alloc_lock;
    hetla__task *alloc_list;
    hetla_sequence default_seq;
    pthread_mutex_t dispose_lock; /* handles freed once their tasks are done (runtime/data.c) */
    hetla_data *disposed;
    /* every live handle, for eviction (runtime/coherence.c) */
    pthread_mutex_t data_lock;
    hetla_data *data_list;
    atomic_ullong use_clock;
    atomic_size_t mem_used[HETLA__MAX_NODES];
    hetla__dev_cache host_cache; /* large host buffers, reused (runtime/coherence.c) */

    /* kernel registry (kernels/registry.c) */
    pthread_mutex_t registry_lock;
    int registry_ready;
    hetla_kernel **kernels;
    int nkernels, capkernels;
    hetla_kernel *kernel_hash[HETLA__KERNEL_HASH]; /* open addressing by name */
    hetla_kernel_class policy[HETLA_DEVICE_NTYPES][HETLA_NCLASSES];
    int npolicy[HETLA_DEVICE_NTYPES];
    hetla__policy_rule rules[HETLA__MAX_RULES];
    int nrules;

    /* the crew of host threads that stage batched calls where no CPU
     * worker does (batch/stage.c), made at its first use */
    pthread_mutex_t crew_lock;
    hetla__crew *crew;
    int crew_tried;

    /* statistics and trace (runtime/trace.c) */
    double t0;
    HETLA__LINE atomic_ullong xfer_count[3], xfer_bytes[3];
    double *busy_snapshot;
    hetla__trace *trace;
};

/* data handles (runtime/data.c) */
/** Frees @p d, a handle with no host copy of the caller's (from
 *  hetla_data_create), once the tasks inserted so far that use it have
 *  completed, without waiting for them: the workspace of an asynchronous
 *  call, which hetla_data_unregister would wait for. No task may be
 *  inserted on @p d afterwards. Handles still in use are freed by a later
 *  call or when the context is destroyed. */
void hetla__data_dispose(hetla_data *d);
/** Frees the disposed handles whose tasks have completed (all of them
 *  once every task has): a synchronous call's workspace after its wait. */
void hetla__data_disposed_sweep(hetla_context *ctx);

/* tiled matrices (runtime/tiled.c) */
hetla_context *hetla__tiled_context(const hetla_tiled *a);
hetla_dtype hetla__tiled_type(const hetla_tiled *a);

/* errors and logging (status.c) */
hetla_status hetla__fail(hetla_status s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
hetla_status hetla__arg_error(const char *func, int pos, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void hetla__log(const hetla_context *ctx, hetla_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* time since an arbitrary origin, seconds (context.c) */
double hetla__now(void);

/** The context's crew of host threads (hetla__crew_size(1) of them), made
 *  at the first call; NULL if it could not be made (the caller works
 *  alone). */
hetla__crew *hetla__context_crew(hetla_context *ctx);

/* topology (topology.c) */
hetla_status hetla__topology_init(hetla_context *ctx);
void hetla__topology_fini(hetla_context *ctx);
/** Pins the calling thread to core @p core (modulo the core count). */
void hetla__topology_pin(hetla_context *ctx, int core);
/** A line describing the CPU, e.g. "2 cores, 1 package, x86_64". */
void hetla__topology_describe(const hetla_context *ctx, char *buf, size_t len);

/* configuration (config.c) */
hetla_status hetla__config_apply(hetla_context *ctx, const hetla_config *cfg, int *cpu_workers);
/** Parses a device list into ctx->devices (backends loaded and opened). */
hetla_status hetla__devices_open(hetla_context *ctx, const char *spec);
void hetla__devices_close(hetla_context *ctx);
/** The device as HETLA_DEVICES spells it: "cpu", "cuda:1". */
void hetla__device_label(const hetla__device *dev, char *buf, size_t len);

#endif
