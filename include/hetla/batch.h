/* Batched BLAS, the types every precision shares: where the matrices of a
 * batch lie (layouts), batch storage, conversion between layouts. The
 * routines are in hetla/zbatch.h (and its s, d, c twins). */
#ifndef HETLA_BATCH_H
#define HETLA_BATCH_H

#include "hetla/blas_types.h"
#include "hetla/data.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How the matrices of a fixed-size batch are stored. Matrix k (0-based)
 *  of @c count, element (i, j) (column-major inside the matrix, leading
 *  dimension @c ld >= rows), lies at ptr + offset, in elements:
 *  - P2P:         ptr is an array of @c count matrix addresses; ((T **)ptr)[k] + i + j*ld
 *  - STRIDED:     k*stride + i + j*ld, stride >= ld*cols
 *  - INTERLEAVED: (i + j*ld)*count + k — element (i, j) of every matrix together,
 *                 so kernels vectorise across matrices
 *  - BLOCKED:     block-interleaved, blocks of bs matrices each interleaved:
 *                 (k/bs)*bs*ld*cols + (i + j*ld)*bs + k%bs; the storage holds
 *                 whole blocks (ceil(count/bs)*bs*ld*cols elements). */
typedef enum hetla_batch_layout {
    HETLA_BATCH_P2P = 1,
    HETLA_BATCH_STRIDED = 2,
    HETLA_BATCH_INTERLEAVED = 3,
    HETLA_BATCH_BLOCKED = 4,
} hetla_batch_layout;

/** A fixed-size batch: @c count matrices of @c rows x @c cols elements of
 *  @c type in one layout. A description of memory, filled by the caller
 *  for memory of its own or by hetla_batch_alloc. Vectors (GEMV's x and
 *  y) are batches of one column. */
typedef struct hetla_batch {
    hetla_batch_layout layout;
    hetla_dtype type;   /**< HETLA_FLOAT, HETLA_DOUBLE, HETLA_COMPLEX or HETLA_ZCOMPLEX */
    hetla_int rows, cols, count;
    hetla_int ld;       /**< rows between columns inside a matrix, >= max(1, rows) */
    hetla_int stride;   /**< STRIDED: elements from one matrix to the next; else ignored */
    hetla_int bs;       /**< BLOCKED: matrices per block, >= 1; else ignored */
    void *ptr;          /**< first element, or (P2P) the array of matrix addresses */
} hetla_batch;

/** @return the default block size of HETLA_BATCH_BLOCKED for elements of
 *  type @p t on this CPU: the matrices its widest SIMD kernels handle at
 *  once (two vector registers of elements: 16 doubles with AVX-512, 8 with
 *  AVX2), 0 if @p t is not a floating type. */
hetla_int hetla_batch_block_size(hetla_dtype t);

/** Allocates zeroed storage for @p count matrices of @p rows x @p cols of
 *  type @p t in @p layout (ld = rows, stride = rows*cols rounded up to a
 *  cache line's worth of elements), aligned on 64 bytes; P2P allocates the
 *  address array and one aligned region holding the matrices. @p bs is
 *  BLOCKED's block size, 0 for hetla_batch_block_size(t). Free it with
 *  hetla_batch_free.
 *  @param[out] out the batch. */
HETLA_NODISCARD hetla_status hetla_batch_alloc(hetla_batch_layout layout, hetla_dtype t, hetla_int rows,
                                               hetla_int cols, hetla_int count, hetla_int bs, hetla_batch *out);

/** Frees storage from hetla_batch_alloc and zeroes @p b. */
HETLA_NODISCARD hetla_status hetla_batch_free(hetla_batch *b);

/** Copies every matrix of @p src into @p dst (same type, rows, cols and
 *  count; any two layouts), over the CPU workers of @p ctx. */
HETLA_NODISCARD hetla_status hetla_batch_convert(hetla_context *ctx, const hetla_batch *src, hetla_batch *dst);

#ifdef __cplusplus
}
#endif
#endif
