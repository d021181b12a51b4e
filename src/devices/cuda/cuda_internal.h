/* The CUDA backend's private state and the ops its files share; the ops
 * table itself is assembled in cuda_module.c. */
#ifndef HETLA_CUDA_INTERNAL_H
#define HETLA_CUDA_INTERNAL_H

#include "core/context.h"
#include "devices/cache.h"
#include "devices/cuda/cuda_queue.h"
#include "runtime/crew.h"

enum { HETLA__STAGE_SLOTS = 4 };

/** Copies between pageable host memory and one device through page-locked
 *  slots that a crew of host threads fills and empties (cuda_staging.c). */
typedef struct hetla__cuda_staging {
    pthread_mutex_t lock;                 /**< one staged copy at a time */
    int threads;                          /**< HETLA_CUDA_COPY_THREADS; 0: the driver stages */
    int failed;                           /**< the slots could not be made: the driver stages */
    char *slots;                          /**< HETLA__STAGE_SLOTS page-locked slots, made at first use */
    cudaEvent_t done[HETLA__STAGE_SLOTS]; /**< recorded after each slot's last copy */
    hetla__crew *crew;
} hetla__cuda_staging;

/** One opened CUDA device (hetla__device.impl). */
typedef struct hetla__cuda_dev {
    int ordinal;
    hetla__dev_cache cache;
    hetla__cuda_staging staging;
    unsigned char peer[HETLA__MAX_DEVICES]; /**< by ordinal: peer access enabled */
    cudaMemPool_t pool;                     /**< the kernels' workspace (hetla__cuda_scratch) */
} hetla__cuda_dev;

/** The bench peers' (cuda_peer.c, cuda_batch_peer.c) release of a stream
 *  and its two timing events, those created. */
void hetla__cuda_bench_stream_free(cudaStream_t stream, cudaEvent_t start, cudaEvent_t stop);

/** Makes device @p ordinal current on the calling thread; @p prev receives
 *  the one current before, for hetla__cuda_unbind. Ops that may run on a
 *  user's thread restore it, so hetla never moves the user's device. */
hetla_status hetla__cuda_bind(int ordinal, int *prev);
void hetla__cuda_unbind(int prev);

/* cuda_device.c */
int hetla__cuda_probe(char *why, size_t whylen);
hetla_status hetla__cuda_init(hetla__device *dev);
void hetla__cuda_fini(hetla__device *dev);
int hetla__cuda_can_peer(hetla__device *dev, hetla__device *peer);

/* cuda_memory.c */
/** The allocator's device calls, on hetla__cuda_dev @p user. */
int hetla__cuda_raw_alloc(void *user, size_t bytes, void **ptr);
void hetla__cuda_raw_free(void *user, void *ptr);
/** Environment variable @p name as a whole number, @p dflt when unset. */
hetla_status hetla__cuda_env_count(const char *name, size_t dflt, size_t *value);
hetla_status hetla__cuda_alloc(hetla__device *dev, size_t bytes, void **ptr);
void hetla__cuda_free(hetla__device *dev, void *ptr);
hetla_status hetla__cuda_copy(hetla__device *dev, const hetla__copy *c, void *queue);
int hetla__cuda_host_pin(void *ptr, size_t bytes);
void hetla__cuda_host_unpin(void *ptr);

/* cuda_staging.c */
/** Reads HETLA_CUDA_COPY_THREADS; the slots come at the first staged copy. */
hetla_status hetla__cuda_staging_init(hetla__cuda_staging *st);
/** Waits for the slots' copies and frees them (device bound by the caller). */
void hetla__cuda_staging_fini(hetla__cuda_staging *st);
/** Copies @p c (between the host and device @p dev, @p to_device telling
 *  which way) through the staging slots, complete on the host side on
 *  return, the last pieces' device side enqueued on @p stream. @p *staged
 *  says whether it did: not for page-locked or small host blocks, nor
 *  when staging is off or its slots could not be made. */
hetla_status hetla__cuda_staged_copy(hetla__device *dev, const hetla__copy *c, int to_device, cudaStream_t stream,
                                     int *staged);

/* cuda_queue.c */
hetla_status hetla__cuda_queue_create(hetla__device *dev, void **queue);
void hetla__cuda_queue_destroy(hetla__device *dev, void *queue);
hetla_status hetla__cuda_launch(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x);
hetla_status hetla__cuda_run_on_host(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x);
hetla_status hetla__cuda_queue_sync(hetla__device *dev, void *queue);
hetla_status hetla__cuda_mark(hetla__device *dev, void *queue, void **mark);
int hetla__cuda_mark_done(hetla__device *dev, void *mark);
hetla_status hetla__cuda_mark_wait(hetla__device *dev, void *mark);

#endif
