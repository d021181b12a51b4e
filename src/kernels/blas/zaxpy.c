/* The "zaxpy" operation: y := alpha x + y on two vectors, in every kernel
 * class that has it; its synchronous call and task form.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

#define COMPLEX

static hetla_status zaxpy_generic(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    hetla__generic_zaxpy(a.x.n, (hetla_zcomplex)a.alpha, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr,
                         hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

/* A zero increment (x's one entry in every update, or every update onto
 * y's one entry) takes the generic loop: OpenBLAS 0.3.21's fallback
 * kernels (a processor it does not know, taken for "Prescott") get the
 * double complex one wrong there; the other precisions, cheap to route
 * alike, follow the same rule. */
static hetla_status zaxpy_openblas(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    if (hetla__vec_inc(X, a.x.dir) == 0 || hetla__vec_inc(Y, a.y.dir) == 0)
        return zaxpy_generic(x);
#ifdef COMPLEX
    hetla_zcomplex alpha = a.alpha;
    cblas_zaxpy((blasint)a.x.n, &alpha, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
#else
    cblas_zaxpy((blasint)a.x.n, (hetla_zcomplex)a.alpha, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
#endif
    return HETLA_SUCCESS;
}

static hetla_status zaxpy_blis(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    bli_zaxpyv(BLIS_NO_CONJUGATE, (dim_t)a.x.n, (dcomplex *)&alpha, hetla__vec_first(X, a.x),
               (inc_t)hetla__vec_inc(X, a.x.dir), hetla__vec_first(Y, a.y), (inc_t)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

hetla_status hetla__zaxpy_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zaxpy", zaxpy_generic, zaxpy_openblas, zaxpy_blis, NULL);
}

hetla_status hetla_zaxpy(hetla_context *ctx, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex *y, hetla_int incy)
{
    static const char fn[] = "hetla_zaxpy";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 4, "x", x, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 6, "y", y, n);
    if (s || n == 0 || alpha == 0)
        return s;
    hetla__axpy_args args = {.alpha = alpha};
    hetla__operand ops[2] = {hetla__vec_operand(x, n, incx, HETLA_ZCOMPLEX, HETLA_R, &args.x),
                             hetla__vec_operand(y, n, incy, HETLA_ZCOMPLEX, HETLA_RW, &args.y)};
    return hetla__blas_run(ctx, "zaxpy", ops, 2, &args, sizeof args, 1);
}

hetla_status hetla_zaxpy_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha, hetla_data *x,
                              hetla_data *y)
{
    hetla__axpy_args args = {.alpha = alpha};
    hetla_status s = hetla__l1_task_vec2("hetla_zaxpy_task", ctx, 4, x, y, HETLA_ZCOMPLEX, &args.x, &args.y);
    if (s)
        return s;
    hetla_task_arg data[2] = {{x, HETLA_R}, {y, HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zaxpy", data, 2, &args, sizeof args);
}
