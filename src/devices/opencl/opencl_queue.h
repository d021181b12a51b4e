/* What an OpenCL kernel implementation sees: hetla_exec.queue points to the
 * worker's hetla__ocl_queue, and hetla_buffer.ptr is a cl_mem holding the
 * whole replica (offset 0). Also the checks that turn OpenCL failures into
 * hetla statuses, and the per-device program cache. */
#ifndef HETLA_OPENCL_QUEUE_H
#define HETLA_OPENCL_QUEUE_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120 /* the API hetla uses: OpenCL 1.2, which every platform has */
#endif
#include <CL/cl.h>
#include <CL/cl_ext.h> /* CL_PLATFORM_NOT_FOUND_KHR */
#include <complex.h>

#include "hetla.h"

typedef struct hetla__ocl_dev hetla__ocl_dev;

typedef struct hetla__ocl_queue {
    cl_command_queue queue; /**< first: a user's OPENCL_NATIVE kernel reads it
                                 through x->queue without this header */
    cl_context context;
    cl_device_id device;
    hetla__ocl_dev *dev;    /**< the device's program cache */
    hetla_context *ctx;     /**< whose operations hetla__ocl_on_host finds */
    int index;              /**< opencl:N */
    cl_event marks[4];      /**< HETLA__MAX_MARKS marker events, held until waited for */
    unsigned next_mark;
    cl_mem scratch;         /**< hetla__ocl_scratch's buffer, from the device's cache */
    size_t scratch_bytes;
} hetla__ocl_queue;

/* Scalars as OpenCL kernels (and CLBlast) take them, from the double
 * complex of an argument block. */
static inline cl_double2 hetla__cl_z(double _Complex v) { return (cl_double2){{creal(v), cimag(v)}}; }
static inline cl_float2 hetla__cl_c(double _Complex v) { return (cl_float2){{(float)creal(v), (float)cimag(v)}}; }
static inline cl_double hetla__cl_d(double _Complex v) { return creal(v); }
static inline cl_float hetla__cl_s(double _Complex v) { return (float)creal(v); }

/** HETLA_SUCCESS for CL_SUCCESS; else HETLA_ERR_BACKEND with a detail
 *  naming @p call, device opencl:@p index and the error's name. */
hetla_status hetla__ocl_check(cl_int e, const char *call, int index);
/** The name of an OpenCL error code ("CL_OUT_OF_RESOURCES"). */
const char *hetla__ocl_error_name(cl_int e);

/** Kernel @p kernel of the program built from @p source with @p options
 *  on @p q's device: built at first use, then taken from the device's
 *  cache (keyed by source, options and kernel). A build failure returns
 *  HETLA_ERR_BACKEND naming @p kernel and the device, with the compiler's
 *  build log in the detail. The kernel object belongs to the cache and is
 *  used by the device's one worker only (clSetKernelArg is not
 *  thread-safe). */
hetla_status hetla__ocl_kernel(const hetla__ocl_queue *q, const char *source, const char *options, const char *kernel,
                               cl_kernel *out);

/** One argument of a kernel: its size and bytes. */
typedef struct hetla__ocl_arg {
    size_t size;
    const void *v;
} hetla__ocl_arg;

/** Sets the @p n arguments of @p k in order; a failure names the
 *  kernel @p name and @p q's device. */
hetla_status hetla__ocl_set_args(const hetla__ocl_queue *q, cl_kernel k, const hetla__ocl_arg *args, cl_uint n,
                                 const char *name);

/** Enqueues @p k over @p global work-items in @p dims dimensions, in
 *  work-groups of @p local (NULL: the implementation's choice); failures
 *  name @p name. */
hetla_status hetla__ocl_run(const hetla__ocl_queue *q, cl_kernel k, const char *name, cl_uint dims,
                            const size_t *global, const size_t *local);

/** A buffer of at least @p bytes for commands on @p q's queue (CLBlast's
 *  temporary matrices): kept with the queue and reused in its order, so
 *  that no call creates and releases one (on NVIDIA's OpenCL a release
 *  waits for the device). Taken from the device's buffer cache; growing it
 *  waits for the queue first. NULL where the cache cannot give it (the
 *  caller then does without). @p q is a hetla__ocl_queue. */
cl_mem hetla__ocl_scratch(void *q, size_t bytes);

/** Runs the GENERIC implementation of operation @p op on @p x's buffers
 *  mapped into host memory, on the calling worker: the argument shapes a
 *  library cannot express (zero sizes, negative or zero increments, result
 *  types it writes differently). The queue is drained first and the
 *  buffers unmapped after. */
hetla_status hetla__ocl_on_host(const hetla_exec *x, const char *op);

#endif
