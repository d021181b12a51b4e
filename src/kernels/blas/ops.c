/* Registration of every built-in BLAS operation, level by level, then the
 * auxiliary ones. */
#include "kernels/blas/level3.h"

static hetla_status aux_register(hetla_context *ctx)
{
    static hetla_status (*const reg[])(hetla_context *) = {
        hetla__slacpy_register,
        hetla__dlacpy_register,
        hetla__clacpy_register,
        hetla__zlacpy_register,
    };
    for (size_t i = 0; i < sizeof reg / sizeof *reg; i++) {
        hetla_status s = reg[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__blas_register(hetla_context *ctx)
{
    hetla_status s = hetla__blas1_register(ctx);
    if (!s)
        s = hetla__blas2_register(ctx);
    if (!s)
        s = hetla__blas3_register(ctx);
    if (!s)
        s = aux_register(ctx);
    return s;
}
