/* Helpers of the BLAS tests for one precision (see ztest_util.h).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_util.h"

#include <float.h>
#include <string.h>

test_real ztest_eps(void) { return DBL_EPSILON; }

hetla_zcomplex ztest_rand(void)
{
#if defined(COMPLEX)
    test_real re = test_uniform(), im = test_uniform();
    return re + im * I;
#else
    return test_uniform();
#endif
}

hetla_zcomplex ztest_nan(void) { return NAN; }

double ztest_abs1(hetla_zcomplex x)
{
#if defined(COMPLEX)
    return fabs(creal(x)) + fabs(cimag(x));
#else
    return fabs(x);
#endif
}

char ztest_trans_char(hetla_trans t)
{
    return t == HETLA_NO_TRANS ? 'N' : t == HETLA_TRANS ? 'T' : 'C';
}

hetla_zcomplex *ztest_nans(size_t len)
{
    hetla_zcomplex *a = test_alloc(len * sizeof *a);
    for (size_t i = 0; i < len; i++)
        a[i] = ztest_nan();
    return a;
}

void ztest_fill_nan(hetla_zcomplex *a, size_t len)
{
    for (size_t i = 0; i < len; i++)
        a[i] = ztest_nan();
}

hetla_zcomplex *ztest_copy(const hetla_zcomplex *a, size_t len)
{
    hetla_zcomplex *b = test_alloc(len * sizeof *b);
    if (len)
        memcpy(b, a, len * sizeof *b);
    return b;
}

hetla_zcomplex *ztest_matrix(hetla_int m, hetla_int n, hetla_int ld)
{
    hetla_zcomplex *a = ztest_nans((size_t)(ld * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++)
            a[i + j * ld] = ztest_rand();
    return a;
}

hetla_zcomplex *ztest_triangle(hetla_uplo uplo, hetla_int n, hetla_int ld)
{
    hetla_zcomplex *a = ztest_matrix(n, n, ld);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++)
            if (uplo == HETLA_UPPER ? i > j : i < j)
                a[i + j * ld] = ztest_nan();
    return a;
}

void ztest_condition(hetla_uplo uplo, hetla_int n, hetla_zcomplex *A, hetla_int ld)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            hetla_zcomplex *a = &A[i + j * ld];
            if (i == j)
                *a = (1.5 + 0.5 * creal(*a)) * (*a / (cabs(*a) + 1e-3));
            else if (uplo == HETLA_UPPER ? i < j : i > j)
                *a /= n;
        }
}

size_t ztest_vlen(hetla_int n, hetla_int inc)
{
    hetla_int step = inc < 0 ? -inc : inc;
    return n <= 0 ? 1 : (size_t)(1 + (n - 1) * step);
}

hetla_zcomplex *ztest_vector(hetla_int n, hetla_int inc)
{
    hetla_zcomplex *x = ztest_nans(ztest_vlen(n, inc));
    hetla_int step = inc < 0 ? -inc : inc;
    for (hetla_int i = 0; i < n; i++)
        x[i * step] = ztest_rand();
    return x;
}

hetla_zcomplex *ztest_gather(hetla_int n, const hetla_zcomplex *x, hetla_int inc)
{
    hetla_zcomplex *v = test_alloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    for (hetla_int i = 0; i < n; i++)
        v[i] = x[test_pos(n, inc, i)];
    return v;
}

void ztest_scatter(hetla_int n, const hetla_zcomplex *v, hetla_zcomplex *x, hetla_int inc)
{
    for (hetla_int i = 0; i < n; i++)
        x[test_pos(n, inc, i)] = v[i];
}

hetla_zcomplex *ztest_op(hetla_trans t, hetla_int m, hetla_int n, const hetla_zcomplex *A,
                         hetla_int lda)
{
    bool tr = t != HETLA_NO_TRANS;
    hetla_int rows = tr ? n : m, cols = tr ? m : n;
    hetla_zcomplex *M = test_alloc((size_t)(rows * cols + 1) * sizeof *M);
    for (hetla_int j = 0; j < cols; j++)
        for (hetla_int i = 0; i < rows; i++) {
            hetla_zcomplex a = tr ? A[j + i * lda] : A[i + j * lda];
            M[i + j * rows] = t == HETLA_CONJ_TRANS ? conj(a) : a;
        }
    return M;
}

hetla_zcomplex *ztest_full_tri(hetla_uplo uplo, hetla_diag diag, hetla_int n,
                               const hetla_zcomplex *A, hetla_int lda)
{
    hetla_zcomplex *T = test_alloc((size_t)(n * n + 1) * sizeof *T);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            bool stored = uplo == HETLA_UPPER ? i < j : i > j;
            T[i + j * n] = i == j   ? (diag == HETLA_UNIT ? 1 : A[i + j * lda])
                           : stored ? A[i + j * lda]
                                    : 0;
        }
    return T;
}

hetla_zcomplex *ztest_full_sym(bool herm, hetla_uplo uplo, hetla_int n, const hetla_zcomplex *A,
                               hetla_int lda)
{
    hetla_zcomplex *S = test_alloc((size_t)(n * n + 1) * sizeof *S);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            bool stored = uplo == HETLA_UPPER ? i <= j : i >= j;
            hetla_zcomplex a = stored ? A[i + j * lda] : A[j + i * lda];
            S[i + j * n] = !herm ? a : i == j ? creal(a) : stored ? a : conj(a);
        }
    return S;
}

hetla_zcomplex *ztest_to_gband(hetla_int m, hetla_int n, hetla_int kl, hetla_int ku,
                               hetla_zcomplex *A, hetla_int lda, hetla_int ldab)
{
    hetla_zcomplex *AB = ztest_nans((size_t)(ldab * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++) {
            if (i - j > kl || j - i > ku)
                A[i + j * lda] = 0;
            else
                AB[ku + i - j + j * ldab] = A[i + j * lda];
        }
    return AB;
}

hetla_zcomplex *ztest_to_band(hetla_uplo uplo, hetla_int n, hetla_int k, hetla_zcomplex *A,
                              hetla_int lda, hetla_int ldab)
{
    hetla_zcomplex *AB = ztest_nans((size_t)(ldab * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            bool up = uplo == HETLA_UPPER;
            if (up ? i > j : i < j)
                continue;
            if ((up ? j - i : i - j) > k)
                A[i + j * lda] = 0;
            else
                AB[(up ? k + i - j : i - j) + j * ldab] = A[i + j * lda];
        }
    return AB;
}

hetla_zcomplex *ztest_to_packed(hetla_uplo uplo, hetla_int n, const hetla_zcomplex *A,
                                hetla_int lda)
{
    hetla_zcomplex *Ap = test_alloc((size_t)(n * (n + 1) / 2 + 1) * sizeof *Ap);
    size_t p = 0;
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = uplo == HETLA_UPPER ? 0 : j; i < (uplo == HETLA_UPPER ? j + 1 : n); i++)
            Ap[p++] = A[i + j * lda];
    return Ap;
}

void ztest_gemm(hetla_int m, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                const hetla_zcomplex *A, const hetla_zcomplex *B, hetla_zcomplex beta,
                const hetla_zcomplex *C0, hetla_zcomplex *C, hetla_int ldc)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++) {
            hetla_zcomplex sum = 0;
            for (hetla_int l = 0; l < k && alpha != 0; l++)
                sum += A[i + l * m] * B[l + j * k];
            hetla_zcomplex c = alpha * sum;
            if (beta != 0)
                c += beta * C0[i + j * ldc];
            C[i + j * ldc] = c;
        }
}

test_real ztest_norm(hetla_int m, hetla_int n, const hetla_zcomplex *A, hetla_int ld)
{
    test_real sum = 0;
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++) {
            test_real a = cabs(A[i + j * ld]);
            if (!isnan(a))
                sum += a * a;
        }
    return sqrt(sum);
}

test_real ztest_vnorm(hetla_int n, const hetla_zcomplex *x, hetla_int inc)
{
    return ztest_norm(1, n, x, inc < 0 ? -inc : inc);
}

test_real ztest_resid(size_t len, const hetla_zcomplex *got, const hetla_zcomplex *want,
                      test_real scale)
{
    test_real sum = 0;
    for (size_t i = 0; i < len; i++) {
        bool gnan = isnan(creal(got[i])) || isnan(cimag(got[i]));
        bool wnan = isnan(creal(want[i])) || isnan(cimag(want[i]));
        if (gnan || wnan) {
            if (gnan != wnan)
                return INFINITY;
            continue;
        }
        test_real d = cabs(got[i] - want[i]);
        sum += d * d;
    }
    if (sum == 0)
        return 0;
    return sqrt(sum) / (scale * ztest_eps());
}
