/* hetla's complex symmetric level-3 BLAS (A^T = A, not hermitian): symm,
 * syrk, syr2k, in their synchronous, task and tiled forms (see blas3_z.h
 * and ztiled.h for what the forms mean). The real symmetric routines are
 * the twins of the hermitian ones.
 * @precisions normal z -> c
 */
#ifndef HETLA_ZBLAS3_COMPLEX_H
#define HETLA_ZBLAS3_COMPLEX_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** C := alpha A B + beta C (side HETLA_LEFT, A m x m) or alpha B A + beta C
 *  (HETLA_RIGHT, A n x n); A complex symmetric, read from its uplo
 *  triangle; B and C m x n. */
HETLA_NODISCARD hetla_status hetla_zsymm(hetla_context *ctx, hetla_layout layout, hetla_side side, hetla_uplo uplo,
                                         hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A,
                                         hetla_int lda, const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                                         hetla_zcomplex *C, hetla_int ldc);
/** Task form of hetla_zsymm: A square, B and C of one shape. */
HETLA_NODISCARD hetla_status hetla_zsymm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_side side,
                                              hetla_uplo uplo, hetla_zcomplex alpha, hetla_data *A, hetla_data *B,
                                              hetla_zcomplex beta, hetla_data *C);
/** hetla_zsymm on tiled matrices (as hetla_zhemm_tiled). */
HETLA_NODISCARD hetla_status hetla_zsymm_tiled(hetla_side side, hetla_uplo uplo, hetla_zcomplex alpha,
                                               hetla_tiled *A, hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C,
                                               hetla_sequence *seq);

/** C := alpha op(A) op(A)^T + beta C on the uplo triangle of the n x n C;
 *  op(A) = A (trans HETLA_NO_TRANS, A n x k) or A^T (HETLA_TRANS, A k x n). */
HETLA_NODISCARD hetla_status hetla_zsyrk(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                                         const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex beta,
                                         hetla_zcomplex *C, hetla_int ldc);
/** Task form of hetla_zsyrk: C n x n, op(A) n x k. */
HETLA_NODISCARD hetla_status hetla_zsyrk_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_zcomplex alpha, hetla_data *A,
                                              hetla_zcomplex beta, hetla_data *C);
/** hetla_zsyrk on tiled matrices (as hetla_zherk_tiled). */
HETLA_NODISCARD hetla_status hetla_zsyrk_tiled(hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha,
                                               hetla_tiled *A, hetla_zcomplex beta, hetla_tiled *C,
                                               hetla_sequence *seq);

/** C := alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C on the uplo triangle
 *  of the n x n C; op as in hetla_zsyrk, A and B of one shape. */
HETLA_NODISCARD hetla_status hetla_zsyr2k(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                          hetla_trans trans, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B,
                                          hetla_int ldb, hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc);
/** Task form of hetla_zsyr2k: C n x n, op(A) and op(B) n x k. */
HETLA_NODISCARD hetla_status hetla_zsyr2k_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                               hetla_trans trans, hetla_zcomplex alpha, hetla_data *A,
                                               hetla_data *B, hetla_zcomplex beta, hetla_data *C);
/** hetla_zsyr2k on tiled matrices (as hetla_zher2k_tiled). */
HETLA_NODISCARD hetla_status hetla_zsyr2k_tiled(hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha,
                                                hetla_tiled *A, hetla_tiled *B, hetla_zcomplex beta,
                                                hetla_tiled *C, hetla_sequence *seq);

#ifdef __cplusplus
}
#endif
#endif
