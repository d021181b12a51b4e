/* Application of a modified Givens rotation built by rotmg.
 * @precisions normal d -> s
 */
#include "leaf.h"

void hetla__generic_drotm(hetla_int n, double *x, hetla_int incx, double *y, hetla_int incy,
                          const double param[5])
{
    double flag = param[0], h11, h21, h12, h22;
    if (n <= 0 || flag == -2)
        return;
    /* The implied entries are exactly 1 and -1, so using them in full
     * rounds exactly as the specialised formulas would. */
    h11 = flag == 0 ? 1 : param[1];
    h22 = flag == 0 ? 1 : param[4];
    h21 = flag == 1 ? -1 : param[2];
    h12 = flag == 1 ? 1 : param[3];
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy) {
        double w = x[ix], z = y[iy];
        x[ix] = h11 * w + h12 * z;
        y[iy] = h21 * w + h22 * z;
    }
}
