/* The "zdrot" operation: a plane rotation with real c and s applied to two
 * vectors, in every kernel class that has it (BLIS has none); its
 * synchronous call and task form.
 * @precisions normal z -> s d c
 */
#include <cblas.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

static hetla_status zdrot_generic(const hetla_exec *x)
{
    hetla__rot_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    hetla__generic_zdrot(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir),
                         (double)a.c, (double)a.s);
    return HETLA_SUCCESS;
}

static hetla_status zdrot_openblas(const hetla_exec *x)
{
    hetla__rot_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    cblas_zdrot((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir), (double)a.c, (double)a.s);
    return HETLA_SUCCESS;
}

hetla_status hetla__zdrot_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zdrot", zdrot_generic, zdrot_openblas, NULL, NULL);
}

hetla_status hetla_zdrot(hetla_context *ctx, hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                         hetla_int incy, double c, double s)
{
    static const char fn[] = "hetla_zdrot";
    hetla_status st = hetla__l1_check(fn, ctx, n);
    if (!st)
        st = hetla__l1_check_vec(fn, 3, "x", x, n);
    if (!st)
        st = hetla__l1_check_vec(fn, 5, "y", y, n);
    if (st || n == 0)
        return st;
    hetla__rot_args args = {.c = c, .s = s};
    hetla__operand ops[2] = {hetla__vec_operand(x, n, incx, HETLA_ZCOMPLEX, HETLA_RW, &args.x),
                             hetla__vec_operand(y, n, incy, HETLA_ZCOMPLEX, HETLA_RW, &args.y)};
    return hetla__blas_run(ctx, "zdrot", ops, 2, &args, sizeof args, 1);
}

hetla_status hetla_zdrot_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *y,
                              double c, double s)
{
    hetla__rot_args args = {.c = c, .s = s};
    hetla_status st = hetla__l1_task_vec2("hetla_zdrot_task", ctx, 3, x, y, HETLA_ZCOMPLEX, &args.x, &args.y);
    if (st)
        return st;
    hetla_task_arg data[2] = {{x, HETLA_RW}, {y, HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zdrot", data, 2, &args, sizeof args);
}
