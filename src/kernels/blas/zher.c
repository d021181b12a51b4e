/* The "zher" operation, A := alpha x x^H + A with A hermitian (symmetric
 * in the real twins) and alpha real, one triangle referenced, in every
 * kernel class that has it, and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zher_generic(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *A = &x->buf[1];
    hetla__generic_zher(a.uplo, a.x.n, (double)creal(a.alpha), X->ptr, hetla__vec_inc(X, a.x.dir), A->ptr,
                        (hetla_int)A->ld);
    return HETLA_SUCCESS;
}

static hetla_status zher_openblas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *A = &x->buf[1];
    cblas_zher(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, (double)creal(a.alpha), X->ptr,
               (blasint)hetla__vec_inc(X, a.x.dir), A->ptr, (blasint)A->ld);
    return HETLA_SUCCESS;
}

static hetla_status zher_blis(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *A = &x->buf[1];
    double alpha = (double)creal(a.alpha);
    inc_t incx = (inc_t)hetla__vec_inc(X, a.x.dir);
    void *xp = hetla__vec_first(X, a.x);
    bli_zher(hetla__blis_uplo(a.uplo), BLIS_NO_CONJUGATE, (dim_t)a.x.n, &alpha, xp, incx, A->ptr, 1, (inc_t)A->ld);
    return HETLA_SUCCESS;
}

static hetla__flops zher_flops(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)(a.x.n + 1) / 2;
}

hetla_status hetla__zher_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zher", zher_generic, zher_openblas, zher_blis, zher_flops);
}

hetla_status hetla_zher(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, double alpha,
                        const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *A, hetla_int lda)
{
    hetla__her_call c = {.r = {"hetla_zher", "zher", HETLA_ZCOMPLEX, HETLA__FULL}, .layout = layout, .uplo = uplo,
                         .n = n, .alpha = alpha, .x = x, .incx = incx, .A = A, .lda = lda};
    return hetla__her_sync(ctx, &c);
}

hetla_status hetla_zher_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, double alpha,
                             hetla_data *x, hetla_data *A)
{
    hetla__update_task t = {.r = {"hetla_zher_task", "zher", HETLA_ZCOMPLEX, HETLA__FULL},
                            .a = {.uplo = uplo, .alpha = alpha}, .x = x, .A = A};
    return hetla__update_task_insert(ctx, opts, &t);
}
