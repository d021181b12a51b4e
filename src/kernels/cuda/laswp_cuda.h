/* LU's row interchanges on GPU tiles (laswp.cu) as the C side sees them:
 * the rows a sequence of interchanges moves, each with the row it takes
 * its new contents from, and a launcher that enqueues the move on a
 * stream. nvcc compiles it as C++. */
#ifndef HETLA_KERNELS_CUDA_LASWP_H
#define HETLA_KERNELS_CUDA_LASWP_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Rows count from the first row of the column of tiles; every array is
 *  in device memory. */
typedef struct hetla__cuda_swap {
    void *const *tiles;         /**< the column's tiles, top to bottom */
    const long long *ld;        /**< their leading dimensions, in elements */
    long long mb;               /**< rows of every tile but the last */
    long long cols;             /**< columns of every tile */
    const long long *src, *dst; /**< row dst[r] takes the old contents of row src[r] */
    long long rows;             /**< entries of src and dst */
    void *buffer;               /**< rows x cols elements of scratch */
    int elsize;                 /**< bytes per element: 4, 8 or 16 */
} hetla__cuda_swap;

/** Enqueues the move on @p stream. */
cudaError_t hetla__cuda_swap_rows(const hetla__cuda_swap *p, cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
