/* Cholesky and LU factorizations and their solvers, in two forms:
 *
 * - synchronous calls on the caller's column-major matrices (LAPACK's
 *   layout and argument order, a context first): hetla_zpotrf, ... They
 *   tile the matrices (hetla_config.tile_size), factor over every device
 *   of the context and return when the result is back in the caller's
 *   memory;
 * - asynchronous calls on tiled matrices (hetla_tiled): hetla_zpotrf_tiled,
 *   ... They insert tile tasks and return; hetla_sequence_wait (or
 *   hetla_wait_all) waits. Consecutive calls chain on the devices without
 *   host round trips (factor, then solve, in one sequence). Tiles need not
 *   divide the sizes; operands meeting in a call must be tiled alike, as
 *   each function says. @p seq NULL means the default sequence.
 *
 * Numerical outcomes are reported as LAPACK does, apart from argument
 * errors: *info = 0 on success, i > 0 when the leading minor of order i is
 * not positive definite (Cholesky: the factorization stops there) or when
 * U(i,i) is exactly zero (LU: the factorization completes, as in LAPACK,
 * and U is singular). The synchronous calls then return HETLA_NUMERICAL;
 * a bad argument returns HETLA_ERR_ARG naming it (hetla_error_arg()) and
 * sets *info to 0. An asynchronous call sets *info to 0 when it is made;
 * its tasks write it, so it must stay valid until the sequence is waited
 * for. A failed Cholesky makes the sequence's status HETLA_NUMERICAL (its
 * later tasks do not run); a singular LU does not, but hetla_zgesv_tiled
 * then skips its solve and the sequence's status becomes HETLA_NUMERICAL.
 *
 * Pivots follow LAPACK: ipiv[i] (1-based) is the row that row i + 1 was
 * swapped with, in order. An asynchronous LU writes ipiv from its tasks;
 * the array must stay valid and untouched until the sequence is waited
 * for, and is read by the solves that follow in the sequence.
 *
 * Written for z; the build generates s, d and c (hermitian becomes
 * symmetric and ^H becomes ^T in the real ones).
 * @precisions normal z -> s d c
 */
#ifndef HETLA_ZLAPACK_H
#define HETLA_ZLAPACK_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Cholesky ------------------------------------------------------------ */

/** A = L L^H (uplo HETLA_LOWER) or U^H U (HETLA_UPPER) for the hermitian
 *  positive definite n x n A, of which the uplo triangle is read and
 *  overwritten by the factor; the other triangle is not touched. */
HETLA_NODISCARD hetla_status hetla_zpotrf(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_zcomplex *A,
                                          hetla_int lda, hetla_int *info);

/** Solves A X = B for X (n x nrhs, overwriting B) with the factor of
 *  hetla_zpotrf in A. */
HETLA_NODISCARD hetla_status hetla_zpotrs(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_int nrhs,
                                          const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B, hetla_int ldb);

/** hetla_zpotrf then hetla_zpotrs; B is left untouched if A is not
 *  positive definite. */
HETLA_NODISCARD hetla_status hetla_zposv(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_int nrhs,
                                         hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B, hetla_int ldb,
                                         hetla_int *info);

/** Tiled hetla_zpotrf: A is n x n in nb x nb tiles. Right-looking: POTRF
 *  on the diagonal tile, TRSM on the tiles below (right of) it, HERK and
 *  GEMM updates of the trailing matrix; the tasks of the next panel carry
 *  the highest priority, so it is factored while the trailing update of
 *  the current one still runs (lookahead). */
HETLA_NODISCARD hetla_status hetla_zpotrf_tiled(hetla_uplo uplo, hetla_tiled *A, hetla_int *info,
                                                hetla_sequence *seq);

/** Tiled hetla_zpotrs: A is n x n in nb x nb tiles, B n x nrhs with nb
 *  rows per tile. */
HETLA_NODISCARD hetla_status hetla_zpotrs_tiled(hetla_uplo uplo, hetla_tiled *A, hetla_tiled *B,
                                                hetla_sequence *seq);

/** Tiled hetla_zposv: hetla_zpotrf_tiled then hetla_zpotrs_tiled in one
 *  sequence (the solve does not run if A is not positive definite). */
HETLA_NODISCARD hetla_status hetla_zposv_tiled(hetla_uplo uplo, hetla_tiled *A, hetla_tiled *B, hetla_int *info,
                                               hetla_sequence *seq);

/* ---- LU -------------------------------------------------------------------- */

/** P A = L U with partial pivoting (row interchanges) for the m x n A:
 *  L unit lower trapezoidal below the diagonal of A, U upper on and above
 *  it; ipiv holds min(m, n) pivots. */
HETLA_NODISCARD hetla_status hetla_zgetrf(hetla_context *ctx, hetla_int m, hetla_int n, hetla_zcomplex *A,
                                          hetla_int lda, hetla_int *ipiv, hetla_int *info);

/** A = L U without pivoting, for matrices where it is stable (diagonally
 *  dominant ones): no row interchanges, so no search down the columns. */
HETLA_NODISCARD hetla_status hetla_zgetrf_nopiv(hetla_context *ctx, hetla_int m, hetla_int n, hetla_zcomplex *A,
                                                hetla_int lda, hetla_int *info);

/** Solves op(A) X = B for X (n x nrhs, overwriting B) with the factors
 *  and pivots of hetla_zgetrf. */
HETLA_NODISCARD hetla_status hetla_zgetrs(hetla_context *ctx, hetla_trans trans, hetla_int n, hetla_int nrhs,
                                          const hetla_zcomplex *A, hetla_int lda, const hetla_int *ipiv,
                                          hetla_zcomplex *B, hetla_int ldb);

/** hetla_zgetrf then hetla_zgetrs; B is left untouched if U is singular. */
HETLA_NODISCARD hetla_status hetla_zgesv(hetla_context *ctx, hetla_int n, hetla_int nrhs, hetla_zcomplex *A,
                                         hetla_int lda, hetla_int *ipiv, hetla_zcomplex *B, hetla_int ldb,
                                         hetla_int *info);

/** Tiled hetla_zgetrf: A is m x n in nb x nb tiles (square tiles), ipiv
 *  holds min(m, n) entries. Each panel (a column of tiles) is factored by
 *  one task with the highest priority; the row interchanges and the TRSM
 *  of each column of tiles to its right follow in one task, then a GEMM
 *  per tile; the interchanges reach the columns on the left in tasks of
 *  their own, off the critical path. */
HETLA_NODISCARD hetla_status hetla_zgetrf_tiled(hetla_tiled *A, hetla_int *ipiv, hetla_int *info,
                                                hetla_sequence *seq);

/** Tiled hetla_zgetrf_nopiv: A is m x n in nb x nb tiles. Tile LU on the
 *  diagonal tile, TRSMs on its row and column, GEMM updates. */
HETLA_NODISCARD hetla_status hetla_zgetrf_nopiv_tiled(hetla_tiled *A, hetla_int *info, hetla_sequence *seq);

/** Tiled hetla_zgetrs: A is n x n in nb x nb tiles and factored by
 *  hetla_zgetrf_tiled (ipiv) or hetla_zgetrf_nopiv_tiled (ipiv NULL); B is
 *  n x nrhs with nb rows per tile. */
HETLA_NODISCARD hetla_status hetla_zgetrs_tiled(hetla_trans trans, hetla_tiled *A, const hetla_int *ipiv,
                                                hetla_tiled *B, hetla_sequence *seq);

/** Tiled hetla_zgesv: hetla_zgetrf_tiled then hetla_zgetrs_tiled. */
HETLA_NODISCARD hetla_status hetla_zgesv_tiled(hetla_tiled *A, hetla_int *ipiv, hetla_tiled *B, hetla_int *info,
                                               hetla_sequence *seq);

#ifdef __cplusplus
}
#endif
#endif
