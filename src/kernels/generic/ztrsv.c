/* Triangular solves with one right-hand side: full (trsv), band (tbsv) and
 * packed (tpsv) storage.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* x := op(A)^-1 x in place, by substitution in the order the triangle
 * allows. Without transposition, once x_j is final its multiple of column
 * j is subtracted from the entries still to come (column-oriented); with
 * transposition x_j is its right-hand side minus a dot product with the
 * final entries of column j. No test for a zero diagonal, as in the BLAS. */
static void ztrsv_core(const hetla__tri *t, hetla_trans trans, hetla_diag diag,
                       const hetla_zcomplex *A, hetla_zcomplex *x, hetla_int incx)
{
    hetla_int n = t->n;
    bool up = t->uplo == HETLA_UPPER, unit = diag == HETLA_UNIT, cj = trans == HETLA_CONJ_TRANS;
    bool ascending = (trans == HETLA_NO_TRANS) != up;
    hetla_int kx = hetla__vstart(n, incx);
    for (hetla_int s = 0; s < n; s++) {
        hetla_int j = ascending ? s : n - 1 - s;
        const hetla_zcomplex *a = A + hetla__tri_col(t, j);
        hetla_int lo, hi;
        hetla__tri_offdiag(t, j, &lo, &hi);
        hetla_zcomplex *xj = &x[kx + j * incx];
        if (trans == HETLA_NO_TRANS) {
            if (!unit)
                *xj /= a[j];
            hetla_zcomplex minus_xj = -*xj;
            if (incx == 1) /* the case trsm's columns take */
                hetla__zaxpy_cols(hi - lo + 1, 1, a + lo, 0, &minus_xj, x + lo);
            else
                for (hetla_int i = lo; i <= hi; i++)
                    x[kx + i * incx] += minus_xj * a[i];
        } else {
            hetla_zcomplex sum = *xj;
            for (hetla_int i = lo; i <= hi; i++)
                sum -= hetla__zconj_if(cj, a[i]) * x[kx + i * incx];
            *xj = unit ? sum : sum / hetla__zconj_if(cj, a[j]);
        }
    }
}

void hetla__generic_ztrsv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x, hetla_int incx)
{
    hetla__tri t = {HETLA__FULL, uplo, n, n - 1, lda};
    ztrsv_core(&t, trans, diag, A, x, incx);
}

void hetla__generic_ztbsv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          hetla_int k, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                          hetla_int incx)
{
    hetla__tri t = {HETLA__BAND, uplo, n, k, lda};
    ztrsv_core(&t, trans, diag, A, x, incx);
}

void hetla__generic_ztpsv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *Ap, hetla_zcomplex *x, hetla_int incx)
{
    hetla__tri t = {HETLA__PACKED, uplo, n, n - 1, 0};
    ztrsv_core(&t, trans, diag, Ap, x, incx);
}
