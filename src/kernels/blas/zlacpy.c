/* The "zlacpy" operation: B := A for two matrix handles of one shape.
 * @precisions normal z -> s d c
 */
#include "kernels/blas/level3.h"

static hetla_status zlacpy_generic(const hetla_exec *x)
{
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    for (size_t j = 0; j < A->n; j++)
        memcpy((hetla_zcomplex *)B->ptr + j * B->ld, (const hetla_zcomplex *)A->ptr + j * A->ld,
               A->m * sizeof(hetla_zcomplex));
    return HETLA_SUCCESS;
}

hetla_status hetla__zlacpy_register(hetla_context *ctx)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_create(ctx, "zlacpy", &k);
    if (!s)
        s = hetla_kernel_add(k, HETLA_CLASS_GENERIC, zlacpy_generic);
    return s;
}

hetla_status hetla_zlacpy_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *A, hetla_data *B)
{
    static const char fn[] = "hetla_zlacpy_task";
    hetla__shape a, b;
    hetla_status s = hetla__shape_get(fn, 3, "A", A, HETLA_ZCOMPLEX, &a);
    if (!s)
        s = hetla__shape_get(fn, 4, "B", B, HETLA_ZCOMPLEX, &b);
    if (s)
        return s;
    if (a.m != b.m || a.n != b.n)
        return hetla__arg_error(fn, 4, "B", "is %zu x %zu, A is %zu x %zu", b.m, b.n, a.m, a.n);
    if (A == B)
        return hetla__arg_error(fn, 4, "B", "is A itself");
    hetla_task_arg data[2] = {{A, HETLA_R}, {B, HETLA_W}};
    return hetla__blas_task(ctx, opts, "zlacpy", data, 2, NULL, 0);
}
