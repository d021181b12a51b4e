/* The column updates and scalings the level-2 and level-3 GENERIC kernels
 * spend their time in.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

/* Columns are taken four (real) or two (complex) at a time so that each
 * load and store of y serves several multiply-adds. Complex data is worked
 * on as interleaved real pairs: C's complex multiply must check its result
 * for NaN (Annex G), which stops compilers from vectorising the loop. */
#if defined(COMPLEX)
void hetla__zaxpy_cols(hetla_int m, hetla_int k, const hetla_zcomplex *restrict A, hetla_int lda,
                       const hetla_zcomplex *restrict b, hetla_zcomplex *restrict y)
{
    double *restrict yr = (double *)y;
    const double *br = (const double *)b;
    hetla_int q = 0;
    for (; q + 2 <= k; q += 2) {
        const double *a0 = (const double *)(A + q * lda), *a1 = (const double *)(A + (q + 1) * lda);
        const double b0r = br[2 * q], b0i = br[2 * q + 1];
        const double b1r = br[2 * q + 2], b1i = br[2 * q + 3];
        for (hetla_int i = 0; i < 2 * m; i += 2) {
            yr[i] += b0r * a0[i] - b0i * a0[i + 1] + b1r * a1[i] - b1i * a1[i + 1];
            yr[i + 1] += b0r * a0[i + 1] + b0i * a0[i] + b1r * a1[i + 1] + b1i * a1[i];
        }
    }
    for (; q < k; q++) {
        const double *a0 = (const double *)(A + q * lda);
        const double b0r = br[2 * q], b0i = br[2 * q + 1];
        for (hetla_int i = 0; i < 2 * m; i += 2) {
            yr[i] += b0r * a0[i] - b0i * a0[i + 1];
            yr[i + 1] += b0r * a0[i + 1] + b0i * a0[i];
        }
    }
}
#else
void hetla__zaxpy_cols(hetla_int m, hetla_int k, const hetla_zcomplex *restrict A, hetla_int lda,
                       const hetla_zcomplex *restrict b, hetla_zcomplex *restrict y)
{
    hetla_int q = 0;
    for (; q + 4 <= k; q += 4) {
        const hetla_zcomplex *a0 = A + q * lda, *a1 = a0 + lda, *a2 = a1 + lda, *a3 = a2 + lda;
        const hetla_zcomplex b0 = b[q], b1 = b[q + 1], b2 = b[q + 2], b3 = b[q + 3];
        for (hetla_int i = 0; i < m; i++)
            y[i] += b0 * a0[i] + b1 * a1[i] + b2 * a2[i] + b3 * a3[i];
    }
    for (; q < k; q++) {
        const hetla_zcomplex *a0 = A + q * lda, b0 = b[q];
        for (hetla_int i = 0; i < m; i++)
            y[i] += b0 * a0[i];
    }
}
#endif

void hetla__zaxpy_gather(hetla_int m, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                         hetla_zcomplex alpha, const hetla_zcomplex *a, hetla_int inca, bool conja,
                         hetla_zcomplex *y)
{
    /* The coefficients go through a small buffer so the column update runs
     * on unit-stride data whatever a's stride and conjugation. */
    enum { CHUNK = 64 };
    hetla_zcomplex b[CHUNK];
    for (hetla_int q0 = 0; q0 < k; q0 += CHUNK) {
        hetla_int kb = hetla__imin(CHUNK, k - q0);
        for (hetla_int q = 0; q < kb; q++)
            b[q] = alpha * hetla__zconj_if(conja, a[(q0 + q) * inca]);
        hetla__zaxpy_cols(m, kb, A + q0 * lda, lda, b, y);
    }
}

void hetla__zscal_cols(hetla_int m, hetla_int n, hetla_zcomplex beta, hetla_zcomplex *C,
                       hetla_int ldc)
{
    if (beta == 1)
        return;
    for (hetla_int j = 0; j < n; j++) {
        hetla_zcomplex *c = C + j * ldc;
        if (beta == 0)
            for (hetla_int i = 0; i < m; i++)
                c[i] = 0;
        else
            for (hetla_int i = 0; i < m; i++)
                c[i] *= beta;
    }
}

void hetla__zscal_beta(hetla_int n, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    /* Every element is scaled alike, so the walk order does not matter. */
    hetla_int step = incy < 0 ? -incy : incy;
    if (beta == 1)
        return;
    for (hetla_int i = 0; i < n; i++)
        y[i * step] = beta == 0 ? 0 : beta * y[i * step];
}
