/* The "zgbmv" operation, y := alpha op(A) x + beta y with A an m x n band
 * of kl sub- and ku superdiagonals, in every kernel class that has it (BLIS
 * has no band routines), and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

/* A band buffer does not tell m: the vector op(A) yields does. */
static hetla_int zgbmv_rows(const hetla__mv_args *a) { return a->trans == HETLA_NO_TRANS ? a->y.n : a->x.n; }

static hetla_status zgbmv_generic(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__generic_zgbmv(a.trans, zgbmv_rows(&a), (hetla_int)A->n, a.kl, a.ku, (hetla_zcomplex)a.alpha, A->ptr,
                         (hetla_int)A->ld, X->ptr, hetla__vec_inc(X, a.x.dir), (hetla_zcomplex)a.beta, Y->ptr,
                         hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla_status zgbmv_openblas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zgbmv(CblasColMajor, (CBLAS_TRANSPOSE)a.trans, (blasint)zgbmv_rows(&a), (blasint)A->n, (blasint)a.kl,
                (blasint)a.ku, HETLA__CBLAS_SCALAR(alpha), A->ptr, (blasint)A->ld, X->ptr,
                (blasint)hetla__vec_inc(X, a.x.dir), HETLA__CBLAS_SCALAR(beta), Y->ptr,
                (blasint)hetla__vec_inc(Y, a.y.dir));
    return HETLA_SUCCESS;
}

static hetla__flops zgbmv_flops(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * hetla__band_entries(zgbmv_rows(&a), (hetla_int)x->buf[0].n, a.kl, a.ku);
}

hetla_status hetla__zgbmv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgbmv", zgbmv_generic, zgbmv_openblas, NULL, zgbmv_flops);
}

hetla_status hetla_zgbmv(hetla_context *ctx, hetla_layout layout, hetla_trans trans, hetla_int m, hetla_int n,
                         hetla_int kl, hetla_int ku, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                         const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex beta, hetla_zcomplex *y,
                         hetla_int incy)
{
    hetla__mv_call c = {.r = {"hetla_zgbmv", "zgbmv", HETLA_ZCOMPLEX, HETLA__BAND}, .general = 1, .layout = layout,
                        .a = {.trans = trans, .kl = kl, .ku = ku, .alpha = alpha, .beta = beta}, .m = m, .n = n,
                        .A = A, .lda = lda, .x = x, .incx = incx, .y = y, .incy = incy};
    return hetla__mv_sync(ctx, &c);
}

hetla_status hetla_zgbmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_trans trans, hetla_int kl,
                              hetla_int ku, hetla_zcomplex alpha, hetla_data *A, hetla_data *x, hetla_zcomplex beta,
                              hetla_data *y)
{
    hetla__mv_task t = {.r = {"hetla_zgbmv_task", "zgbmv", HETLA_ZCOMPLEX, HETLA__BAND}, .general = 1,
                        .a = {.trans = trans, .kl = kl, .ku = ku, .alpha = alpha, .beta = beta}, .A = A, .x = x,
                        .y = y};
    return hetla__mv_task_insert(ctx, opts, &t);
}
