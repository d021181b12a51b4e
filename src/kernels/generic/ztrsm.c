/* Triangular solve with many right-hand sides, B := alpha op(A)^-1 B or
 * alpha B op(A)^-1.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* X op(A) = alpha B from the right: column j of X is alpha B(:,j) less the
 * columns l of X already solved (l < j when op(A) is upper triangular,
 * l > j when lower), divided by the diagonal. No test for singularity. */
static void ztrsm_right(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int m,
                        hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                        hetla_zcomplex *B, hetla_int ldb)
{
    bool notrans = trans == HETLA_NO_TRANS, cj = trans == HETLA_CONJ_TRANS;
    bool op_upper = notrans == (uplo == HETLA_UPPER);
    hetla_int step = notrans ? 1 : lda; /* stride of op(A)(l,j) along l */
    for (hetla_int s = 0; s < n; s++) {
        hetla_int j = op_upper ? s : n - 1 - s;
        hetla_int l0 = op_upper ? 0 : j + 1, nl = op_upper ? j : n - 1 - j;
        const hetla_zcomplex *a = notrans ? A + l0 + j * lda : A + j + l0 * lda;
        hetla__zscal_cols(m, 1, alpha, B + j * ldb, ldb);
        hetla__zaxpy_gather(m, nl, B + l0 * ldb, ldb, -1, a, step, cj, B + j * ldb);
        if (diag != HETLA_UNIT)
            hetla__zscal_cols(m, 1, 1 / hetla__zconj_if(cj, A[j + j * lda]), B + j * ldb, ldb);
    }
}

void hetla__generic_ztrsm(hetla_side side, hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
                          hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A,
                          hetla_int lda, hetla_zcomplex *B, hetla_int ldb)
{
    if (m == 0 || n == 0)
        return;
    if (alpha == 0) {
        hetla__zscal_cols(m, n, 0, B, ldb);
        return;
    }
    if (side == HETLA_RIGHT) {
        ztrsm_right(uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
        return;
    }
    /* From the left the columns of B are independent substitutions. */
    for (hetla_int j = 0; j < n; j++) {
        hetla__zscal_cols(m, 1, alpha, B + j * ldb, ldb);
        hetla__generic_ztrsv(uplo, transa, diag, m, A, lda, B + j * ldb, 1);
    }
}
