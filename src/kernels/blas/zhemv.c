/* The "zhemv" operation, y := alpha A x + beta y with A hermitian (symmetric
 * in the real twins), one triangle referenced, in every kernel class that
 * has it, and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zhemv_generic(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__generic_zhemv(a.uplo, a.x.n, (hetla_zcomplex)a.alpha, A->ptr, (hetla_int)A->ld, X->ptr,
                         hetla__vec_inc(X, a.x.dir), (hetla_zcomplex)a.beta, Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zhemv_openblas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zhemv(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, HETLA__CBLAS_SCALAR(alpha), A->ptr,
                (blasint)A->ld, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), HETLA__CBLAS_SCALAR(beta), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zhemv_blis(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    inc_t incx = (inc_t)hetla__vec_inc(X, a.x.dir), incy = (inc_t)hetla__vec_inc(Y, a.y.dir);
    void *xp = hetla__vec_first(X, a.x), *yp = hetla__vec_first(Y, a.y);
    bli_zhemv(hetla__blis_uplo(a.uplo), BLIS_NO_CONJUGATE, BLIS_NO_CONJUGATE, (dim_t)a.x.n, (dcomplex *)&alpha,
              A->ptr, 1, (inc_t)A->ld, xp, incx, (dcomplex *)&beta, yp, incy);
    return HETLA_SUCCESS;
}

static hetla__flops zhemv_flops(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)a.x.n;
}

hetla_status hetla__zhemv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zhemv", zhemv_generic, zhemv_openblas, zhemv_blis, zhemv_flops);
}

hetla_status hetla_zhemv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x, hetla_int incx,
                         hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    hetla__mv_call c = {.r = {"hetla_zhemv", "zhemv", HETLA_ZCOMPLEX, HETLA__FULL}, .layout = layout,
                        .a = {.uplo = uplo, .alpha = alpha, .beta = beta}, .n = n, .A = A, .lda = lda, .x = x,
                        .incx = incx, .y = y, .incy = incy};
    return hetla__mv_sync(ctx, &c);
}

hetla_status hetla_zhemv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_zcomplex alpha,
                              hetla_data *A, hetla_data *x, hetla_zcomplex beta, hetla_data *y)
{
    hetla__mv_task t = {.r = {"hetla_zhemv_task", "zhemv", HETLA_ZCOMPLEX, HETLA__FULL},
                        .a = {.uplo = uplo, .alpha = alpha, .beta = beta}, .A = A, .x = x, .y = y};
    return hetla__mv_task_insert(ctx, opts, &t);
}
