/* The "zher2k" operation, the hermitian rank-2k update C := alpha A B^H +
 * conj(alpha) B A^H + beta C (or with A^H B, B^H A) of one triangle of C,
 * beta real (the symmetric syr2k in the real twins), in every kernel class
 * that has it, and its three public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "algorithms/level3_tiled.h"
#include "kernels/generic/generic.h"

static hetla_status zher2k_generic(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__generic_zher2k(a.uplo, a.trans, (hetla_int)b.C->m, b.k, (hetla_zcomplex)a.alpha, b.A->ptr,
                          (hetla_int)b.A->ld, b.B->ptr, (hetla_int)b.B->ld, (double)creal(a.beta), b.C->ptr,
                          (hetla_int)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zher2k_openblas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cblas_zher2k(CblasColMajor, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.trans, (blasint)b.C->m, (blasint)b.k,
                 HETLA__CBLAS_SCALAR(alpha), b.A->ptr, (blasint)b.A->ld, b.B->ptr, (blasint)b.B->ld,
                 (double)creal(a.beta), b.C->ptr, (blasint)b.C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zher2k_blis(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    double beta = (double)creal(a.beta);
    trans_t t = hetla__blis_trans(a.trans);
    bli_zher2k(hetla__blis_uplo(a.uplo), t, t, (dim_t)b.C->m, (dim_t)b.k, (dcomplex *)&alpha, b.A->ptr, 1,
               (inc_t)b.A->ld, b.B->ptr, 1, (inc_t)b.B->ld, &beta, b.C->ptr, 1, (inc_t)b.C->ld);
    return HETLA_SUCCESS;
}

hetla_status hetla__zher2k_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zher2k", zher2k_generic, zher2k_openblas, zher2k_blis, hetla__rank_flops);
}

static const hetla__l3_routine zher2k_routine = {"zher2k", HETLA_ZCOMPLEX, HETLA_CONJ_TRANS};

hetla_status hetla_zher2k(hetla_context *ctx, hetla_layout layout, hetla_uplo uplo, hetla_trans trans, hetla_int n,
                          hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, double beta, hetla_zcomplex *C, hetla_int ldc)
{
    hetla__rank_call c = {1, layout, {uplo, trans, alpha, beta}, n, k, A, lda, B, ldb, C, ldc};
    return hetla__rank_sync(ctx, &zher2k_routine, &c);
}

hetla_status hetla_zher2k_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_uplo uplo, hetla_trans trans,
                               hetla_zcomplex alpha, hetla_data *A, hetla_data *B, double beta, hetla_data *C)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_task(ctx, opts, &zher2k_routine, &a, 1, A, B, C);
}

hetla_status hetla_zher2k_tiled(hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha, hetla_tiled *A,
                                hetla_tiled *B, double beta, hetla_tiled *C, hetla_sequence *seq)
{
    hetla__rank_args a = {uplo, trans, alpha, beta};
    return hetla__rank_tiled(&zher2k_routine, &a, 1, A, B, C, seq);
}
