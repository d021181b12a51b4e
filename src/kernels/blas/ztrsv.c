/* The "ztrsv" operation, x := op(A)^-1 x with A triangular (no test for
 * singularity), in every kernel class that has it, and its two public
 * forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level2.h"
#include "kernels/generic/generic.h"

static hetla_status ztrsv_generic(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    hetla__generic_ztrsv(a.uplo, a.trans, a.diag, a.x.n, A->ptr, (hetla_int)A->ld,
                         X->ptr, hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status ztrsv_openblas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    cblas_ztrsv(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (CBLAS_DIAG)a.diag, (blasint)a.x.n,
                A->ptr, (blasint)A->ld, X->ptr, (blasint)hetla__vec_inc(X, a.x.dir));
    return HETLA_SUCCESS;
}

static hetla_status ztrsv_blis(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    hetla_zcomplex one = 1;
    inc_t incx = (inc_t)hetla__vec_inc(X, a.x.dir);
    void *xp = hetla__vec_first(X, a.x);
    bli_ztrsv(hetla__blis_uplo(a.uplo), hetla__blis_trans(a.trans), hetla__blis_diag(a.diag), (dim_t)a.x.n,
              (dcomplex *)&one, A->ptr, 1, (inc_t)A->ld, xp, incx);
    return HETLA_SUCCESS;
}

static hetla__flops ztrsv_flops(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    return hetla__fma_flops(&x->buf[0]) * (hetla__flops)a.x.n * (hetla__flops)(a.x.n + 1) / 2;
}

hetla_status hetla__ztrsv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "ztrsv", ztrsv_generic, ztrsv_openblas, ztrsv_blis, ztrsv_flops);
}

hetla_status hetla_ztrsv(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_diag diag,
                         hetla_int n, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x, hetla_int incx)
{
    hetla__tri_call c = {.r = {"hetla_ztrsv", "ztrsv", HETLA_ZCOMPLEX, HETLA__FULL}, .layout = layout,
                         .a = {.uplo = uplo, .trans = trans, .diag = diag}, .n = n, .A = A, .lda = lda, .x = x,
                         .incx = incx};
    return hetla__tri_sync(ctx, &c);
}

hetla_status hetla_ztrsv_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                              hetla_diag diag, hetla_data *A, hetla_data *x)
{
    hetla__tri_task t = {.r = {"hetla_ztrsv_task", "ztrsv", HETLA_ZCOMPLEX, HETLA__FULL},
                         .a = {.uplo = uplo, .trans = trans, .diag = diag}, .A = A, .x = x};
    return hetla__tri_task_insert(ctx, opts, &t);
}
