/* OpenCL device memory (one buffer per replica: hetla_buffer.ptr is the
 * cl_mem, offset 0) and 2-D copies between the host and a device. */
#include "devices/opencl/opencl_internal.h"

hetla_status hetla__ocl_alloc(hetla__device *dev, size_t bytes, void **ptr)
{
    hetla__ocl_dev *od = dev->impl;
    if (bytes > od->max_alloc)
        return hetla__fail(HETLA_ERR_DEVICE_MEMORY,
                           "opencl:%d: cannot allocate %zu bytes: the device's largest buffer is %zu bytes",
                           od->index, bytes, od->max_alloc);
    cl_int e;
    cl_mem m = clCreateBuffer(od->context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e == CL_MEM_OBJECT_ALLOCATION_FAILURE || e == CL_OUT_OF_RESOURCES || e == CL_OUT_OF_HOST_MEMORY)
        return hetla__fail(HETLA_ERR_DEVICE_MEMORY, "clCreateBuffer of %zu bytes on opencl:%d failed: %s", bytes,
                           od->index, hetla__ocl_error_name(e));
    hetla_status s = hetla__ocl_check(e, "clCreateBuffer", od->index);
    if (!s)
        *ptr = m;
    return s;
}

void hetla__ocl_free(hetla__device *dev, void *ptr)
{
    /* The runtime frees a replica only once no task uses it; a command
     * still queued keeps its own reference to the buffer. */
    if (ptr && clReleaseMemObject(ptr) != CL_SUCCESS)
        hetla__log(dev->ctx, HETLA_LOG_ERROR, "opencl:%d: %p is not a buffer (a bug in hetla)", dev->index, ptr);
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
