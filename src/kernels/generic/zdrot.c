/* Plane rotation of two vectors by a real cosine and sine.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

void hetla__generic_zdrot(hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                          hetla_int incy, double c, double s)
{
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy) {
        hetla_zcomplex t = c * x[ix] + s * y[iy];
        y[iy] = c * y[iy] - s * x[ix];
        x[ix] = t;
    }
}
