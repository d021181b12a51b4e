/* OpenCL device memory (one buffer per replica: hetla_buffer.ptr is the
 * cl_mem, offset 0) and 2-D copies between the host and a device. */
#include <stdio.h>

#include "devices/opencl/opencl_internal.h"

int hetla__ocl_raw_alloc(void *user, size_t bytes, void **ptr)
{
    const hetla__ocl_dev *od = user;
    cl_int e;
    cl_mem m = clCreateBuffer(od->context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e == CL_SUCCESS)
        *ptr = m;
    return (int)e;
}

void hetla__ocl_raw_free(void *user, void *ptr)
{
    (void)user;
    (void)clReleaseMemObject(ptr); /* nothing to do about a failure */
}

/* Buffers come from the caching allocator: creating and releasing one per
 * replica cost about 1 ms a call on NVIDIA's OpenCL (release waits for the
 * device), more than a 1024 x 1024 product's copies take. A buffer of the
 * size class may be larger than asked; replicas address it from offset 0. */
hetla_status hetla__ocl_alloc(hetla__device *dev, size_t bytes, void **ptr)
{
    hetla__ocl_dev *od = dev->impl;
    if (bytes > od->max_alloc)
        return hetla__fail(HETLA_ERR_DEVICE_MEMORY,
                           "opencl:%d: cannot allocate %zu bytes: the device's largest buffer is %zu bytes",
                           od->index, bytes, od->max_alloc);
    hetla__cache_failure why;
    hetla_status s = hetla__cache_alloc(&od->cache, bytes, ptr, &why);
    if (s == HETLA_SUCCESS)
        return s;
    char name[24];
    snprintf(name, sizeof name, "opencl:%d", od->index);
    return hetla__cache_fail(&od->cache, s, bytes, &why, name, "the device's memory", "clCreateBuffer",
                             hetla__ocl_error_name(why.raw_error));
}

void hetla__ocl_free(hetla__device *dev, void *ptr)
{
    /* The runtime frees a replica only once no task uses it: the buffer
     * may serve another replica at once. */
    hetla__ocl_dev *od = dev->impl;
    if (ptr && hetla__cache_free(&od->cache, ptr))
        hetla__log(dev->ctx, HETLA_LOG_ERROR, "opencl:%d: %p is not a buffer of this device (a bug in hetla)",
                   dev->index, ptr);
}

hetla_status hetla__ocl_copy(hetla__device *dev, const hetla__copy *c, void *queue)
{
    const hetla__ocl_dev *od = dev->impl;
    const hetla__ocl_queue *q = queue;
    if (c->src_node != 0 && c->dst_node != 0) /* can_peer is not set: coherence stages through the host */
        return hetla__fail(HETLA_ERR_INTERNAL, "opencl:%d: device to device copy asked for", od->index);
    /* On a worker's queue the copy is asynchronous (the runtime waits for
     * the queue before the task's kernel depends on it); from any other
     * thread it goes onto the device's shared queue and completes here. */
    cl_command_queue cq = q ? q->queue : od->host_queue;
    cl_bool blocking = q ? CL_FALSE : CL_TRUE;
    const size_t origin[3] = {0, 0, 0}, region[3] = {c->row_bytes, c->cols, 1};
    /* a rectangle is the slower path in some implementations */
    int flat = hetla__copy_flat(c);
    size_t bytes = c->row_bytes * c->cols;
    cl_int e;
    if (c->src_node == 0 && flat)
        e = clEnqueueWriteBuffer(cq, (cl_mem)c->dst, blocking, 0, bytes, c->src, 0, NULL, NULL);
    else if (c->src_node == 0)
        e = clEnqueueWriteBufferRect(cq, (cl_mem)c->dst, blocking, origin, origin, region, c->dst_ld, 0, c->src_ld, 0,
                                     c->src, 0, NULL, NULL);
    else if (flat)
        e = clEnqueueReadBuffer(cq, (cl_mem)c->src, blocking, 0, bytes, c->dst, 0, NULL, NULL);
    else
        e = clEnqueueReadBufferRect(cq, (cl_mem)c->src, blocking, origin, origin, region, c->src_ld, 0,
                                    c->dst_ld, 0, c->dst, 0, NULL, NULL);
    return hetla__ocl_check(e, c->src_node == 0 ? "clEnqueueWriteBuffer(Rect)" : "clEnqueueReadBuffer(Rect)",
                            od->index);
}
