/* The "zgeru" operation, A := alpha x y^T + A with A general m x n (complex
 * only: the real ger is zgerc's twin), in every kernel class that has it,
 * and its two public forms.
 * @precisions normal z -> c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status zgeru_generic(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla__generic_zgeru((hetla_int)A->m, (hetla_int)A->n, (hetla_zcomplex)a.alpha, X->ptr,
                         hetla__vec_inc(X, a.x.dir), Y->ptr, hetla__vec_inc(Y, a.y.dir), A->ptr, (hetla_int)A->ld);
    return HETLA_SUCCESS;
}

static hetla_status zgeru_openblas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cblas_zgeru(CblasColMajor, (blasint)A->m, (blasint)A->n, HETLA__CBLAS_SCALAR(alpha), X->ptr,
                (blasint)hetla__vec_inc(X, a.x.dir), Y->ptr, (blasint)hetla__vec_inc(Y, a.y.dir), A->ptr,
                (blasint)A->ld);
    return HETLA_SUCCESS;
}

static hetla_status zgeru_blis(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    inc_t incx = (inc_t)hetla__vec_inc(X, a.x.dir), incy = (inc_t)hetla__vec_inc(Y, a.y.dir);
    void *xp = hetla__vec_first(X, a.x), *yp = hetla__vec_first(Y, a.y);
    bli_zger(BLIS_NO_CONJUGATE, BLIS_NO_CONJUGATE, (dim_t)A->m, (dim_t)A->n, (dcomplex *)&alpha, xp, incx, yp, incy,
             A->ptr, 1, (inc_t)A->ld);
    return HETLA_SUCCESS;
}

static hetla__flops zgeru_flops(const hetla_exec *x)
{
    return hetla__fma_flops(&x->buf[2]) * (hetla__flops)x->buf[2].m * (hetla__flops)x->buf[2].n;
}

hetla_status hetla__zgeru_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgeru", zgeru_generic, zgeru_openblas, zgeru_blis, zgeru_flops);
}

hetla_status hetla_zgeru(hetla_context *ctx, hetla_layout layout, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *x, hetla_int incx, const hetla_zcomplex *y, hetla_int incy,
                         hetla_zcomplex *A, hetla_int lda)
{
    hetla__ger_call c = {.r = {"hetla_zgeru", "zgeru", HETLA_ZCOMPLEX, HETLA__FULL}, .op_u = "zgeru",
                         .layout = layout, .m = m, .n = n, .alpha = alpha, .x = x, .incx = incx, .y = y, .incy = incy,
                         .A = A, .lda = lda};
    return hetla__ger_sync(ctx, &c);
}

hetla_status hetla_zgeru_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha, hetla_data *x,
                              hetla_data *y, hetla_data *A)
{
    hetla__update_task t = {.r = {"hetla_zgeru_task", "zgeru", HETLA_ZCOMPLEX, HETLA__FULL}, .ger = 1, .two = 1,
                            .a = {.alpha = alpha}, .x = x, .y = y, .A = A};
    return hetla__update_task_insert(ctx, opts, &t);
}
