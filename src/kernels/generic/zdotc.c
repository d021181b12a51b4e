/* Dot products: conjugated (and, for complex vectors, unconjugated).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

static hetla_zcomplex zdot(bool conjx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                           const hetla_zcomplex *y, hetla_int incy)
{
    hetla_zcomplex sum = 0;
    hetla_int ix = hetla__vstart(n, incx), iy = hetla__vstart(n, incy);
    for (hetla_int i = 0; i < n; i++, ix += incx, iy += incy)
        sum += hetla__zconj_if(conjx, x[ix]) * y[iy];
    return sum;
}

hetla_zcomplex hetla__generic_zdotc(hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                    const hetla_zcomplex *y, hetla_int incy)
{
    return zdot(true, n, x, incx, y, incy);
}

#if defined(COMPLEX)
hetla_zcomplex hetla__generic_zdotu(hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                    const hetla_zcomplex *y, hetla_int incy)
{
    return zdot(false, n, x, incx, y, incy);
}
#endif
