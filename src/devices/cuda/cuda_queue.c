/* Per-worker queues (a non-blocking stream with cuBLAS and cuSOLVER
 * handles bound to it), running an implementation, waiting for a queue,
 * and marks: events after a task's kernels, so that the worker keeps
 * several tasks in flight. */
#include <stdlib.h>

#include "devices/cuda/cuda_internal.h"
#include "runtime/runtime.h"

void hetla__cuda_queue_destroy(hetla__device *dev, void *queue)
{
    hetla__cuda_queue *q = queue;
    int prev;
    (void)dev;
    if (!q)
        return;
    int bound = hetla__cuda_bind(q->device, &prev) == HETLA_SUCCESS;
    /* Failures here leave nothing to recover: the handles are gone either way. */
    for (int i = 0; i < HETLA__MAX_MARKS; i++)
        if (q->marks[i])
            (void)cudaEventDestroy(q->marks[i]);
    if (q->solver)
        (void)cusolverDnDestroy(q->solver);
    if (q->blas)
        (void)cublasDestroy(q->blas);
    if (q->stream && cudaStreamDestroy(q->stream) != cudaSuccess)
        (void)cudaGetLastError();
    if (bound)
        hetla__cuda_unbind(prev);
    free(q);
}

hetla_status hetla__cuda_queue_create(hetla__device *dev, void **queue)
{
    hetla__cuda_queue *q = calloc(1, sizeof *q);
    if (!q)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "cuda:%d: out of host memory (queue)", dev->index);
    q->device = dev->index;
    q->ctx = dev->ctx;
    q->pool = ((const hetla__cuda_dev *)dev->impl)->pool;
    int prev, d = q->device;
    hetla_status s = hetla__cuda_bind(d, &prev);
    if (s) {
        free(q);
        return s;
    }
    /* Non-blocking: the legacy default stream, which a user's own CUDA
     * code may use, must not serialize with hetla's work. */
    s = hetla__cuda_check(cudaStreamCreateWithFlags(&q->stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags", d);
    if (!s)
        s = hetla__cublas_check(cublasCreate(&q->blas), "cublasCreate", d);
    if (!s)
        s = hetla__cublas_check(cublasSetStream(q->blas, q->stream), "cublasSetStream", d);
    if (!s)
        s = hetla__cusolver_check(cusolverDnCreate(&q->solver), "cusolverDnCreate", d);
    if (!s)
        s = hetla__cusolver_check(cusolverDnSetStream(q->solver, q->stream), "cusolverDnSetStream", d);
    hetla__cuda_unbind(prev);
    if (s) {
        hetla__cuda_queue_destroy(dev, q);
        return s;
    }
    *queue = q;
    return HETLA_SUCCESS;
}

hetla_status hetla__cuda_scratch(const hetla__cuda_queue *q, size_t bytes, void **p)
{
    *p = NULL;
    return hetla__cuda_check(cudaMallocFromPoolAsync(p, bytes, q->pool, q->stream), "cudaMallocFromPoolAsync",
                             q->device);
}

hetla_status hetla__cuda_scratch_free(const hetla__cuda_queue *q, void *p, hetla_status s)
{
    hetla_status f = p ? hetla__cuda_check(cudaFreeAsync(p, q->stream), "cudaFreeAsync", q->device) : HETLA_SUCCESS;
    return s ? s : f;
}

hetla_status hetla__cuda_launch(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x)
{
    const hetla__cuda_dev *cd = dev->impl;
    /* Worker threads only: the device stays current, nothing to restore. */
    hetla_status s = hetla__cuda_check(cudaSetDevice(cd->ordinal), "cudaSetDevice", cd->ordinal);
    if (s)
        return s;
    (void)cudaGetLastError(); /* errors before this point were reported by their own calls */
    s = fn(x);
    if (s)
        return s;
    return hetla__cuda_check(cudaGetLastError(), "a kernel launch", cd->ordinal);
}

hetla_status hetla__cuda_queue_sync(hetla__device *dev, void *queue)
{
    const hetla__cuda_queue *q = queue;
    (void)dev;
    return hetla__cuda_check(cudaStreamSynchronize(q->stream), "cudaStreamSynchronize", q->device);
}

_Static_assert(sizeof ((hetla__cuda_queue *)0)->marks / sizeof(cudaEvent_t) == HETLA__MAX_MARKS,
               "one event per mark the runtime may hold");

/* The marks of a queue are its events in turn: the runtime holds at most
 * HETLA__MAX_MARKS, so an event is waited for before it is recorded again.
 * Called on the worker's thread, whose current device is the queue's. */
hetla_status hetla__cuda_mark(hetla__device *dev, void *queue, void **mark)
{
    hetla__cuda_queue *q = queue;
    (void)dev;
    cudaEvent_t *ev = &q->marks[q->next_mark % HETLA__MAX_MARKS];
    hetla_status s = HETLA_SUCCESS;
    if (!*ev) /* no timing: recording and querying cost less */
        s = hetla__cuda_check(cudaEventCreateWithFlags(ev, cudaEventDisableTiming), "cudaEventCreateWithFlags",
                              q->device);
    if (!s)
        s = hetla__cuda_check(cudaEventRecord(*ev, q->stream), "cudaEventRecord", q->device);
    if (s)
        return s;
    q->next_mark++;
    *mark = ev;
    return HETLA_SUCCESS;
}

int hetla__cuda_mark_done(hetla__device *dev, void *mark)
{
    (void)dev;
    /* an error ends the wait too: hetla__cuda_mark_wait reports it */
    return cudaEventQuery(*(cudaEvent_t *)mark) != cudaErrorNotReady;
}

hetla_status hetla__cuda_mark_wait(hetla__device *dev, void *mark)
{
    const hetla__cuda_dev *cd = dev->impl;
    return hetla__cuda_check(cudaEventSynchronize(*(cudaEvent_t *)mark), "a kernel (cudaEventSynchronize)",
                             cd->ordinal);
}

/* Host copies of @p x's buffers, @p fn on them, the copies back. */
static hetla_status host_run(const hetla__cuda_queue *q, hetla_kernel_fn fn, const hetla_exec *x)
{
    hetla_buffer host[HETLA_MAX_TASK_DATA];
    size_t bytes[HETLA_MAX_TASK_DATA];
    hetla_status s = HETLA_SUCCESS;
    int n = 0;
    for (; n < x->nbuf && !s; n++) {
        const hetla_buffer *b = &x->buf[n];
        host[n] = *b;
        bytes[n] = b->m && b->n ? ((b->n - 1) * b->ld + b->m) * hetla_dtype_size(b->type) : 0;
        host[n].ptr = malloc(bytes[n] ? bytes[n] : 1);
        if (!host[n].ptr)
            s = hetla__fail(HETLA_ERR_NO_MEMORY, "cuda:%d: out of host memory (a kernel on the host)", q->device);
        else if (bytes[n])
            s = hetla__cuda_check(cudaMemcpyAsync(host[n].ptr, b->ptr, bytes[n], cudaMemcpyDeviceToHost, q->stream),
                                  "cudaMemcpyAsync (to the host)", q->device);
    }
    if (!s)
        s = hetla__cuda_check(cudaStreamSynchronize(q->stream), "cudaStreamSynchronize", q->device);
    if (!s) {
        hetla_exec hx = *x;
        hx.buf = host;
        hx.queue = NULL;
        s = fn(&hx);
    }
    /* every buffer goes back: the task's access modes are not known here */
    for (int i = 0; i < n && !s; i++)
        if (bytes[i])
            s = hetla__cuda_check(cudaMemcpyAsync(x->buf[i].ptr, host[i].ptr, bytes[i], cudaMemcpyHostToDevice,
                                                  q->stream),
                                  "cudaMemcpyAsync (from the host)", q->device);
    hetla_status w = hetla__cuda_check(cudaStreamSynchronize(q->stream), "cudaStreamSynchronize", q->device);
    for (int i = 0; i < n; i++)
        free(host[i].ptr);
    return s ? s : w;
}

hetla_status hetla__cuda_on_host(const hetla_exec *x, const char *op)
{
    return hetla__on_host(((const hetla__cuda_queue *)x->queue)->ctx, x, op);
}

hetla_status hetla__cuda_run_on_host(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x)
{
    const hetla__cuda_dev *cd = dev->impl;
    /* a worker thread, as in hetla__cuda_launch */
    hetla_status s = hetla__cuda_check(cudaSetDevice(cd->ordinal), "cudaSetDevice", cd->ordinal);
    return s ? s : host_run(x->queue, fn, x);
}
