/* hetla's level-3 BLAS, written for z (the build generates s, d and c; the
 * real twins of the hermitian routines carry the symmetric names: zhemm ->
 * dsymm, zherk -> dsyrk, zher2k -> dsyr2k; the complex symmetric routines
 * are in zblas3_complex.h).
 *
 * Each routine comes in two forms:
 * - hetla_zROUTINE(ctx, ...): synchronous, on host pointers, in CBLAS's
 *   argument order after the context (row- or column-major). Small calls
 *   run on the calling thread when a CPU is in use; large level-3 calls
 *   are tiled over every worker; on other devices the data travel there
 *   and back. Argument errors name the argument; its position counts ctx
 *   as 1.
 * - hetla_zROUTINE_task(ctx, opts, ...): asynchronous, on data handles, so
 *   calls chain on a device without host round trips. A strided vector is
 *   a 1 x n handle whose ld is the increment; a contiguous one is n x 1.
 * The tiled algorithms behind large calls are in ztiled.h.
 *
 * op(X) is X, X^T or X^H as trans says. Where a routine writes one
 * triangle of C, the other is neither read nor written; a hermitian
 * operand's diagonal is taken as real. With beta = 0, C is not read (NaN
 * there does not propagate); with alpha = 0, A and B are not read.
 *
 * @precisions normal z -> s d c
 */
#ifndef HETLA_BLAS3_Z_H
#define HETLA_BLAS3_Z_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- level 3 ---- */

/** C := alpha op(A) op(B) + beta C; op(A) m x k, op(B) k x n, C m x n. */
HETLA_NODISCARD hetla_status hetla_zgemm(hetla_context *ctx, hetla_layout layout, hetla_trans transa,
                                         hetla_trans transb, hetla_int m, hetla_int n, hetla_int k,
                                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                                         const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                                         hetla_zcomplex *C, hetla_int ldc);
/** Task form of hetla_zgemm on column-major handles; sizes from the handles. */
HETLA_NODISCARD hetla_status hetla_zgemm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_trans transa,
                                              hetla_trans transb, hetla_zcomplex alpha, hetla_data *A,
                                              hetla_data *B, hetla_zcomplex beta, hetla_data *C);

/** C := alpha A B + beta C (side HETLA_LEFT, A m x m) or alpha B A + beta C
 *  (HETLA_RIGHT, A n x n); A hermitian (symmetric in the real twins), read
 *  from its uplo triangle; B and C m x n.
 *  @param[in] lda >= max(1, rows of A); ldb, ldc >= max(1, m) column-major,
 *  max(1, n) row-major. */
HETLA_NODISCARD hetla_status hetla_zhemm(hetla_context *ctx, hetla_layout layout, hetla_side side, hetla_uplo uplo,
                                         hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A,
                                         hetla_int lda, const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                                         hetla_zcomplex *C, hetla_int ldc);
/** Task form of hetla_zhemm: A square, B and C of one shape. */
HETLA_NODISCARD hetla_status hetla_zhemm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_side side,
                                              hetla_uplo uplo, hetla_zcomplex alpha, hetla_data *A, hetla_data *B,
                                              hetla_zcomplex beta, hetla_data *C);

/** C := alpha op(A) op(A)^H + beta C on the uplo triangle of the n x n C,
 *  alpha and beta real; op(A) = A (trans HETLA_NO_TRANS, A n x k) or A^H
 *  (HETLA_CONJ_TRANS, A k x n). The real twins (syrk) take any trans. The
 *  diagonal of C comes out real. */
HETLA_NODISCARD hetla_status hetla_zherk(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_int n, hetla_int k, double alpha,
                                         const hetla_zcomplex *A, hetla_int lda, double beta, hetla_zcomplex *C,
                                         hetla_int ldc);
/** Task form of hetla_zherk: C n x n, op(A) n x k. */
HETLA_NODISCARD hetla_status hetla_zherk_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, double alpha, hetla_data *A, double beta,
                                              hetla_data *C);

/** C := alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H + beta C on the uplo
 *  triangle of the n x n C, beta real; op as in hetla_zherk, A and B of one
 *  shape. The diagonal of C comes out real. */
HETLA_NODISCARD hetla_status hetla_zher2k(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                          hetla_trans trans, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B,
                                          hetla_int ldb, double beta, hetla_zcomplex *C, hetla_int ldc);
/** Task form of hetla_zher2k: C n x n, op(A) and op(B) n x k. */
HETLA_NODISCARD hetla_status hetla_zher2k_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                               hetla_trans trans, hetla_zcomplex alpha, hetla_data *A,
                                               hetla_data *B, double beta, hetla_data *C);

/** B := alpha op(A) B (side HETLA_LEFT, A m x m) or alpha B op(A)
 *  (HETLA_RIGHT, A n x n); A triangular, read from its uplo triangle, its
 *  diagonal taken as ones (and not read) for diag HETLA_UNIT; B m x n. */
HETLA_NODISCARD hetla_status hetla_ztrmm(hetla_context *ctx, hetla_layout layout, hetla_side side, hetla_uplo uplo,
                                         hetla_trans transa, hetla_diag diag, hetla_int m, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                                         hetla_zcomplex *B, hetla_int ldb);
/** Task form of hetla_ztrmm: A square, matching B's rows (left) or columns. */
HETLA_NODISCARD hetla_status hetla_ztrmm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_side side,
                                              hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
                                              hetla_zcomplex alpha, hetla_data *A, hetla_data *B);

/** B := X solving op(A) X = alpha B (side HETLA_LEFT) or X op(A) = alpha B
 *  (HETLA_RIGHT); A as in hetla_ztrmm. A singular A is not detected (the
 *  result then holds Inf or NaN). */
HETLA_NODISCARD hetla_status hetla_ztrsm(hetla_context *ctx, hetla_layout layout, hetla_side side, hetla_uplo uplo,
                                         hetla_trans transa, hetla_diag diag, hetla_int m, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                                         hetla_zcomplex *B, hetla_int ldb);
/** Task form of hetla_ztrsm: A square, matching B's rows (left) or columns. */
HETLA_NODISCARD hetla_status hetla_ztrsm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_side side,
                                              hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
                                              hetla_zcomplex alpha, hetla_data *A, hetla_data *B);

#ifdef __cplusplus
}
#endif
#endif
