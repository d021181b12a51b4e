/* General rank-1 updates: A := alpha x y^H + A and, for complex data,
 * A := alpha x y^T + A.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

static void zger_core(bool conjy, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                      const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y,
                      hetla_int incy, hetla_zcomplex *A, hetla_int lda)
{
    if (m == 0 || n == 0 || alpha == 0)
        return;
    hetla_int kx = hetla__vstart(m, incx), ky = hetla__vstart(n, incy);
    for (hetla_int j = 0; j < n; j++) {
        hetla_zcomplex s = alpha * hetla__zconj_if(conjy, y[ky + j * incy]);
        hetla_zcomplex *a = A + j * lda;
        for (hetla_int i = 0; i < m; i++)
            a[i] += x[kx + i * incx] * s;
    }
}

void hetla__generic_zgerc(hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                          hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                          hetla_zcomplex *A, hetla_int lda)
{
    zger_core(true, m, n, alpha, x, incx, y, incy, A, lda);
}

#if defined(COMPLEX)
void hetla__generic_zgeru(hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                          hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                          hetla_zcomplex *A, hetla_int lda)
{
    zger_core(false, m, n, alpha, x, incx, y, incy, A, lda);
}
#endif
