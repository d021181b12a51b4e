/* A crew of host threads that copy one column-major block together: the
 * packing and unpacking of the CUDA backend's staged copies, where one
 * thread's memcpy falls far short of what the host memory and the bus
 * can carry. Plain host code (no CUDA), so it is tested without a GPU. */
#ifndef HETLA_CUDA_CREW_H
#define HETLA_CUDA_CREW_H

#include <stddef.h>

#include "hetla.h"

typedef struct hetla__crew hetla__crew;

/** A crew of @p nthreads threads counting the caller of hetla__crew_copy
 *  (nthreads - 1 helpers wait for work). */
hetla_status hetla__crew_create(int nthreads, hetla__crew **crew);
/** Stops and joins the helpers; NULL is a no-op. */
void hetla__crew_destroy(hetla__crew *crew);

/** Copies @p cols columns of @p row_bytes bytes, @p src_ld and @p dst_ld
 *  bytes apart, shared among the crew, with at least @p min_share bytes a
 *  thread. Returns when the block is copied. One caller at a time. */
void hetla__crew_copy(hetla__crew *crew, void *dst, size_t dst_ld, const void *src, size_t src_ld, size_t row_bytes,
                      size_t cols, size_t min_share);

#endif
