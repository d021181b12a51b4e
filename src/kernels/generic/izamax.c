/* Index of the entry of largest magnitude (|re| + |im| for complex).
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* 0-based; 0 for an empty vector, as CBLAS. A NaN is never larger than
 * anything, so it is picked only when it comes first, as in the reference. */
hetla_int hetla__generic_izamax(hetla_int n, const hetla_zcomplex *x, hetla_int incx)
{
    if (n <= 0 || incx <= 0)
        return 0;
    hetla_int best = 0;
    double big = hetla__zabs1(x[0]);
    for (hetla_int i = 1; i < n; i++) {
        double a = hetla__zabs1(x[i * incx]);
        if (a > big) {
            big = a;
            best = i;
        }
    }
    return best;
}
