/* The "zswap" operation: x <-> y on two vectors, in every kernel class
 * that has it; its synchronous call and task form.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level1.h"
#include "kernels/generic/generic.h"

static hetla_status zswap_generic(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    hetla__generic_zswap(a.x.n, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zswap_openblas(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    cblas_zswap((blasint)a.x.n, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zswap_blis(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    bli_zswapv((dim_t)a.x.n, hetla__vec_first(X, a.x), (inc_t)hetla__vec_inc(X, a.x.dir), hetla__vec_first(Y, a.y),
               (inc_t)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

hetla_status hetla__zswap_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zswap", zswap_generic, zswap_openblas, zswap_blis, NULL);
}

hetla_status hetla_zswap(hetla_context *ctx, hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                         hetla_int incy)
{
    static const char fn[] = "hetla_zswap";
    hetla_status s = hetla__l1_check(fn, ctx, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 3, "x", x, n);
    if (!s)
        s = hetla__l1_check_vec(fn, 5, "y", y, n);
    if (s || n == 0)
        return s;
    hetla__vec2_args args;
    hetla__operand ops[2] = {hetla__vec_operand(x, n, incx, HETLA_ZCOMPLEX, HETLA_RW, &args.x),
                             hetla__vec_operand(y, n, incy, HETLA_ZCOMPLEX, HETLA_RW, &args.y)};
    return hetla__blas_run(ctx, "zswap", ops, 2, &args, sizeof args, 1);
}

hetla_status hetla_zswap_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x, hetla_data *y)
{
    hetla__vec2_args args;
    hetla_status s = hetla__l1_task_vec2("hetla_zswap_task", ctx, 3, x, y, HETLA_ZCOMPLEX, &args.x, &args.y);
    if (s)
        return s;
    hetla_task_arg data[2] = {{x, HETLA_RW}, {y, HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zswap", data, 2, &args, sizeof args);
}
