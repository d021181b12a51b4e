/* The "zsyrk" operation, the complex symmetric rank-k update C := alpha A
 * A^T + beta C or alpha A^T A + beta C of one triangle of C, in every
 * kernel class that has it, and its three public forms. The real syrk
 * routines are the twins of zherk.c.
 * @precisions normal z -> c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "algorithms/level3_tiled.h"
#include "kernels/generic/generic.h"

static hetla_status zsyrk_generic(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__generic_zsyrk(a.uplo, a.trans, (hetla_int)b.C->m, b.k, (hetla_zcomplex)a.alpha, b.A->ptr,
                         (hetla_int)b.A->ld, (hetla_zcomplex)a.beta, b.C->ptr, (hetla_int)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zsyrk_openblas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zsyrk(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (blasint)b.C->m, (blasint)b.k, &alpha,
                b.A->ptr, (blasint)b.A->ld, &beta, b.C->ptr, (blasint)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zsyrk_blis(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    bli_zsyrk(hetla__blis_uplo(a.uplo), hetla__blis_trans(a.trans), (dim_t)b.C->m, (dim_t)b.k, (dcomplex *)&alpha,
              b.A->ptr, 1, (inc_t)b.A->ld, (dcomplex *)&beta, b.C->ptr, 1, (inc_t)b.C->ld);
    return HETLA_SUCCESS;
}

hetla_status hetla__zsyrk_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zsyrk", zsyrk_generic, zsyrk_openblas, zsyrk_blis, hetla__rank_flops);
}

static const hetla__l3_routine zsyrk_routine = {"zsyrk", HETLA_ZCOMPLEX, HETLA_TRANS};

hetla_status hetla_zsyrk(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_int n,
                         hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                         hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    hetla__rank_call c = {0, layout, {uplo, trans, alpha, beta}, n, k, A, lda, NULL, 0, C, ldc};
    return hetla__rank_sync(ctx, &zsyrk_routine, &c);
}

hetla_status hetla_zsyrk_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                              hetla_zcomplex alpha, hetla_data *A, hetla_zcomplex beta, hetla_data *C)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_task(ctx, opts, &zsyrk_routine, &a, 0, A, NULL, C);
}

hetla_status hetla_zsyrk_tiled(hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha, hetla_tiled *A,
                               hetla_zcomplex beta, hetla_tiled *C, hetla_sequence *seq)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_tiled(&zsyrk_routine, &a, 0, A, NULL, C, seq);
}
