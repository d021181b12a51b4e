/* Products with a hermitian matrix (hemm) and, for complex data, with a
 * complex symmetric one (symm); one triangle of A is read.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "leaf.h"

/* Entry (i,j) of the full matrix whose triangle uplo is stored in A:
 * mirrored entries are conjugated, and the diagonal is real, only when
 * the matrix is hermitian. */
static hetla_zcomplex zfull(bool herm, hetla_uplo uplo, const hetla_zcomplex *A, hetla_int lda,
                            hetla_int i, hetla_int j)
{
    if (i == j)
        return herm ? creal(A[i + i * lda]) : A[i + i * lda];
    bool stored = (uplo == HETLA_UPPER) == (i < j);
    return stored ? A[i + j * lda] : hetla__zconj_if(herm, A[j + i * lda]);
}

/* C(:,j) += alpha A B(:,j): each stored column l of A is added into C
 * (stored triangle) and dotted with B(:,j) for C(l,j) (mirrored part), so
 * A is read with unit stride. */
static void zsymm_left(bool herm, hetla_uplo uplo, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                       const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B,
                       hetla_int ldb, hetla_zcomplex *C, hetla_int ldc)
{
    bool up = uplo == HETLA_UPPER;
    for (hetla_int j = 0; j < n; j++) {
        const hetla_zcomplex *b = B + j * ldb;
        hetla_zcomplex *c = C + j * ldc;
        for (hetla_int l = 0; l < m; l++) {
            const hetla_zcomplex *a = A + l * lda;
            hetla_zcomplex t1 = alpha * b[l], t2 = 0;
            hetla_int lo = up ? 0 : l + 1, hi = up ? l : m;
            for (hetla_int i = lo; i < hi; i++) {
                c[i] += t1 * a[i];
                t2 += hetla__zconj_if(herm, a[i]) * b[i];
            }
            c[l] += t1 * zfull(herm, uplo, A, lda, l, l) + alpha * t2;
        }
    }
}

/* C(:,j) += sum_l B(:,l) alpha A(l,j): a combination of columns of B. */
static void zsymm_right(bool herm, hetla_uplo uplo, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                        const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B,
                        hetla_int ldb, hetla_zcomplex *C, hetla_int ldc)
{
    enum { CHUNK = 64 };
    hetla_zcomplex coef[CHUNK];
    for (hetla_int j = 0; j < n; j++) {
        for (hetla_int l0 = 0; l0 < n; l0 += CHUNK) {
            hetla_int lb = hetla__imin(CHUNK, n - l0);
            for (hetla_int l = 0; l < lb; l++)
                coef[l] = alpha * zfull(herm, uplo, A, lda, l0 + l, j);
            hetla__zaxpy_cols(m, lb, B + l0 * ldb, ldb, coef, C + j * ldc);
        }
    }
}

static void zsymm_core(bool herm, hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n,
                       hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                       const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                       hetla_zcomplex *C, hetla_int ldc)
{
    if (m == 0 || n == 0 || (alpha == 0 && beta == 1))
        return;
    hetla__zscal_cols(m, n, beta, C, ldc);
    if (alpha == 0)
        return;
    if (side == HETLA_LEFT)
        zsymm_left(herm, uplo, m, n, alpha, A, lda, B, ldb, C, ldc);
    else
        zsymm_right(herm, uplo, m, n, alpha, A, lda, B, ldb, C, ldc);
}

void hetla__generic_zhemm(hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                          hetla_zcomplex *C, hetla_int ldc)
{
    zsymm_core(true, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
}

#if defined(COMPLEX)
void hetla__generic_zsymm(hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n,
                          hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                          hetla_zcomplex *C, hetla_int ldc)
{
    zsymm_core(false, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
}
#endif
