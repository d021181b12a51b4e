/* General matrix-vector products, full (gemv) and band (gbmv) storage.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* A general m-by-n matrix whose column j holds rows first..last at
 * A[off(j) + i], off(j) = j*lda + shift - j*band: full storage has
 * shift = band = 0, kl = m-1, ku = n-1; band storage has shift = ku,
 * band = 1. */
typedef struct {
    hetla_int m, n, kl, ku, lda, shift, band;
} zgeneral;

static void zgemv_core(const zgeneral *g, hetla_trans trans, hetla_zcomplex alpha,
                       const hetla_zcomplex *A, const hetla_zcomplex *x, hetla_int incx,
                       hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    bool notrans = trans == HETLA_NO_TRANS, cj = trans == HETLA_CONJ_TRANS;
    hetla_int leny = notrans ? g->m : g->n, lenx = notrans ? g->n : g->m;
    if (g->m == 0 || g->n == 0 || (alpha == 0 && beta == 1))
        return;
    hetla__zscal_beta(leny, beta, y, incy);
    if (alpha == 0)
        return;
    hetla_int kx = hetla__vstart(lenx, incx), ky = hetla__vstart(leny, incy);
    for (hetla_int j = 0; j < g->n; j++) {
        const hetla_zcomplex *a = A + j * g->lda + g->shift - j * g->band;
        hetla_int first = hetla__imax(0, j - g->ku), last = hetla__imin(g->m - 1, j + g->kl);
        if (notrans) {
            hetla_zcomplex t = alpha * x[kx + j * incx];
            for (hetla_int i = first; i <= last; i++)
                y[ky + i * incy] += t * a[i];
        } else {
            hetla_zcomplex t = 0;
            for (hetla_int i = first; i <= last; i++)
                t += hetla__zconj_if(cj, a[i]) * x[kx + i * incx];
            y[ky + j * incy] += alpha * t;
        }
    }
}

void hetla__generic_zgemv(hetla_trans trans, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    /* The common case y += A x on a unit-stride y runs on the column
     * update leaf, several columns per pass over y. */
    if (trans == HETLA_NO_TRANS && incy == 1 && m > 0 && n > 0 && alpha != 0) {
        hetla__zscal_beta(m, beta, y, 1);
        hetla__zaxpy_gather(m, n, A, lda, alpha, x + hetla__vstart(n, incx), incx, false, y);
        return;
    }
    zgeneral g = {.m = m, .n = n, .kl = m - 1, .ku = n - 1, .lda = lda};
    zgemv_core(&g, trans, alpha, A, x, incx, beta, y, incy);
}

void hetla__generic_zgbmv(hetla_trans trans, hetla_int m, hetla_int n, hetla_int kl, hetla_int ku,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                          hetla_zcomplex *y, hetla_int incy)
{
    zgeneral g = {.m = m, .n = n, .kl = kl, .ku = ku, .lda = lda, .shift = ku, .band = 1};
    zgemv_core(&g, trans, alpha, A, x, incx, beta, y, incy);
}
