/* Construction of a real Givens rotation.
 * @precisions normal d -> s
 */
#include "leaf.h"

/* r carries the sign of the larger of a and b, and b returns the reference
 * BLAS's z: s if |a| > |b|, else 1/c (1 when c = 0). hypot keeps r free of
 * spurious overflow and underflow. */
void hetla__generic_drotg(double *a, double *b, double *c, double *s)
{
    double fa = fabs(*a), fb = fabs(*b);
    if (fb == 0) {
        *c = 1;
        *s = 0;
        *b = 0;
        return;
    }
    if (fa == 0) {
        *c = 0;
        *s = 1;
        *a = *b;
        *b = 1;
        return;
    }
    double r = copysign(hypot(*a, *b), fa > fb ? *a : *b);
    *c = *a / r;
    *s = *b / r;
    *a = r;
    *b = fa > fb ? *s : (*c != 0 ? 1 / *c : 1);
}
