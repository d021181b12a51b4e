/* The "zhpr2" operation, A := alpha x y^H + conj(alpha) y x^H + A with A
 * hermitian (symmetric in the real twins), one triangle packed column by
 * column, in every kernel class that has it (BLIS has no packed routines),
 * and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zhpr2_generic(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *Ap = &x->buf[2];
    hetla__generic_zhpr2(a.uplo, a.x.n, (hetla_zcomplex)a.alpha, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr,
                         hetla__vec_inc(Y, a.y.dir), Ap->ptr);
    return HETLA_SUCCESS;
}

static hetla_status zhpr2_openblas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *Ap = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cblas_zhpr2(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, HETLA__CBLAS_SCALAR(alpha), X->ptr,
                (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr, (blasint)hetla__vec_inc(Y, a.y.dir), Ap->ptr);
    return HETLA_SUCCESS;
}

static hetla__flops zhpr2_flops(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    return 2 * hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)(a.x.n + 1) / 2;
}

hetla_status hetla__zhpr2_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zhpr2", zhpr2_generic, zhpr2_openblas, NULL, zhpr2_flops);
}

hetla_status hetla_zhpr2(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                         hetla_zcomplex *Ap)
{
    hetla__her_call c = {.r = {"hetla_zhpr2", "zhpr2", HETLA_ZCOMPLEX, HETLA__PACKED}, .two = 1, .layout = layout,
                         .uplo = uplo, .n = n, .alpha = alpha, .x = x, .incx = incx, .y = y, .incy = incy, .A = Ap};
    return hetla__her_sync(ctx, &c);
}

hetla_status hetla_zhpr2_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_zcomplex alpha,
                              hetla_data *x, hetla_data *y, hetla_data *Ap)
{
    hetla__update_task t = {.r = {"hetla_zhpr2_task", "zhpr2", HETLA_ZCOMPLEX, HETLA__PACKED}, .two = 1,
                            .a = {.uplo = uplo, .alpha = alpha}, .x = x, .y = y, .A = Ap};
    return hetla__update_task_insert(ctx, opts, &t);
}
