/* Per-worker command queues (in order), running an implementation, and
 * waiting for a queue or for a mark through a marker event, whose status
 * carries failures of commands that ran asynchronously. */
#include <stdlib.h>

#include "devices/opencl/opencl_internal.h"
#include "runtime/runtime.h"

hetla_status hetla__ocl_queue_create(hetla__device *dev, void **queue)
{
    hetla__ocl_dev *od = dev->impl;
    hetla__ocl_queue *q = calloc(1, sizeof *q);
    if (!q)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "opencl:%d: out of host memory (queue)", od->index);
    *q = (hetla__ocl_queue){
        .context = od->context, .device = od->device, .dev = od, .ctx = dev->ctx, .index = od->index};
    cl_int e;
    q->queue = clCreateCommandQueue(od->context, od->device, 0, &e);
    hetla_status s = hetla__ocl_check(e, "clCreateCommandQueue", od->index);
    if (s) {
        free(q);
        return s;
    }
    *queue = q;
    return HETLA_SUCCESS;
}

void hetla__ocl_queue_destroy(hetla__device *dev, void *queue)
{
    hetla__ocl_queue *q = queue;
    (void)dev;
    if (!q)
        return;
    /* Failures here leave nothing to recover: the queue is gone either way. */
    (void)clFinish(q->queue);
    if (q->scratch)
        (void)hetla__cache_free(&q->dev->cache, q->scratch);
    for (int i = 0; i < HETLA__MAX_MARKS; i++)
        if (q->marks[i])
            (void)clReleaseEvent(q->marks[i]);
    (void)clReleaseCommandQueue(q->queue);
    free(q);
}

cl_mem hetla__ocl_scratch(void *queue, size_t bytes)
{
    hetla__ocl_queue *q = queue;
    if (bytes <= q->scratch_bytes)
        return q->scratch;
    if (q->scratch) { /* the commands queued may still use it */
        if (clFinish(q->queue) != CL_SUCCESS)
            return NULL;
        (void)hetla__cache_free(&q->dev->cache, q->scratch);
        q->scratch = NULL, q->scratch_bytes = 0;
    }
    hetla__cache_failure why;
    void *p;
    if (bytes > q->dev->max_alloc || hetla__cache_alloc(&q->dev->cache, bytes, &p, &why))
        return NULL;
    q->scratch = p, q->scratch_bytes = bytes;
    return q->scratch;
}

hetla_status hetla__ocl_launch(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x)
{
    (void)dev;
    return fn(x);
}

/* Waits for marker @p done of queue opencl:@p index and releases it. A
 * marker that has ended (the worker polls before it retires a task) is not
 * waited for: the driver's wait costs the task's successors its time. */
static hetla_status marker_wait(cl_event done, int index)
{
    cl_int status = CL_QUEUED;
    cl_int e = clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    const char *call = "clGetEventInfo";
    if (e == CL_SUCCESS && status > CL_COMPLETE) {
        e = clWaitForEvents(1, &done), call = "clWaitForEvents";
        if (e == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
            (void)clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    }
    clReleaseEvent(done);
    if (e == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST || (e == CL_SUCCESS && status < 0))
        return hetla__fail(HETLA_ERR_BACKEND, "a command on opencl:%d failed while running: %s", index,
                           hetla__ocl_error_name(status < 0 ? status : e));
    return hetla__ocl_check(e, call, index);
}

hetla_status hetla__ocl_queue_sync(hetla__device *dev, void *queue)
{
    const hetla__ocl_queue *q = queue;
    (void)dev;
    cl_event done;
    cl_int e = clEnqueueMarkerWithWaitList(q->queue, 0, NULL, &done);
    if (e != CL_SUCCESS)
        return hetla__ocl_check(e, "clEnqueueMarkerWithWaitList", q->index);
    return marker_wait(done, q->index);
}

_Static_assert(sizeof ((hetla__ocl_queue *)0)->marks / sizeof(cl_event) == HETLA__MAX_MARKS,
               "one event per mark the runtime may hold");

hetla_status hetla__ocl_mark(hetla__device *dev, void *queue, void **mark)
{
    hetla__ocl_queue *q = queue;
    (void)dev;
    cl_event *ev = &q->marks[q->next_mark % HETLA__MAX_MARKS];
    /* the task's commands go to the device before the marker is made, the
     * marker after them, so that polling it sees progress */
    (void)clFlush(q->queue);
    cl_int e = clEnqueueMarkerWithWaitList(q->queue, 0, NULL, ev);
    if (e != CL_SUCCESS)
        return hetla__ocl_check(e, "clEnqueueMarkerWithWaitList", q->index);
    (void)clFlush(q->queue);
    q->next_mark++;
    *mark = ev;
    return HETLA_SUCCESS;
}

int hetla__ocl_mark_done(hetla__device *dev, void *mark)
{
    (void)dev;
    cl_int status = CL_COMPLETE;
    cl_int e = clGetEventInfo(*(cl_event *)mark, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    /* CL_COMPLETE is 0; failures are negative: both have ended */
    return e != CL_SUCCESS || status <= CL_COMPLETE;
}

hetla_status hetla__ocl_mark_wait(hetla__device *dev, void *mark)
{
    const hetla__ocl_dev *od = dev->impl;
    cl_event *ev = mark;
    hetla_status s = marker_wait(*ev, od->index);
    *ev = NULL;
    return s;
}

/* The mapped buffers of one hetla__ocl_on_host call. */
static void unmap_all(const hetla__ocl_queue *q, const hetla_exec *x, hetla_buffer *host, int n)
{
    for (int i = 0; i < n; i++)
        (void)clEnqueueUnmapMemObject(q->queue, x->buf[i].ptr, host[i].ptr, 0, NULL, NULL);
}

/* @p fn on @p x's buffers mapped into host memory. */
static hetla_status host_run(const hetla__ocl_queue *q, hetla_kernel_fn fn, const hetla_exec *x)
{
    hetla_buffer host[HETLA_MAX_TASK_DATA];
    int mapped = 0;
    cl_int e = CL_SUCCESS;
    for (; mapped < x->nbuf && e == CL_SUCCESS; mapped++) {
        size_t bytes = 0;
        e = clGetMemObjectInfo(x->buf[mapped].ptr, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
        host[mapped] = x->buf[mapped];
        if (e == CL_SUCCESS)
            host[mapped].ptr = clEnqueueMapBuffer(q->queue, x->buf[mapped].ptr, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                                  0, bytes, 0, NULL, NULL, &e);
    }
    if (e != CL_SUCCESS) {
        unmap_all(q, x, host, mapped - 1);
        return hetla__ocl_check(e, "clEnqueueMapBuffer", q->index);
    }
    hetla_exec hx = *x;
    hx.buf = host;
    hx.queue = NULL;
    hetla_status s = fn(&hx);
    unmap_all(q, x, host, mapped);
    return s;
}

hetla_status hetla__ocl_on_host(const hetla_exec *x, const char *op)
{
    return hetla__on_host(((const hetla__ocl_queue *)x->queue)->ctx, x, op);
}

hetla_status hetla__ocl_run_on_host(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x)
{
    (void)dev;
    return host_run(x->queue, fn, x);
}
