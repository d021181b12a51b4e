/* Prototypes of the GENERIC kernels that exist in all four precisions,
 * written for z; include generic.h rather than this file.
 * In the real twins the hermitian routines take the symmetric names, the
 * conjugated dot and rank-1 update the plain ones, and conjugation vanishes.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_GENERIC_PRECISION_z_H
#define HETLA_GENERIC_PRECISION_z_H

/* ---- level 1 ---- */

/** Plane rotation with real c, s: (x_i, y_i) := (c x_i + s y_i, c y_i - s x_i). */
void hetla__generic_zdrot(hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                          hetla_int incy, double c, double s);
/** x <-> y */
void hetla__generic_zswap(hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                          hetla_int incy);
/** x := alpha x; no-op for incx <= 0 */
void hetla__generic_zscal(hetla_int n, hetla_zcomplex alpha, hetla_zcomplex *x, hetla_int incx);
/** y := x */
void hetla__generic_zcopy(hetla_int n, const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                          hetla_int incy);
/** y := alpha x + y */
void hetla__generic_zaxpy(hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex *y, hetla_int incy);
/** @return sum_i conj(x_i) y_i */
hetla_zcomplex hetla__generic_zdotc(hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                    const hetla_zcomplex *y, hetla_int incy);
/** @return ||x||_2 without spurious overflow or underflow; any incx */
double hetla__generic_dznrm2(hetla_int n, const hetla_zcomplex *x, hetla_int incx);
/** @return sum_i |re x_i| + |im x_i|; 0 for incx <= 0 */
double hetla__generic_dzasum(hetla_int n, const hetla_zcomplex *x, hetla_int incx);
/** @return 0-based index of the first i maximising |re x_i| + |im x_i|;
 *  0 for n <= 0 or incx <= 0 */
hetla_int hetla__generic_izamax(hetla_int n, const hetla_zcomplex *x, hetla_int incx);

/* ---- level 2 ---- */

/** y := alpha op(A) x + beta y, A m-by-n */
void hetla__generic_zgemv(hetla_trans trans, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);
/** y := alpha op(A) x + beta y, A m-by-n band with kl sub-, ku superdiagonals,
 *  A(i,j) stored at A[ku+i-j + j*lda] */
void hetla__generic_zgbmv(hetla_trans trans, hetla_int m, hetla_int n, hetla_int kl, hetla_int ku,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                          hetla_zcomplex *y, hetla_int incy);
/** y := alpha A x + beta y, A hermitian, one triangle read (imaginary parts
 *  of the diagonal are taken as zero) */
void hetla__generic_zhemv(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);
/** y := alpha A x + beta y, A hermitian band with k off-diagonals; upper:
 *  A(i,j) at A[k+i-j + j*lda], lower: A(i,j) at A[i-j + j*lda] */
void hetla__generic_zhbmv(hetla_uplo uplo, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);
/** y := alpha A x + beta y, A hermitian packed column by column */
void hetla__generic_zhpmv(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *Ap, const hetla_zcomplex *x, hetla_int incx,
                          hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);
/** x := op(A) x, A triangular */
void hetla__generic_ztrmv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                          hetla_int incx);
/** x := op(A) x, A triangular band with k off-diagonals (storage as hbmv) */
void hetla__generic_ztbmv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          hetla_int k, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                          hetla_int incx);
/** x := op(A) x, A triangular packed */
void hetla__generic_ztpmv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *Ap, hetla_zcomplex *x, hetla_int incx);
/** x := op(A)^-1 x, A triangular; no test for singularity */
void hetla__generic_ztrsv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                          hetla_int incx);
/** x := op(A)^-1 x, A triangular band */
void hetla__generic_ztbsv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          hetla_int k, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                          hetla_int incx);
/** x := op(A)^-1 x, A triangular packed */
void hetla__generic_ztpsv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *Ap, hetla_zcomplex *x, hetla_int incx);
/** A := alpha x y^H + A, A m-by-n */
void hetla__generic_zgerc(hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                          hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                          hetla_zcomplex *A, hetla_int lda);
/** A := alpha x x^H + A, A hermitian, one triangle written, real alpha */
void hetla__generic_zher(hetla_uplo uplo, hetla_int n, double alpha, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex *A, hetla_int lda);
/** A := alpha x x^H + A, A hermitian packed, real alpha */
void hetla__generic_zhpr(hetla_uplo uplo, hetla_int n, double alpha, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex *Ap);
/** A := alpha x y^H + conj(alpha) y x^H + A, A hermitian, one triangle written */
void hetla__generic_zher2(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y,
                          hetla_int incy, hetla_zcomplex *A, hetla_int lda);
/** A := alpha x y^H + conj(alpha) y x^H + A, A hermitian packed */
void hetla__generic_zhpr2(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y,
                          hetla_int incy, hetla_zcomplex *Ap);

/* ---- level 3 ---- */

/** C := alpha op(A) op(B) + beta C, C m-by-n, k the inner dimension */
void hetla__generic_zgemm(hetla_trans transa, hetla_trans transb, hetla_int m, hetla_int n,
                          hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                          hetla_zcomplex *C, hetla_int ldc);
/** C := alpha A B + beta C (side left) or alpha B A + beta C (right),
 *  A hermitian, one triangle read */
void hetla__generic_zhemm(hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                          hetla_zcomplex *C, hetla_int ldc);
/** C := alpha A A^H + beta C (no trans) or alpha A^H A + beta C, one
 *  triangle of the n-by-n C written, real alpha and beta */
void hetla__generic_zherk(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                          double alpha, const hetla_zcomplex *A, hetla_int lda, double beta,
                          hetla_zcomplex *C, hetla_int ldc);
/** C := alpha A B^H + conj(alpha) B A^H + beta C (no trans) or
 *  alpha A^H B + conj(alpha) B^H A + beta C, one triangle written, real beta */
void hetla__generic_zher2k(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                           hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                           const hetla_zcomplex *B, hetla_int ldb, double beta, hetla_zcomplex *C,
                           hetla_int ldc);
/** B := alpha op(A) B (side left) or alpha B op(A) (right), A triangular */
void hetla__generic_ztrmm(hetla_side side, hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
                          hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A,
                          hetla_int lda, hetla_zcomplex *B, hetla_int ldb);
/** B := alpha op(A)^-1 B (side left) or alpha B op(A)^-1 (right), A triangular */
void hetla__generic_ztrsm(hetla_side side, hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
                          hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A,
                          hetla_int lda, hetla_zcomplex *B, hetla_int ldb);

/* ---- helpers the kernels share (zleaf.c); not part of the BLAS ---- */

/** y[0:m] += A(:,0:k) b, unit strides, y not overlapping A or b. */
void hetla__zaxpy_cols(hetla_int m, hetla_int k, const hetla_zcomplex *restrict A, hetla_int lda,
                       const hetla_zcomplex *restrict b, hetla_zcomplex *restrict y);
/** y[0:m] += sum_q A(:,q) alpha conj_if(conja, a[q*inca]), q < k. */
void hetla__zaxpy_gather(hetla_int m, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                         hetla_zcomplex alpha, const hetla_zcomplex *a, hetla_int inca, bool conja,
                         hetla_zcomplex *y);
/** C := beta C for an m-by-n C; beta = 0 writes zeros without reading C. */
void hetla__zscal_cols(hetla_int m, hetla_int n, hetla_zcomplex beta, hetla_zcomplex *C,
                       hetla_int ldc);
/** y := beta y for a vector of any non-zero increment; beta = 0 writes zeros. */
void hetla__zscal_beta(hetla_int n, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy);

#endif
