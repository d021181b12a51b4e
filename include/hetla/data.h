/* hetla data: handles on vectors and matrices that live on one or more
 * memory nodes, kept coherent by the runtime; tiled matrices. */
#ifndef HETLA_DATA_H
#define HETLA_DATA_H

#include <stddef.h>

#include "hetla/context.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hetla_data hetla_data;
typedef struct hetla_tiled hetla_tiled;

/** Element types. */
typedef enum hetla_dtype {
    HETLA_FLOAT = 0,    /**< s */
    HETLA_DOUBLE,       /**< d */
    HETLA_COMPLEX,      /**< c: two floats */
    HETLA_ZCOMPLEX,     /**< z: two doubles */
    HETLA_INT32,
    HETLA_INT64,
    HETLA_BYTE,
    HETLA_NDTYPES
} hetla_dtype;

/** @return bytes per element of @p t, 0 if @p t is not a dtype. */
size_t hetla_dtype_size(hetla_dtype t);

/** Access modes of a task on a handle. */
typedef enum hetla_access {
    HETLA_R = 1,       /**< read */
    HETLA_W = 2,       /**< write all of it; old contents are not fetched */
    HETLA_RW = 3,      /**< read and write */
    HETLA_SCRATCH = 4, /**< per-worker temporary; contents undefined, no dependencies */
} hetla_access;

/** Registers the column-major m x n matrix at @p ptr (leading dimension
 *  @p ld >= max(1,m)) with @p ctx. The host copy is the valid one; tasks
 *  may then keep newer copies on devices until hetla_data_flush,
 *  hetla_data_acquire or hetla_data_unregister bring them back. */
HETLA_NODISCARD hetla_status hetla_matrix_register(hetla_context *ctx, void *ptr, size_t m, size_t n, size_t ld,
                                                   hetla_dtype t, hetla_data **out);

/** Registers the vector of @p n contiguous elements at @p ptr. */
HETLA_NODISCARD hetla_status hetla_vector_register(hetla_context *ctx, void *ptr, size_t n, hetla_dtype t,
                                                   hetla_data **out);

/** Creates an m x n matrix with no host copy: its memory is allocated on
 *  the node of the first task that writes it (and on the host only if
 *  acquired there). Contents are undefined until written. Also used as a
 *  scratch buffer with HETLA_SCRATCH. */
HETLA_NODISCARD hetla_status hetla_data_create(hetla_context *ctx, size_t m, size_t n, hetla_dtype t,
                                               hetla_data **out);

/** Waits for the tasks using @p d, brings a registered handle's data back to
 *  its host memory, and frees the handle and its device copies. */
HETLA_NODISCARD hetla_status hetla_data_unregister(hetla_data *d);

/** Waits for the tasks inserted so far that use @p d. */
HETLA_NODISCARD hetla_status hetla_data_wait(hetla_data *d);

/** Waits for @p d's tasks and makes the host copy valid (devices keep
 *  shared copies). */
HETLA_NODISCARD hetla_status hetla_data_flush(hetla_data *d);

/** Waits for @p d's tasks, makes the host copy valid and hands it to the
 *  caller in @p mode (R, W or RW: W and RW invalidate device copies).
 *  @param[out] ptr host address, @param[out] ld its leading dimension.
 *  Tasks on @p d must not be inserted until hetla_data_release. */
HETLA_NODISCARD hetla_status hetla_data_acquire(hetla_data *d, hetla_access mode, void **ptr, size_t *ld);
HETLA_NODISCARD hetla_status hetla_data_release(hetla_data *d);

/** Shape of a handle. Any output pointer may be NULL. */
HETLA_NODISCARD hetla_status hetla_data_shape(const hetla_data *d, size_t *m, size_t *n, hetla_dtype *t);

/** Splits the column-major m x n host matrix at @p ptr (leading dimension
 *  @p ld) into mb x nb tiles, each a data handle whose host copy is the
 *  tile inside the user's matrix (no copy is made); the last tile row and
 *  column may be smaller. @p ptr NULL allocates nothing on the host: tiles
 *  are device-resident (hetla_data_create) and @p ld is ignored. */
HETLA_NODISCARD hetla_status hetla_tiled_create(hetla_context *ctx, void *ptr, size_t m, size_t n, size_t ld,
                                                size_t mb, size_t nb, hetla_dtype t, hetla_tiled **out);

/** Unregisters every tile (bringing data home) and frees @p a. */
HETLA_NODISCARD hetla_status hetla_tiled_destroy(hetla_tiled *a);

/** Flushes every tile to the host. */
HETLA_NODISCARD hetla_status hetla_tiled_flush(hetla_tiled *a);

/** @return tile (i, j), NULL if out of range. */
hetla_data *hetla_tiled_tile(const hetla_tiled *a, size_t i, size_t j);

/** Tile grid and sizes of @p a; any output pointer may be NULL. */
HETLA_NODISCARD hetla_status hetla_tiled_shape(const hetla_tiled *a, size_t *m, size_t *n, size_t *mb, size_t *nb,
                                               size_t *mt, size_t *nt);

#ifdef __cplusplus
}
#endif
#endif
