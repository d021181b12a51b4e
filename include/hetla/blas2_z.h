/* hetla's level-2 BLAS, written for z (the build generates s, d and c; the
 * real twins of the hermitian routines carry the symmetric names: zhemv ->
 * dsymv, zher -> dsyr, zgerc -> dger). See blas3_z.h for the two forms of a
 * routine; here, in short:
 * - hetla_zROUTINE(ctx, layout, ...): CBLAS's arguments after the context,
 *   on host arrays, row- or column-major; argument errors name the
 *   argument, its position counting ctx as 1. Increments may be negative
 *   (the vector is then walked from its far end), never zero.
 * - hetla_zROUTINE_task(ctx, opts, ...): on column-major data handles, sizes
 *   read from them. A vector is an n x 1 handle or a 1 x n one whose ld is
 *   the increment; a band matrix with b bands above or below the diagonal
 *   is a (b + 1) x n handle or taller; a packed matrix is an n(n+1)/2 x 1
 *   handle.
 * Band storage (column-major) keeps A(i,j) at A[ku+i-j + j*lda] for gbmv;
 * for one triangle of k off-diagonals, at A[k+i-j + j*lda] (upper) or
 * A[i-j + j*lda] (lower). Packed storage keeps one triangle column by
 * column. Row-major band and packed storage are those of A^T.
 *
 * @precisions normal z -> s d c
 */
#ifndef HETLA_BLAS2_Z_H
#define HETLA_BLAS2_Z_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- matrix-vector products ---- */

/** y := alpha op(A) x + beta y, A m x n; op(A) = A, A^T or A^H. With
 *  beta = 0, y is not read. */
HETLA_NODISCARD hetla_status hetla_zgemv(hetla_context *ctx, hetla_layout layout, hetla_trans trans, hetla_int m,
                                         hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                                         const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                                         hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zgemv: A an m x n handle. */
HETLA_NODISCARD hetla_status hetla_zgemv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_trans trans,
                                              hetla_zcomplex alpha, hetla_data *A, hetla_data *x,
                                              hetla_zcomplex beta, hetla_data *y);

/** y := alpha op(A) x + beta y, A an m x n band with kl sub- and ku
 *  superdiagonals, lda >= kl + ku + 1. */
HETLA_NODISCARD hetla_status hetla_zgbmv(hetla_context *ctx, hetla_layout layout, hetla_trans trans, hetla_int m,
                                         hetla_int n, hetla_int kl, hetla_int ku, hetla_zcomplex alpha,
                                         const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                                         hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zgbmv: A a (kl + ku + 1) x n handle; m is the length
 *  of y (of x for op(A) = A^T or A^H). */
HETLA_NODISCARD hetla_status hetla_zgbmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_trans trans,
                                              hetla_int kl, hetla_int ku, hetla_zcomplex alpha, hetla_data *A,
                                              hetla_data *x, hetla_zcomplex beta, hetla_data *y);

/** y := alpha A x + beta y, A n x n hermitian (symmetric in the real
 *  twins), read from its uplo triangle; the imaginary parts of its
 *  diagonal are taken as zero. */
HETLA_NODISCARD hetla_status hetla_zhemv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                                         const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                                         hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zhemv: A an n x n handle. */
HETLA_NODISCARD hetla_status hetla_zhemv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_zcomplex alpha, hetla_data *A, hetla_data *x,
                                              hetla_zcomplex beta, hetla_data *y);

/** y := alpha A x + beta y, A n x n hermitian band with k off-diagonals,
 *  its uplo triangle stored, lda >= k + 1. */
HETLA_NODISCARD hetla_status hetla_zhbmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                         hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                                         const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                                         hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zhbmv: A a (k + 1) x n handle. */
HETLA_NODISCARD hetla_status hetla_zhbmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_int k, hetla_zcomplex alpha, hetla_data *A, hetla_data *x,
                                              hetla_zcomplex beta, hetla_data *y);

/** y := alpha A x + beta y, A n x n hermitian, its uplo triangle packed in
 *  Ap (n(n+1)/2 entries). */
HETLA_NODISCARD hetla_status hetla_zhpmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *Ap, const hetla_zcomplex *x,
                                         hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zhpmv: Ap an n(n+1)/2 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_zhpmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_zcomplex alpha, hetla_data *Ap, hetla_data *x,
                                              hetla_zcomplex beta, hetla_data *y);

/* ---- triangular products and solves ---- */

/** x := op(A) x, A n x n triangular (uplo), unit diagonal if diag says so
 *  (then not read). */
HETLA_NODISCARD hetla_status hetla_ztrmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_diag diag, hetla_int n, const hetla_zcomplex *A,
                                         hetla_int lda, hetla_zcomplex *x, hetla_int incx);
/** Task form of hetla_ztrmv: A an n x n handle. */
HETLA_NODISCARD hetla_status hetla_ztrmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_diag diag, hetla_data *A, hetla_data *x);

/** x := op(A) x, A n x n triangular band with k off-diagonals, lda >= k + 1. */
HETLA_NODISCARD hetla_status hetla_ztbmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_diag diag, hetla_int n, hetla_int k,
                                         const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x, hetla_int incx);
/** Task form of hetla_ztbmv: A a (k + 1) x n handle. */
HETLA_NODISCARD hetla_status hetla_ztbmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_diag diag, hetla_int k, hetla_data *A,
                                              hetla_data *x);

/** x := op(A) x, A n x n triangular, packed in Ap. */
HETLA_NODISCARD hetla_status hetla_ztpmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_diag diag, hetla_int n, const hetla_zcomplex *Ap,
                                         hetla_zcomplex *x, hetla_int incx);
/** Task form of hetla_ztpmv: Ap an n(n+1)/2 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_ztpmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_diag diag, hetla_data *Ap, hetla_data *x);

/** x := op(A)^-1 x, A n x n triangular; no test for singularity (a zero
 *  on the diagonal gives Inf or NaN). */
HETLA_NODISCARD hetla_status hetla_ztrsv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_diag diag, hetla_int n, const hetla_zcomplex *A,
                                         hetla_int lda, hetla_zcomplex *x, hetla_int incx);
/** Task form of hetla_ztrsv: A an n x n handle. */
HETLA_NODISCARD hetla_status hetla_ztrsv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_diag diag, hetla_data *A, hetla_data *x);

/** x := op(A)^-1 x, A n x n triangular band with k off-diagonals. */
HETLA_NODISCARD hetla_status hetla_ztbsv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_diag diag, hetla_int n, hetla_int k,
                                         const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x, hetla_int incx);
/** Task form of hetla_ztbsv: A a (k + 1) x n handle. */
HETLA_NODISCARD hetla_status hetla_ztbsv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_diag diag, hetla_int k, hetla_data *A,
                                              hetla_data *x);

/** x := op(A)^-1 x, A n x n triangular, packed in Ap. */
HETLA_NODISCARD hetla_status hetla_ztpsv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo,
                                         hetla_trans trans, hetla_diag diag, hetla_int n, const hetla_zcomplex *Ap,
                                         hetla_zcomplex *x, hetla_int incx);
/** Task form of hetla_ztpsv: Ap an n(n+1)/2 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_ztpsv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_trans trans, hetla_diag diag, hetla_data *Ap, hetla_data *x);

/* ---- rank-1 and rank-2 updates ---- */

/** A := alpha x y^H + A, A m x n (the real twins, sger and dger:
 *  A := alpha x y^T + A). */
HETLA_NODISCARD hetla_status hetla_zgerc(hetla_context *ctx, hetla_layout layout, hetla_int m, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *x, hetla_int incx,
                                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *A, hetla_int lda);
/** Task form of hetla_zgerc: A an m x n handle, x of m entries, y of n. */
HETLA_NODISCARD hetla_status hetla_zgerc_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha,
                                              hetla_data *x, hetla_data *y, hetla_data *A);

/** A := alpha x x^H + A, A n x n hermitian, alpha real; only the uplo
 *  triangle is written, the imaginary parts of its diagonal set to zero. */
HETLA_NODISCARD hetla_status hetla_zher(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                        double alpha, const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *A,
                                        hetla_int lda);
/** Task form of hetla_zher: A an n x n handle. */
HETLA_NODISCARD hetla_status hetla_zher_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                             double alpha, hetla_data *x, hetla_data *A);

/** A := alpha x x^H + A, A n x n hermitian, packed in Ap, alpha real. */
HETLA_NODISCARD hetla_status hetla_zhpr(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                        double alpha, const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *Ap);
/** Task form of hetla_zhpr: Ap an n(n+1)/2 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_zhpr_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                             double alpha, hetla_data *x, hetla_data *Ap);

/** A := alpha x y^H + conj(alpha) y x^H + A, A n x n hermitian; only the
 *  uplo triangle is written. */
HETLA_NODISCARD hetla_status hetla_zher2(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *x, hetla_int incx,
                                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *A, hetla_int lda);
/** Task form of hetla_zher2: A an n x n handle. */
HETLA_NODISCARD hetla_status hetla_zher2_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_zcomplex alpha, hetla_data *x, hetla_data *y, hetla_data *A);

/** A := alpha x y^H + conj(alpha) y x^H + A, A n x n hermitian, packed in
 *  Ap. */
HETLA_NODISCARD hetla_status hetla_zhpr2(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *x, hetla_int incx,
                                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *Ap);
/** Task form of hetla_zhpr2: Ap an n(n+1)/2 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_zhpr2_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo,
                                              hetla_zcomplex alpha, hetla_data *x, hetla_data *y, hetla_data *Ap);

#ifdef __cplusplus
}
#endif
#endif
