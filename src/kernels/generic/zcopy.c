/* Vector copy.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

void hetla__generic_zcopy(hetla_int n, const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                          hetla_int incy)
{
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy)
        y[iy] = x[ix];
}
