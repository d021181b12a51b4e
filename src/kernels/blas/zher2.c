/* The "zher2" operation, A := alpha x y^H + conj(alpha) y x^H + A with A
 * hermitian (symmetric in the real twins), one triangle referenced, in
 * every kernel class that has it, and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zher2_generic(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla__generic_zher2(a.uplo, a.x.n, (hetla_zcomplex)a.alpha, X->ptr, hetla__vec_inc(X, a.x.dir), Y->ptr,
                         hetla__vec_inc(Y, a.y.dir), A->ptr, (hetla_int)A->ld);
    return HETLA_SUCCESS;
}

static hetla_status zher2_openblas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cblas_zher2(CblasColMajor, (CBLAS_UPLO)a.uplo, (blasint)a.x.n, HETLA__CBLAS_SCALAR(alpha), X->ptr,
                (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr, (blasint)hetla__vec_inc(Y, a.y.dir), A->ptr,
                (blasint)A->ld);
    return HETLA_SUCCESS;
}

static hetla_status zher2_blis(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    inc_t incx = (inc_t)hetla__vec_inc(X, a.x.dir), incy = (inc_t)hetla__vec_inc(Y, a.y.dir);
    void *xp = hetla__vec_first(X, a.x), *yp = hetla__vec_first(Y, a.y);
    bli_zher2(hetla__blis_uplo(a.uplo), BLIS_NO_CONJUGATE, BLIS_NO_CONJUGATE, (dim_t)a.x.n, (dcomplex *)&alpha, xp,
              incx, yp, incy, A->ptr, 1, (inc_t)A->ld);
    return HETLA_SUCCESS;
}

static hetla__flops zher2_flops(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    return 2 * hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)(a.x.n + 1) / 2;
}

hetla_status hetla__zher2_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zher2", zher2_generic, zher2_openblas, zher2_blis, zher2_flops);
}

hetla_status hetla_zher2(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                         hetla_zcomplex *A, hetla_int lda)
{
    hetla__her_call c = {.r = {"hetla_zher2", "zher2", HETLA_ZCOMPLEX, HETLA__FULL}, .two = 1, .layout = layout,
                         .uplo = uplo, .n = n, .alpha = alpha, .x = x, .incx = incx, .y = y, .incy = incy, .A = A,
                         .lda = lda};
    return hetla__her_sync(ctx, &c);
}

hetla_status hetla_zher2_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_zcomplex alpha,
                              hetla_data *x, hetla_data *y, hetla_data *A)
{
    hetla__update_task t = {.r = {"hetla_zher2_task", "zher2", HETLA_ZCOMPLEX, HETLA__FULL}, .two = 1,
                            .a = {.uplo = uplo, .alpha = alpha}, .x = x, .y = y, .A = A};
    return hetla__update_task_insert(ctx, opts, &t);
}
