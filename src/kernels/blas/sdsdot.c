/* The "sdsdot" and "dsdot" operations: dot products of single precision
 * vectors accumulated in double; their synchronous calls and task forms.
 * Written once: they exist for single precision data only. Only the
 * GENERIC class has them: BLIS lacks them, and OpenBLAS 0.3.21 accumulates
 * in float on x86 (its dsdot of 64 terms errs by 7e-8), which defeats the
 * routines' purpose. */
#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

/* Both take x, y and a result; sdsdot's alpha (the BLAS's sb) rides in the
 * block, dsdot leaves it 0. */

static hetla_status sdsdot_generic(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    *(float *)x->buf[2].ptr = hetla__generic_sdsdot(a.x.n, (float)a.alpha, X->ptr, hetla__vec_inc(X, a.x.dir),
                                                    Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status dsdot_generic(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    *(double *)x->buf[2].ptr =
        hetla__generic_dsdot(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

hetla_status hetla__sdsdot_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "sdsdot", sdsdot_generic, NULL, NULL, NULL);
}

hetla_status hetla__dsdot_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "dsdot", dsdot_generic, NULL, NULL, NULL);
}

/* ---- the synchronous calls and task forms ------------------------------- */

/* x is argument pos_x, y pos_x + 2, the result pos_x + 4 (sdsdot's alpha
 * comes before x). */
static hetla_status mixed_check(const char *fn, const hetla_context *ctx, hetla_int n, int pos_x, const float *x,
                                const float *y, const void *result)
{
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, pos_x, "x", x, n);
    if (!s)
        s = hetla__l1_check_vec(fn, pos_x + 2, "y", y, n);
    if (!s)
        s = hetla__l1_check_ptr(fn, pos_x + 4, "result", result);
    return s;
}

static hetla_status mixed_run(hetla_context *ctx, const char *op, hetla_int n, float alpha, const float *x,
                              hetla_int incx, const float *y, hetla_int incy, void *result, hetla_dtype rtype)
{
    hetla__axpy_args args = {.alpha = alpha};
    hetla__operand ops[3] = {hetla__vec_operand(x, n, incx, HETLA_FLOAT, HETLA_R, &args.x),
                             hetla__vec_operand(y, n, incy, HETLA_FLOAT, HETLA_R, &args.y),
                             {result, 1, 1, 1, rtype, HETLA_W}};
    return hetla__blas_run(ctx, op, ops, 3, &args, sizeof args, 1);
}

static hetla_status mixed_task(const char *fn, hetla_context *ctx, const hetla_task_opts *opts, const char *op,
                               float alpha, int pos_x, hetla_data *x, hetla_data *y, hetla_data *result,
                               hetla_dtype rtype)
{
    hetla__axpy_args args = {.alpha = alpha};
    hetla_status s = hetla__l1_task_vec2(fn, ctx, pos_x, x, y, HETLA_FLOAT, &args.x, &args.y);
    if (!s)
        s = hetla__l1_task_result(fn, pos_x + 2, result, rtype);
    if (s)
        return s;
    hetla_task_arg data[3] = {{x, HETLA_R}, {y, HETLA_R}, {result, HETLA_W}};
    return hetla__blas_task(ctx, opts, op, data, 3, &args, sizeof args);
}

hetla_status hetla_sdsdot(hetla_context *ctx, hetla_int n, float alpha, const float *x, hetla_int incx,
                          const float *y, hetla_int incy, float *result)
{
    hetla_status s = mixed_check("hetla_sdsdot", ctx, n, 4, x, y, result);
    if (s)
        return s;
    if (n == 0) {
        *result = alpha;
        return HETLA_SUCCESS;
    }
    return mixed_run(ctx, "sdsdot", n, alpha, x, incx, y, incy, result, HETLA_FLOAT);
}

hetla_status hetla_sdsdot_task(hetla_context *ctx, const hetla_task_opts *opts, float alpha, hetla_data *x,
                               hetla_data *y, hetla_data *result)
{
    return mixed_task("hetla_sdsdot_task", ctx, opts, "sdsdot", alpha, 4, x, y, result, HETLA_FLOAT);
}

hetla_status hetla_dsdot(hetla_context *ctx, hetla_int n, const float *x, hetla_int incx, const float *y,
                         hetla_int incy, double *result)
{
    hetla_status s = mixed_check("hetla_dsdot", ctx, n, 3, x, y, result);
    if (s)
        return s;
    if (n == 0) {
        *result = 0;
        return HETLA_SUCCESS;
    }
    return mixed_run(ctx, "dsdot", n, 0, x, incx, y, incy, result, HETLA_DOUBLE);
}

hetla_status hetla_dsdot_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *y,
                              hetla_data *result)
{
    return mixed_task("hetla_dsdot_task", ctx, opts, "dsdot", 0, 3, x, y, result, HETLA_DOUBLE);
}
