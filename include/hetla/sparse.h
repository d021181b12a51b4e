/* Sparse tiled matrices: the part of the sparse tiled LU (zsparse.h) that
 * is the same in every precision, the matrix object and its queries.
 *
 * A hetla_sparse_tiled is a square n x n matrix cut into nb x nb tiles (the
 * last row and column of tiles may be smaller), of which only the tiles
 * holding an entry exist: each is a data handle (hetla_data) of its own,
 * every other tile is NULL and stands for zeros. A factorization adds the
 * tiles its updates fill in. The object owns its tiles; they live on the
 * nodes of the tasks that use them and come to the host only when read
 * there (hetla_zsparse_to_dense). The tile grid is an nt x nt array of
 * handles, nt = ceil(n / nb): one pointer per tile position, little beside
 * the tiles unless n / nb is in the tens of thousands.
 */
#ifndef HETLA_SPARSE_H
#define HETLA_SPARSE_H

#include <stddef.h>

#include "hetla/data.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hetla_sparse_tiled hetla_sparse_tiled;

/** Size of @p A: n x n in nb x nb tiles, nt x nt of them; any output
 *  pointer may be NULL. */
HETLA_NODISCARD hetla_status hetla_sparse_tiled_shape(const hetla_sparse_tiled *A, size_t *n, size_t *nb, size_t *nt);

/** Tiles that hold storage: @p input, those created from the entries of
 *  the input (a tile holding an entry, even an explicit zero, exists);
 *  @p fill, those the factorizations inserted so far allocated for their
 *  fill-in. The counts are final when the call that inserts the tasks
 *  returns (the fill-in is decided at insertion), before its tasks run.
 *  Any output pointer may be NULL. */
HETLA_NODISCARD hetla_status hetla_sparse_tiled_count(const hetla_sparse_tiled *A, size_t *input, size_t *fill);

/** @return tile (i, j) of @p A, NULL if it holds no storage (a zero tile)
 *  or is out of range. The handle stays owned by @p A; tasks may use it
 *  (its element type is A's), and hetla_data_acquire reads it. */
hetla_data *hetla_sparse_tiled_tile(const hetla_sparse_tiled *A, size_t i, size_t j);

/** Waits for the tasks on @p A's tiles and frees them and @p A. */
HETLA_NODISCARD hetla_status hetla_sparse_tiled_destroy(hetla_sparse_tiled *A);

#ifdef __cplusplus
}
#endif
#endif
