/* The "dznrm2" operation: the Euclidean norm of a vector into a 1 x 1
 * result, in every kernel class that has it; its synchronous call and task
 * form.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>
#include <math.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

/* Increments reach the kernels positive or zero: the synchronous call
 * turns a negative one around, the norm not depending on the order. */

static hetla_status dznrm2_generic(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    *(double *)x->buf[1].ptr = hetla__generic_dznrm2(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

/* OpenBLAS 0.3.21 returns 0 for a zero increment (the reference BLAS
 * before 3.10); n copies of one entry have n^(1/2) times its norm. */
static hetla_status dznrm2_openblas(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    double *r = x->buf[1].ptr;
    if (a.x.dir == 0)
        *r = cblas_dznrm2(1, X->ptr, 1) * sqrt((double)a.x.n);
    else
        *r = cblas_dznrm2((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status dznrm2_blis(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    bli_znormfv((dim_t)a.x.n, X->ptr, (inc_t)hetla__vec_inc(X, a.x.dir), x->buf[1].ptr);
    return HETLA_SUCCESS;
}

hetla_status hetla__dznrm2_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "dznrm2", dznrm2_generic, dznrm2_openblas, dznrm2_blis, NULL);
}

hetla_status hetla_dznrm2(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx, double *result)
{
    static const char fn[] = "hetla_dznrm2";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 3, "x", x, n);
    if (!s)
        s = hetla__l1_check_ptr(fn, 5, "result", result);
    if (s)
        return s;
    if (n == 0) {
        *result = 0;
        return HETLA_SUCCESS;
    }
    return hetla__l1_reduce(ctx, "dznrm2", x, n, incx < 0 ? -incx : incx, HETLA_ZCOMPLEX, result, HETLA_DOUBLE);
}

hetla_status hetla_dznrm2_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *result)
{
    return hetla__l1_reduce_task("hetla_dznrm2_task", ctx, opts, "dznrm2", x, HETLA_ZCOMPLEX, result, HETLA_DOUBLE);
}
