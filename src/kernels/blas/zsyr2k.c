/* The "zsyr2k" operation, the complex symmetric rank-2k update C := alpha
 * (A B^T + B A^T) + beta C (or with A^T B, B^T A) of one triangle of C, in
 * every kernel class that has it, and its three public forms. The real
 * syr2k routines are the twins of zher2k.c.
 * @precisions normal z -> c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "algorithms/level3_tiled.h"
#include "kernels/generic/generic.h"

static hetla_status zsyr2k_generic(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__generic_zsyr2k(a.uplo, a.trans, (hetla_int)b.C->m, b.k, (hetla_zcomplex)a.alpha, b.A->ptr,
                          (hetla_int)b.A->ld, b.B->ptr, (hetla_int)b.B->ld, (hetla_zcomplex)a.beta, b.C->ptr,
                          (hetla_int)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zsyr2k_openblas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zsyr2k(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (blasint)b.C->m, (blasint)b.k, &alpha,
                 b.A->ptr, (blasint)b.A->ld, b.B->ptr, (blasint)b.B->ld, &beta, b.C->ptr, (blasint)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zsyr2k_blis(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    trans_t t = hetla__blis_trans(a.trans);
    bli_zsyr2k(hetla__blis_uplo(a.uplo), t, t, (dim_t)b.C->m, (dim_t)b.k, (dcomplex *)&alpha, b.A->ptr, 1,
               (inc_t)b.A->ld, b.B->ptr, 1, (inc_t)b.B->ld, (dcomplex *)&beta, b.C->ptr, 1, (inc_t)b.C->ld);
    return HETLA_SUCCESS;
}

hetla_status hetla__zsyr2k_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zsyr2k", zsyr2k_generic, zsyr2k_openblas, zsyr2k_blis, hetla__rank_flops);
}

static const hetla__l3_routine zsyr2k_routine = {"zsyr2k", HETLA_ZCOMPLEX, HETLA_TRANS};

hetla_status hetla_zsyr2k(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_int n,
                          hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta, hetla_zcomplex *C,
                          hetla_int ldc)
{
    hetla__rank_call c = {1, layout, {uplo, trans, alpha, beta}, n, k, A, lda, B, ldb, C, ldc};
    return hetla__rank_sync(ctx, &zsyr2k_routine, &c);
}

hetla_status hetla_zsyr2k_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                               hetla_zcomplex alpha, hetla_data *A, hetla_data *B, hetla_zcomplex beta,
                               hetla_data *C)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_task(ctx, opts, &zsyr2k_routine, &a, 1, A, B, C);
}

hetla_status hetla_zsyr2k_tiled(hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha, hetla_tiled *A,
                                hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C, hetla_sequence *seq)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_tiled(&zsyr2k_routine, &a, 1, A, B, C, seq);
}
