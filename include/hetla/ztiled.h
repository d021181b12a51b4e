/* Tiled algorithms on tiled matrices (hetla_tiled), asynchronous: they
 * insert tile tasks and return; hetla_sequence_wait (or hetla_wait_all)
 * waits, and consecutive calls chain on the devices without host round
 * trips. Written for z; the build generates s, d and c (hermitian routines
 * become the symmetric ones, as in blas3_z.h).
 *
 * The operations are those of the synchronous calls of blas3_z.h, column-
 * major. Tiles need not divide the sizes (the last row and column of tiles
 * may be smaller), but operands must be tiled alike where they meet, as
 * each function says. Every operand holds element type HETLA_ZCOMPLEX and
 * belongs to one context; @p seq NULL means the default sequence. A tile of
 * a structured matrix (hermitian, triangular) outside its uplo triangle is
 * never read.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_ZTILED_H
#define HETLA_ZTILED_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** C := alpha op(A) op(B) + beta C on tiled matrices. C is m x n in mb x nb
 *  tiles; op(A) must be m x k in mb x kb tiles and op(B) k x n in kb x nb
 *  tiles. One task per (i, j, l) tile product; @p seq NULL = the default
 *  sequence. Element type HETLA_ZCOMPLEX for all three. */
HETLA_NODISCARD hetla_status hetla_zgemm_tiled(hetla_trans transa, hetla_trans transb, hetla_zcomplex alpha,
                                               hetla_tiled *A, hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C,
                                               hetla_sequence *seq);

/** C := alpha A B + beta C (left) or alpha B A + beta C (right), A
 *  hermitian from its uplo triangle. B and C are m x n in mb x nb tiles; A
 *  is m x m in mb x mb tiles (left) or n x n in nb x nb tiles (right).
 *  HEMM on the diagonal tiles of A, GEMM on the others (a tile outside the
 *  triangle is the conjugate transpose of its mirror). */
HETLA_NODISCARD hetla_status hetla_zhemm_tiled(hetla_side side, hetla_uplo uplo, hetla_zcomplex alpha,
                                               hetla_tiled *A, hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C,
                                               hetla_sequence *seq);

/** C := alpha op(A) op(A)^H + beta C on the uplo triangle of C, alpha and
 *  beta real. C is n x n in nb x nb tiles; op(A) is n x k, A tiled with nb
 *  rows per tile (trans HETLA_NO_TRANS) or nb columns. HERK on the
 *  diagonal tiles of C, GEMM on the others. */
HETLA_NODISCARD hetla_status hetla_zherk_tiled(hetla_uplo uplo, hetla_trans trans, double alpha, hetla_tiled *A,
                                               double beta, hetla_tiled *C, hetla_sequence *seq);

/** C := alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H + beta C on the
 *  uplo triangle of C, beta real; C and A as in hetla_zherk_tiled, B tiled
 *  as A. HER2K on the diagonal tiles of C, two GEMMs on the others. */
HETLA_NODISCARD hetla_status hetla_zher2k_tiled(hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha,
                                                hetla_tiled *A, hetla_tiled *B, double beta, hetla_tiled *C,
                                                hetla_sequence *seq);

/** B := alpha op(A) B (left) or alpha B op(A) (right), A triangular. B is
 *  m x n in mb x nb tiles; A is m x m in mb x mb tiles (left) or n x n in
 *  nb x nb tiles (right). TRMM on the diagonal tiles of A, GEMM on the
 *  others, each tile of B finished before the tiles it feeds are
 *  overwritten; independent columns (left) or rows (right) of tiles run in
 *  parallel. */
HETLA_NODISCARD hetla_status hetla_ztrmm_tiled(hetla_side side, hetla_uplo uplo, hetla_trans transa,
                                               hetla_diag diag, hetla_zcomplex alpha, hetla_tiled *A,
                                               hetla_tiled *B, hetla_sequence *seq);

/** B := X solving op(A) X = alpha B (left) or X op(A) = alpha B (right);
 *  tiles as in hetla_ztrmm_tiled. Block substitution: TRSM on a diagonal
 *  tile, then GEMM updates of the tiles still to solve; independent
 *  columns (left) or rows (right) of tiles run in parallel. */
HETLA_NODISCARD hetla_status hetla_ztrsm_tiled(hetla_side side, hetla_uplo uplo, hetla_trans transa,
                                               hetla_diag diag, hetla_zcomplex alpha, hetla_tiled *A,
                                               hetla_tiled *B, hetla_sequence *seq);

#ifdef __cplusplus
}
#endif
#endif
