/* The "drotm" operation: a modified Givens rotation applied to two
 * vectors, in every kernel class that has it (BLIS has none); its
 * synchronous call and task form.
 * @precisions normal d -> s
 */
#include <cblas.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

/* The block holds H in double whatever the precision. */
static void drotm_param(const hetla__rotm_args *a, double p[5])
{
    for (int i = 0; i < 5; i++)
        p[i] = (double)a->param[i];
}

static hetla_status drotm_generic(const hetla_exec *x)
{
    hetla__rotm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    double p[5];
    drotm_param(&a, p);
    hetla__generic_drotm(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir), p);
    return HETLA_SUCCESS;
}

static hetla_status drotm_openblas(const hetla_exec *x)
{
    hetla__rotm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    double p[5];
    drotm_param(&a, p);
    cblas_drotm((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir), p);
    return HETLA_SUCCESS;
}

hetla_status hetla__drotm_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "drotm", drotm_generic, drotm_openblas, NULL, NULL);
}

static hetla__rotm_args drotm_args(const double *param)
{
    hetla__rotm_args args = {0};
    for (int i = 0; i < 5; i++)
        args.param[i] = param[i];
    return args;
}

hetla_status hetla_drotm(hetla_context *ctx, hetla_int n, double *x, hetla_int incx, double *y, hetla_int incy,
                         const double *param)
{
    static const char fn[] = "hetla_drotm";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 3, "x", x, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 5, "y", y, n);
    if (!s)
        s = hetla__l1_check_ptr(fn, 7, "param", param);
    if (s || n == 0 || param[0] == -2) /* flag -2: H = I */
        return s;
    hetla__rotm_args args = drotm_args(param);
    hetla__operand ops[2] = {hetla__vec_operand(x, n, incx, HETLA_DOUBLE, HETLA_RW, &args.x),
                             hetla__vec_operand(y, n, incy, HETLA_DOUBLE, HETLA_RW, &args.y)};
    return hetla__blas_run(ctx, "drotm", ops, 2, &args, sizeof args, 1);
}

hetla_status hetla_drotm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *y,
                              const double *param)
{
    static const char fn[] = "hetla_drotm_task";
    hetla__vec_arg ax, ay;
    hetla_status s = hetla__l1_task_vec2(fn, ctx, 3, x, y, HETLA_DOUBLE, &ax, &ay);
    if (!s)
        s = hetla__l1_check_ptr(fn, 5, "param", param);
    if (s)
        return s;
    hetla__rotm_args args = drotm_args(param);
    args.x = ax, args.y = ay;
    hetla_task_arg data[2] = {{x, HETLA_RW}, {y, HETLA_RW}};
    return hetla__blas_task(ctx, opts, "drotm", data, 2, &args, sizeof args);
}
