/* Staged copies between pageable host memory and a device. The driver
 * copies pageable memory through its own page-locked buffer with one
 * thread (7 GB/s to an H200, 14-16 back); page-locking the caller's memory
 * for one copy costs 77 ms a GiB, locking and unlocking. Here a crew of
 * host threads packs the block, a slot at a time, into page-locked slots
 * that the DMA engine carries at full speed (55 GB/s), and unpacks on the
 * way back; the packing of one slot overlaps the transfer of the one
 * before (27 GB/s with 4 threads, 31-39 with 8). */
#include <stdlib.h>

#include "devices/cuda/cuda_internal.h"

enum {
    SLOT_BYTES = 16 << 20,       /* a slot; a column longer than this goes through the driver */
    STAGE_MIN_BYTES = 256 << 10, /* smaller blocks go through the driver: the crew's start costs more */
    SHARE_MIN_BYTES = 1 << 20,   /* the least a crew thread packs of one slot */
    CPUS_PER_THREAD = 2,         /* the default crew: 8, at most half the CPUs (hetla__crew_size) */
};

hetla_status hetla__cuda_staging_init(hetla__cuda_staging *st)
{
    size_t threads;
    hetla_status s =
        hetla__cuda_env_count("HETLA_CUDA_COPY_THREADS", (size_t)hetla__crew_size(CPUS_PER_THREAD), &threads);
    if (s)
        return s;
    *st = (hetla__cuda_staging){.threads = threads > 64 ? 64 : (int)threads};
    pthread_mutex_init(&st->lock, NULL);
    return HETLA_SUCCESS;
}

static void slots_free(hetla__cuda_staging *st)
{
    for (int i = 0; i < HETLA__STAGE_SLOTS; i++)
        if (st->done[i]) {
            (void)cudaEventSynchronize(st->done[i]);
            (void)cudaEventDestroy(st->done[i]);
            st->done[i] = NULL;
        }
    if (st->slots)
        (void)cudaFreeHost(st->slots);
    (void)cudaGetLastError();
    hetla__crew_destroy(st->crew);
    st->slots = NULL;
    st->crew = NULL;
}

void hetla__cuda_staging_fini(hetla__cuda_staging *st)
{
    slots_free(st);
    pthread_mutex_destroy(&st->lock);
}

/* The slots, their events and the crew, at the first staged copy; on any
 * failure (page-locked memory is a limited resource) staging is turned
 * off for the device and its copies go through the driver. */
static int slots_ready(hetla__cuda_staging *st, const hetla__device *dev)
{
    if (st->slots || st->failed)
        return st->slots != NULL;
    int ok = cudaHostAlloc((void **)&st->slots, (size_t)HETLA__STAGE_SLOTS * SLOT_BYTES, cudaHostAllocPortable) ==
             cudaSuccess;
    for (int i = 0; i < HETLA__STAGE_SLOTS && ok; i++)
        ok = cudaEventCreateWithFlags(&st->done[i], cudaEventDisableTiming) == cudaSuccess;
    ok = ok && hetla__crew_create(st->threads, &st->crew) == HETLA_SUCCESS;
    if (ok)
        return 1;
    slots_free(st);
    st->failed = 1;
    hetla__log(dev->ctx, HETLA_LOG_WARN, "cuda:%d: no page-locked staging slots: pageable copies go through the driver",
               dev->index);
    return 0;
}

static int pageable(const void *p)
{
    struct cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return a.type == cudaMemoryTypeUnregistered;
}

/* Host to device: slot k % SLOTS is packed once its last transfer is done,
 * then sent; the last transfers are still in flight on return. */
static hetla_status to_device(hetla__cuda_staging *st, const hetla__copy *c, int ordinal, cudaStream_t stream)
{
    size_t per = SLOT_BYTES / c->row_bytes;
    const char *src = c->src;
    char *dst = c->dst;
    hetla_status s = HETLA_SUCCESS;
    for (size_t j = 0, k = 0; j < c->cols && !s; j += per, k++) {
        size_t w = c->cols - j < per ? c->cols - j : per;
        int i = (int)(k % HETLA__STAGE_SLOTS);
        char *slot = st->slots + (size_t)i * SLOT_BYTES;
        s = hetla__cuda_check(cudaEventSynchronize(st->done[i]), "cudaEventSynchronize (staging)", ordinal);
        if (s)
            break;
        hetla__crew_copy(st->crew, slot, c->row_bytes, src + j * c->src_ld, c->src_ld, c->row_bytes, w,
                         SHARE_MIN_BYTES);
        s = hetla__cuda_check(cudaMemcpy2DAsync(dst + j * c->dst_ld, c->dst_ld, slot, c->row_bytes, c->row_bytes, w,
                                                cudaMemcpyHostToDevice, stream),
                              "cudaMemcpy2DAsync (staged, to the device)", ordinal);
        if (!s)
            s = hetla__cuda_check(cudaEventRecord(st->done[i], stream), "cudaEventRecord (staging)", ordinal);
    }
    return s;
}

/* Device to host: up to SLOTS transfers ahead of the unpacking; a slot's
 * transfer waits on the device for the slot's previous one. */
static hetla_status to_host(hetla__cuda_staging *st, const hetla__copy *c, int ordinal, cudaStream_t stream)
{
    size_t per = SLOT_BYTES / c->row_bytes, pieces = (c->cols + per - 1) / per;
    const char *src = c->src;
    char *dst = c->dst;
    hetla_status s = HETLA_SUCCESS;
    for (size_t k = 0; k < pieces + HETLA__STAGE_SLOTS && !s; k++) {
        if (k >= HETLA__STAGE_SLOTS) { /* unpack piece u */
            size_t u = k - HETLA__STAGE_SLOTS, j = u * per, w = c->cols - j < per ? c->cols - j : per;
            int i = (int)(u % HETLA__STAGE_SLOTS);
            s = hetla__cuda_check(cudaEventSynchronize(st->done[i]), "cudaEventSynchronize (staging)", ordinal);
            if (s)
                break;
            hetla__crew_copy(st->crew, dst + j * c->dst_ld, c->dst_ld, st->slots + (size_t)i * SLOT_BYTES, c->row_bytes,
                             c->row_bytes, w, SHARE_MIN_BYTES);
        }
        if (k < pieces) { /* transfer piece k */
            size_t j = k * per, w = c->cols - j < per ? c->cols - j : per;
            int i = (int)(k % HETLA__STAGE_SLOTS);
            s = hetla__cuda_check(cudaStreamWaitEvent(stream, st->done[i], 0), "cudaStreamWaitEvent (staging)",
                                  ordinal);
            if (!s)
                s = hetla__cuda_check(cudaMemcpy2DAsync(st->slots + (size_t)i * SLOT_BYTES, c->row_bytes,
                                                        src + j * c->src_ld, c->src_ld, c->row_bytes, w,
                                                        cudaMemcpyDeviceToHost, stream),
                                      "cudaMemcpy2DAsync (staged, to the host)", ordinal);
            if (!s)
                s = hetla__cuda_check(cudaEventRecord(st->done[i], stream), "cudaEventRecord (staging)", ordinal);
        }
    }
    return s;
}

hetla_status hetla__cuda_staged_copy(hetla__device *dev, const hetla__copy *c, int to_dev, cudaStream_t stream,
                                     int *staged)
{
    hetla__cuda_dev *cd = dev->impl;
    hetla__cuda_staging *st = &cd->staging;
    *staged = 0;
    if (!st->threads || c->row_bytes > SLOT_BYTES || c->row_bytes * c->cols < STAGE_MIN_BYTES ||
        !pageable(to_dev ? c->src : c->dst))
        return HETLA_SUCCESS;
    pthread_mutex_lock(&st->lock);
    hetla_status s = HETLA_SUCCESS;
    if (slots_ready(st, dev)) {
        *staged = 1;
        s = to_dev ? to_device(st, c, cd->ordinal, stream) : to_host(st, c, cd->ordinal, stream);
    }
    pthread_mutex_unlock(&st->lock);
    return s;
}
