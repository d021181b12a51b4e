/* The device layer's contract: every device type (cpu, sim, cuda, opencl)
 * fills one ops table; the runtime moves data and launches kernels only
 * through it. GPU backends live in loadable modules that export
 * `hetla_backend_<name>` returning their table. */
#ifndef HETLA_DEVICE_H
#define HETLA_DEVICE_H

#include <stddef.h>

#include "hetla.h"

#define HETLA__BACKEND_ABI 3

/** At most this many marks of one queue are outstanding (not yet waited
 *  for) at any time: a backend may keep that many events per queue. */
#define HETLA__MAX_MARKS 4

typedef struct hetla__device hetla__device;

/** A 2-D copy between two memory nodes (either may be the host, node 0). */
typedef struct hetla__copy {
    int src_node, dst_node;
    const void *src;
    void *dst;
    size_t src_ld, dst_ld; /**< in bytes */
    size_t row_bytes, cols;
} hetla__copy;

/** Whether @p c is one run of bytes on both sides (a whole matrix, a
 *  column): backends copy it as one plain copy, as an application would. */
static inline int hetla__copy_flat(const hetla__copy *c)
{
    return (c->src_ld == c->row_bytes && c->dst_ld == c->row_bytes) || c->cols == 1;
}

typedef struct hetla__device_ops {
    int abi;                 /**< HETLA__BACKEND_ABI */
    const char *name;        /**< "cpu", "cuda", ... as HETLA_DEVICES spells it */
    hetla_device_type type;
    int own_memory;          /**< non-zero: each device has its own memory node */
    /** Number of devices of this type present; on 0, @p why says why. */
    int (*probe)(char *why, size_t whylen);
    /** Optional: whether device @p index is opened under HETLA_DEVICES=all
     *  (NULL: all are). A device running on the host's own cores (an
     *  OpenCL CPU device) is left out there, as it would compete with the
     *  CPU workers; named explicitly, it opens. */
    int (*in_all)(int index);
    /** Opens device dev->index; fills name, memory_bytes, peak_gflops, impl. */
    hetla_status (*init)(hetla__device *dev);
    void (*fini)(hetla__device *dev);
    hetla_status (*alloc)(hetla__device *dev, size_t bytes, void **ptr);
    void (*free)(hetla__device *dev, void *ptr);
    /** Per-worker queue (stream / command queue); NULL ops = none. */
    hetla_status (*queue_create)(hetla__device *dev, void **queue);
    void (*queue_destroy)(hetla__device *dev, void *queue);
    /** Enqueues a copy between this device's node and the host, or between
     *  two nodes of this backend (peer). */
    hetla_status (*copy)(hetla__device *dev, const hetla__copy *c, void *queue);
    /** Whether @p peer's memory can be copied to/from directly. */
    int (*can_peer)(hetla__device *dev, hetla__device *peer);
    /** Runs (or enqueues on @p x->queue) one implementation. */
    hetla_status (*launch)(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x);
    /** Optional (accelerators): runs host implementation @p fn on host
     *  copies of @p x's device buffers, after the queue's earlier work,
     *  and copies them back. With it, an operation with no class for the
     *  device runs its generic kernel there when the context has no CPU
     *  device to run it (registry.c). */
    hetla_status (*run_on_host)(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x);
    /** Waits for everything enqueued on @p queue. */
    hetla_status (*queue_sync)(hetla__device *dev, void *queue);
    /** Optional, with mark_done and mark_wait: a device that runs a task's
     *  kernels asynchronously. mark records a point after everything
     *  enqueued on @p queue so far; mark_done says whether the work before
     *  it has ended (1: finished or failed) or not yet (0); mark_wait waits for
     *  it, releases it and returns the failure of any work before it. With
     *  these the runtime keeps several tasks in flight per worker, their
     *  input copies on a second queue of the worker overlapping the
     *  kernels of the tasks before. */
    hetla_status (*mark)(hetla__device *dev, void *queue, void **mark);
    int (*mark_done)(hetla__device *dev, void *mark);
    hetla_status (*mark_wait)(hetla__device *dev, void *mark);
    /** Optional: adds the backend's kernel implementations (its kernel
     *  classes) to @p ctx's operations, once per context, after the
     *  built-in ones are registered. */
    hetla_status (*register_kernels)(hetla_context *ctx);
    /** Optional: page-locks host memory so copies run at full speed and
     *  asynchronously. @return 1 if pinned here (host_unpin must follow),
     *  0 if not (already pinned, or refused: copies are then slower). */
    int (*host_pin)(void *ptr, size_t bytes);
    void (*host_unpin)(void *ptr);
} hetla__device_ops;

struct hetla__device {
    const hetla__device_ops *ops;
    hetla_context *ctx;
    hetla_device_type type;
    int index;  /**< among devices of its type */
    int id;     /**< index in the context */
    int node;   /**< memory node */
    int nworkers;
    char name[128];
    size_t memory_bytes;
    double peak_gflops;
    int host_cores; /**< its kernels run on the host's cores (an OpenCL CPU
                         device): its worker waits for them asleep, as a
                         polling thread would take a core from them */
    void *impl;     /**< backend state */
};

/* Built-in backends. */
extern const hetla__device_ops hetla__cpu_ops;
extern const hetla__device_ops hetla__sim_ops;

/** Finds the ops of backend @p name: built in, or loaded from a module.
 *  @return NULL with @p why filled when unavailable. */
const hetla__device_ops *hetla__backend_find(const char *name, const char *module_path, char *why, size_t whylen);

/** A symbol of a backend module loaded by a context (NULL if none): how
 *  the `hetla` command reaches a module's vendor-library peers for its
 *  benchmarks without linking any GPU library itself. */
void *hetla__backend_symbol(const char *backend, const char *symbol);

/** What a backend module exports to the core and the `hetla` command (its
 *  entry point, batch registration and peers); all else stays hidden. */
#define HETLA__MODULE_EXPORT __attribute__((visibility("default")))

#endif
