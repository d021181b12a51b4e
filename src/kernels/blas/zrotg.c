/* Construction of a complex Givens rotation (zrotg): scalars only, so no
 * operation and no task form; computed on the calling thread by the
 * GENERIC code whatever the policy.
 * @precisions normal z -> c
 */
#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

hetla_status hetla_zrotg(hetla_context *ctx, hetla_zcomplex *a, hetla_zcomplex b, double *c, hetla_zcomplex *s)
{
    static const char fn[] = "hetla_zrotg";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!a)
        return hetla__arg_error(fn, 2, "a", "is NULL");
    if (!c)
        return hetla__arg_error(fn, 4, "c", "is NULL");
    if (!s)
        return hetla__arg_error(fn, 5, "s", "is NULL");
    hetla__generic_zrotg(a, b, c, s);
    return HETLA_SUCCESS;
}
