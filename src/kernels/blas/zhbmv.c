/* The "zhbmv" operation, y := alpha A x + beta y with A a hermitian
 * (symmetric in the real twins) band of k off-diagonals, one triangle
 * stored, in every kernel class that has it (BLIS has no band routines),
 * and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zhbmv_generic(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__generic_zhbmv(a.uplo, a.x.n, a.k, (hetla_zcomplex)a.alpha, A->ptr, (hetla_int)A->ld, X->ptr,
                         hetla__vec_inc(X, a.x.dir), (hetla_zcomplex)a.beta, Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zhbmv_openblas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zhbmv(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, (blasint)a.k, HETLA__CBLAS_SCALAR(alpha), A->ptr,
                (blasint)A->ld, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir), HETLA__CBLAS_SCALAR(beta), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla__flops zhbmv_flops(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * hetla__band_entries(a.x.n, a.x.n, a.k, a.k);
}

hetla_status hetla__zhbmv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zhbmv", zhbmv_generic, zhbmv_openblas, NULL, zhbmv_flops);
}

hetla_status hetla_zhbmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, hetla_int k,
                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *x,
                         hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y, hetla_int incy)
{
    hetla__mv_call c = {.r = {"hetla_zhbmv", "zhbmv", HETLA_ZCOMPLEX, HETLA__BAND}, .layout = layout,
                        .a = {.uplo = uplo, .k = k, .alpha = alpha, .beta = beta}, .n = n, .A = A, .lda = lda, .x = x,
                        .incx = incx, .y = y, .incy = incy};
    return hetla__mv_sync(ctx, &c);
}

hetla_status hetla_zhbmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_int k,
                              hetla_zcomplex alpha, hetla_data *A, hetla_data *x, hetla_zcomplex beta, hetla_data *y)
{
    hetla__mv_task t = {.r = {"hetla_zhbmv_task", "zhbmv", HETLA_ZCOMPLEX, HETLA__BAND},
                        .a = {.uplo = uplo, .k = k, .alpha = alpha, .beta = beta}, .A = A, .x = x, .y = y};
    return hetla__mv_task_insert(ctx, opts, &t);
}
