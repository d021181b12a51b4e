/* The "ztbmv" operation, x := op(A) x with A a triangular band of k off-
 * diagonals, in every kernel class that has it (BLIS has no band
 * routines), and its two public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status ztbmv_generic(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    hetla__generic_ztbmv(a.uplo, a.trans, a.diag, a.x.n, a.k, A->ptr, (hetla_int)A->ld,
                         X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status ztbmv_openblas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    cblas_ztbmv(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (CBLAS_DIAG)a.diag, (blasint)a.x.n,
                (blasint)a.k, A->ptr, (blasint)A->ld, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla__flops ztbmv_flops(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * hetla__band_entries(a.x.n, a.x.n, a.k, 0);
}

hetla_status hetla__ztbmv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "ztbmv", ztbmv_generic, ztbmv_openblas, NULL, ztbmv_flops);
}

hetla_status hetla_ztbmv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_diag diag,
                         hetla_int n, hetla_int k, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                         hetla_int incx)
{
    hetla__tri_call c = {.r = {"hetla_ztbmv", "ztbmv", HETLA_ZCOMPLEX, HETLA__BAND}, .layout = layout,
                         .a = {.uplo = uplo, .trans = trans, .diag = diag, .k = k}, .n = n, .A = A, .lda = lda,
                         .x = x, .incx = incx};
    return hetla__tri_sync(ctx, &c);
}

hetla_status hetla_ztbmv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                              hetla_diag diag, hetla_int k, hetla_data *A, hetla_data *x)
{
    hetla__tri_task t = {.r = {"hetla_ztbmv_task", "ztbmv", HETLA_ZCOMPLEX, HETLA__BAND},
                         .a = {.uplo = uplo, .trans = trans, .diag = diag, .k = k}, .A = A, .x = x};
    return hetla__tri_task_insert(ctx, opts, &t);
}
