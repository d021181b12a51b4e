/* Construction of a complex Givens rotation.
 * @precisions normal z -> c
 */
#include "leaf.h"

/* Follows the reference BLAS of LAPACK 3.10 on, which for a = 0 returns
 * r = |b| and s = conj(b)/|b| (older versions returned r = b, s = 1).
 * cabs and hypot scale internally, so no intermediate overflows. */
void hetla__generic_zrotg(hetla_zcomplex *a, hetla_zcomplex b, double *c, hetla_zcomplex *s)
{
    hetla_zcomplex f = *a;
    if (b == 0) {
        *c = 1;
        *s = 0;
        return;
    }
    double ga = cabs(b);
    hetla_zcomplex gunit = b / ga; /* real divisor: parts divided apart, no overflow */
    if (f == 0) {
        *c = 0;
        *s = conj(gunit);
        *a = ga;
        return;
    }
    double fa = cabs(f), norm = hypot(fa, ga);
    hetla_zcomplex funit = f / fa;
    *c = fa / norm;
    *s = funit * conj(gunit) * (ga / norm);
    *a = funit * norm;
}
