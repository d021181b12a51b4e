/* Helpers of the BLAS tests for one precision, written for z: random and
 * NaN-poisoned operands, strided vectors, band and packed encodings of a
 * dense triangle, naive reference products and residuals.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_TEST_UTIL_PRECISION_z_H
#define HETLA_TEST_UTIL_PRECISION_z_H

#include <cblas.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "generic.h"
#include "testing.h"

/* CBLAS takes complex scalars by address and real ones by value; a test
 * source says `#define COMPLEX` before including this header. */
#if defined(COMPLEX)
#define CB(x) (&(x))
#else
#define CB(x) (x)
#endif

/* hetla's option enums have CBLAS's values. */
#define CB_TRANS(t) ((enum CBLAS_TRANSPOSE)(t))
#define CB_UPLO(u) ((enum CBLAS_UPLO)(u))
#define CB_DIAG(d) ((enum CBLAS_DIAG)(d))
#define CB_SIDE(s) ((enum CBLAS_SIDE)(s))

/* The tests of this precision (the driver's table lists them all). */
test_fn test_zdrot, test_zswap, test_zscal, test_zcopy, test_zaxpy, test_zdotc, test_dznrm2,
    test_dzasum, test_izamax;
test_fn test_zgemv, test_zgbmv, test_zhemv, test_zhbmv, test_zhpmv, test_ztrmv, test_ztbmv,
    test_ztpmv, test_ztrsv, test_ztbsv, test_ztpsv, test_zgerc, test_zher, test_zhpr, test_zher2,
    test_zhpr2;
test_fn test_zgemm, test_zhemm, test_zherk, test_zher2k, test_ztrmm, test_ztrsm;
#if defined(COMPLEX)
test_fn test_zrotg, test_zdscal, test_zdotu, test_zgeru, test_zsymm, test_zsyrk, test_zsyr2k;
#endif

test_real ztest_eps(void);
hetla_zcomplex ztest_rand(void);
hetla_zcomplex ztest_nan(void);
/** |re| + |im| in the working precision, as i?amax and ?asum rank entries. */
double ztest_abs1(hetla_zcomplex x);
char ztest_trans_char(hetla_trans t);

/* Arrays live in the test arena (test_alloc) until test_free_all(). */
hetla_zcomplex *ztest_nans(size_t len);
/** Overwrites len entries with NaN: what alpha = 0 must leave unread. */
void ztest_fill_nan(hetla_zcomplex *a, size_t len);
hetla_zcomplex *ztest_copy(const hetla_zcomplex *a, size_t len);
/** Random m-by-n matrix in an ld-by-n array whose padding rows are NaN
 *  (plus one NaN entry, so the array is never empty). */
hetla_zcomplex *ztest_matrix(hetla_int m, hetla_int n, hetla_int ld);
/** Like ztest_matrix, but the triangle opposite uplo is NaN too. */
hetla_zcomplex *ztest_triangle(hetla_uplo uplo, hetla_int n, hetla_int ld);
/** Makes a triangle well conditioned for solves: small off-diagonal
 *  entries, diagonal of modulus about 1 to 2. */
void ztest_condition(hetla_uplo uplo, hetla_int n, hetla_zcomplex *A, hetla_int ld);

/* Vectors of n logical entries with increment inc: storage length, a
 * random vector with NaN between the entries, and conversion to and from
 * a dense (logical order) copy. */
size_t ztest_vlen(hetla_int n, hetla_int inc);
hetla_zcomplex *ztest_vector(hetla_int n, hetla_int inc);
hetla_zcomplex *ztest_gather(hetla_int n, const hetla_zcomplex *x, hetla_int inc);
void ztest_scatter(hetla_int n, const hetla_zcomplex *v, hetla_zcomplex *x, hetla_int inc);

/* Dense n-by-n (m-by-n) matrices built from stored ones, all with ld = rows. */
hetla_zcomplex *ztest_op(hetla_trans t, hetla_int m, hetla_int n, const hetla_zcomplex *A,
                         hetla_int lda);
hetla_zcomplex *ztest_full_tri(hetla_uplo uplo, hetla_diag diag, hetla_int n,
                               const hetla_zcomplex *A, hetla_int lda);
/** The full matrix of a stored triangle: hermitian (mirror conjugated,
 *  diagonal real) or symmetric. */
hetla_zcomplex *ztest_full_sym(bool herm, hetla_uplo uplo, hetla_int n, const hetla_zcomplex *A,
                               hetla_int lda);

/* Band and packed encodings of the triangle uplo of A (full storage).
 * The band encoding zeroes A outside the band first, so A stays the dense
 * truth of what the band holds; unused band slots are NaN. */
hetla_zcomplex *ztest_to_band(hetla_uplo uplo, hetla_int n, hetla_int k, hetla_zcomplex *A,
                              hetla_int lda, hetla_int ldab);
hetla_zcomplex *ztest_to_gband(hetla_int m, hetla_int n, hetla_int kl, hetla_int ku,
                               hetla_zcomplex *A, hetla_int lda, hetla_int ldab);
hetla_zcomplex *ztest_to_packed(hetla_uplo uplo, hetla_int n, const hetla_zcomplex *A,
                                hetla_int lda);

/** C := alpha A B + beta C0 by naive dot products (alpha = 0: A, B unread;
 *  beta = 0: C0 unread);
 *  A m-by-k, B k-by-n, dense; C and C0 with ldc. */
void ztest_gemm(hetla_int m, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                const hetla_zcomplex *A, const hetla_zcomplex *B, hetla_zcomplex beta,
                const hetla_zcomplex *C0, hetla_zcomplex *C, hetla_int ldc);

/** Frobenius norm of an m-by-n matrix, NaN (poison) entries skipped. */
test_real ztest_norm(hetla_int m, hetla_int n, const hetla_zcomplex *A, hetla_int ld);
test_real ztest_vnorm(hetla_int n, const hetla_zcomplex *x, hetla_int inc);
/** ||got - want||_F / (scale * eps) over len entries; entries NaN in both
 *  agree, NaN in one gives infinity; 0 when equal even if scale is 0. */
test_real ztest_resid(size_t len, const hetla_zcomplex *got, const hetla_zcomplex *want,
                      test_real scale);

#endif
