/* What a CUDA kernel implementation sees: hetla_exec.queue points to the
 * worker's hetla__cuda_queue (its stream and library handles bound to it),
 * and the checks that turn CUDA and library failures into hetla statuses. */
#ifndef HETLA_CUDA_QUEUE_H
#define HETLA_CUDA_QUEUE_H

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cusolverDn.h>

#include "hetla.h"

typedef struct hetla__cuda_queue {
    cudaStream_t stream;       /**< first: a user's CUDA_NATIVE kernel reads it
                                    through x->queue without this header */
    cublasHandle_t blas;       /**< bound to stream */
    cusolverDnHandle_t solver; /**< bound to stream */
    int device;                /**< the CUDA device ordinal, current while a kernel runs */
    hetla_context *ctx;        /**< whose operations hetla__cuda_on_host finds */
    cudaMemPool_t pool;        /**< the device's workspace pool (hetla__cuda_scratch) */
    cudaEvent_t marks[4];      /**< a ring of HETLA__MAX_MARKS events, created at first use */
    unsigned next_mark;
} hetla__cuda_queue;

/** HETLA_SUCCESS for cudaSuccess; else HETLA_ERR_BACKEND with a detail
 *  naming @p call, CUDA device @p ordinal and CUDA's message. */
hetla_status hetla__cuda_check(cudaError_t e, const char *call, int ordinal);
hetla_status hetla__cublas_check(cublasStatus_t st, const char *call, int ordinal);
hetla_status hetla__cusolver_check(cusolverStatus_t st, const char *call, int ordinal);

/** @p bytes of device workspace for a kernel on queue @p q, stream-ordered
 *  from the device's pool, which keeps what it frees (up to a share of
 *  the device's memory) for the next task instead of returning it to the
 *  driver at every synchronization. */
hetla_status hetla__cuda_scratch(const hetla__cuda_queue *q, size_t bytes, void **p);
/** Gives @p p (NULL: nothing) back to the pool after the queue's work so
 *  far. @return @p s, or the failure to free if @p s is HETLA_SUCCESS. */
hetla_status hetla__cuda_scratch_free(const hetla__cuda_queue *q, void *p, hetla_status s);

/** Runs operation @p op's generic implementation on host copies of @p x's
 *  buffers, after the queue's earlier work, and copies them back: the
 *  cases a library does not cover (a zero increment). Synchronous; slow,
 *  but always right. */
hetla_status hetla__cuda_on_host(const hetla_exec *x, const char *op);

#endif
