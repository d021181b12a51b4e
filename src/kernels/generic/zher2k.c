/* Hermitian rank-2k update (her2k) and, for complex data, the complex
 * symmetric one (syr2k); one triangle of C is written.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

/* The hermitian update is alpha A B^H + conj(alpha) B A^H, the symmetric
 * one alpha A B^T + alpha B A^T (transposed forms alike). Each of the two
 * terms is done as in syrk: column combinations without transposition,
 * unit-stride dot products with it. */
static void zsyr2k_core(bool herm, hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                        hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                        const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                        hetla_zcomplex *C, hetla_int ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    hetla_zcomplex alpha2 = herm ? conj(alpha) : alpha;
    for (hetla_int j = 0; j < n; j++) {
        hetla_int lo, hi;
        hetla__tri_rows(uplo, n, j, &lo, &hi);
        hetla_zcomplex *c = C + j * ldc;
        hetla__zscal_cols(hi - lo, 1, beta, c + lo, ldc);
        if (alpha != 0 && k != 0) {
            if (trans == HETLA_NO_TRANS) {
                hetla__zaxpy_gather(hi - lo, k, A + lo, lda, alpha, B + j, ldb, herm, c + lo);
                hetla__zaxpy_gather(hi - lo, k, B + lo, ldb, alpha2, A + j, lda, herm, c + lo);
            } else {
                const hetla_zcomplex *aj = A + j * lda, *bj = B + j * ldb;
                for (hetla_int i = lo; i < hi; i++) {
                    const hetla_zcomplex *ai = A + i * lda, *bi = B + i * ldb;
                    hetla_zcomplex s1 = 0, s2 = 0;
                    for (hetla_int l = 0; l < k; l++) {
                        s1 += hetla__zconj_if(herm, ai[l]) * bj[l];
                        s2 += hetla__zconj_if(herm, bi[l]) * aj[l];
                    }
                    c[i] += alpha * s1 + alpha2 * s2;
                }
            }
        }
        /* the reference BLAS leaves a real diagonal whenever it does work */
        if (herm)
            c[j] = creal(c[j]);
    }
}

void hetla__generic_zher2k(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                           hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                           const hetla_zcomplex *B, hetla_int ldb, double beta, hetla_zcomplex *C,
                           hetla_int ldc)
{
    zsyr2k_core(true, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

#if defined(COMPLEX)
void hetla__generic_zsyr2k(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                           hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                           const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                           hetla_zcomplex *C, hetla_int ldc)
{
    zsyr2k_core(false, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
#endif
