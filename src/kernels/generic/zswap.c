/* Exchange of two vectors.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

void hetla__generic_zswap(hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                          hetla_int incy)
{
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy) {
        hetla_zcomplex t = x[ix];
        x[ix] = y[iy];
        y[iy] = t;
    }
}
