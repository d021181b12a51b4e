/* The "zhpr" operation, A := alpha x x^H + A with A hermitian (symmetric
 * in the real twins), one triangle packed column by column, and alpha
 * real, in every kernel class that has it (BLIS has no packed routines),
 * and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zhpr_generic(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Ap = &x->buf[1];
    hetla__generic_zhpr(a.uplo, a.x.n, (double)creal(a.alpha), X->ptr, hetla__vec_inc(X, a.x.dir), Ap->ptr);
    return HETLA_SUCCESS;
}

static hetla_status zhpr_openblas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Ap = &x->buf[1];
    cblas_zhpr(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, (double)creal(a.alpha), X->ptr,
               (blasint)hetla__vec_inc(X, a.x.dir), Ap->ptr);
    return HETLA_SUCCESS;
}

static hetla__flops zhpr_flops(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)(a.x.n + 1) / 2;
}

hetla_status hetla__zhpr_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zhpr", zhpr_generic, zhpr_openblas, NULL, zhpr_flops);
}

hetla_status hetla_zhpr(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, double alpha,
                        const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *Ap)
{
    hetla__her_call c = {.r = {"hetla_zhpr", "zhpr", HETLA_ZCOMPLEX, HETLA__PACKED}, .layout = layout, .uplo = uplo,
                         .n = n, .alpha = alpha, .x = x, .incx = incx, .A = Ap};
    return hetla__her_sync(ctx, &c);
}

hetla_status hetla_zhpr_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, double alpha,
                             hetla_data *x, hetla_data *Ap)
{
    hetla__update_task t = {.r = {"hetla_zhpr_task", "zhpr", HETLA_ZCOMPLEX, HETLA__PACKED},
                            .a = {.uplo = uplo, .alpha = alpha}, .x = x, .A = Ap};
    return hetla__update_task_insert(ctx, opts, &t);
}
