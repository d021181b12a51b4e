/* The "zdotc" and "zdotu" operations: the dot product of two vectors,
 * conjugating x or not (the real twins keep one, ddot), in every kernel
 * class that has them; their synchronous calls and task forms.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

#define COMPLEX

static hetla_status zdotc_generic(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    *(hetla_zcomplex *)x->buf[2].ptr =
        hetla__generic_zdotc(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zdotc_openblas(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
#ifdef COMPLEX
    cblas_zdotc_sub((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                    (blasint)hetla__vec_inc(Y, a.y.dir), x->buf[2].ptr);
#else
    *(hetla_zcomplex *)x->buf[2].ptr = cblas_zdotc((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir),
                                                   Y->ptr, (blasint)hetla__vec_inc(Y, a.y.dir));
#endif
    return HETLA_SUCCESS;
}

/* BLIS conjugates on request; conjx = 1 is zdotc, 0 zdotu */
static void zdot_blis(const hetla_exec *x, int conjx)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    bli_zdotv(conjx ? BLIS_CONJUGATE : BLIS_NO_CONJUGATE, BLIS_NO_CONJUGATE, (dim_t)a.x.n, hetla__vec_first(X, a.x),
              (inc_t)hetla__vec_inc(X, a.x.dir), hetla__vec_first(Y, a.y), (inc_t)hetla__vec_inc(Y, a.y.dir),
              x->buf[2].ptr);
}

static hetla_status zdotc_blis(const hetla_exec *x)
{
    zdot_blis(x, 1);
    return HETLA_SUCCESS;
}

hetla_status hetla__zdotc_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zdotc", zdotc_generic, zdotc_openblas, zdotc_blis, NULL);
}

/* ---- the synchronous calls and task forms, shared by both products ---- */

static hetla_status zdot_call(const char *fn, const char *op, hetla_context *ctx, hetla_int n,
                              const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                              hetla_zcomplex *result)
{
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 3, "x", x, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 5, "y", y, n);
    if (!s)
        s = hetla__l1_check_ptr(fn, 7, "result", result);
    if (s)
        return s;
    if (n == 0) {
        *result = 0;
        return HETLA_SUCCESS;
    }
    hetla__vec2_args args;
    hetla__operand ops[3] = {hetla__vec_operand(x, n, incx, HETLA_ZCOMPLEX, HETLA_R, &args.x),
                             hetla__vec_operand(y, n, incy, HETLA_ZCOMPLEX, HETLA_R, &args.y),
                             {result, 1, 1, 1, HETLA_ZCOMPLEX, HETLA_W}};
    return hetla__blas_run(ctx, op, ops, 3, &args, sizeof args, 1);
}

static hetla_status zdot_task(const char *fn, const char *op, hetla_context *ctx, const hetla_task_opts *opts,
                              hetla_data *x, hetla_data *y, hetla_data *result)
{
    hetla__vec2_args args;
    hetla_status s = hetla__l1_task_vec2(fn, ctx, 3, x, y, HETLA_ZCOMPLEX, &args.x, &args.y);
    if (!s)
        s = hetla__l1_task_result(fn, 5, result, HETLA_ZCOMPLEX);
    if (s)
        return s;
    hetla_task_arg data[3] = {{x, HETLA_R}, {y, HETLA_R}, {result, HETLA_W}};
    return hetla__blas_task(ctx, opts, op, data, 3, &args, sizeof args);
}

hetla_status hetla_zdotc(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *result)
{
    return zdot_call("hetla_zdotc", "zdotc", ctx, n, x, incx, y, incy, result);
}

hetla_status hetla_zdotc_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *y,
                              hetla_data *result)
{
    return zdot_task("hetla_zdotc_task", "zdotc", ctx, opts, x, y, result);
}

/* ---- zdotu: complex data only ------------------------------------------ */
#ifdef COMPLEX

static hetla_status zdotu_generic(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    *(hetla_zcomplex *)x->buf[2].ptr =
        hetla__generic_zdotu(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zdotu_openblas(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    cblas_zdotu_sub((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                    (blasint)hetla__vec_inc(Y, a.y.dir), x->buf[2].ptr);
    return HETLA_SUCCESS;
}

static hetla_status zdotu_blis(const hetla_exec *x)
{
    zdot_blis(x, 0);
    return HETLA_SUCCESS;
}

hetla_status hetla__zdotu_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zdotu", zdotu_generic, zdotu_openblas, zdotu_blis, NULL);
}

hetla_status hetla_zdotu(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *result)
{
    return zdot_call("hetla_zdotu", "zdotu", ctx, n, x, incx, y, incy, result);
}

hetla_status hetla_zdotu_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *y,
                              hetla_data *result)
{
    return zdot_task("hetla_zdotu_task", "zdotu", ctx, opts, x, y, result);
}

#endif
