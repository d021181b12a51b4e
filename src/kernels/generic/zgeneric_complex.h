/* Prototypes of the GENERIC kernels that exist only for complex data,
 * written for z; include generic.h rather than this file.
 * @precisions normal z -> c
 */
#ifndef HETLA_GENERIC_COMPLEX_ONLY_PRECISION_z_H
#define HETLA_GENERIC_COMPLEX_ONLY_PRECISION_z_H

/** Complex Givens rotation: on return c (real) and s satisfy
 *  [c s; -conj(s) c] [a; b] = [r; 0], and *a holds r. */
void hetla__generic_zrotg(hetla_zcomplex *a, hetla_zcomplex b, double *c, hetla_zcomplex *s);
/** x := alpha x with real alpha; no-op for incx <= 0 */
void hetla__generic_zdscal(hetla_int n, double alpha, hetla_zcomplex *x, hetla_int incx);
/** @return sum_i x_i y_i (no conjugation) */
hetla_zcomplex hetla__generic_zdotu(hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                    const hetla_zcomplex *y, hetla_int incy);
/** A := alpha x y^T + A, A m-by-n */
void hetla__generic_zgeru(hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                          hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                          hetla_zcomplex *A, hetla_int lda);
/** C := alpha A B + beta C (side left) or alpha B A + beta C (right),
 *  A complex symmetric (not hermitian), one triangle read */
void hetla__generic_zsymm(hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                          hetla_zcomplex *C, hetla_int ldc);
/** C := alpha A A^T + beta C (no trans) or alpha A^T A + beta C, one
 *  triangle of C written */
void hetla__generic_zsyrk(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc);
/** C := alpha (A B^T + B A^T) + beta C (no trans) or alpha (A^T B + B^T A) + beta C */
void hetla__generic_zsyr2k(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                           hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                           const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                           hetla_zcomplex *C, hetla_int ldc);

#endif
