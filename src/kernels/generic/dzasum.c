/* Sum of magnitudes, |re| + |im| for complex entries.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

double hetla__generic_dzasum(hetla_int n, const hetla_zcomplex *x, hetla_int incx)
{
    double sum = 0;
    if (incx <= 0)
        return 0;
    for (hetla_int i = 0; i < n; i++)
        sum += hetla__zabs1(x[i * incx]);
    return sum;
}
