/* Shared helpers of the tiled algorithms: argument checks and the shape of
 * a tiled matrix in one struct. */
#ifndef HETLA_ALGORITHMS_H
#define HETLA_ALGORITHMS_H

#include "kernels/blas/blas_ops.h"

/** What an algorithm needs to know of a tiled matrix. */
typedef struct hetla__tiles {
    hetla_context *ctx;
    size_t m, n, mb, nb, mt, nt;
} hetla__tiles;

/** Fills @p out from @p a, checking it is there and holds @p type;
 *  errors name argument @p pos (@p name) of @p fn. */
hetla_status hetla__tiles_get(const char *fn, int pos, const char *name, const hetla_tiled *a, hetla_dtype type,
                              hetla__tiles *out);

/** Tile size of the synchronous Cholesky and LU calls: the configured one,
 *  else 320 — on the 16 cores of an H200 machine's CPU, LU at n = 8192
 *  ran at 463, 527 and 559 Gflop/s with tiles of 192, 256 and 320 (panels
 *  shorter on the critical path against larger GEMMs), Cholesky alike. */
static inline size_t hetla__lu_tile(const hetla_context *ctx)
{
    return ctx->tile_size > 0 ? (size_t)ctx->tile_size : 320;
}

/** Inserts one task of kernel @p k on @p data with the argument block
 *  @p args and priority @p prio into @p seq. */
hetla_status hetla__put(hetla_context *ctx, hetla_sequence *seq, hetla_kernel *k, const hetla_task_arg *data, int n,
                        const void *args, size_t size, int prio);

/* Priorities of the factorizations' tasks (higher runs first): the panel
 * of step k on top, then the updates of the next panel's column
 * (lookahead: that panel can start while the rest of the trailing matrix
 * is updated), then the other updates, leftmost columns first; work off
 * the critical path (row interchanges on the left) last. */
static inline int hetla__prio_panel(size_t nt) { return (int)(3 * nt); }
static inline int hetla__prio_update(size_t nt, size_t k, size_t j)
{
    return j == k + 1 ? (int)(2 * nt) : (int)(nt - j);
}

#endif
