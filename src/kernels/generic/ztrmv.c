/* Triangular matrix-vector products: full (trmv), band (tbmv) and packed
 * (tpmv) storage.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* x := op(A) x in place. Without transposition column j is added into
 * the entries above (upper) or below (lower) it, walking j so that x_j is
 * read before it changes; with transposition x_j becomes a dot product
 * with column j, walking j so that the x_i it needs are still old. */
static void ztrmv_core(const hetla__tri *t, hetla_trans trans, hetla_diag diag,
                       const hetla_zcomplex *A, hetla_zcomplex *x, hetla_int incx)
{
    hetla_int n = t->n;
    bool up = t->uplo == HETLA_UPPER, unit = diag == HETLA_UNIT, cj = trans == HETLA_CONJ_TRANS;
    bool ascending = (trans == HETLA_NO_TRANS) == up;
    hetla_int kx = hetla__vstart(n, incx);
    for (hetla_int s = 0; s < n; s++) {
        hetla_int j = ascending ? s : n - 1 - s;
        const hetla_zcomplex *a = A + hetla__tri_col(t, j);
        hetla_int lo, hi;
        hetla__tri_offdiag(t, j, &lo, &hi);
        hetla_zcomplex *xj = &x[kx + j * incx];
        if (trans == HETLA_NO_TRANS) {
            hetla_zcomplex xold = *xj;
            if (incx == 1) /* the case trmm's columns take */
                hetla__zaxpy_cols(hi - lo + 1, 1, a + lo, 0, &xold, x + lo);
            else
                for (hetla_int i = lo; i <= hi; i++)
                    x[kx + i * incx] += xold * a[i];
            if (!unit)
                *xj = xold * a[j];
        } else {
            hetla_zcomplex sum = unit ? *xj : *xj * hetla__zconj_if(cj, a[j]);
            for (hetla_int i = lo; i <= hi; i++)
                sum += hetla__zconj_if(cj, a[i]) * x[kx + i * incx];
            *xj = sum;
        }
    }
}

void hetla__generic_ztrmv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x, hetla_int incx)
{
    hetla__tri t = {HETLA__FULL, uplo, n, n - 1, lda};
    ztrmv_core(&t, trans, diag, A, x, incx);
}

void hetla__generic_ztbmv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          hetla_int k, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *x,
                          hetla_int incx)
{
    hetla__tri t = {HETLA__BAND, uplo, n, k, lda};
    ztrmv_core(&t, trans, diag, A, x, incx);
}

void hetla__generic_ztpmv(hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int n,
                          const hetla_zcomplex *Ap, hetla_zcomplex *x, hetla_int incx)
{
    hetla__tri t = {HETLA__PACKED, uplo, n, n - 1, 0};
    ztrmv_core(&t, trans, diag, Ap, x, incx);
}
