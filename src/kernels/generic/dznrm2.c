/* Euclidean norm, safe from overflow and underflow by Blue's algorithm.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

/* Blue's algorithm (as in the reference BLAS since LAPACK 3.10): squares of
 * magnitudes in [tsml, tbig] are summed as they are; larger ones are summed
 * scaled down by sbig, smaller ones scaled up by ssml. One pass, no
 * division, and a NaN anywhere makes the result NaN. */
typedef struct {
    double tsml, tbig, ssml, sbig;
    double asml, amed, abig;
} blue;

static void blue_add(blue *b, double ax)
{
    if (ax > b->tbig)
        b->abig += (ax * b->sbig) * (ax * b->sbig);
    else if (ax < b->tsml) {
        if (b->abig == 0) /* once big values appear, small ones cannot matter */
            b->asml += (ax * b->ssml) * (ax * b->ssml);
    } else
        b->amed += ax * ax;
}

static double blue_result(const blue *b)
{
    double amed = b->amed;
    if (b->abig > 0) {
        double abig = b->abig;
        if (amed > 0 || isnan(amed))
            abig += (amed * b->sbig) * b->sbig;
        return sqrt(abig) / b->sbig;
    }
    if (b->asml > 0) {
        if (!(amed > 0 || isnan(amed)))
            return sqrt(b->asml) / b->ssml;
        double ymed = sqrt(amed), ysml = sqrt(b->asml) / b->ssml;
        double ymin = ysml > ymed ? ymed : ysml, ymax = ysml > ymed ? ysml : ymed;
        return ymax * sqrt(1 + (ymin / ymax) * (ymin / ymax));
    }
    return sqrt(amed);
}

double hetla__generic_dznrm2(hetla_int n, const hetla_zcomplex *x, hetla_int incx)
{
    if (n <= 0)
        return 0;
    blue b = {
        .tsml = ldexp(1, (int)ceil((DBL_MIN_EXP - 1) * 0.5)),
        .tbig = ldexp(1, (int)floor((DBL_MAX_EXP - DBL_MANT_DIG + 1) * 0.5)),
        .ssml = ldexp(1, -(int)floor((DBL_MIN_EXP - DBL_MANT_DIG) * 0.5)),
        .sbig = ldexp(1, -(int)ceil((DBL_MAX_EXP + DBL_MANT_DIG - 1) * 0.5)),
    };
    hetla_int ix = hetla__vstart(n, incx);
    for (hetla_int i = 0; i < n; i++, ix += incx) {
        blue_add(&b, fabs(creal(x[ix])));
#if defined(COMPLEX)
        blue_add(&b, fabs(cimag(x[ix])));
#endif
    }
    return blue_result(&b);
}
