/* The "zherk" operation, the hermitian rank-k update C := alpha A A^H +
 * beta C or alpha A^H A + beta C of one triangle of C, alpha and beta real
 * (the symmetric syrk in the real twins), in every kernel class that has
 * it, and its three public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "algorithms/level3_tiled.h"
#include "kernels/generic/generic.h"

static hetla_status zherk_generic(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__generic_zherk(a.uplo, a.trans, (hetla_int)b.C->m, b.k, (double)creal(a.alpha), b.A->ptr,
                         (hetla_int)b.A->ld, (double)creal(a.beta), b.C->ptr, (hetla_int)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zherk_openblas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    cblas_zherk(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (blasint)b.C->m, (blasint)b.k,
                (double)creal(a.alpha), b.A->ptr, (blasint)b.A->ld, (double)creal(a.beta), b.C->ptr,
                (blasint)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zherk_blis(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    double alpha = (double)creal(a.alpha), beta = (double)creal(a.beta);
    bli_zherk(hetla__blis_uplo(a.uplo), hetla__blis_trans(a.trans), (dim_t)b.C->m, (dim_t)b.k, &alpha, b.A->ptr, 1,
              (inc_t)b.A->ld, &beta, b.C->ptr, 1, (inc_t)b.C->ld);
    return HETLA_SUCCESS;
}

hetla_status hetla__zherk_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zherk", zherk_generic, zherk_openblas, zherk_blis, hetla__rank_flops);
}

static const hetla__l3_routine zherk_routine = {"zherk", HETLA_ZCOMPLEX, HETLA_CONJ_TRANS};

hetla_status hetla_zherk(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_int n,
                         hetla_int k, double alpha, const hetla_zcomplex *A, hetla_int lda, double beta,
                         hetla_zcomplex *C, hetla_int ldc)
{
    hetla__rank_call c = {0, layout, {uplo, trans, alpha, beta}, n, k, A, lda, NULL, 0, C, ldc};
    return hetla__rank_sync(ctx, &zherk_routine, &c);
}

hetla_status hetla_zherk_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                              double alpha, hetla_data *A, double beta, hetla_data *C)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_task(ctx, opts, &zherk_routine, &a, 0, A, NULL, C);
}

hetla_status hetla_zherk_tiled(hetla_uplo uplo, hetla_trans trans, double alpha, hetla_tiled *A, double beta,
                               hetla_tiled *C, hetla_sequence *seq)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_tiled(&zherk_routine, &a, 0, A, NULL, C, seq);
}
