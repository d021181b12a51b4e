/* The "ztrtri" tile operation (lapack.h): the inverse of a triangular tile,
 * out of place, in every CPU class that has it.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <lapacke.h>

#include "kernels/lapack/lapack.h"

/* Zeros the triangle of W opposite to @p uplo, diagonal excluded. */
static void zero_other(hetla_uplo uplo, hetla_int n, hetla_zcomplex *W, hetla_int ldw)
{
    for (hetla_int j = 0; j < n; j++) {
        hetla_int from = uplo == HETLA_LOWER ? 0 : j + 1, to = uplo == HETLA_LOWER ? j : n;
        for (hetla_int i = from; i < to; i++)
            W[i + j * ldw] = 0;
    }
}

/* X A = I column by column, each from the columns of X already found:
 * lower from the last column back, upper from the first on. */
static hetla_status ztrtri_generic(const hetla_exec *x)
{
    hetla__trtri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ab = &x->buf[0], *Wb = &x->buf[1];
    const hetla_zcomplex *A = Ab->ptr;
    hetla_zcomplex *W = Wb->ptr;
    hetla_int n = (hetla_int)Ab->n, lda = (hetla_int)Ab->ld, ldw = (hetla_int)Wb->ld;
    int lower = a.uplo == HETLA_LOWER, unit = a.diag == HETLA_UNIT;
    zero_other(a.uplo, n, W, ldw);
    for (hetla_int c = 0; c < n; c++) {
        hetla_int j = lower ? n - 1 - c : c;
        hetla_zcomplex d = unit ? 1 : 1 / A[j + j * lda];
        W[j + j * ldw] = d;
        /* X(i,j) A(j,j) = -sum of X(i,k) A(k,j) over k strictly between */
        hetla_int from = lower ? j + 1 : 0, to = lower ? n : j;
        for (hetla_int i = from; i < to; i++) {
            hetla_zcomplex s = 0;
            for (hetla_int k = lower ? j + 1 : i; k <= (lower ? i : j - 1); k++)
                s += W[i + k * ldw] * A[k + j * lda];
            W[i + j * ldw] = -s * d;
        }
    }
    return HETLA_SUCCESS;
}

static hetla_status ztrtri_openblas(const hetla_exec *x)
{
    hetla__trtri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *W = &x->buf[1];
    hetla_int n = (hetla_int)A->n;
    char uplo = a.uplo == HETLA_LOWER ? 'L' : 'U';
    LAPACKE_zlacpy_work(LAPACK_COL_MAJOR, uplo, (lapack_int)n, (lapack_int)n, A->ptr, (lapack_int)A->ld, W->ptr,
                        (lapack_int)W->ld);
    zero_other(a.uplo, n, W->ptr, (hetla_int)W->ld);
    int unit = a.diag == HETLA_UNIT;
    /* its info is > 0 only for a singular A, outside the operation's domain */
    LAPACKE_ztrtri_work(LAPACK_COL_MAJOR, uplo, unit ? 'U' : 'N', (lapack_int)n, W->ptr, (lapack_int)W->ld);
    hetla_zcomplex *w = W->ptr;
    for (hetla_int j = 0; unit && j < n; j++)
        w[j + j * (hetla_int)W->ld] = 1;
    return HETLA_SUCCESS;
}

hetla_status hetla__ztrtri_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "ztrtri", ztrtri_generic, ztrtri_openblas, NULL, hetla__trtri_flops);
}
