/* CUDA device memory through the caching allocator, 2-D copies between
 * the host and devices and between peers, and host page-locking. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "devices/cuda/cuda_internal.h"

int hetla__cuda_raw_alloc(void *user, size_t bytes, void **ptr)
{
    const hetla__cuda_dev *cd = user;
    int prev = -1;
    cudaError_t e = cudaGetDevice(&prev);
    if (e == cudaSuccess && prev != cd->ordinal)
        e = cudaSetDevice(cd->ordinal);
    if (e == cudaSuccess)
        e = cudaMalloc(ptr, bytes);
    (void)cudaGetLastError(); /* a refusal is the cache's to handle, not the next kernel's */
    if (prev >= 0)
        hetla__cuda_unbind(prev);
    return (int)e;
}

void hetla__cuda_raw_free(void *user, void *ptr)
{
    const hetla__cuda_dev *cd = user;
    int prev = -1;
    cudaError_t e = cudaGetDevice(&prev);
    if (e == cudaSuccess && prev != cd->ordinal)
        e = cudaSetDevice(cd->ordinal);
    if (e == cudaSuccess)
        e = cudaFree(ptr);
    if (e != cudaSuccess) /* nothing to do about it; keep it from the next kernel */
        (void)cudaGetLastError();
    if (prev >= 0)
        hetla__cuda_unbind(prev);
}

hetla_status hetla__cuda_env_count(const char *name, size_t dflt, size_t *value)
{
    const char *v = getenv(name);
    *value = dflt;
    if (!v || !*v)
        return HETLA_SUCCESS;
    char *end;
    errno = 0;
    unsigned long long b = strtoull(v, &end, 10);
    if (!isdigit((unsigned char)v[0]) || *end || errno)
        return hetla__fail(HETLA_ERR_ARG, "%s: '%s' is not a whole number", name, v);
    *value = (size_t)b;
    return HETLA_SUCCESS;
}

hetla_status hetla__cuda_alloc(hetla__device *dev, size_t bytes, void **ptr)
{
    hetla__cuda_dev *cd = dev->impl;
    hetla__cache_failure why;
    hetla_status s = hetla__cache_alloc(&cd->cache, bytes, ptr, &why);
    if (s == HETLA_SUCCESS)
        return s;
    char name[24];
    snprintf(name, sizeof name, "cuda:%d", cd->ordinal);
    return hetla__cache_fail(&cd->cache, s, bytes, &why, name, "HETLA_CUDA_MEMORY_LIMIT", "cudaMalloc",
                             cudaGetErrorString((cudaError_t)why.raw_error));
}

void hetla__cuda_free(hetla__device *dev, void *ptr)
{
    hetla__cuda_dev *cd = dev->impl;
    if (hetla__cache_free(&cd->cache, ptr))
        hetla__log(dev->ctx, HETLA_LOG_ERROR, "cuda:%d: %p freed but not allocated here (a bug in hetla)", cd->ordinal,
                   ptr);
}

/* A column-major block as the 3-D copy sees it (one slice). */
static struct cudaPitchedPtr pitched(const void *p, size_t ld, const hetla__copy *c)
{
    return (struct cudaPitchedPtr){.ptr = (void *)p, .pitch = ld, .xsize = c->row_bytes, .ysize = c->cols};
}

/* @p c between the host and a device by the driver, on @p stream. */
static hetla_status driver_copy(const hetla__copy *c, cudaStream_t stream, int ordinal)
{
    if (hetla__copy_flat(c))
        return hetla__cuda_check(cudaMemcpyAsync(c->dst, c->src, c->row_bytes * c->cols, cudaMemcpyDefault, stream),
                                 "cudaMemcpyAsync", ordinal);
    return hetla__cuda_check(
        cudaMemcpy2DAsync(c->dst, c->dst_ld, c->src, c->src_ld, c->row_bytes, c->cols, cudaMemcpyDefault, stream),
        "cudaMemcpy2DAsync", ordinal);
}

hetla_status hetla__cuda_copy(hetla__device *dev, const hetla__copy *c, void *queue)
{
    const hetla__cuda_dev *cd = dev->impl;
    const hetla__cuda_queue *q = queue;
    /* Without a worker's queue (a host thread, another device's worker)
     * the copy must be complete on return: it goes on the calling thread's
     * own stream, which is then waited for. */
    cudaStream_t stream = q ? q->stream : cudaStreamPerThread;
    int prev;
    hetla_status s = hetla__cuda_bind(cd->ordinal, &prev);
    if (s)
        return s;
    const hetla__device *src = dev->ctx->node_device[c->src_node], *dst = dev->ctx->node_device[c->dst_node];
    if (src && dst && src != dst) {
        struct cudaMemcpy3DPeerParms p = {.srcPtr = pitched(c->src, c->src_ld, c),
                                          .srcDevice = src->index,
                                          .dstPtr = pitched(c->dst, c->dst_ld, c),
                                          .dstDevice = dst->index,
                                          .extent = {.width = c->row_bytes, .height = c->cols, .depth = 1}};
        s = hetla__cuda_check(cudaMemcpy3DPeerAsync(&p, stream), "cudaMemcpy3DPeerAsync", cd->ordinal);
    } else {
        /* Host and device addresses share one space (UVA): the runtime
         * tells the direction from the pointers. Pageable host memory goes
         * through the staging slots, the rest straight to the driver. */
        int staged = 0;
        s = hetla__cuda_staged_copy(dev, c, c->src_node == 0, stream, &staged);
        if (!s && !staged)
            s = driver_copy(c, stream, cd->ordinal);
    }
    if (!s && !q)
        s = hetla__cuda_check(cudaStreamSynchronize(stream), "cudaStreamSynchronize (copy)", cd->ordinal);
    hetla__cuda_unbind(prev);
    return s;
}

int hetla__cuda_host_pin(void *ptr, size_t bytes)
{
    /* Portable: the pages count as pinned for every device's copies. */
    cudaError_t e = cudaHostRegister(ptr, bytes, cudaHostRegisterPortable);
    if (e != cudaSuccess) /* already registered (by the user, another handle) or refused: slower copies, not wrong */
        (void)cudaGetLastError();
    return e == cudaSuccess;
}

void hetla__cuda_host_unpin(void *ptr)
{
    if (cudaHostUnregister(ptr) != cudaSuccess)
        (void)cudaGetLastError();
}
