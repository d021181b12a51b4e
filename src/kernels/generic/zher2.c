/* Hermitian rank-2 updates: full (her2) and packed (hpr2) storage.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* A := alpha x y^H + conj(alpha) y x^H + A on the stored triangle; the
 * diagonal comes out real, as in the reference BLAS. */
static void zher2_core(const hetla__tri *t, hetla_zcomplex alpha, const hetla_zcomplex *x,
                       hetla_int incx, const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *A)
{
    if (t->n == 0 || alpha == 0)
        return;
    hetla_int kx = hetla__vstart(t->n, incx), ky = hetla__vstart(t->n, incy);
    for (hetla_int j = 0; j < t->n; j++) {
        hetla_zcomplex *a = A + hetla__tri_col(t, j);
        hetla_zcomplex xj = x[kx + j * incx], yj = y[ky + j * incy];
        hetla_zcomplex s1 = alpha * conj(yj), s2 = conj(alpha * xj);
        hetla_int lo, hi;
        hetla__tri_offdiag(t, j, &lo, &hi);
        for (hetla_int i = lo; i <= hi; i++)
            a[i] += x[kx + i * incx] * s1 + y[ky + i * incy] * s2;
        a[j] = creal(a[j]) + creal(xj * s1 + yj * s2);
    }
}

void hetla__generic_zher2(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y,
                          hetla_int incy, hetla_zcomplex *A, hetla_int lda)
{
    hetla__tri t = {HETLA__FULL, uplo, n, n - 1, lda};
    zher2_core(&t, alpha, x, incx, y, incy, A);
}

void hetla__generic_zhpr2(hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                          const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y,
                          hetla_int incy, hetla_zcomplex *Ap)
{
    hetla__tri t = {HETLA__PACKED, uplo, n, n - 1, 0};
    zher2_core(&t, alpha, x, incx, y, incy, Ap);
}
