/* The batch kernels for one matrix at a time: plain loops over elements
 * X[(i + j ldx) sx], so that the same code reads a matrix of a P2P or
 * strided batch (sx = 1) and one lane of an interleaved batch (sx = the
 * lane stride). The GENERIC class, variable-size batches and sizes where
 * the SIMD kernels do not pay run these.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <math.h>

#include "zbatch_kernels.h"

#if defined(COMPLEX)
static inline hetla_zcomplex cj(int c, hetla_zcomplex x) { return c ? conj(x) : x; }
static inline double abs1(hetla_zcomplex x) { return fabs(creal(x)) + fabs(cimag(x)); }
#else
static inline hetla_zcomplex cj(int c, hetla_zcomplex x)
{
    (void)c;
    return x;
}
static inline double abs1(hetla_zcomplex x) { return fabs(x); }
#endif

/* op(X)(i, j) of an operand with trans t */
static inline hetla_zcomplex opget(hetla_trans t, const hetla_zcomplex *X, hetla_int ld, size_t s, hetla_int i,
                                   hetla_int j)
{
    return t == HETLA_NO_TRANS ? X[(size_t)(i + j * ld) * s] : cj(t == HETLA_CONJ_TRANS, X[(size_t)(j + i * ld) * s]);
}

void hetla__zbatch_gemm1(hetla_trans ta, hetla_trans tb, hetla_int m, hetla_int n, hetla_int k,
                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, size_t sa,
                         const hetla_zcomplex *B, hetla_int ldb, size_t sb, hetla_zcomplex beta,
                         hetla_zcomplex *C, hetla_int ldc, size_t sc)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++) {
            hetla_zcomplex acc = 0;
            for (hetla_int l = 0; l < k && alpha != 0; l++)
                acc += opget(ta, A, lda, sa, i, l) * opget(tb, B, ldb, sb, l, j);
            hetla_zcomplex *c = &C[(size_t)(i + j * ldc) * sc];
            *c = beta == 0 ? alpha * acc : alpha * acc + beta * *c;
        }
}

void hetla__zbatch_gemv1(hetla_trans trans, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *A, hetla_int lda, size_t sa, const hetla_zcomplex *x, size_t sx,
                         hetla_zcomplex beta, hetla_zcomplex *y, size_t sy)
{
    hetla_int rows = trans == HETLA_NO_TRANS ? m : n, cols = trans == HETLA_NO_TRANS ? n : m;
    for (hetla_int i = 0; i < rows; i++) {
        hetla_zcomplex acc = 0;
        for (hetla_int l = 0; l < cols && alpha != 0; l++)
            acc += opget(trans, A, lda, sa, i, l) * x[(size_t)l * sx];
        hetla_zcomplex *c = &y[(size_t)i * sy];
        *c = beta == 0 ? alpha * acc : alpha * acc + beta * *c;
    }
}

void hetla__zbatch_trsm1(hetla_side side, hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int m,
                         hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, size_t sa,
                         hetla_zcomplex *B, hetla_int ldb, size_t sb)
{
    if (alpha == 0) { /* BLAS: B := 0, A and B not read, so NaN in them does not spread */
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < m; i++)
                B[(size_t)(i + j * ldb) * sb] = 0;
        return;
    }
    /* op(A) is lower triangular when uplo and trans agree */
    int lower = (uplo == HETLA_LOWER) == (trans == HETLA_NO_TRANS), unit = diag == HETLA_UNIT;
    int left = side == HETLA_LEFT;
    hetla_int na = left ? m : n, nv = left ? n : m; /* order of A, and the number of systems */
    /* Left: column v of B solves op(A) x = alpha b. Right: row v solves
     * x op(A) = alpha b, i.e. op(A)^T x^T = b^T, lower iff op(A) is upper. */
    int forward = left ? lower : !lower;
    for (hetla_int v = 0; v < nv; v++) {
        for (hetla_int q = 0; q < na; q++) {
            hetla_int i = forward ? q : na - 1 - q;
            hetla_zcomplex *bi = &B[(size_t)(left ? i + v * ldb : v + i * ldb) * sb];
            hetla_zcomplex acc = alpha * *bi;
            for (hetla_int r = 0; r < q; r++) {
                hetla_int l = forward ? r : na - 1 - r;
                hetla_zcomplex a = left ? opget(trans, A, lda, sa, i, l) : opget(trans, A, lda, sa, l, i);
                acc -= a * B[(size_t)(left ? l + v * ldb : v + l * ldb) * sb];
            }
            *bi = unit ? acc : acc / opget(trans, A, lda, sa, i, i);
        }
    }
}

hetla_int hetla__zbatch_potrf1(hetla_uplo uplo, hetla_int n, hetla_zcomplex *A, hetla_int lda, size_t sa)
{
    /* The upper case is the lower one on the transpose, conjugated: U(j,i) = conj(L(i,j)). */
    int up = uplo == HETLA_UPPER;
    size_t r = up ? (size_t)lda * sa : sa, c = up ? sa : (size_t)lda * sa;
    for (hetla_int j = 0; j < n; j++) {
        hetla_zcomplex *ajj = &A[(size_t)j * (r + c)];
        double d = creal(*ajj);
        for (hetla_int l = 0; l < j; l++) {
            hetla_zcomplex v = cj(up, A[(size_t)j * r + (size_t)l * c]);
            d -= creal(v * conj(v));
        }
        if (!(d > 0)) {
            *ajj = d;
            return j + 1;
        }
        d = sqrt(d);
        *ajj = d;
        for (hetla_int i = j + 1; i < n; i++) {
            hetla_zcomplex acc = cj(up, A[(size_t)i * r + (size_t)j * c]);
            for (hetla_int l = 0; l < j; l++)
                acc -= cj(up, A[(size_t)i * r + (size_t)l * c]) * conj(cj(up, A[(size_t)j * r + (size_t)l * c]));
            A[(size_t)i * r + (size_t)j * c] = cj(up, acc / d);
        }
    }
    return 0;
}

hetla_int hetla__zbatch_getrf1(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda, size_t sa,
                               hetla_int *ipiv, size_t sp)
{
    hetla_int info = 0, mn = m < n ? m : n;
#define E(i, j) A[(size_t)((i) + (j) * lda) * sa]
    for (hetla_int j = 0; j < mn; j++) {
        if (ipiv) {
            hetla_int p = j;
            for (hetla_int i = j + 1; i < m; i++)
                if (abs1(E(i, j)) > abs1(E(p, j)))
                    p = i;
            ipiv[(size_t)j * sp] = p + 1;
            if (p != j)
                for (hetla_int c = 0; c < n; c++) {
                    hetla_zcomplex t = E(j, c);
                    E(j, c) = E(p, c);
                    E(p, c) = t;
                }
        }
        hetla_zcomplex d = E(j, j);
        if (d == 0) /* LAPACK goes on: with pivoting the column below is zero too */
            info = info ? info : j + 1;
        else
            for (hetla_int i = j + 1; i < m; i++)
                E(i, j) /= d;
        for (hetla_int c = j + 1; c < n; c++)
            for (hetla_int i = j + 1; i < m; i++)
                E(i, c) -= E(i, j) * E(j, c);
    }
#undef E
    return info;
}

void hetla__zbatch_potrs1(hetla_uplo uplo, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A, hetla_int lda,
                          size_t sa, hetla_zcomplex *B, hetla_int ldb, size_t sb)
{
    hetla_trans first = uplo == HETLA_LOWER ? HETLA_NO_TRANS : HETLA_CONJ_TRANS;
    hetla_trans second = uplo == HETLA_LOWER ? HETLA_CONJ_TRANS : HETLA_NO_TRANS;
    hetla__zbatch_trsm1(HETLA_LEFT, uplo, first, HETLA_NON_UNIT, n, nrhs, 1, A, lda, sa, B, ldb, sb);
    hetla__zbatch_trsm1(HETLA_LEFT, uplo, second, HETLA_NON_UNIT, n, nrhs, 1, A, lda, sa, B, ldb, sb);
}

static void swap_rows(hetla_int n, hetla_int nrhs, const hetla_int *ipiv, size_t sp, int backward, hetla_zcomplex *B,
                      hetla_int ldb, size_t sb)
{
    for (hetla_int q = 0; q < n; q++) {
        hetla_int i = backward ? n - 1 - q : q, p = ipiv[(size_t)i * sp] - 1;
        if (p != i)
            for (hetla_int c = 0; c < nrhs; c++) {
                hetla_zcomplex *x = &B[(size_t)(i + c * ldb) * sb], *y = &B[(size_t)(p + c * ldb) * sb], t = *x;
                *x = *y;
                *y = t;
            }
    }
}

void hetla__zbatch_getrs1(hetla_trans trans, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A, hetla_int lda,
                          size_t sa, const hetla_int *ipiv, size_t sp, hetla_zcomplex *B, hetla_int ldb, size_t sb)
{
    if (trans == HETLA_NO_TRANS) {
        if (ipiv)
            swap_rows(n, nrhs, ipiv, sp, 0, B, ldb, sb);
        hetla__zbatch_trsm1(HETLA_LEFT, HETLA_LOWER, trans, HETLA_UNIT, n, nrhs, 1, A, lda, sa, B, ldb, sb);
        hetla__zbatch_trsm1(HETLA_LEFT, HETLA_UPPER, trans, HETLA_NON_UNIT, n, nrhs, 1, A, lda, sa, B, ldb, sb);
    } else {
        hetla__zbatch_trsm1(HETLA_LEFT, HETLA_UPPER, trans, HETLA_NON_UNIT, n, nrhs, 1, A, lda, sa, B, ldb, sb);
        hetla__zbatch_trsm1(HETLA_LEFT, HETLA_LOWER, trans, HETLA_UNIT, n, nrhs, 1, A, lda, sa, B, ldb, sb);
        if (ipiv)
            swap_rows(n, nrhs, ipiv, sp, 1, B, ldb, sb);
    }
}
