/* hetla tasks: operations (kernels) with implementations per kernel class,
 * task insertion in program order, sequences with a sticky status. */
#ifndef HETLA_TASK_H
#define HETLA_TASK_H

#include <stddef.h>
#include <stdint.h>

#include "hetla/data.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hetla_kernel hetla_kernel;
typedef struct hetla_sequence hetla_sequence;

/** Kernel class = the device type an implementation runs on + where its
 *  code comes from. The selection policy orders the classes per device
 *  type; the first class an operation has is the one that runs. */
typedef enum hetla_kernel_class {
    HETLA_CLASS_GENERIC = 0,   /**< plain C, any CPU: the fallback */
    HETLA_CLASS_CPU_NATIVE,    /**< the programmer's own CPU code */
    HETLA_CLASS_CPU_OPENBLAS,
    HETLA_CLASS_CPU_BLIS,
    HETLA_CLASS_CUDA_CUBLAS,
    HETLA_CLASS_CUDA_CUSOLVER,
    HETLA_CLASS_CUDA_NATIVE,   /**< hand-written CUDA (hetla's or the user's) */
    HETLA_CLASS_CUDA_GEN,      /**< generated and tuned CUDA */
    HETLA_CLASS_OPENCL_CLBLAST,
    HETLA_CLASS_OPENCL_NATIVE, /**< hand-written OpenCL C */
    HETLA_CLASS_OPENCL_GEN,    /**< generated and tuned OpenCL C */
    HETLA_NCLASSES
} hetla_kernel_class;

/** @return the class's name as the policy syntax spells it ("openblas"),
 *  or NULL. */
const char *hetla_kernel_class_name(hetla_kernel_class c);
/** @return the device type the class runs on. */
hetla_device_type hetla_kernel_class_device(hetla_kernel_class c);

/** One data argument as an implementation sees it: the replica on the
 *  memory node of the device that runs the task. */
typedef struct hetla_buffer {
    void *ptr;  /**< device address (cl_mem for OpenCL) */
    size_t m, n, ld;
    hetla_dtype type;
} hetla_buffer;

/** What an implementation is called with. */
typedef struct hetla_exec {
    const hetla_buffer *buf; /**< one per data argument, in insertion order */
    int nbuf;
    const void *args;        /**< the scalar arguments copied at insertion */
    size_t args_size;
    int device;              /**< index in the context's device list */
    int worker;              /**< index of the worker thread */
    void *queue;             /**< the worker's stream or command queue; NULL on CPUs */
} hetla_exec;

/** An implementation. Returns HETLA_SUCCESS or a failure that becomes the
 *  sticky status of the task's sequence. */
typedef hetla_status (*hetla_kernel_fn)(const hetla_exec *x);

/** Creates (or finds, if @p name exists) the operation @p name; owned by
 *  @p ctx. */
HETLA_NODISCARD hetla_status hetla_kernel_create(hetla_context *ctx, const char *name, hetla_kernel **out);
/** Finds an operation by name (built-in ones such as "dgemm_tile" too). */
HETLA_NODISCARD hetla_status hetla_kernel_find(hetla_context *ctx, const char *name, hetla_kernel **out);
/** Adds or replaces the implementation of class @p cls. */
HETLA_NODISCARD hetla_status hetla_kernel_add(hetla_kernel *k, hetla_kernel_class cls, hetla_kernel_fn fn);
/** Sets the flop count of a call, used for Gflop/s in traces and by
 *  performance models. */
HETLA_NODISCARD hetla_status hetla_kernel_set_flops(hetla_kernel *k, double (*flops)(const hetla_exec *x));
/** @return the class that would run @p k on @p device under the policy in
 *  force, or -1 if none (the operation is then never scheduled there). */
int hetla_kernel_selected(const hetla_kernel *k, int device);
/** @return the operation's name. */
const char *hetla_kernel_name(const hetla_kernel *k);
/** Walks the registry: operations 0 .. hetla_kernel_count() - 1. */
int hetla_kernel_count(const hetla_context *ctx);
hetla_kernel *hetla_kernel_at(const hetla_context *ctx, int i);
/** Changes the selection policy while the context runs, with the syntax of
 *  HETLA_POLICY: clauses "<type>=<class>,..." (a device type's order) and
 *  "<operation>:<type>=<class>,..." (one operation's), separated by ';'.
 *  Waits for the tasks in flight first; a bad spec changes nothing. */
HETLA_NODISCARD hetla_status hetla_policy_set(hetla_context *ctx, const char *spec);
/** Writes the selection policy of device type @p t ("openblas,blis,generic")
 *  into @p buf. */
HETLA_NODISCARD hetla_status hetla_policy_describe(const hetla_context *ctx, hetla_device_type t, char *buf,
                                                   size_t len);

/** One data argument of a task. */
typedef struct hetla_task_arg {
    hetla_data *data;
    hetla_access mode;
} hetla_task_arg;

/** A task to insert; zero fields mean defaults. */
typedef struct hetla_task_desc {
    hetla_kernel *kernel;          /**< required */
    const hetla_task_arg *data;    /**< at most HETLA_MAX_TASK_DATA */
    int ndata;
    const void *args;              /**< scalars, copied at insertion */
    size_t args_size;
    int priority;                  /**< higher runs first among ready tasks */
    uint64_t device_mask;          /**< bit i: may run on device i; 0 = any */
    hetla_sequence *seq;           /**< NULL = the context's default */
    const char *label;             /**< trace label (static string); NULL = kernel name */
} hetla_task_desc;

enum { HETLA_MAX_TASK_DATA = 512, HETLA_MAX_TASK_ARGS = 256 };

/** Options of the task forms of library operations (hetla_zgemm_task, ...);
 *  NULL or zero fields mean defaults, as in hetla_task_desc. */
typedef struct hetla_task_opts {
    int priority;
    uint64_t device_mask;
    hetla_sequence *seq;
} hetla_task_opts;

/** Inserts a task. Dependencies on earlier tasks follow from the access
 *  modes (read after write, write after read, write after write); the
 *  task runs as soon as they are met, on a device that has an
 *  implementation and is in the mask. */
HETLA_NODISCARD hetla_status hetla_task_insert(hetla_context *ctx, const hetla_task_desc *t);

/** Sequences: once a task of a sequence fails, its later tasks become
 *  no-ops and the first failure is kept (sticky). */
HETLA_NODISCARD hetla_status hetla_sequence_create(hetla_context *ctx, hetla_sequence **out);
/** Waits for the sequence's tasks; @return its sticky status. */
HETLA_NODISCARD hetla_status hetla_sequence_wait(hetla_sequence *s);
/** @return the sticky status now, without waiting. */
hetla_status hetla_sequence_status(const hetla_sequence *s);
/** Waits for the sequence's tasks and frees it. */
HETLA_NODISCARD hetla_status hetla_sequence_destroy(hetla_sequence *s);

/* ---- prefetching ---- */

/** Inserts into @p seq (NULL: the default sequence) a task that makes a
 *  valid copy of @p d on device @p device (0 <= device <
 *  hetla_device_count), after the tasks inserted before that write it,
 *  and returns at once: later tasks there find the data in place. The
 *  host copy stays valid. */
HETLA_NODISCARD hetla_status hetla_data_prefetch(hetla_data *d, int device, hetla_sequence *seq);

/** hetla_data_prefetch of every tile of @p a. */
HETLA_NODISCARD hetla_status hetla_tiled_prefetch(hetla_tiled *a, int device, hetla_sequence *seq);

#ifdef __cplusplus
}
#endif
#endif
