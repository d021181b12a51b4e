/* The inverses of a triangle's diagonal blocks (trtri.cu) as the C side
 * sees them: the first step of "?trtri" in the CUDA_NATIVE class
 * (ztrtri_cuda.c), which joins them into the whole inverse. nvcc compiles
 * it as C++. */
#ifndef HETLA_KERNELS_CUDA_TRTRI_H
#define HETLA_KERNELS_CUDA_TRTRI_H

#include "kernels/cuda/batch_cuda.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The order of the blocks the kernel inverts: one thread block each. */
enum { HETLA__TRTRI_NB = 32 };

/** The n x n triangle A's diagonal blocks of HETLA__TRTRI_NB (the last
 *  one shorter if n is no multiple of it), their inverses into the same
 *  blocks of W; device memory, leading dimensions in elements. */
typedef struct hetla__cuda_trtri {
    hetla__cuda_type type;
    const void *A;
    void *W;
    long long n, lda, ldw;
    int lower, unit;
} hetla__cuda_trtri;

/** Enqueues the inversions on @p stream. Writes W's blocks in their
 *  triangle only, diagonal included: the other is left as it was. */
cudaError_t hetla__cuda_trtri_blocks(const hetla__cuda_trtri *p, cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
