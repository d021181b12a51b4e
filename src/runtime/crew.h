/* A crew of host threads that run one job's parts together: the staging
 * copies of the CUDA backend, where one thread's memcpy falls far short
 * of what the host memory and the bus can carry, and the staging of
 * batched calls in a context with no CPU worker (src/batch/stage.c).
 * Plain host code, tested on its own (tests/runtime/test_crew.c). */
#ifndef HETLA_RUNTIME_CREW_H
#define HETLA_RUNTIME_CREW_H

#include <stddef.h>

#include "hetla.h"

typedef struct hetla__crew hetla__crew;

/** Part @p part (0 .. @p nparts-1) of a job on @p arg. */
typedef void (*hetla__crew_fn)(void *arg, int part, int nparts);

/** The threads of a default crew: 8, at most one for every @p cpus_per_thread
 *  CPUs the process may use, at least 1. */
int hetla__crew_size(int cpus_per_thread);

/** A crew of @p nthreads threads counting its caller (nthreads - 1 helpers
 *  wait for work). */
hetla_status hetla__crew_create(int nthreads, hetla__crew **crew);
/** Stops and joins the helpers; NULL is a no-op. */
void hetla__crew_destroy(hetla__crew *crew);
/** The threads of @p crew counting its caller; 1 for NULL. */
int hetla__crew_threads(const hetla__crew *crew);

/** Runs @p fn on parts 0 .. @p nparts-1, each once, and returns when all
 *  are done: the caller runs part 0, helper i part i (and with more parts
 *  than threads, every nthreads-th part after it). Callers may share a
 *  crew: one at a time has the helpers, one that finds them busy (or a
 *  NULL crew) runs every part itself. */
void hetla__crew_run(hetla__crew *crew, int nparts, hetla__crew_fn fn, void *arg);

/** Copies @p cols columns of @p row_bytes bytes, @p src_ld and @p dst_ld
 *  bytes apart, shared among the crew, with at least @p min_share bytes a
 *  thread. Returns when the block is copied. */
void hetla__crew_copy(hetla__crew *crew, void *dst, size_t dst_ld, const void *src, size_t src_ld, size_t row_bytes,
                      size_t cols, size_t min_share);

#endif
