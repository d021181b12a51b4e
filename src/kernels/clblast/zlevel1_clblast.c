/* Level 1 in the OPENCL_CLBLAST class: "zswap", "zscal", "zcopy", "zaxpy",
 * "zdotc", "zdotu", "dznrm2", "dzasum" (real twins: swap, scal, copy,
 * axpy, dot, nrm2, asum). n = 0, negative and zero increments run the
 * generic kernel on the mapped buffers (clblast.c). "izamax" runs the
 * generic kernel on the mapped buffers always: among entries of equal
 * largest magnitude CLBlast 1.5 may return a later index than BLAS's first
 * one, and it compares the real parts of complex entries where BLAS takes
 * |re| + |im|.
 * @precisions normal z -> s d c
 */
#include <float.h>
#include <math.h>

#include "kernels/clblast/clblast.h"

#define COMPLEX

static hetla_status zswap_clblast(const hetla_exec *x)
{
    return hetla__clblast_pair(x, "zswap", CLBlastZswap, "CLBlastZswap");
}

static hetla_status zcopy_clblast(const hetla_exec *x)
{
    return hetla__clblast_pair(x, "zcopy", CLBlastZcopy, "CLBlastZcopy");
}

static hetla_status zscal_clblast(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0];
    hetla__ocl_queue *q = x->queue;
    if (a.x.n == 0)
        return HETLA_SUCCESS;
    if (!hetla__clb_forward(a.x))
        return hetla__ocl_on_host(x, "zscal");
    CLBlastStatusCode st =
        CLBlastZscal((size_t)a.x.n, hetla__cl_z(a.alpha), X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZscal", q);
}

/* alpha = 0 is BLAS's quick return: y stays, x is not read. */
static hetla_status zaxpy_clblast(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    if (a.x.n == 0 || a.alpha == 0)
        return HETLA_SUCCESS;
    if (!hetla__clb_forward(a.x) || !hetla__clb_forward(a.y))
        return hetla__ocl_on_host(x, "zaxpy");
    CLBlastStatusCode st = CLBlastZaxpy((size_t)a.x.n, hetla__cl_z(a.alpha), X->ptr, 0, hetla__clb_inc(X), Y->ptr, 0,
                                        hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZaxpy", q);
}

static hetla_status zdotc_clblast(const hetla_exec *x)
{
    return hetla__clblast_dot(x, "zdotc", CLBlastZdotc, "CLBlastZdotc");
}

/* CLBlast's norm and sum of complex data are complex numbers: the size of
 * hetla_zcomplex, the real result in the real part. Its norm is the root
 * of an unscaled sum of squares: below the root of DBL_MIN / DBL_EPSILON
 * underflow may have cost accuracy, and an infinite one may be overflow,
 * so those (and NaN) are computed again on the host, as BLAS does. */
static hetla_status dznrm2_clblast(const hetla_exec *x)
{
    return hetla__clblast_reduce(x, "dznrm2", CLBlastDznrm2, "CLBlastDznrm2", sizeof(hetla_zcomplex),
                                 sqrt(DBL_MIN / DBL_EPSILON));
}

static hetla_status dzasum_clblast(const hetla_exec *x)
{
    return hetla__clblast_reduce(x, "dzasum", CLBlastDzasum, "CLBlastDzasum", sizeof(hetla_zcomplex), 0);
}

#if defined(COMPLEX)
static hetla_status zdotu_clblast(const hetla_exec *x)
{
    return hetla__clblast_dot(x, "zdotu", CLBlastZdotu, "CLBlastZdotu");
}
#endif

static hetla_status izamax_on_host(const hetla_exec *x) { return hetla__ocl_on_host(x, "izamax"); }

hetla_status hetla__zlevel1_clblast_register(hetla_context *ctx)
{
    static const hetla__clb_op ops[] = {
        {"zswap", zswap_clblast},
        {"zcopy", zcopy_clblast},
        {"zscal", zscal_clblast},
        {"zaxpy", zaxpy_clblast},
        {"zdotc", zdotc_clblast},
        {"dznrm2", dznrm2_clblast},
        {"dzasum", dzasum_clblast},
        {"izamax", izamax_on_host},
#if defined(COMPLEX)
        {"zdotu", zdotu_clblast},
#endif
    };
    return hetla__clblast_add_ops(ctx, ops, sizeof ops / sizeof *ops);
}
