/* The "zpotrf" tile operation: Cholesky factorization of one hermitian
 * positive definite tile, in every CPU class that has it.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <lapacke.h>
#include <math.h>

#include "kernels/lapack/lapack.h"

/* Right-looking, column by column; @return 0 or the 1-based column where
 * the matrix stops being positive definite. */
static hetla_int potrf_generic(hetla_uplo uplo, hetla_int n, hetla_zcomplex *A, hetla_int lda)
{
    for (hetla_int j = 0; j < n; j++) {
        double d = creal(A[j + j * lda]);
        if (!(d > 0))
            return j + 1;
        d = sqrt(d);
        A[j + j * lda] = d;
        if (uplo == HETLA_LOWER) {
            for (hetla_int i = j + 1; i < n; i++)
                A[i + j * lda] /= d;
            for (hetla_int c = j + 1; c < n; c++) {
                hetla_zcomplex t = conj(A[c + j * lda]);
                for (hetla_int r = c; r < n; r++)
                    A[r + c * lda] -= A[r + j * lda] * t;
                A[c + c * lda] = creal(A[c + c * lda]);
            }
        } else {
            for (hetla_int c = j + 1; c < n; c++)
                A[j + c * lda] /= d;
            for (hetla_int c = j + 1; c < n; c++) {
                hetla_zcomplex t = A[j + c * lda];
                for (hetla_int r = j + 1; r <= c; r++)
                    A[r + c * lda] -= conj(A[j + r * lda]) * t;
                A[c + c * lda] = creal(A[c + c * lda]);
            }
        }
    }
    return 0;
}

static hetla_status potrf_done(const hetla__potrf_args *a, hetla_int r)
{
    if (r == 0)
        return HETLA_SUCCESS;
    hetla__info_set(a->info, a->offset + r);
    return hetla__fail(HETLA_NUMERICAL, "zpotrf: the leading minor of order %lld is not positive definite",
                       (long long)(a->offset + r));
}

static hetla_status zpotrf_generic(const hetla_exec *x)
{
    hetla__potrf_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    return potrf_done(&a, potrf_generic(a.uplo, (hetla_int)A->n, A->ptr, (hetla_int)A->ld));
}

static hetla_status zpotrf_openblas(const hetla_exec *x)
{
    hetla__potrf_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    lapack_int r = LAPACKE_zpotrf_work(LAPACK_COL_MAJOR, a.uplo == HETLA_LOWER ? 'L' : 'U', (lapack_int)A->n,
                                       A->ptr, (lapack_int)A->ld);
    return potrf_done(&a, r);
}

hetla_status hetla__zpotrf_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zpotrf", zpotrf_generic, zpotrf_openblas, NULL, hetla__potrf_flops);
}
