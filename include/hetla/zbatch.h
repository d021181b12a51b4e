/* Batched BLAS and LAPACK on many small matrices, in three APIs:
 *
 * - fixed-size batches, hetla_z<routine>_batch: every matrix of the batch
 *   has the same sizes and options; the operands are hetla_batch
 *   descriptions (hetla/batch.h) in any layout — P2P, strided,
 *   interleaved, block-interleaved — and may mix layouts. Sizes come from
 *   the descriptions and must conform (the routine says how);
 * - variable-size batches, hetla_z<routine>_vbatch: per-matrix sizes,
 *   leading dimensions and scalars, matrices given by address (P2P);
 * - groups, hetla_zgemm_batch_group (MKL's cblas_?gemm_batch): groups of
 *   fixed batches in one call, P2P, options and scalars per group.
 *
 * Matrices are column-major. Each call runs as hetla tasks, one per chunk
 * of matrices, over the context's CPU workers, and returns when done.
 *
 * Errors and info: @p info (may be NULL) receives one entry per matrix.
 * A bad argument of the call as a whole returns HETLA_ERR_ARG naming it
 * (hetla_error_arg()) and sets every info[i] to minus its position; a bad
 * per-matrix argument of a variable batch or group (a size, a leading
 * dimension, a NULL address) sets info[i] of that matrix to minus the
 * argument's position and 0 for the others, and the call returns
 * HETLA_ERR_ARG naming the first; in both cases nothing is computed.
 * Factorizations set info[i] as LAPACK does for matrix i — 0, or j > 0
 * when the leading minor of order j is not positive definite (Cholesky,
 * the matrix is left partly factored) or U(j,j) is exactly zero (LU, the
 * factorization completes) — without spoiling the other matrices, and the
 * call returns HETLA_NUMERICAL if any info[i] > 0. Pivots: ipiv holds
 * min(m, n) entries per matrix, matrix k's at ipiv[k*min(m,n) ..], 1-based
 * as LAPACK.
 *
 * Written for z; the build generates s, d and c.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_ZBATCH_H
#define HETLA_ZBATCH_H

#include "hetla/batch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- fixed-size batches ------------------------------------------------------ */

/** C_k := alpha op(A_k) op(B_k) + beta C_k for every k: C is m x n, op(A)
 *  m x k, op(B) k x n (A is k x m when transposed). C is not read when
 *  beta = 0. */
HETLA_NODISCARD hetla_status hetla_zgemm_batch(hetla_context *ctx, hetla_trans transa, hetla_trans transb,
                                               hetla_zcomplex alpha, const hetla_batch *A, const hetla_batch *B,
                                               hetla_zcomplex beta, const hetla_batch *C, hetla_int *info);

/** y_k := alpha op(A_k) x_k + beta y_k: A is m x n, x and y are batches of
 *  one column (n and m rows, or m and n with a transpose). */
HETLA_NODISCARD hetla_status hetla_zgemv_batch(hetla_context *ctx, hetla_trans trans, hetla_zcomplex alpha,
                                               const hetla_batch *A, const hetla_batch *x, hetla_zcomplex beta,
                                               const hetla_batch *y, hetla_int *info);

/** Solves op(A_k) X = alpha B_k (side HETLA_LEFT) or X op(A_k) = alpha B_k
 *  (HETLA_RIGHT) for X, overwriting B_k (m x n); A_k is triangular (uplo,
 *  diag), m x m or n x n. */
HETLA_NODISCARD hetla_status hetla_ztrsm_batch(hetla_context *ctx, hetla_side side, hetla_uplo uplo,
                                               hetla_trans transa, hetla_diag diag, hetla_zcomplex alpha,
                                               const hetla_batch *A, const hetla_batch *B, hetla_int *info);

/** Cholesky A_k = L L^H (HETLA_LOWER) or U^H U of the n x n A_k, the uplo
 *  triangle read and overwritten. */
HETLA_NODISCARD hetla_status hetla_zpotrf_batch(hetla_context *ctx, hetla_uplo uplo, const hetla_batch *A,
                                                hetla_int *info);

/** Solves A_k X = B_k (B_k n x nrhs, overwritten) with the factors of
 *  hetla_zpotrf_batch. */
HETLA_NODISCARD hetla_status hetla_zpotrs_batch(hetla_context *ctx, hetla_uplo uplo, const hetla_batch *A,
                                                const hetla_batch *B, hetla_int *info);

/** P_k A_k = L_k U_k with partial pivoting of the m x n A_k; @p ipiv holds
 *  count * min(m, n) entries. */
HETLA_NODISCARD hetla_status hetla_zgetrf_batch(hetla_context *ctx, const hetla_batch *A, hetla_int *ipiv,
                                                hetla_int *info);

/** A_k = L_k U_k without pivoting (diagonally dominant matrices). */
HETLA_NODISCARD hetla_status hetla_zgetrf_nopiv_batch(hetla_context *ctx, const hetla_batch *A, hetla_int *info);

/** Solves op(A_k) X = B_k (B_k n x nrhs, overwritten) with the factors of
 *  hetla_zgetrf_batch (ipiv) or hetla_zgetrf_nopiv_batch (ipiv NULL). */
HETLA_NODISCARD hetla_status hetla_zgetrs_batch(hetla_context *ctx, hetla_trans trans, const hetla_batch *A,
                                                const hetla_int *ipiv, const hetla_batch *B, hetla_int *info);

/* ---- variable-size batches (P2P): entry k of every array is matrix k's ----- */

/** C_k := alpha_k op(A_k) op(B_k) + beta_k C_k, C_k m_k x n_k. */
HETLA_NODISCARD hetla_status hetla_zgemm_vbatch(hetla_context *ctx, hetla_trans transa, hetla_trans transb,
                                                const hetla_int *m, const hetla_int *n, const hetla_int *k,
                                                const hetla_zcomplex *alpha, hetla_zcomplex *const *A,
                                                const hetla_int *lda, hetla_zcomplex *const *B,
                                                const hetla_int *ldb, const hetla_zcomplex *beta,
                                                hetla_zcomplex *const *C, const hetla_int *ldc, hetla_int count,
                                                hetla_int *info);

/** y_k := alpha_k op(A_k) x_k + beta_k y_k, A_k m_k x n_k, x_k and y_k
 *  contiguous vectors. */
HETLA_NODISCARD hetla_status hetla_zgemv_vbatch(hetla_context *ctx, hetla_trans trans, const hetla_int *m,
                                                const hetla_int *n, const hetla_zcomplex *alpha,
                                                hetla_zcomplex *const *A, const hetla_int *lda,
                                                hetla_zcomplex *const *x, const hetla_zcomplex *beta,
                                                hetla_zcomplex *const *y, hetla_int count, hetla_int *info);

/** Solves op(A_k) X = alpha_k B_k or X op(A_k) = alpha_k B_k, B_k m_k x n_k. */
HETLA_NODISCARD hetla_status hetla_ztrsm_vbatch(hetla_context *ctx, hetla_side side, hetla_uplo uplo,
                                                hetla_trans transa, hetla_diag diag, const hetla_int *m,
                                                const hetla_int *n, const hetla_zcomplex *alpha,
                                                hetla_zcomplex *const *A, const hetla_int *lda,
                                                hetla_zcomplex *const *B, const hetla_int *ldb, hetla_int count,
                                                hetla_int *info);

/** Cholesky of the n_k x n_k A_k. */
HETLA_NODISCARD hetla_status hetla_zpotrf_vbatch(hetla_context *ctx, hetla_uplo uplo, const hetla_int *n,
                                                 hetla_zcomplex *const *A, const hetla_int *lda, hetla_int count,
                                                 hetla_int *info);

/** LU of the m_k x n_k A_k, pivots into ipiv[k] (min(m_k, n_k) entries);
 *  @p ipiv NULL: no pivoting. */
HETLA_NODISCARD hetla_status hetla_zgetrf_vbatch(hetla_context *ctx, const hetla_int *m, const hetla_int *n,
                                                 hetla_zcomplex *const *A, const hetla_int *lda,
                                                 hetla_int *const *ipiv, hetla_int count, hetla_int *info);

/* ---- groups (P2P): group g holds group_size[g] matrices, taken in order ---- */

/** For each group g and each of its matrices: C := alpha[g] op(A) op(B) +
 *  beta[g] C with transa[g], transb[g], m[g], n[g], k[g], lda[g], ldb[g],
 *  ldc[g]; A, B, C and info hold one entry per matrix of all groups, group
 *  after group. Bad group arguments set the info of the group's matrices. */
HETLA_NODISCARD hetla_status hetla_zgemm_batch_group(hetla_context *ctx, hetla_int group_count,
                                                     const hetla_int *group_size, const hetla_trans *transa,
                                                     const hetla_trans *transb, const hetla_int *m,
                                                     const hetla_int *n, const hetla_int *k,
                                                     const hetla_zcomplex *alpha, hetla_zcomplex *const *A,
                                                     const hetla_int *lda, hetla_zcomplex *const *B,
                                                     const hetla_int *ldb, const hetla_zcomplex *beta,
                                                     hetla_zcomplex *const *C, const hetla_int *ldc,
                                                     hetla_int *info);

/** For each group g and each of its matrices: y := alpha[g] op(A) x +
 *  beta[g] y with trans[g], A m[g] x n[g] (leading dimension lda[g]), x and
 *  y contiguous; A, x, y and info hold one entry per matrix of all groups,
 *  group after group. Bad group arguments set the info of the group's
 *  matrices. */
HETLA_NODISCARD hetla_status hetla_zgemv_batch_group(hetla_context *ctx, hetla_int group_count,
                                                     const hetla_int *group_size, const hetla_trans *trans,
                                                     const hetla_int *m, const hetla_int *n,
                                                     const hetla_zcomplex *alpha, hetla_zcomplex *const *A,
                                                     const hetla_int *lda, hetla_zcomplex *const *x,
                                                     const hetla_zcomplex *beta, hetla_zcomplex *const *y,
                                                     hetla_int *info);

/** For each group g and each of its matrices: B := alpha[g] inv(op(A)) B
 *  (side[g] left) or alpha[g] B inv(op(A)) (right), A triangular (uplo[g],
 *  transa[g], diag[g]) of order m[g] or n[g], B m[g] x n[g]; A, B and info
 *  hold one entry per matrix of all groups, group after group. As BLAS,
 *  alpha = 0 sets B to zero without reading A or B. Bad group arguments
 *  set the info of the group's matrices. */
HETLA_NODISCARD hetla_status hetla_ztrsm_batch_group(hetla_context *ctx, hetla_int group_count,
                                                     const hetla_int *group_size, const hetla_side *side,
                                                     const hetla_uplo *uplo, const hetla_trans *transa,
                                                     const hetla_diag *diag, const hetla_int *m,
                                                     const hetla_int *n, const hetla_zcomplex *alpha,
                                                     hetla_zcomplex *const *A, const hetla_int *lda,
                                                     hetla_zcomplex *const *B, const hetla_int *ldb,
                                                     hetla_int *info);

/** For each group g and each of its matrices: Cholesky of the order-n[g]
 *  A (the uplo[g] triangle, leading dimension lda[g]); A and info hold one
 *  entry per matrix of all groups, group after group; info (not NULL) as
 *  LAPACK's, HETLA_NUMERICAL if a matrix failed, the others factored as
 *  if alone. */
HETLA_NODISCARD hetla_status hetla_zpotrf_batch_group(hetla_context *ctx, hetla_int group_count,
                                                      const hetla_int *group_size, const hetla_uplo *uplo,
                                                      const hetla_int *n, hetla_zcomplex *const *A,
                                                      const hetla_int *lda, hetla_int *info);

/** For each group g and each of its matrices: LU of the m[g] x n[g] A,
 *  pivots into ipiv[i] (min(m[g], n[g]) entries; @p ipiv NULL: no
 *  pivoting); info as hetla_zpotrf_batch_group's. */
HETLA_NODISCARD hetla_status hetla_zgetrf_batch_group(hetla_context *ctx, hetla_int group_count,
                                                      const hetla_int *group_size, const hetla_int *m,
                                                      const hetla_int *n, hetla_zcomplex *const *A,
                                                      const hetla_int *lda, hetla_int *const *ipiv,
                                                      hetla_int *info);

/** For each group g and each of its matrices: solves A X = B with the
 *  Cholesky factor of hetla_zpotrf_batch_group (uplo[g], order n[g]), B
 *  n[g] x nrhs[g] overwritten by X; info (may be NULL) reports bad
 *  arguments. */
HETLA_NODISCARD hetla_status hetla_zpotrs_batch_group(hetla_context *ctx, hetla_int group_count,
                                                      const hetla_int *group_size, const hetla_uplo *uplo,
                                                      const hetla_int *n, const hetla_int *nrhs,
                                                      hetla_zcomplex *const *A, const hetla_int *lda,
                                                      hetla_zcomplex *const *B, const hetla_int *ldb,
                                                      hetla_int *info);

/** For each group g and each of its matrices: solves op(A) X = B
 *  (trans[g]) with the LU of hetla_zgetrf_batch_group and its pivots
 *  ipiv[i] (NULL: the LU had none), B n[g] x nrhs[g] overwritten by X;
 *  info (may be NULL) reports bad arguments. */
HETLA_NODISCARD hetla_status hetla_zgetrs_batch_group(hetla_context *ctx, hetla_int group_count,
                                                      const hetla_int *group_size, const hetla_trans *trans,
                                                      const hetla_int *n, const hetla_int *nrhs,
                                                      hetla_zcomplex *const *A, const hetla_int *lda,
                                                      const hetla_int *const *ipiv, hetla_zcomplex *const *B,
                                                      const hetla_int *ldb, hetla_int *info);

#ifdef __cplusplus
}
#endif
#endif
