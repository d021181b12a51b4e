/* The tiled level-3 algorithms other than gemm, written once for every
 * precision (level3_tiled.c): their tile tasks carry the precision-free
 * argument blocks of level3.h and run the operations of the routine's
 * precision. The public hetla_<op>_tiled functions of the z<routine>.c
 * files call them; errors name arguments by their public positions. */
#ifndef HETLA_ALGORITHMS_LEVEL3_TILED_H
#define HETLA_ALGORITHMS_LEVEL3_TILED_H

#include "algorithms/algorithms.h"
#include "kernels/blas/level3.h"

/** C := alpha A B + beta C (left) or alpha B A + beta C, A hermitian
 *  (r->star HETLA_CONJ_TRANS) or symmetric, from the triangle a->uplo. C
 *  and B are m x n in mb x nb tiles; A is m x m in mb x mb tiles (left) or
 *  n x n in nb x nb tiles (right). */
hetla_status hetla__symm_tiled(const hetla__l3_routine *r, const hetla__symm_args *a, hetla_tiled *A, hetla_tiled *B,
                               hetla_tiled *C, hetla_sequence *seq);

/** The triangle a->uplo of the n x n C (nb x nb tiles) := alpha op(A)
 *  op(A)^* + beta C (rank k, @p two = 0, B unused), or alpha op(A) op(B)^*
 *  + alpha' op(B) op(A)^* + beta C (rank 2k), with ^* = r->star and alpha'
 *  = conj(alpha) for hermitian routines, alpha otherwise. op(A) (and op(B))
 *  is n x k with nb rows per tile. */
hetla_status hetla__rank_tiled(const hetla__l3_routine *r, const hetla__rank_args *a, int two, hetla_tiled *A,
                               hetla_tiled *B, hetla_tiled *C, hetla_sequence *seq);

/** B := alpha op(A) B (left) or alpha B op(A) (trmm), or the solutions X
 *  of op(A) X = alpha B, X op(A) = alpha B over B (trsm); A triangular,
 *  square, tiled as B's rows (left) or columns (right). */
hetla_status hetla__trmm_tiled(const hetla__l3_routine *r, const hetla__trxm_args *a, hetla_tiled *A, hetla_tiled *B,
                               hetla_sequence *seq);
hetla_status hetla__trsm_tiled(const hetla__l3_routine *r, const hetla__trxm_args *a, hetla_tiled *A, hetla_tiled *B,
                               hetla_sequence *seq);

#endif
