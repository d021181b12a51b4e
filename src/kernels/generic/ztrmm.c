/* Triangular matrix-matrix product, B := alpha op(A) B or alpha B op(A).
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* From the right, column j of the result combines the columns l of B on
 * one side of j (l < j when op(A) is upper triangular, l > j when lower),
 * so walking j away from that side reads only columns not yet overwritten. */
static void ztrmm_right(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int m,
                        hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                        hetla_zcomplex *B, hetla_int ldb)
{
    bool notrans = trans == HETLA_NO_TRANS, cj = trans == HETLA_CONJ_TRANS;
    bool op_upper = notrans == (uplo == HETLA_UPPER);
    hetla_int step = notrans ? 1 : lda; /* stride of op(A)(l,j) along l */
    for (hetla_int s = 0; s < n; s++) {
        hetla_int j = op_upper ? n - 1 - s : s;
        hetla_int l0 = op_upper ? 0 : j + 1, nl = op_upper ? j : n - 1 - j;
        const hetla_zcomplex *a = notrans ? A + l0 + j * lda : A + j + l0 * lda;
        hetla_zcomplex d = diag == HETLA_UNIT ? 1 : hetla__zconj_if(cj, A[j + j * lda]);
        hetla__zscal_cols(m, 1, alpha * d, B + j * ldb, ldb);
        hetla__zaxpy_gather(m, nl, B + l0 * ldb, ldb, alpha, a, step, cj, B + j * ldb);
    }
}

void hetla__generic_ztrmm(hetla_side side, hetla_uplo uplo, hetla_trans transa, hetla_diag diag,
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
        ztrmm_right(uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
        return;
    }
    /* From the left the columns of B are independent matrix-vector products. */
    for (hetla_int j = 0; j < n; j++) {
        hetla__generic_ztrmv(uplo, transa, diag, m, A, lda, B + j * ldb, 1);
        hetla__zscal_cols(m, 1, alpha, B + j * ldb, ldb);
    }
}
