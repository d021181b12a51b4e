/* QR factorization, applying Q, least squares: synchronous calls on the
 * caller's column-major matrices (LAPACK's layout and argument order, a
 * context first) and asynchronous calls on tiled matrices, with the same
 * conventions as zlapack.h (sequences, *info, tiles that need not divide
 * the sizes).
 *
 * The algorithm is panel-based: each column of tiles is factored by one
 * high-priority task (Householder QR of the tall panel, giving V, R and
 * the triangular factor T of the compact WY form Q_k = I - V_k T_k V_k^H),
 * and Q_k^H reaches each column of tiles to its right as GEMM and TRMM
 * tile tasks (W = V^H C, W = T^H W, C -= V W). The updates are plain
 * level-3 tile operations, which every device class has and GPUs run at
 * GEMM speed; tile QR (TS/TT kernels) would need kernels no GPU library
 * provides. A panel task holds its whole column of tiles, so A may have
 * at most HETLA_MAX_TASK_DATA - 2 rows of tiles (HETLA_ERR_NOT_SUPPORTED
 * beyond). The tiled calls take workspace on the devices (a tile per
 * column of tiles being updated), freed once their tasks are done.
 *
 * The synchronous calls keep LAPACK's output: the reflectors below the
 * diagonal and tau (T's diagonal), so LAPACK and hetla can apply each
 * other's Q. The tiled calls keep T in a tiled matrix of its own: nb x
 * min(m, n) in nb x nb tiles (one row of tiles; tile (0, k) is panel k's
 * T), created by the caller, e.g. with hetla_tiled_create(ctx, NULL, nb,
 * min(m, n), 0, nb, nb, HETLA_ZCOMPLEX, &T).
 *
 * Written for z; the build generates s, d and c (unmqr becomes ormqr and
 * ^H becomes ^T in the real ones).
 * @precisions normal z -> s d c
 */
#ifndef HETLA_ZQR_H
#define HETLA_ZQR_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A = Q R for the m x n A: R on and above the diagonal, the Householder
 *  vectors below it (unit diagonal implied), tau[0 .. min(m, n) - 1] their
 *  scalars, as LAPACK's geqrf. */
HETLA_NODISCARD hetla_status hetla_zgeqrf(hetla_context *ctx, hetla_int m, hetla_int n, hetla_zcomplex *A,
                                          hetla_int lda, hetla_zcomplex *tau);

/** C := op(Q) C (side HETLA_LEFT) or C op(Q) (HETLA_RIGHT), op = none or
 *  ^H (HETLA_CONJ_TRANS; HETLA_TRANS in the real precisions, and the
 *  other transposition is an argument error, as in LAPACK), Q the
 *  product of the k reflectors in the columns of A (m x k for LEFT, n x k
 *  for RIGHT) and tau, as from hetla_zgeqrf or LAPACK's geqrf. C is
 *  m x n. A and tau are only read. */
HETLA_NODISCARD hetla_status hetla_zunmqr(hetla_context *ctx, hetla_side side, hetla_trans trans, hetla_int m,
                                          hetla_int n, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                                          const hetla_zcomplex *tau, hetla_zcomplex *C, hetla_int ldc);

/** Least squares / minimum norm, as LAPACK's gels, A of full rank:
 *  trans HETLA_NO_TRANS solves min ||B - A X|| (m >= n) or the minimum
 *  norm X of A X = B (m < n); HETLA_CONJ_TRANS (HETLA_TRANS in the real
 *  precisions) does the same with A^H. B is max(m, n) x nrhs: on entry
 *  the right-hand sides in its first m (n for ^H) rows (the rows below
 *  are not read), on exit the solutions in its first n (m) rows. As in
 *  LAPACK, A is overwritten by its QR factorization (as hetla_zgeqrf's)
 *  when m >= n and by its LQ factorization (as LAPACK's gelqf: the QR of
 *  A^H, computed in a copy, conjugate-transposed) when m < n; if
 *  min(m, n) = 0 the solutions are zero. *info = i > 0: R(i,i) (L(i,i))
 *  is exactly zero, A is rank deficient and no solution is computed
 *  (HETLA_NUMERICAL). */
HETLA_NODISCARD hetla_status hetla_zgels(hetla_context *ctx, hetla_trans trans, hetla_int m, hetla_int n,
                                         hetla_int nrhs, hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B,
                                         hetla_int ldb, hetla_int *info);

/** Tiled QR: A is m x n in nb x nb tiles, overwritten by R and the
 *  reflectors; T as above. */
HETLA_NODISCARD hetla_status hetla_zgeqrf_tiled(hetla_tiled *A, hetla_tiled *T, hetla_sequence *seq);

/** Tiled hetla_zunmqr with the reflectors of hetla_zgeqrf_tiled (A, T):
 *  C is m x n; for HETLA_LEFT its rows are tiled as A's, for HETLA_RIGHT
 *  its columns are. */
HETLA_NODISCARD hetla_status hetla_zunmqr_tiled(hetla_side side, hetla_trans trans, hetla_tiled *A,
                                                hetla_tiled *T, hetla_tiled *C, hetla_sequence *seq);

/** Tiled least squares, m >= n: hetla_zgeqrf_tiled(A, T), B := Q^H B,
 *  then R X = B(0:n-1, :) over the first n rows of B; B is m x nrhs with
 *  rows tiled as A's. *info as in hetla_zgels (when R is singular B holds
 *  Q^H B, the solve is skipped and the sequence's status becomes
 *  HETLA_NUMERICAL). */
HETLA_NODISCARD hetla_status hetla_zgels_tiled(hetla_tiled *A, hetla_tiled *T, hetla_tiled *B, hetla_int *info,
                                               hetla_sequence *seq);

#ifdef __cplusplus
}
#endif
#endif
