/* The "ztrsm_lead" operation (lapack.h): a left triangular solve with the
 * k x k triangle leading a tile of k columns and at least k rows, on the
 * leading k rows of the right-hand side tile. The last diagonal block of
 * the R of a tall matrix ends inside a tile row when the column count is
 * not a multiple of the tile size; the "ztrsm" operation takes square
 * tiles only.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>

#include "kernels/generic/generic.h"
#include "kernels/lapack/lapack.h"

static hetla_status ztrsm_lead_generic(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla__generic_ztrsm(HETLA_LEFT, a.uplo, a.transa, a.diag, (hetla_int)A->n, (hetla_int)B->n,
                         (hetla_zcomplex)a.alpha, A->ptr, (hetla_int)A->ld, B->ptr, (hetla_int)B->ld);
    return HETLA_SUCCESS;
}

static hetla_status ztrsm_lead_openblas(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cblas_ztrsm(CblasColMajor, CblasLeft, (CBLAS_UPLO)a.uplo, (CBLAS_TRANSPOSE)a.transa, (CBLAS_DIAG)a.diag,
                (blasint)A->n, (blasint)B->n, HETLA__CBLAS_SCALAR(alpha), A->ptr, (blasint)A->ld, B->ptr,
                (blasint)B->ld);
    return HETLA_SUCCESS;
}

static hetla__flops ztrsm_lead_flops(const hetla_exec *x)
{
    const hetla__flops per_fma = hetla__fma_flops(&x->buf[1]);
    hetla__flops k = (hetla__flops)x->buf[0].n;
    return per_fma * k * (k + 1) / 2 * (hetla__flops)x->buf[1].n;
}

hetla_status hetla__ztrsm_lead_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "ztrsm_lead", ztrsm_lead_generic, ztrsm_lead_openblas, NULL, ztrsm_lead_flops);
}
