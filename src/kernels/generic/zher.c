/* Hermitian rank-1 updates: full (her) and packed (hpr) storage.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* A := alpha x x^H + A on the stored triangle; the diagonal comes out
 * real, its old imaginary part dropped, as in the reference BLAS. */
static void zher_core(const hetla__tri *t, double alpha, const hetla_zcomplex *x, hetla_int incx,
                      hetla_zcomplex *A)
{
    if (t->n == 0 || alpha == 0)
        return;
    hetla_int kx = hetla__vstart(t->n, incx);
    for (hetla_int j = 0; j < t->n; j++) {
        hetla_zcomplex *a = A + hetla__tri_col(t, j);
        hetla_zcomplex xj = x[kx + j * incx], s = alpha * conj(xj);
        hetla_int lo, hi;
        hetla__tri_offdiag(t, j, &lo, &hi);
        for (hetla_int i = lo; i <= hi; i++)
            a[i] += x[kx + i * incx] * s;
        a[j] = creal(a[j]) + creal(xj * s);
    }
}

void hetla__generic_zher(hetla_uplo uplo, hetla_int n, double alpha, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex *A, hetla_int lda)
{
    hetla__tri t = {HETLA__FULL, uplo, n, n - 1, lda};
    zher_core(&t, alpha, x, incx, A);
}

void hetla__generic_zhpr(hetla_uplo uplo, hetla_int n, double alpha, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex *Ap)
{
    hetla__tri t = {HETLA__PACKED, uplo, n, n - 1, 0};
    zher_core(&t, alpha, x, incx, Ap);
}
