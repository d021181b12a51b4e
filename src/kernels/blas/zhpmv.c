/* The "zhpmv" operation, y := alpha A x + beta y with A hermitian
 * (symmetric in the real twins) and one triangle packed column by column,
 * in every kernel class that has it (BLIS has no packed routines), and its
 * two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zhpmv_generic(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__generic_zhpmv(a.uplo, a.x.n, (hetla_zcomplex)a.alpha, Ap->ptr, X->ptr, hetla__vec_inc(X, a.x.dir),
                         (hetla_zcomplex)a.beta, Y->ptr, hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zhpmv_openblas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zhpmv(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, HETLA__CBLAS_SCALAR(alpha), Ap->ptr, X->ptr,
                (blasint)hetla__vec_inc(X, a.x.dir), HETLA__CBLAS_SCALAR(beta), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla__flops zhpmv_flops(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)a.x.n;
}

hetla_status hetla__zhpmv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zhpmv", zhpmv_generic, zhpmv_openblas, NULL, zhpmv_flops);
}

hetla_status hetla_zhpmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *Ap, const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta,
                         hetla_zcomplex *y, hetla_int incy)
{
    hetla__mv_call c = {.r = {"hetla_zhpmv", "zhpmv", HETLA_ZCOMPLEX, HETLA__PACKED}, .layout = layout,
                        .a = {.uplo = uplo, .alpha = alpha, .beta = beta}, .n = n, .A = Ap, .x = x, .incx = incx,
                        .y = y, .incy = incy};
    return hetla__mv_sync(ctx, &c);
}

hetla_status hetla_zhpmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_zcomplex alpha,
                              hetla_data *Ap, hetla_data *x, hetla_zcomplex beta, hetla_data *y)
{
    hetla__mv_task t = {.r = {"hetla_zhpmv_task", "zhpmv", HETLA_ZCOMPLEX, HETLA__PACKED},
                        .a = {.uplo = uplo, .alpha = alpha, .beta = beta}, .A = Ap, .x = x, .y = y};
    return hetla__mv_task_insert(ctx, opts, &t);
}
