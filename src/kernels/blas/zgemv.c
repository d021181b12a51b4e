/* The "zgemv" operation, y := alpha op(A) x + beta y with A general m x n,
 * in every kernel class that has it, and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zgemv_generic(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__generic_zgemv(a.trans, (hetla_int)A->m, (hetla_int)A->n, (hetla_zcomplex)a.alpha, A->ptr,
                         (hetla_int)A->ld, X->ptr, hetla__vec_inc(X, a.x.dir), (hetla_zcomplex)a.beta, Y->ptr,
                         hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zgemv_openblas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zgemv(CblasColMajor, (CBLAS_TRANSPOSE)a.trans, (blasint)A->m, (blasint)A->n, HETLA__CBLAS_SCALAR(alpha),
                A->ptr, (blasint)A->ld, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), HETLA__CBLAS_SCALAR(beta),
                Y->ptr, (blasint)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zgemv_blis(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    inc_t incx = (inc_t)hetla__vec_inc(X, a.x.dir), incy = (inc_t)hetla__vec_inc(Y, a.y.dir);
    void *xp = hetla__vec_first(X, a.x), *yp = hetla__vec_first(Y, a.y);
    bli_zgemv(hetla__blis_trans(a.trans), BLIS_NO_CONJUGATE, (dim_t)A->m, (dim_t)A->n, (dcomplex *)&alpha, A->ptr, 1,
              (inc_t)A->ld, xp, incx, (dcomplex *)&beta, yp, incy);
    return HETLA_SUCCESS;
}

static hetla__flops zgemv_flops(const hetla_exec *x)
{
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)x->buf[0].m * (hetla__flops)x->buf[0].n;
}

hetla_status hetla__zgemv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgemv", zgemv_generic, zgemv_openblas, zgemv_blis, zgemv_flops);
}

hetla_status hetla_zgemv(hetla_context *ctx, hetla_layout layout, hetla_trans trans, hetla_int m, hetla_int n,
                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    hetla__mv_call c = {.r = {"hetla_zgemv", "zgemv", HETLA_ZCOMPLEX, HETLA__FULL}, .general = 1, .layout = layout,
                        .a = {.trans = trans, .alpha = alpha, .beta = beta}, .m = m, .n = n, .A = A, .lda = lda,
                        .x = x, .incx = incx, .y = y, .incy = incy};
    return hetla__mv_sync(ctx, &c);
}

hetla_status hetla_zgemv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_trans trans,
                              hetla_zcomplex alpha, hetla_data *A, hetla_data *x, hetla_zcomplex beta, hetla_data *y)
{
    hetla__mv_task t = {.r = {"hetla_zgemv_task", "zgemv", HETLA_ZCOMPLEX, HETLA__FULL}, .general = 1,
                        .a = {.trans = trans, .alpha = alpha, .beta = beta}, .A = A, .x = x, .y = y};
    return hetla__mv_task_insert(ctx, opts, &t);
}
