/* The "izamax" operation: the 0-based index of the first entry of largest
 * |re x_i| + |im x_i|, into a 1 x 1 HETLA_INT64 result, in every kernel
 * class that has it; its synchronous call and task form.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

/* Increments are positive here: the synchronous call answers the
 * reference BLAS's incx <= 0 (index 0) itself. */

static hetla_status izamax_generic(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    *(hetla_int *)x->buf[1].ptr = hetla__generic_izamax(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status izamax_openblas(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    *(hetla_int *)x->buf[1].ptr =
        (hetla_int)cblas_izamax((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status izamax_blis(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    dim_t index;
    bli_zamaxv((dim_t)a.x.n, X->ptr, (inc_t)hetla__vec_inc(X, a.x.dir), &index);
    *(hetla_int *)x->buf[1].ptr = (hetla_int)index;
    return HETLA_SUCCESS;
}

hetla_status hetla__izamax_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "izamax", izamax_generic, izamax_openblas, izamax_blis, NULL);
}

hetla_status hetla_izamax(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                          hetla_int *result)
{
    static const char fn[] = "hetla_izamax";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 3, "x", x, n);
    if (!s)
        s = hetla__l1_check_ptr(fn, 5, "result", result);
    if (s)
        return s;
    if (n == 0 || incx <= 0) {
        *result = 0;
        return HETLA_SUCCESS;
    }
    return hetla__l1_reduce(ctx, "izamax", x, n, incx, HETLA_ZCOMPLEX, result, HETLA_INT64);
}

hetla_status hetla_izamax_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *result)
{
    return hetla__l1_reduce_task("hetla_izamax_task", ctx, opts, "izamax", x, HETLA_ZCOMPLEX, result, HETLA_INT64);
}
