/* The "zscal" operation: x := alpha x on one vector, in every kernel class
 * that has it; its synchronous call and task form.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

#define COMPLEX

/* Increments are positive here: the synchronous call returns before the
 * reference BLAS's no-op cases (incx <= 0) reach a kernel. */

static hetla_status zscal_generic(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    hetla__generic_zscal(a.x.n, (hetla_zcomplex)a.alpha, X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status zscal_openblas(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
#ifdef COMPLEX
    hetla_zcomplex alpha = a.alpha;
    cblas_zscal((blasint)a.x.n, &alpha, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
#else
    cblas_zscal((blasint)a.x.n, (hetla_zcomplex)a.alpha, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
#endif
    return HETLA_SUCCESS;
}

static hetla_status zscal_blis(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    bli_zscalv(BLIS_NO_CONJUGATE, (dim_t)a.x.n, (dcomplex *)&alpha, X->ptr, (inc_t)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

hetla_status hetla__zscal_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zscal", zscal_generic, zscal_openblas, zscal_blis, NULL);
}

hetla_status hetla_zscal(hetla_context *ctx, hetla_int n, hetla_zcomplex alpha, hetla_zcomplex *x, hetla_int incx)
{
    static const char fn[] = "hetla_zscal";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 4, "x", x, n);
    if (s || n == 0 || incx <= 0)
        return s;
    hetla__scal_args args = {.alpha = alpha};
    hetla__operand op = hetla__vec_operand(x, n, incx, HETLA_ZCOMPLEX, HETLA_RW, &args.x);
    return hetla__blas_run(ctx, "zscal", &op, 1, &args, sizeof args, 1);
}

hetla_status hetla_zscal_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha, hetla_data *x)
{
    hetla__scal_args args = {.alpha = alpha};
    hetla_status s = hetla__l1_task_vec("hetla_zscal_task", ctx, 4, x, HETLA_ZCOMPLEX, &args.x);
    if (s)
        return s;
    hetla_task_arg data[1] = {{x, HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zscal", data, 1, &args, sizeof args);
}
