/* The "ztpmv" operation, x := op(A) x with A triangular, packed column by
 * column, in every kernel class that has it (BLIS has no packed routines),
 * and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status ztpmv_generic(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1];
    hetla__generic_ztpmv(a.uplo, a.trans, a.diag, a.x.n, Ap->ptr, X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status ztpmv_openblas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1];
    cblas_ztpmv(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (CBLAS_DIAG)a.diag, (blasint)a.x.n,
                Ap->ptr, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla__flops ztpmv_flops(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)(a.x.n + 1) / 2;
}

hetla_status hetla__ztpmv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "ztpmv", ztpmv_generic, ztpmv_openblas, NULL, ztpmv_flops);
}

hetla_status hetla_ztpmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_diag diag,
                         hetla_int n, const hetla_zcomplex *Ap, hetla_zcomplex *x, hetla_int incx)
{
    hetla__tri_call c = {.r = {"hetla_ztpmv", "ztpmv", HETLA_ZCOMPLEX, HETLA__PACKED}, .layout = layout,
                         .a = {.uplo = uplo, .trans = trans, .diag = diag}, .n = n, .A = Ap, .x = x, .incx = incx};
    return hetla__tri_sync(ctx, &c);
}

hetla_status hetla_ztpmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                              hetla_diag diag, hetla_data *Ap, hetla_data *x)
{
    hetla__tri_task t = {.r = {"hetla_ztpmv_task", "ztpmv", HETLA_ZCOMPLEX, HETLA__PACKED},
                         .a = {.uplo = uplo, .trans = trans, .diag = diag}, .A = Ap, .x = x};
    return hetla__tri_task_insert(ctx, opts, &t);
}
