/* The CUDA backend's private state and the ops its files share; the ops
 * table itself is assembled in cuda_module.c. */
#ifndef HETLA_CUDA_INTERNAL_H
#define HETLA_CUDA_INTERNAL_H

#include "core/context.h"
#include "devices/cuda/cuda_alloc.h"
#include "devices/cuda/cuda_queue.h"

/** One opened CUDA device (hetla__device.impl). */
typedef struct hetla__cuda_dev {
    int ordinal;
    hetla__cuda_cache cache;
    unsigned char peer[HETLA__MAX_DEVICES]; /**< by ordinal: peer access enabled */
} hetla__cuda_dev;

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
/** HETLA_CUDA_MEMORY_LIMIT, read once per device opened; 0 = no cap. */
hetla_status hetla__cuda_memory_limit(size_t *limit);
hetla_status hetla__cuda_alloc(hetla__device *dev, size_t bytes, void **ptr);
void hetla__cuda_free(hetla__device *dev, void *ptr);
hetla_status hetla__cuda_copy(hetla__device *dev, const hetla__copy *c, void *queue);
int hetla__cuda_host_pin(void *ptr, size_t bytes);
void hetla__cuda_host_unpin(void *ptr);

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
