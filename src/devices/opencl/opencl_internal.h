/* The OpenCL backend's private state and the ops its files share; the ops
 * table itself is assembled in opencl_module.c. */
#ifndef HETLA_OPENCL_INTERNAL_H
#define HETLA_OPENCL_INTERNAL_H

#include <pthread.h>

#include "core/context.h"
#include "devices/cache.h"
#include "devices/opencl/opencl_queue.h"

typedef struct hetla__ocl_program hetla__ocl_program;

/** One opened OpenCL device (hetla__device.impl). */
struct hetla__ocl_dev {
    int index;
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;        /**< one per device: no peer copies */
    cl_command_queue host_queue; /**< copies asked for by threads without a queue */
    size_t max_alloc;          /**< CL_DEVICE_MAX_MEM_ALLOC_SIZE */
    cl_uint units;             /**< CL_DEVICE_MAX_COMPUTE_UNITS */
    cl_ulong local_mem;        /**< CL_DEVICE_LOCAL_MEM_SIZE */
    size_t max_group;          /**< CL_DEVICE_MAX_WORK_GROUP_SIZE */
    hetla__dev_cache cache;    /**< buffers (cl_mem) kept for reuse */
    pthread_mutex_t lock;      /**< the program cache */
    hetla__ocl_program *programs;
};

/* opencl_device.c */
int hetla__ocl_probe(char *why, size_t whylen);
int hetla__ocl_in_all(int index);
hetla_status hetla__ocl_init(hetla__device *dev);
void hetla__ocl_fini(hetla__device *dev);
/** Device opencl:@p index of the process's enumeration (every platform's
 *  devices in order); NULL past the end. */
cl_device_id hetla__ocl_device_at(int index, cl_platform_id *platform);

/* opencl_memory.c */
int hetla__ocl_raw_alloc(void *user, size_t bytes, void **ptr);
void hetla__ocl_raw_free(void *user, void *ptr);
hetla_status hetla__ocl_alloc(hetla__device *dev, size_t bytes, void **ptr);
void hetla__ocl_free(hetla__device *dev, void *ptr);
hetla_status hetla__ocl_copy(hetla__device *dev, const hetla__copy *c, void *queue);

/* opencl_queue.c */
hetla_status hetla__ocl_queue_create(hetla__device *dev, void **queue);
void hetla__ocl_queue_destroy(hetla__device *dev, void *queue);
hetla_status hetla__ocl_launch(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x);
hetla_status hetla__ocl_run_on_host(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x);
hetla_status hetla__ocl_queue_sync(hetla__device *dev, void *queue);
hetla_status hetla__ocl_mark(hetla__device *dev, void *queue, void **mark);
int hetla__ocl_mark_done(hetla__device *dev, void *mark);
hetla_status hetla__ocl_mark_wait(hetla__device *dev, void *mark);

/* src/kernels/opencl/program.c */
/** Releases every program and kernel of the device's cache. */
void hetla__ocl_programs_free(hetla__ocl_dev *od);

#endif
