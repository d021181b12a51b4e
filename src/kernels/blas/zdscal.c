/* The "zdscal" operation: x := alpha x with real alpha on a complex
 * vector, in every kernel class that has it; its synchronous call and task
 * form.
 * @precisions normal z -> c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

/* Increments are positive here: the synchronous call returns before the
 * reference BLAS's no-op cases (incx <= 0) reach a kernel. */

static hetla_status zdscal_generic(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    hetla__generic_zdscal(a.x.n, (double)a.alpha, X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status zdscal_openblas(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    cblas_zdscal((blasint)a.x.n, (double)a.alpha, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

/* BLIS's typed API has no real-times-complex scaling; alpha + 0i scales
 * the same for finite data. */
static hetla_status zdscal_blis(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    hetla_zcomplex alpha = (double)a.alpha;
    bli_zscalv(BLIS_NO_CONJUGATE, (dim_t)a.x.n, (dcomplex *)&alpha, X->ptr, (inc_t)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

hetla_status hetla__zdscal_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zdscal", zdscal_generic, zdscal_openblas, zdscal_blis, NULL);
}

hetla_status hetla_zdscal(hetla_context *ctx, hetla_int n, double alpha, hetla_zcomplex *x, hetla_int incx)
{
    static const char fn[] = "hetla_zdscal";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 4, "x", x, n);
    if (s || n == 0 || incx <= 0)
        return s;
    hetla__scal_args args = {.alpha = alpha};
    hetla__operand op = hetla__vec_operand(x, n, incx, HETLA_ZCOMPLEX, HETLA_RW, &args.x);
    return hetla__blas_run(ctx, "zdscal", &op, 1, &args, sizeof args, 1);
}

hetla_status hetla_zdscal_task(hetla_context *ctx, const hetla_task_opts *opts, double alpha, hetla_data *x)
{
    hetla__scal_args args = {.alpha = alpha};
    hetla_status s = hetla__l1_task_vec("hetla_zdscal_task", ctx, 4, x, HETLA_ZCOMPLEX, &args.x);
    if (s)
        return s;
    hetla_task_arg data[1] = {{x, HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zdscal", data, 1, &args, sizeof args);
}
