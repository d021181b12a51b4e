/* y := alpha x + y.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

void hetla__generic_zaxpy(hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                          hetla_int incx, hetla_zcomplex *y, hetla_int incy)
{
    if (n <= 0 || alpha == 0)
        return;
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy)
        y[iy] += alpha * x[ix];
}
