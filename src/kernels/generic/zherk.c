/* Hermitian rank-k update (herk) and, for complex data, the complex
 * symmetric one (syrk); one triangle of C is written.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

/* Without transposition column j of C is a combination of the columns of
 * A (column-oriented); with it each entry is a dot product of two columns
 * of A, both unit stride. */
static void zsyrk_core(bool herm, hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                       hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                       hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    for (hetla_int j = 0; j < n; j++) {
        hetla_int lo, hi;
        hetla__tri_rows(uplo, n, j, &lo, &hi);
        hetla_zcomplex *c = C + j * ldc;
        hetla__zscal_cols(hi - lo, 1, beta, c + lo, ldc);
        if (alpha != 0 && k != 0) {
            if (trans == HETLA_NO_TRANS) {
                hetla__zaxpy_gather(hi - lo, k, A + lo, lda, alpha, A + j, lda, herm, c + lo);
            } else {
                const hetla_zcomplex *aj = A + j * lda;
                for (hetla_int i = lo; i < hi; i++) {
                    const hetla_zcomplex *ai = A + i * lda;
                    hetla_zcomplex sum = 0;
                    for (hetla_int l = 0; l < k; l++)
                        sum += hetla__zconj_if(herm, ai[l]) * aj[l];
                    c[i] += alpha * sum;
                }
            }
        }
        /* the reference BLAS leaves a real diagonal whenever it does work */
        if (herm)
            c[j] = creal(c[j]);
    }
}

void hetla__generic_zherk(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                          double alpha, const hetla_zcomplex *A, hetla_int lda, double beta,
                          hetla_zcomplex *C, hetla_int ldc)
{
    zsyrk_core(true, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);
}

#if defined(COMPLEX)
void hetla__generic_zsyrk(hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    zsyrk_core(false, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);
}
#endif
