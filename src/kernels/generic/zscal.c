/* x := alpha x, with a scalar of the vector's type and, for complex
 * vectors, with a real one.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

/* Like the reference BLAS, alpha = 0 multiplies (NaN stays NaN) and a
 * non-positive increment leaves x alone. */
void hetla__generic_zscal(hetla_int n, hetla_zcomplex alpha, hetla_zcomplex *x, hetla_int incx)
{
    if (n <= 0 || incx <= 0 || alpha == 1)
        return;
    for (hetla_int i = 0; i < n; i++)
        x[i * incx] *= alpha;
}

#if defined(COMPLEX)
void hetla__generic_zdscal(hetla_int n, double alpha, hetla_zcomplex *x, hetla_int incx)
{
    if (n <= 0 || incx <= 0 || alpha == 1)
        return;
    /* Scaling the two parts apart avoids the cross terms of a complex
     * product: 0 * (inf + 0i) must not make the real part NaN. */
    double *xr = (double *)x;
    for (hetla_int i = 0; i < n; i++) {
        xr[2 * i * incx] *= alpha;
        xr[2 * i * incx + 1] *= alpha;
    }
}
#endif
