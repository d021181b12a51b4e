/* The "zhemm" operation, C := alpha A B + beta C or alpha B A + beta C
 * with A hermitian (symmetric in the real twins), one triangle referenced,
 * in every kernel class that has it, and its three public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "algorithms/level3_tiled.h"
#include "kernels/generic/generic.h"

static hetla_status zhemm_generic(const hetla_exec *x)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla__generic_zhemm(a.side, a.uplo, (hetla_int)C->m, (hetla_int)C->n, (hetla_zcomplex)a.alpha, A->ptr,
                         (hetla_int)A->ld, B->ptr, (hetla_int)B->ld, (hetla_zcomplex)a.beta, C->ptr, (hetla_int)C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zhemm_openblas(const hetla_exec *x)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cblas_zhemm(CblasColMajor, (CBLAS_SIDE)a.side, (CBLAS_UPLO)a.uplo, (blasint)C->m, (blasint)C->n,
                HETLA__CBLAS_SCALAR(alpha), A->ptr, (blasint)A->ld, B->ptr, (blasint)B->ld, HETLA__CBLAS_SCALAR(beta),
                C->ptr, (blasint)C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zhemm_blis(const hetla_exec *x)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    bli_zhemm(hetla__blis_side(a.side), hetla__blis_uplo(a.uplo), BLIS_NO_CONJUGATE, BLIS_NO_TRANSPOSE, (dim_t)C->m,
              (dim_t)C->n, (dcomplex *)&alpha, A->ptr, 1, (inc_t)A->ld, B->ptr, 1, (inc_t)B->ld, (dcomplex *)&beta,
              C->ptr, 1, (inc_t)C->ld);
    return HETLA_SUCCESS;
}

hetla_status hetla__zhemm_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zhemm", zhemm_generic, zhemm_openblas, zhemm_blis, hetla__symm_flops);
}

static const hetla__l3_routine zhemm_routine = {"zhemm", HETLA_ZCOMPLEX, HETLA_CONJ_TRANS};

hetla_status hetla_zhemm(hetla_context *ctx, hetla_layout layout, hetla_side side, hetla_uplo uplo, hetla_int m,
                         hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                         const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    hetla__symm_call c = {layout, {side, uplo, alpha, beta}, m, n, A, lda, B, ldb, C, ldc};
    return hetla__symm_sync(ctx, &zhemm_routine, &c);
}

hetla_status hetla_zhemm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_side side, hetla_uplo uplo,
                              hetla_zcomplex alpha, hetla_data *A, hetla_data *B, hetla_zcomplex beta, hetla_data *C)
{
    hetla__symm_args a = {side, uplo, alpha, beta};
    return hetla__symm_task(ctx, opts, &zhemm_routine, &a, A, B, C);
}

hetla_status hetla_zhemm_tiled(hetla_side side, hetla_uplo uplo, hetla_zcomplex alpha, hetla_tiled *A,
                               hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C, hetla_sequence *seq)
{
    hetla__symm_args a = {side, uplo, alpha, beta};
    return hetla__symm_tiled(&zhemm_routine, &a, A, B, C, seq);
}
