/* Hermitian matrix-vector products: full (hemv), band (hbmv) and packed
 * (hpmv) storage of one triangle.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* Each stored column j gives its entries to y (the stored triangle) and,
 * conjugated, takes a dot product for y_j (the mirrored one), so the
 * triangle is read once and with unit stride. */
static void zhemv_core(const hetla__tri *t, hetla_zcomplex alpha, const hetla_zcomplex *A,
                       const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                       hetla_zcomplex *y, hetla_int incy)
{
    if (t->n == 0 || (alpha == 0 && beta == 1))
        return;
    hetla__zscal_beta(t->n, beta, y, incy);
    if (alpha == 0)
        return;
    hetla_int kx = hetla__vstart(t->n, incx), ky = hetla__vstart(t->n, incy);
    for (hetla_int j = 0; j < t->n; j++) {
        const hetla_zcomplex *a = A + hetla__tri_col(t, j);
        hetla_zcomplex t1 = alpha * x[kx + j * incx], t2 = 0;
        hetla_int lo, hi;
        hetla__tri_offdiag(t, j, &lo, &hi);
        for (hetla_int i = lo; i <= hi; i++) {
            y[ky + i * incy] += t1 * a[i];
            t2 += conj(a[i]) * x[kx + i * incx];
        }
        /* the imaginary part of a hermitian diagonal is zero by definition */
        y[ky + j * incy] += t1 * creal(a[j]) + alpha * t2;
    }
}

void hetla__generic_zhemv(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    hetla__tri t = {HETLA__FULL, uplo, n, n - 1, lda};
    zhemv_core(&t, alpha, A, x, incx, beta, y, incy);
}

void hetla__generic_zhbmv(hetla_uplo uplo, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    hetla__tri t = {HETLA__BAND, uplo, n, k, lda};
    zhemv_core(&t, alpha, A, x, incx, beta, y, incy);
}

void hetla__generic_zhpmv(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *Ap, const hetla_zcomplex *x, hetla_int incx,
                          hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    hetla__tri t = {HETLA__PACKED, uplo, n, n - 1, 0};
    zhemv_core(&t, alpha, Ap, x, incx, beta, y, incy);
}
