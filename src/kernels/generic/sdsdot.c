/* Single precision dot products accumulated in double: sdsdot and dsdot
 * (written once: they exist only for single precision data). */
#include "leaf.h"

static double dot_in_double(hetla_int n, const float *x, hetla_int incx, const float *y,
                            hetla_int incy, double sum)
{
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy)
        sum += (double)x[ix] * (double)y[iy];
    return sum;
}

float hetla__generic_sdsdot(hetla_int n, float sb, const float *x, hetla_int incx, const float *y,
                            hetla_int incy)
{
    return (float)dot_in_double(n, x, incx, y, incy, sb);
}

double hetla__generic_dsdot(hetla_int n, const float *x, hetla_int incx, const float *y,
                            hetla_int incy)
{
    return dot_in_double(n, x, incx, y, incy, 0);
}
