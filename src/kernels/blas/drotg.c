/* Construction of Givens and modified Givens rotations (drotg, drotmg):
 * scalars only, so no operation and no task form; computed on the calling
 * thread by the GENERIC code whatever the policy.
 * @precisions normal d -> s
 */
#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

/* Names the first NULL of the n pointers p (arguments 1 .. n). */
static hetla_status drotg_check(const char *fn, int n, const void *const *p, const char *const *names)
{
    for (int i = 0; i < n; i++)
        if (!p[i])
            return hetla__arg_error(fn, i + 1, names[i], "is NULL");
    return HETLA_SUCCESS;
}

hetla_status hetla_drotg(hetla_context *ctx, double *a, double *b, double *c, double *s)
{
    static const char *const names[] = {"ctx", "a", "b", "c", "s"};
    hetla_status st = drotg_check("hetla_drotg", 5, (const void *[]){ctx, a, b, c, s}, names);
    if (!st)
        hetla__generic_drotg(a, b, c, s);
    return st;
}

hetla_status hetla_drotmg(hetla_context *ctx, double *d1, double *d2, double *x1, double y1, double *param)
{
    static const char *const names[] = {"ctx", "d1", "d2", "x1"};
    hetla_status st = drotg_check("hetla_drotmg", 4, (const void *[]){ctx, d1, d2, x1}, names);
    if (!st && !param)
        st = hetla__arg_error("hetla_drotmg", 6, "param", "is NULL");
    if (!st)
        hetla__generic_drotmg(d1, d2, x1, y1, param);
    return st;
}
