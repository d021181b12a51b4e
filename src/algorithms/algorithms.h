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

#endif
