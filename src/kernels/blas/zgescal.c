/* The "zgescal" operation: A := alpha A on a matrix handle (alpha = 0
 * writes zeros, so NaN or Inf in A do not survive, as in LAPACK's laset).
 * @precisions normal z -> s d c
 */
#include "kernels/blas/level3.h"

static hetla_status zgescal_generic(const hetla_exec *x)
{
    hetla__scale_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, *p = A->ptr;
    if (alpha == 1)
        return HETLA_SUCCESS;
    for (size_t j = 0; j < A->n; j++)
        for (size_t i = 0; i < A->m; i++)
            p[j * A->ld + i] = alpha == 0 ? 0 : alpha * p[j * A->ld + i];
    return HETLA_SUCCESS;
}

hetla_status hetla__zgescal_register(hetla_context *ctx)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_create(ctx, "zgescal", &k);
    if (!s)
        s = hetla_kernel_add(k, HETLA_CLASS_GENERIC, zgescal_generic);
    return s;
}

hetla_status hetla_zgescal_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha,
                                hetla_data *A)
{
    hetla__shape a;
    hetla_status s = hetla__shape_get("hetla_zgescal_task", 4, "A", A, HETLA_ZCOMPLEX, &a);
    if (s)
        return s;
    hetla__scale_args args = {alpha};
    hetla_task_arg data[1] = {{A, alpha == 0 ? HETLA_W : HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zgescal", data, 1, &args, sizeof args);
}
