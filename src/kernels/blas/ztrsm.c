/* The "ztrsm" operation, the triangular solves op(A) X = alpha B or
 * X op(A) = alpha B, X overwriting B, in every kernel class that has it,
 * and its three public forms.
 * @precisions normal z -> s d c
 */
#define COMPLEX
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "algorithms/level3_tiled.h"
#include "kernels/generic/generic.h"

static hetla_status ztrsm_generic(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla__generic_ztrsm(a.side, a.uplo, a.transa, a.diag, (hetla_int)B->m, (hetla_int)B->n, (hetla_zcomplex)a.alpha,
                         A->ptr, (hetla_int)A->ld, B->ptr, (hetla_int)B->ld);
    return HETLA_SUCCESS;
}

static hetla_status ztrsm_openblas(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cblas_ztrsm(CblasColMajor, (CBLAS_SIDE)a.side, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.transa, (CBLAS_DIAG)a.diag,
                (blasint)B->m, (blasint)B->n, HETLA__CBLAS_SCALAR(alpha), A->ptr, (blasint)A->ld, B->ptr,
                (blasint)B->ld);
    return HETLA_SUCCESS;
}

static hetla_status ztrsm_blis(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    bli_ztrsm(hetla__blis_side(a.side), hetla__blis_uplo(a.uplo), hetla__blis_trans(a.transa),
              hetla__blis_diag(a.diag), (dim_t)B->m, (dim_t)B->n, (dcomplex *)&alpha, A->ptr, 1, (inc_t)A->ld, B->ptr,
              1, (inc_t)B->ld);
    return HETLA_SUCCESS;
}

hetla_status hetla__ztrsm_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "ztrsm", ztrsm_generic, ztrsm_openblas, ztrsm_blis, hetla__trxm_flops);
}

static const hetla__l3_routine ztrsm_routine = {"ztrsm", HETLA_ZCOMPLEX, HETLA_CONJ_TRANS};

hetla_status hetla_ztrsm(hetla_context *ctx, hetla_layout layout, hetla_side side, hetla_uplo uplo,
                         hetla_trans transa, hetla_diag diag, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B, hetla_int ldb)
{
    hetla__trxm_call c = {1, layout, {side, uplo, transa, diag, alpha}, m, n, A, lda, B, ldb};
    return hetla__trxm_sync(ctx, &ztrsm_routine, &c);
}

hetla_status hetla_ztrsm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_side side, hetla_uplo uplo,
                              hetla_trans transa, hetla_diag diag, hetla_zcomplex alpha, hetla_data *A, hetla_data *B)
{
    hetla__trxm_args a = {side, uplo, transa, diag, alpha};
    return hetla__trxm_task(ctx, opts, &ztrsm_routine, &a, A, B);
}

hetla_status hetla_ztrsm_tiled(hetla_side side, hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
                               hetla_zcomplex alpha, hetla_tiled *A, hetla_tiled *B, hetla_sequence *seq)
{
    hetla__trxm_args a = {side, uplo, transa, diag, alpha};
    return hetla__trsm_tiled(&ztrsm_routine, &a, A, B, seq);
}
