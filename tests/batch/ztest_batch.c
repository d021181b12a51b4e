/* The batched routines of one precision on every layout, sizes 1..32 and
 * variable batches and groups (mixed orders 0..70 too), checked matrix by
 * matrix against independent loops with residuals in units of machine
 * epsilon; alpha = 0 and beta = 0 over NaN in what BLAS does not read;
 * LU with a first column below the smallest normal number, triangular
 * solves with A scaled far below 1; info of failing matrices; argument
 * errors; whether P2P operands and
 * variable batches are staged where the context's devices say so.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <float.h>
#include <math.h>

#include "test.h"
#include "test_batch.h"

typedef hetla_zcomplex T;
typedef double R;

enum { COUNT = 37, NRHS = 3 };
static const R TOL = 50;
static const hetla_int sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 32};
#define NSIZES ((int)(sizeof sizes / sizeof *sizes))
static const struct {
    hetla_batch_layout layout;
    hetla_int bs;
} layouts[] = {{HETLA_BATCH_P2P, 0}, {HETLA_BATCH_STRIDED, 0}, {HETLA_BATCH_INTERLEAVED, 0},
               {HETLA_BATCH_BLOCKED, 0}, {HETLA_BATCH_BLOCKED, 5}};
#define NLAYOUTS ((int)(sizeof layouts / sizeof *layouts))

static R rnd(void) { return (R)(2.0 * rand() / RAND_MAX - 1); }
#if defined(COMPLEX)
static T rndt(void) { return CMPLX(rnd(), rnd()); }
#else
static T rndt(void) { return rnd(); }
#endif
static T cjt(int c, T x) { return c ? conj(x) : x; }

/* count column-major rows x cols matrices one after the other (ld = rows) */
static T *ref_new(hetla_int rows, hetla_int cols, hetla_int count)
{
    size_t n = (size_t)(rows * cols * count);
    T *r = malloc((n ? n : 1) * sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = rndt();
    return r;
}

static hetla_batch ref_view(T *ref, hetla_int rows, hetla_int cols, hetla_int count)
{
    return (hetla_batch){HETLA_BATCH_STRIDED, HETLA_ZCOMPLEX, rows, cols, count, rows, rows * cols, 1, ref};
}

static hetla_batch to_layout(hetla_context *ctx, T *ref, hetla_int rows, hetla_int cols, hetla_int count, int l)
{
    hetla_batch b, src = ref_view(ref, rows, cols, count);
    CHECK_OK(hetla_batch_alloc(layouts[l].layout, HETLA_ZCOMPLEX, rows, cols, count, layouts[l].bs, &b));
    CHECK_OK(hetla_batch_convert(ctx, &src, &b));
    return b;
}

static void from_layout(hetla_context *ctx, hetla_batch *b, T *out)
{
    hetla_batch dst = ref_view(out, b->rows, b->cols, b->count);
    CHECK_OK(hetla_batch_convert(ctx, b, &dst));
    CHECK_OK(hetla_batch_free(b));
}

static R norm1(const T *A, hetla_int rows, hetla_int cols)
{
    R best = 0;
    for (hetla_int j = 0; j < cols; j++) {
        R s = 0;
        for (hetla_int i = 0; i < rows; i++)
            s += cabs(A[i + j * rows]);
        best = s > best ? s : best;
    }
    return best;
}

/* ||X - Y|| / (scale eps), 0 when both vanish, NaN where X or Y has one */
static R resid(const T *X, const T *Y, hetla_int rows, hetla_int cols, R scale)
{
    R d = 0;
    for (hetla_int j = 0; j < cols; j++) {
        R s = 0;
        for (hetla_int i = 0; i < rows; i++)
            s += cabs(X[i + j * rows] - Y[i + j * rows]);
        d = s > d || isnan(s) ? s : d;
    }
    return d == 0 ? 0 : d / (scale * DBL_EPSILON);
}

/* op(X)(i, j) of a rows x ? matrix with ld = rows */
static T opx(hetla_trans t, const T *X, hetla_int ld, hetla_int i, hetla_int j)
{
    return t == HETLA_NO_TRANS ? X[i + j * ld] : cjt(t == HETLA_CONJ_TRANS, X[j + i * ld]);
}

/* C := alpha op(A) op(B) + beta C, plain loops; as BLAS, A and B are not
 * read when alpha = 0, nor C when beta = 0 */
static void ref_gemm(hetla_trans ta, hetla_trans tb, hetla_int m, hetla_int n, hetla_int k, T alpha, const T *A,
                     hetla_int lda, const T *B, hetla_int ldb, T beta, T *C)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++) {
            T s = 0;
            for (hetla_int l = 0; l < k && alpha != 0; l++)
                s += opx(ta, A, lda, i, l) * opx(tb, B, ldb, l, j);
            C[i + j * m] = alpha * s + (beta == 0 ? 0 : beta * C[i + j * m]);
        }
}

void ztest_batch_gemm(hetla_context *ctx)
{
    static const hetla_trans tr[][2] = {{HETLA_NO_TRANS, HETLA_NO_TRANS},
                                        {HETLA_TRANS, HETLA_NO_TRANS},
                                        {HETLA_NO_TRANS, HETLA_CONJ_TRANS},
                                        {HETLA_CONJ_TRANS, HETLA_TRANS}};
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++)
            for (int c = 0; c < 4; c++) {
                hetla_int n = sizes[si], m = n, k = (si % 3) ? n : n + 1;
                hetla_trans tra = tr[c][0], trb = tr[c][1];
                int ta = tra != HETLA_NO_TRANS, tb = trb != HETLA_NO_TRANS;
                T alpha = rndt(), beta = c == 3 ? 0 : rndt();
                T *A = ref_new(ta ? k : m, ta ? m : k, COUNT), *B = ref_new(tb ? n : k, tb ? k : n, COUNT);
                T *C = ref_new(m, n, COUNT), *C0 = ref_new(m, n, COUNT);
                for (hetla_int i = 0; beta == 0 && i < m * n * COUNT; i++)
                    C[i] = NAN; /* beta = 0: C must not be read */
                memcpy(C0, C, (size_t)(m * n * COUNT) * sizeof *C);
                hetla_batch a = to_layout(ctx, A, ta ? k : m, ta ? m : k, COUNT, l);
                hetla_batch b = to_layout(ctx, B, tb ? n : k, tb ? k : n, COUNT, l);
                hetla_batch cb = to_layout(ctx, C, m, n, COUNT, l);
                hetla_int info[COUNT];
                CHECK_OK(hetla_zgemm_batch(ctx, tra, trb, alpha, &a, &b, beta, &cb, info));
                from_layout(ctx, &cb, C);
                CHECK_OK(hetla_batch_free(&a));
                CHECK_OK(hetla_batch_free(&b));
                for (hetla_int t = 0; t < COUNT; t++) {
                    const T *At = A + t * m * k, *Bt = B + t * k * n;
                    T *Ct = C0 + t * m * n;
                    R scale = cabs(alpha) * norm1(At, ta ? k : m, ta ? m : k) * norm1(Bt, tb ? n : k, tb ? k : n) *
                              (R)(k + 1);
                    if (beta != 0)
                        scale += cabs(beta) * norm1(Ct, m, n);
                    ref_gemm(tra, trb, m, n, k, alpha, At, ta ? k : m, Bt, tb ? n : k, beta, Ct);
                    R r = resid(C + t * m * n, Ct, m, n, scale);
                    CHECK(r < TOL && info[t] == 0);
                    if (!(r < TOL))
                        fprintf(stderr, "  gemm layout %d n %lld trans %d: matrix %lld resid %g\n", l, (long long)n,
                                c, (long long)t, (double)r);
                }
                free(A), free(B), free(C), free(C0);
            }
}

void ztest_batch_gemv(hetla_context *ctx)
{
    static const hetla_trans tr[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++)
            for (int c = 0; c < 3; c++) {
                hetla_int m = sizes[si], n = sizes[(si + 3) % NSIZES];
                hetla_int xr = tr[c] != HETLA_NO_TRANS ? m : n, yr = tr[c] != HETLA_NO_TRANS ? n : m;
                T alpha = rndt(), beta = c == 1 ? 0 : rndt();
                T *A = ref_new(m, n, COUNT), *x = ref_new(xr, 1, COUNT), *y = ref_new(yr, 1, COUNT);
                T *y0 = ref_new(yr, 1, COUNT);
                for (hetla_int i = 0; beta == 0 && i < yr * COUNT; i++)
                    y[i] = NAN; /* beta = 0: y must not be read */
                memcpy(y0, y, (size_t)(yr * COUNT) * sizeof *y);
                hetla_batch a = to_layout(ctx, A, m, n, COUNT, l), xb = to_layout(ctx, x, xr, 1, COUNT, l);
                hetla_batch yb = to_layout(ctx, y, yr, 1, COUNT, l);
                CHECK_OK(hetla_zgemv_batch(ctx, tr[c], alpha, &a, &xb, beta, &yb, NULL));
                from_layout(ctx, &yb, y);
                CHECK_OK(hetla_batch_free(&a));
                CHECK_OK(hetla_batch_free(&xb));
                for (hetla_int t = 0; t < COUNT; t++) {
                    R scale = cabs(alpha) * norm1(A + t * m * n, m, n) * norm1(x + t * xr, xr, 1) * (R)(m + n);
                    if (beta != 0)
                        scale += cabs(beta) * norm1(y0 + t * yr, yr, 1);
                    ref_gemm(tr[c], HETLA_NO_TRANS, yr, 1, xr, alpha, A + t * m * n, m, x + t * xr, xr, beta,
                             y0 + t * yr);
                    R r = resid(y + t * yr, y0 + t * yr, yr, 1, scale);
                    CHECK(r < TOL);
                    if (!(r < TOL))
                        fprintf(stderr, "  gemv layout %d m %lld n %lld trans %d: matrix %lld resid %g\n", l,
                                (long long)m, (long long)n, c, (long long)t, (double)r);
                }
                free(A), free(x), free(y), free(y0);
            }
}

/* A random triangle with a heavy diagonal: well conditioned. */
static void make_triangular(T *A, hetla_int n, hetla_int count)
{
    for (hetla_int t = 0; t < count; t++)
        for (hetla_int i = 0; i < n; i++)
            A[t * n * n + i * (n + 1)] += (R)(2 * n);
}

void ztest_batch_trsm(hetla_context *ctx)
{
    static const struct {
        hetla_side side;
        hetla_uplo uplo;
        hetla_trans trans;
        hetla_diag diag;
    } cases[] = {{HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT},
                 {HETLA_LEFT, HETLA_UPPER, HETLA_TRANS, HETLA_UNIT},
                 {HETLA_RIGHT, HETLA_LOWER, HETLA_CONJ_TRANS, HETLA_NON_UNIT},
                 {HETLA_RIGHT, HETLA_UPPER, HETLA_NO_TRANS, HETLA_UNIT}};
    /* A scaled by 2^-614 (2^-76 in single precision) in every other case:
     * a complex quotient by its diagonal must not form |d|^2 */
    const R small = (R)ldexp(1, -(DBL_MAX_EXP * 3 / 5));
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++)
            for (int c = 0; c < 8; c++) {
                hetla_int m = sizes[si], n = sizes[(si + 2) % NSIZES], na = cases[c % 4].side == HETLA_LEFT ? m : n;
                T alpha = rndt(), *A = ref_new(na, na, COUNT), *B = ref_new(m, n, COUNT), *X = ref_new(m, n, COUNT);
                make_triangular(A, na, COUNT);
                for (hetla_int i = 0; c >= 4 && i < na * na * COUNT; i++)
                    A[i] = A[i] * small;
                /* the unused triangle and a unit diagonal must not be read: spoil them */
                for (hetla_int t = 0; t < COUNT; t++)
                    for (hetla_int j = 0; j < na; j++)
                        for (hetla_int i = 0; i < na; i++)
                            if ((cases[c % 4].uplo == HETLA_LOWER ? i < j : i > j) ||
                                (i == j && cases[c % 4].diag == HETLA_UNIT))
                                A[t * na * na + i + j * na] = NAN;
                hetla_batch a = to_layout(ctx, A, na, na, COUNT, l), b = to_layout(ctx, B, m, n, COUNT, l);
                CHECK_OK(hetla_ztrsm_batch(ctx, cases[c % 4].side, cases[c % 4].uplo, cases[c % 4].trans, cases[c % 4].diag, alpha,
                                           &a, &b, NULL));
                from_layout(ctx, &b, X);
                CHECK_OK(hetla_batch_free(&a));
                for (hetla_int t = 0; t < COUNT; t++) {
                    T *At = A + t * na * na, *AX = ref_new(m, n, 1), *Bs = B + t * m * n;
                    for (hetla_int j = 0; j < na; j++) /* the triangle as a full matrix */
                        for (hetla_int i = 0; i < na; i++)
                            if (isnan(creal(At[i + j * na])))
                                At[i + j * na] = i == j ? 1 : 0;
                    if (cases[c % 4].side == HETLA_LEFT)
                        ref_gemm(cases[c % 4].trans, HETLA_NO_TRANS, m, n, m, 1, At, na, X + t * m * n, m, 0, AX);
                    else
                        ref_gemm(HETLA_NO_TRANS, cases[c % 4].trans, m, n, n, 1, X + t * m * n, m, At, na, 0, AX);
                    for (hetla_int i = 0; i < m * n; i++)
                        Bs[i] *= alpha;
                    R scale = norm1(At, na, na) * norm1(X + t * m * n, m, n) * (R)(na + 1);
                    CHECK(resid(AX, Bs, m, n, scale) < TOL);
                    free(AX);
                }
                free(A), free(B), free(X);
            }
}

/* Hermitian positive definite: M M^H + n I. */
static T *make_hpd(hetla_int n, hetla_int count)
{
    T *M = ref_new(n, n, count), *A = ref_new(n, n, count);
    for (hetla_int t = 0; t < count; t++) {
        ref_gemm(HETLA_NO_TRANS, HETLA_CONJ_TRANS, n, n, n, 1, M + t * n * n, n, M + t * n * n, n, 0, A + t * n * n);
        for (hetla_int i = 0; i < n; i++)
            A[t * n * n + i * (n + 1)] = creal(A[t * n * n + i * (n + 1)]) + (R)n;
    }
    free(M);
    return A;
}

/* ||A - L L^H|| / (||A|| n eps) over the triangle uplo of F (the factor) */
static R chol_resid(const T *A, const T *F, hetla_int n, hetla_uplo uplo)
{
    T *L = ref_new(n, n, 1), *LL = ref_new(n, n, 1);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++)
            L[i + j * n] = i < j ? 0 : uplo == HETLA_LOWER ? F[i + j * n] : conj(F[j + i * n]);
    ref_gemm(HETLA_NO_TRANS, HETLA_CONJ_TRANS, n, n, n, 1, L, n, L, n, 0, LL);
    R r = resid(A, LL, n, n, norm1(A, n, n) * (R)n);
    free(L), free(LL);
    return r;
}

void ztest_batch_potrf(hetla_context *ctx)
{
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++)
            for (int u = 0; u < 2; u++) {
                hetla_uplo uplo = u ? HETLA_UPPER : HETLA_LOWER;
                hetla_int n = sizes[si], info[COUNT];
                T *A = make_hpd(n, COUNT), *F = ref_new(n, n, COUNT);
                hetla_batch a = to_layout(ctx, A, n, n, COUNT, l);
                CHECK_OK(hetla_zpotrf_batch(ctx, uplo, &a, info));
                from_layout(ctx, &a, F);
                for (hetla_int t = 0; t < COUNT; t++)
                    CHECK(info[t] == 0 && chol_resid(A + t * n * n, F + t * n * n, n, uplo) < TOL);
                free(A), free(F);
            }
}

/* ||P A - L U|| / (||A|| max(m, n) eps) for the LU factors F of the m x n
 * A (L m x min(m, n), unit lower; U min(m, n) x n), P from ipiv unless
 * NULL. */
static R lu_resid_mn(const T *A, const T *F, const hetla_int *ipiv, hetla_int m, hetla_int n)
{
    const hetla_int k = m < n ? m : n;
    if (!k)
        return 0;
    T *PA = ref_new(m, n, 1), *L = ref_new(m, k, 1), *U = ref_new(k, n, 1), *LU = ref_new(m, n, 1);
    memcpy(PA, A, (size_t)(m * n) * sizeof *PA);
    for (hetla_int i = 0; ipiv && i < k; i++)
        for (hetla_int j = 0; j < n; j++) {
            T x = PA[i + j * m];
            PA[i + j * m] = PA[ipiv[i] - 1 + j * m];
            PA[ipiv[i] - 1 + j * m] = x;
        }
    for (hetla_int j = 0; j < k; j++)
        for (hetla_int i = 0; i < m; i++)
            L[i + j * m] = i > j ? F[i + j * m] : i == j ? 1 : 0;
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < k; i++)
            U[i + j * k] = i <= j ? F[i + j * m] : 0;
    ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, m, n, k, 1, L, m, U, k, 0, LU);
    R r = resid(PA, LU, m, n, norm1(A, m, n) * (R)(m > n ? m : n));
    free(PA), free(L), free(U), free(LU);
    return r;
}

static R lu_resid(const T *A, const T *F, const hetla_int *ipiv, hetla_int n) { return lu_resid_mn(A, F, ipiv, n, n); }

/* Square and m x n (wide and tall) batches, with and without pivoting;
 * square ones again (c >= 4) with a first column below the smallest
 * normal number, where the pivot's reciprocal would overflow (LAPACK
 * divides there; kernels that scale by the reciprocal scale the pivot up
 * first). */
void ztest_batch_getrf(hetla_context *ctx)
{
    const R tiny = (R)ldexp(1, DBL_MIN_EXP - 10);
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++)
            for (int c = 0; c < 6; c++) {
                const int pivot = c & 1;
                const hetla_int m = sizes[si], n = c == 2 || c == 3 ? sizes[(si + 3) % NSIZES] : m,
                                k = m < n ? m : n;
                hetla_int info[COUNT], *ipiv = malloc((size_t)(k * COUNT) * sizeof *ipiv);
                T *A = ref_new(m, n, COUNT), *F = ref_new(m, n, COUNT);
                for (hetla_int t = 0; !pivot && t < COUNT; t++) /* diagonally dominant */
                    for (hetla_int i = 0; i < k; i++)
                        A[t * m * n + i * (m + 1)] += (R)(2 * (m > n ? m : n));
                for (hetla_int t = 0; c >= 4 && t < COUNT; t++)
                    for (hetla_int i = 0; i < m; i++)
                        A[t * m * n + i] = A[t * m * n + i] * tiny;
                hetla_batch a = to_layout(ctx, A, m, n, COUNT, l);
                CHECK_OK(pivot ? hetla_zgetrf_batch(ctx, &a, ipiv, info) : hetla_zgetrf_nopiv_batch(ctx, &a, info));
                from_layout(ctx, &a, F);
                for (hetla_int t = 0; t < COUNT; t++)
                    CHECK(info[t] == 0 &&
                          lu_resid_mn(A + t * m * n, F + t * m * n, pivot ? ipiv + t * k : NULL, m, n) < TOL);
                free(A), free(F), free(ipiv);
            }
}

/* ||B - op(A) X|| / (||A|| ||X|| n eps) */
static R solve_resid(hetla_trans tr, const T *A, const T *X, const T *B, hetla_int n, hetla_int nrhs)
{
    T *AX = ref_new(n, nrhs, 1);
    ref_gemm(tr, HETLA_NO_TRANS, n, nrhs, n, 1, A, n, X, n, 0, AX);
    R r = resid(AX, B, n, nrhs, norm1(A, n, n) * norm1(X, n, nrhs) * (R)n);
    free(AX);
    return r;
}

void ztest_batch_solves(hetla_context *ctx)
{
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++) {
            hetla_int n = sizes[si], *ipiv = malloc((size_t)(n * COUNT) * sizeof *ipiv);
            T *S = make_hpd(n, COUNT), *G = ref_new(n, n, COUNT), *B = ref_new(n, NRHS, COUNT);
            T *X = ref_new(n, NRHS, COUNT);
            hetla_batch s = to_layout(ctx, S, n, n, COUNT, l), g = to_layout(ctx, G, n, n, COUNT, l);
            hetla_batch b = to_layout(ctx, B, n, NRHS, COUNT, l);
            hetla_uplo uplo = si % 2 ? HETLA_UPPER : HETLA_LOWER;
            CHECK_OK(hetla_zpotrf_batch(ctx, uplo, &s, NULL));
            CHECK_OK(hetla_zpotrs_batch(ctx, uplo, &s, &b, NULL));
            from_layout(ctx, &b, X);
            for (hetla_int t = 0; t < COUNT; t++)
                CHECK(solve_resid(HETLA_NO_TRANS, S + t * n * n, X + t * n * NRHS, B + t * n * NRHS, n, NRHS) < TOL);
            hetla_trans tr = si % 3 == 0 ? HETLA_NO_TRANS : si % 3 == 1 ? HETLA_TRANS : HETLA_CONJ_TRANS;
            b = to_layout(ctx, B, n, NRHS, COUNT, l);
            CHECK_OK(hetla_zgetrf_batch(ctx, &g, ipiv, NULL));
            CHECK_OK(hetla_zgetrs_batch(ctx, tr, &g, ipiv, &b, NULL));
            from_layout(ctx, &b, X);
            for (hetla_int t = 0; t < COUNT; t++)
                CHECK(solve_resid(tr, G + t * n * n, X + t * n * NRHS, B + t * n * NRHS, n, NRHS) < TOL);
            CHECK_OK(hetla_batch_free(&s));
            CHECK_OK(hetla_batch_free(&g));
            free(S), free(G), free(B), free(X), free(ipiv);
        }
}

/* One failing matrix reports its info; the others factor as if alone. */
void ztest_batch_info(hetla_context *ctx)
{
    enum { N = 5, BAD = 7 };
    for (int l = 0; l < NLAYOUTS; l++) {
        hetla_int info[COUNT], ipiv[N * COUNT];
        T *A = make_hpd(N, COUNT), *F = ref_new(N, N, COUNT);
        A[BAD * N * N + 2 * (N + 1)] = -100; /* leading minor of order 3 indefinite */
        hetla_batch a = to_layout(ctx, A, N, N, COUNT, l);
        CHECK_STATUS(hetla_zpotrf_batch(ctx, HETLA_LOWER, &a, info), HETLA_NUMERICAL);
        from_layout(ctx, &a, F);
        for (hetla_int t = 0; t < COUNT; t++)
            CHECK(t == BAD ? info[t] == 3 : info[t] == 0 && chol_resid(A + t * N * N, F + t * N * N, N, HETLA_LOWER) < TOL);
        T *G = ref_new(N, N, COUNT);
        for (hetla_int i = 0; i < N; i++)
            G[BAD * N * N + i + N] = 0; /* column 2 zero: U(2,2) = 0 */
        a = to_layout(ctx, G, N, N, COUNT, l);
        CHECK_STATUS(hetla_zgetrf_batch(ctx, &a, ipiv, info), HETLA_NUMERICAL);
        from_layout(ctx, &a, F);
        for (hetla_int t = 0; t < COUNT; t++)
            CHECK(t == BAD ? info[t] == 2 : info[t] == 0 && lu_resid(G + t * N * N, F + t * N * N, ipiv + t * N, N) < TOL);
        free(A), free(F), free(G);
    }
}

void ztest_batch_args(hetla_context *ctx)
{
    enum { N = 4, K = 6 };
    hetla_batch a, b, c;
    hetla_int info[K];
    CHECK_OK(hetla_batch_alloc(HETLA_BATCH_INTERLEAVED, HETLA_ZCOMPLEX, N, N, K, 0, &a));
    CHECK_OK(hetla_batch_alloc(HETLA_BATCH_P2P, HETLA_ZCOMPLEX, N, N + 1, K, 0, &b));
    CHECK_OK(hetla_batch_alloc(HETLA_BATCH_BLOCKED, HETLA_ZCOMPLEX, N, N, K, 0, &c));
    CHECK_STATUS(hetla_zgemm_batch(ctx, (hetla_trans)7, HETLA_NO_TRANS, 1, &a, &c, 0, &c, info), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 2 && info[0] == -2 && info[K - 1] == -2);
    CHECK_STATUS(hetla_zgemm_batch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, &a, &b, 0, &c, info), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 6 && info[3] == -6);
    hetla_batch bad = a;
    bad.ld = N - 1;
    CHECK_STATUS(hetla_zpotrf_batch(ctx, HETLA_LOWER, &bad, info), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 3 && info[0] == -3);
    bad = a, bad.type = HETLA_INT32;
    CHECK_STATUS(hetla_zgetrf_nopiv_batch(ctx, &bad, NULL), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 2);
    CHECK_STATUS(hetla_zgetrf_batch(ctx, &a, NULL, info), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 3);
    CHECK_STATUS(hetla_ztrsm_batch(ctx, HETLA_RIGHT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_UNIT, 1, &a, &b, info),
                 HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 7 && info[1] == -7);
    CHECK_STATUS(hetla_batch_alloc(HETLA_BATCH_BLOCKED, HETLA_ZCOMPLEX, -1, N, K, 0, &bad), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 3);
    /* a variable batch: matrix 3's lda is too small; nothing is computed */
    hetla_int m[K], n[K], k[K], ld[K];
    T alpha[K], beta[K], *A[K], *C[K];
    for (int i = 0; i < K; i++)
        m[i] = n[i] = k[i] = ld[i] = i + 1, alpha[i] = 1, beta[i] = 0, A[i] = ref_new(i + 1, i + 1, 1),
        C[i] = ref_new(i + 1, i + 1, 1);
    ld[3] = 2;
    T c00 = C[0][0];
    CHECK_STATUS(hetla_zgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, m, n, k, alpha, A, ld, A, ld, beta, C, ld,
                                    K, info),
                 HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 9 && info[3] == -9 && info[0] == 0 && info[5] == 0 && C[0][0] == c00);
    for (int i = 0; i < K; i++)
        free(A[i]), free(C[i]);
    /* a batch large enough for its checks to be split among the workers:
     * two bad matrices in different parts, the first one named */
    enum { L = 40000 };
    hetla_int *lm = malloc(4 * L * sizeof *lm), *linfo = lm + L, *lld = lm + 2 * L, *lone = lm + 3 * L;
    T *lab = malloc(2 * L * sizeof *lab), **lp = malloc(2 * L * sizeof *lp);
    CHECK(lm && lab && lp);
    for (int i = 0; lm && lab && lp && i < L; i++)
        lm[i] = lld[i] = 1, lone[i] = 1, lab[i] = 1, lab[L + i] = 1, lp[i] = &lab[i], lp[L + i] = &lab[L + i];
    if (lm && lab && lp) {
        lld[25000] = 0, lp[39000] = NULL;
        CHECK_STATUS(hetla_zgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, lm, lm, lm, lab, lp, lld, lp, lld, lab,
                                        lp + L, lone, L, linfo),
                     HETLA_ERR_ARG);
        CHECK(hetla_error_arg() == 9 && linfo[25000] == -9 && linfo[39000] == -8 && linfo[0] == 0 &&
              linfo[L - 1] == 0 && lab[L] == 1);
    }
    free(lm), free(lab), free(lp);
    CHECK_OK(hetla_batch_free(&a));
    CHECK_OK(hetla_batch_free(&b));
    CHECK_OK(hetla_batch_free(&c));
}

/* Variable sizes 1..32 in one batch, and groups. */
void ztest_batch_vbatch(hetla_context *ctx)
{
    enum { K = 45 };
    hetla_int m[K], n[K], k[K], info[K], *piv[K];
    T alpha[K], beta[K], *A[K], *B[K], *C[K], *C0[K], *S[K], *S0[K];
    for (int i = 0; i < K; i++) {
        m[i] = i % 32 + 1, n[i] = (i * 7) % 32 + 1, k[i] = (i * 3) % 32 + 1, alpha[i] = rndt(), beta[i] = rndt();
        A[i] = ref_new(m[i], k[i], 1), B[i] = ref_new(k[i], n[i], 1), C[i] = ref_new(m[i], n[i], 1);
        C0[i] = ref_new(m[i], n[i], 1), S[i] = make_hpd(n[i], 1), S0[i] = ref_new(n[i], n[i], 1);
        memcpy(C0[i], C[i], (size_t)(m[i] * n[i]) * sizeof(T));
        memcpy(S0[i], S[i], (size_t)(n[i] * n[i]) * sizeof(T));
        piv[i] = malloc((size_t)n[i] * sizeof(hetla_int));
    }
    CHECK_OK(hetla_zgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, m, n, k, alpha, A, m, B, k, beta, C, m, K, info));
    for (int i = 0; i < K; i++) {
        R scale = cabs(alpha[i]) * norm1(A[i], m[i], k[i]) * norm1(B[i], k[i], n[i]) * (R)(k[i] + 1) +
                  cabs(beta[i]) * norm1(C0[i], m[i], n[i]);
        ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, m[i], n[i], k[i], alpha[i], A[i], m[i], B[i], k[i], beta[i], C0[i]);
        CHECK(info[i] == 0 && resid(C[i], C0[i], m[i], n[i], scale) < TOL);
    }
    CHECK_OK(hetla_zpotrf_vbatch(ctx, HETLA_UPPER, n, S, n, K, info));
    for (int i = 0; i < K; i++)
        CHECK(info[i] == 0 && chol_resid(S0[i], S[i], n[i], HETLA_UPPER) < TOL);
    for (int i = 0; i < K; i++)
        memcpy(S[i], S0[i], (size_t)(n[i] * n[i]) * sizeof(T));
    CHECK_OK(hetla_zgetrf_vbatch(ctx, n, n, S, n, piv, K, info));
    for (int i = 0; i < K; i++)
        CHECK(info[i] == 0 && lu_resid(S0[i], S[i], piv[i], n[i]) < TOL);
    /* triangular solves on the LU factors' upper triangles */
    for (int i = 0; i < K; i++)
        memcpy(C0[i], C[i], (size_t)(m[i] * n[i]) * sizeof(T));
    CHECK_OK(hetla_ztrsm_vbatch(ctx, HETLA_RIGHT, HETLA_UPPER, HETLA_NO_TRANS, HETLA_NON_UNIT, m, n, alpha, S, n, C,
                                m, K, info));
    for (int i = 0; i < K; i++) {
        T *U = ref_new(n[i], n[i], 1), *XU = ref_new(m[i], n[i], 1);
        for (hetla_int q = 0; q < n[i] * n[i]; q++)
            U[q] = q % n[i] <= q / n[i] ? S[i][q] : 0;
        ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, m[i], n[i], n[i], 1, C[i], m[i], U, n[i], 0, XU);
        for (hetla_int q = 0; q < m[i] * n[i]; q++)
            C0[i][q] *= alpha[i];
        R scale = norm1(U, n[i], n[i]) * norm1(C[i], m[i], n[i]) * (R)(n[i] + 1);
        CHECK(resid(XU, C0[i], m[i], n[i], scale) < TOL);
        free(U), free(XU);
    }
    /* y = alpha A^T x + beta y with x = column 0 of B (k rows... m of A) */
    CHECK_OK(hetla_zgemv_vbatch(ctx, HETLA_TRANS, m, k, alpha, A, m, C, beta, B, K, info));
    CHECK(info[0] == 0);
    /* LU of the m x k matrices A: wide, tall and square */
    for (int i = 0; i < K; i++) {
        free(piv[i]), free(S0[i]);
        piv[i] = malloc((size_t)(m[i] < k[i] ? m[i] : k[i]) * sizeof(hetla_int)), S0[i] = ref_new(m[i], k[i], 1);
        memcpy(S0[i], A[i], (size_t)(m[i] * k[i]) * sizeof(T));
    }
    CHECK_OK(hetla_zgetrf_vbatch(ctx, m, k, A, m, piv, K, info));
    for (int i = 0; i < K; i++)
        CHECK(info[i] == 0 && lu_resid_mn(S0[i], A[i], piv[i], m[i], k[i]) < TOL);
    /* groups: three, one of them empty */
    hetla_int gs[] = {20, 0, 25}, gm[] = {3, 5, 8}, gn[] = {4, 5, 8}, gk[] = {2, 5, 8}, gl[] = {32, 32, 32};
    hetla_trans ta[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS}, tb[] = {HETLA_TRANS, HETLA_NO_TRANS,
                                                                                   HETLA_NO_TRANS};
    T ga[] = {rndt(), 1, rndt()}, gb[] = {0, 1, rndt()};
    for (int i = 0; i < K; i++) {
        free(C[i]);
        C[i] = ref_new(32, 32, 1), free(C0[i]), C0[i] = ref_new(32, 32, 1);
        memcpy(C0[i], C[i], 32 * 32 * sizeof(T));
        free(A[i]), free(B[i]);
        A[i] = ref_new(32, 32, 1), B[i] = ref_new(32, 32, 1);
    }
    CHECK_OK(hetla_zgemm_batch_group(ctx, 3, gs, ta, tb, gm, gn, gk, ga, A, gl, B, gl, gb, C, gl, info));
    for (int i = 0; i < K; i++) {
        int g = i < 20 ? 0 : 2;
        T *R0 = ref_new(gm[g], gn[g], 1);
        for (hetla_int j = 0; j < gn[g]; j++)
            for (hetla_int q = 0; q < gm[g]; q++)
                R0[q + j * gm[g]] = C0[i][q + j * 32];
        ref_gemm(ta[g], tb[g], gm[g], gn[g], gk[g], ga[g], A[i], 32, B[i], 32, gb[g], R0);
        for (hetla_int j = 0; j < gn[g]; j++)
            for (hetla_int q = 0; q < gm[g]; q++)
                C0[i][q + j * gm[g]] = C[i][q + j * 32];
        CHECK(info[i] == 0 && resid(C0[i], R0, gm[g], gn[g], (R)(2 * 32 * 32)) < TOL);
        free(R0);
    }
    for (int i = 0; i < K; i++)
        free(A[i]), free(B[i]), free(C[i]), free(C0[i]), free(S[i]), free(S0[i]), free(piv[i]);
}

/* ---- alpha = 0 and beta = 0: what BLAS does not read is NaN --------------------- */

/* count rows x cols matrices of NaN */
static T *ref_nan(hetla_int rows, hetla_int cols, hetla_int count)
{
    T *r = ref_new(rows, cols, count);
    for (hetla_int i = 0; i < rows * cols * count; i++)
        r[i] = NAN;
    return r;
}

/* NaN if @p nan, else random: an operand read only when its scalar is not 0. */
static T *ref_or_nan(int nan, hetla_int rows, hetla_int cols, hetla_int count)
{
    return nan ? ref_nan(rows, cols, count) : ref_new(rows, cols, count);
}

/* The worst resid of the count rows x cols matrices X against beta X0 (the
 * result of alpha = 0); for beta = 0, X0 is not read and X must be 0. */
static R scaled_resid(const T *X, const T *X0, T beta, hetla_int rows, hetla_int cols, hetla_int count)
{
    R worst = 0;
    T *want = ref_new(rows, cols, 1);
    for (hetla_int t = 0; t < count; t++) {
        for (hetla_int i = 0; i < rows * cols; i++)
            want[i] = beta == 0 ? 0 : beta * X0[t * rows * cols + i];
        R r = resid(X + t * rows * cols, want, rows, cols, norm1(want, rows, cols));
        worst = r > worst || isnan(r) ? r : worst;
    }
    free(want);
    return worst;
}

/* gemm (n x n) and gemv (y of n or n + 1 elements) with alpha = 0 on layout
 * l: C := beta C, y := beta y over NaN in A, B and x, and in C and y when
 * beta = 0. */
static void zero_gemm_gemv(hetla_context *ctx, int l, hetla_int n, T beta)
{
    hetla_trans tr = n % 2 ? HETLA_CONJ_TRANS : HETLA_NO_TRANS;
    hetla_int m = n + 1, xr = tr != HETLA_NO_TRANS ? m : n, yr = tr != HETLA_NO_TRANS ? n : m;
    T *A = ref_nan(n, n, COUNT), *B = ref_nan(n, n, COUNT), *Av = ref_nan(m, n, COUNT), *x = ref_nan(xr, 1, COUNT);
    T *C = ref_or_nan(beta == 0, n, n, COUNT), *y = ref_or_nan(beta == 0, yr, 1, COUNT);
    T *C0 = ref_new(n, n, COUNT), *y0 = ref_new(yr, 1, COUNT);
    memcpy(C0, C, (size_t)(n * n * COUNT) * sizeof *C);
    memcpy(y0, y, (size_t)(yr * COUNT) * sizeof *y);
    hetla_batch a = to_layout(ctx, A, n, n, COUNT, l), b = to_layout(ctx, B, n, n, COUNT, l);
    hetla_batch cb = to_layout(ctx, C, n, n, COUNT, l), av = to_layout(ctx, Av, m, n, COUNT, l);
    hetla_batch xb = to_layout(ctx, x, xr, 1, COUNT, l), yb = to_layout(ctx, y, yr, 1, COUNT, l);
    CHECK_OK(hetla_zgemm_batch(ctx, tr, HETLA_TRANS, 0, &a, &b, beta, &cb, NULL));
    CHECK_OK(hetla_zgemv_batch(ctx, tr, 0, &av, &xb, beta, &yb, NULL));
    from_layout(ctx, &cb, C);
    from_layout(ctx, &yb, y);
    CHECK_OK(hetla_batch_free(&a));
    CHECK_OK(hetla_batch_free(&b));
    CHECK_OK(hetla_batch_free(&av));
    CHECK_OK(hetla_batch_free(&xb));
    R rc = scaled_resid(C, C0, beta, n, n, COUNT), ry = scaled_resid(y, y0, beta, yr, 1, COUNT);
    CHECK(rc < TOL && ry < TOL);
    if (!(rc < TOL && ry < TOL))
        fprintf(stderr, "  alpha = 0 layout %d n %lld beta %s: gemm resid %g, gemv resid %g\n", l, (long long)n,
                beta == 0 ? "0" : "!= 0", (double)rc, (double)ry);
    free(A), free(B), free(Av), free(x), free(C), free(y), free(C0), free(y0);
}

/* trsm with alpha = 0 on layout l, combination c (bit 0: right, 1: upper,
 * 2: unit; c / 8 the transpose) and order n: B := 0 over NaN in A and B. */
static void zero_trsm(hetla_context *ctx, int l, hetla_int n, int c)
{
    static const hetla_trans tr[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
    hetla_int m = n + 2, na = c & 1 ? n : m;
    T *A = ref_nan(na, na, COUNT), *B = ref_nan(m, n, COUNT);
    hetla_batch a = to_layout(ctx, A, na, na, COUNT, l), b = to_layout(ctx, B, m, n, COUNT, l);
    CHECK_OK(hetla_ztrsm_batch(ctx, c & 1 ? HETLA_RIGHT : HETLA_LEFT, c & 2 ? HETLA_UPPER : HETLA_LOWER, tr[c / 8],
                               c & 4 ? HETLA_UNIT : HETLA_NON_UNIT, 0, &a, &b, NULL));
    from_layout(ctx, &b, B);
    CHECK_OK(hetla_batch_free(&a));
    R r = scaled_resid(B, NULL, 0, m, n, COUNT);
    CHECK(r == 0);
    if (r != 0)
        fprintf(stderr, "  trsm alpha = 0 layout %d n %lld combination %d: B not 0 (resid %g)\n", l, (long long)n, c,
                (double)r);
    free(A), free(B);
}

/* Matrix @p i of a variable batch or group: C (n x cols, ld n) against
 * alpha A B + beta C0 (A n x n), C0 overwritten. */
static void check_vgemm(const char *what, hetla_int i, hetla_int n, hetla_int cols, T alpha, const T *A, const T *B,
                        T beta, T *C0, const T *C)
{
    R scale = (alpha == 0 ? 0 : cabs(alpha) * norm1(A, n, n) * norm1(B, n, cols) * (R)(n + 1)) +
              (beta == 0 ? 0 : cabs(beta) * norm1(C0, n, cols));
    ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, n, cols, n, alpha, A, n, B, n, beta, C0);
    R r = resid(C, C0, n, cols, scale);
    CHECK(r < TOL);
    if (!(r < TOL))
        fprintf(stderr, "  %s matrix %lld n %lld alpha %s beta %s: resid %g\n", what, (long long)i, (long long)n,
                alpha == 0 ? "0" : "!= 0", beta == 0 ? "0" : "!= 0", (double)r);
}

/* Variable batches, each matrix with its own scalars: alpha = 0 on every
 * other one (A, B and x NaN), beta = 0 on every third (C and y NaN). The
 * trsm solves with the lower triangles of the A whose alpha is not 0. */
static void zero_vbatch(hetla_context *ctx)
{
    enum { K = 12 };
    hetla_int n[K], info[K];
    T alpha[K], beta[K], *A[K], *B[K], *B0[K], *C[K], *C0[K];
    for (int i = 0; i < K; i++) {
        n[i] = 3 * i % 10 + 1, alpha[i] = i % 2 ? 0 : rndt(), beta[i] = i % 3 ? rndt() : 0;
        A[i] = ref_or_nan(alpha[i] == 0, n[i], n[i], 1), B[i] = ref_or_nan(alpha[i] == 0, n[i], n[i], 1);
        C[i] = ref_or_nan(beta[i] == 0, n[i], n[i], 1), C0[i] = ref_new(n[i], n[i], 1), B0[i] = ref_new(n[i], n[i], 1);
        memcpy(C0[i], C[i], (size_t)(n[i] * n[i]) * sizeof(T));
    }
    CHECK_OK(hetla_zgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, n, n, n, alpha, A, n, B, n, beta, C, n, K, info));
    for (int i = 0; i < K; i++) {
        CHECK(info[i] == 0);
        check_vgemm("gemm_vbatch", i, n[i], n[i], alpha[i], A[i], B[i], beta[i], C0[i], C[i]);
        for (hetla_int q = 0; q < n[i]; q++) /* y: C's first column; x: B's */
            C[i][q] = C0[i][q] = beta[i] == 0 ? NAN : rndt();
    }
    CHECK_OK(hetla_zgemv_vbatch(ctx, HETLA_NO_TRANS, n, n, alpha, A, n, B, beta, C, K, info));
    for (int i = 0; i < K; i++) {
        CHECK(info[i] == 0);
        check_vgemm("gemv_vbatch", i, n[i], 1, alpha[i], A[i], B[i], beta[i], C0[i], C[i]);
        for (hetla_int q = 0; alpha[i] != 0 && q < n[i] * n[i]; q++)
            A[i][q] = q % n[i] < q / n[i] ? 0 : A[i][q];
        if (alpha[i] != 0)
            make_triangular(A[i], n[i], 1);
        memcpy(B0[i], B[i], (size_t)(n[i] * n[i]) * sizeof(T));
    }
    CHECK_OK(hetla_ztrsm_vbatch(ctx, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT, n, n, alpha, A, n, B, n,
                                K, info));
    for (int i = 0; i < K; i++) {
        CHECK(info[i] == 0);
        if (alpha[i] == 0) {
            CHECK(scaled_resid(B[i], NULL, 0, n[i], n[i], 1) == 0);
            continue;
        }
        T *AX = ref_new(n[i], n[i], 1);
        ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, n[i], n[i], n[i], 1, A[i], n[i], B[i], n[i], 0, AX);
        for (hetla_int q = 0; q < n[i] * n[i]; q++)
            B0[i][q] *= alpha[i];
        CHECK(resid(AX, B0[i], n[i], n[i], norm1(A[i], n[i], n[i]) * norm1(B[i], n[i], n[i]) * (R)(n[i] + 1)) < TOL);
        free(AX);
    }
    for (int i = 0; i < K; i++)
        free(A[i]), free(B[i]), free(B0[i]), free(C[i]), free(C0[i]);
}

/* Groups with their own scalars: alpha = 0 with beta = 0 and with beta not
 * 0 (A and B NaN), alpha not 0 with beta = 0 (C NaN); orders where the
 * SIMD kernels and OpenBLAS per matrix run. */
static void zero_group(hetla_context *ctx)
{
    enum { G = 3, PER = 4, K = G * PER };
    hetla_int gs[G] = {PER, PER, PER}, gn[G] = {2, 5, 9}, info[K];
    hetla_trans tn[G] = {HETLA_NO_TRANS, HETLA_NO_TRANS, HETLA_NO_TRANS};
    T ga[G] = {0, 0, rndt()}, gb[G] = {0, rndt(), 0}, *A[K], *B[K], *C[K], *C0[K];
    for (int i = 0; i < K; i++) {
        hetla_int g = i / PER, n = gn[g];
        A[i] = ref_or_nan(ga[g] == 0, n, n, 1), B[i] = ref_or_nan(ga[g] == 0, n, n, 1);
        C[i] = ref_or_nan(gb[g] == 0, n, n, 1), C0[i] = ref_new(n, n, 1);
        memcpy(C0[i], C[i], (size_t)(n * n) * sizeof(T));
    }
    CHECK_OK(hetla_zgemm_batch_group(ctx, G, gs, tn, tn, gn, gn, gn, ga, A, gn, B, gn, gb, C, gn, info));
    for (int i = 0; i < K; i++) {
        hetla_int g = i / PER;
        CHECK(info[i] == 0);
        check_vgemm("gemm_batch_group", i, gn[g], gn[g], ga[g], A[i], B[i], gb[g], C0[i], C[i]);
        free(A[i]), free(B[i]), free(C[i]), free(C0[i]);
    }
}

/* alpha = 0 (and beta = 0): BLAS reads neither A nor B (nor C or y), so
 * NaN there must not reach the result. Every layout, orders on both sides
 * of the SIMD kernels' and OpenBLAS's ranges; variable batches, groups. */
void ztest_batch_zero(hetla_context *ctx)
{
    for (int l = 0; l < NLAYOUTS; l++)
        for (int si = 0; si < NSIZES; si++) {
            zero_gemm_gemv(ctx, l, sizes[si], 0);
            zero_gemm_gemv(ctx, l, sizes[si], rndt());
            for (int h = 0; h < 2; h++)
                zero_trsm(ctx, l, sizes[si], (7 * si + 3 * l + 12 * h) % 24);
        }
    zero_vbatch(ctx);
    zero_group(ctx);
}

/* ---- mixed sizes, past 32 and 0, and staging ------------------------------------ */

/* Orders of the mixed variable batches and groups: 0, the SIMD kernels'
 * range, the GPU kernels' tile edges and past them. */
static const hetla_int vsizes[] = {3, 40, 0, 17, 1, 70, 32, 5, 2, 33, 9, 64};
#define NVSIZES ((int)(sizeof vsizes / sizeof *vsizes))
enum { PAD = 3 };

/* A rows x cols matrix of leading dimension rows + PAD: @p src's elements
 * (ld = rows), or random ones if @p src is NULL; the padding NaN. */
static T *padded(const T *src, hetla_int rows, hetla_int cols)
{
    hetla_int ld = rows + PAD;
    T *X = ref_nan(ld, cols, 1);
    for (hetla_int j = 0; j < cols; j++)
        for (hetla_int i = 0; i < rows; i++)
            X[i + j * ld] = src ? src[i + j * rows] : rndt();
    return X;
}

/* The rows x cols matrix of padded() as a new one with ld = rows; its
 * padding must still be NaN (neither written nor moved). */
static T *compact(const T *X, hetla_int rows, hetla_int cols)
{
    T *c = ref_new(rows, cols, 1);
    for (hetla_int j = 0; j < cols; j++) {
        for (hetla_int i = 0; i < rows; i++)
            c[i + j * rows] = X[i + j * (rows + PAD)];
        for (hetla_int i = rows; i < rows + PAD; i++)
            CHECK(isnan(creal(X[i + j * (rows + PAD)])));
    }
    return c;
}

/* Whether @p ctx stages the calls of operation @p op: a device with
 * memory of its own runs it (src/batch/run.c). */
static int staged(hetla_context *ctx, const char *op)
{
    hetla_kernel *k = NULL;
    CHECK_OK(hetla_kernel_find(ctx, op, &k));
    int any = 0;
    for (int d = 0; k && d < hetla_device_count(ctx); d++) {
        hetla_device_desc dd;
        CHECK_OK(hetla_device_info(ctx, d, &dd));
        any |= dd.memory_node != 0 && hetla_kernel_selected(k, d) >= 0;
    }
    return any;
}

/* A variable batch of one matrix runs 3 tasks where it is staged (pack,
 * compute, unpack), else 1; a group of one matrix with beta != 0, 5
 * (gather A, B and C, compute, scatter C) or 1. With a simulated
 * accelerator (CPU kernels) both are staged. Where there is no CPU
 * worker the calling thread stages, and the computation is the only
 * task. */
static void staging_taken(hetla_context *ctx)
{
    hetla_int one = 1, two = 2, info;
    hetla_trans tn = HETLA_NO_TRANS;
    T alpha = rndt(), beta = rndt(), *A = ref_new(2, 2, 1), *B = ref_new(2, 2, 1), *C = ref_new(2, 2, 1);
    hetla_stats st;
    int cpu = 0;
    for (int d = 0; d < hetla_device_count(ctx); d++) {
        hetla_device_desc dd;
        CHECK_OK(hetla_device_info(ctx, d, &dd));
        cpu |= dd.type == HETLA_DEVICE_CPU;
    }
    CHECK_OK(hetla_stats_reset(ctx));
    CHECK_OK(hetla_zgemm_vbatch(ctx, tn, tn, &two, &two, &two, &alpha, &A, &two, &B, &two, &beta, &C, &two, 1, &info));
    CHECK_OK(hetla_stats_get(ctx, &st));
    int sv = staged(ctx, "zgemm_vbatch_packed"), sg = staged(ctx, "zgemm_batch");
    CHECK(st.tasks == (sv && cpu ? 3u : 1u));
    CHECK_OK(hetla_stats_reset(ctx));
    CHECK_OK(hetla_zgemm_batch_group(ctx, 1, &one, &tn, &tn, &two, &two, &two, &alpha, &A, &two, &B, &two, &beta, &C,
                                     &two, &info));
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.tasks == (sg && cpu ? 5u : 1u));
    for (int d = 0; d < hetla_device_count(ctx); d++) {
        hetla_device_desc dd;
        CHECK_OK(hetla_device_info(ctx, d, &dd));
        CHECK(dd.type != HETLA_DEVICE_SIM || (sv && sg));
    }
    free(A), free(B), free(C);
}

/* GEMM (transposed A and conjugated B, then A and transposed B), GEMV
 * and TRSM on the mixed sizes, every matrix its own; padded leading
 * dimensions. */
static void vmixed_blas(hetla_context *ctx)
{
    enum { K = NVSIZES };
    hetla_int m[K], n[K], k[K], lda[K], ldb[K], ldc[K], info[K];
    T alpha[K], beta[K], *A[K], *B[K], *C[K], *C0[K];
    for (int pass = 0; pass < 2; pass++) {
        hetla_trans ta = pass ? HETLA_NO_TRANS : HETLA_TRANS, tb = pass ? HETLA_TRANS : HETLA_CONJ_TRANS;
        for (int i = 0; i < K; i++) {
            m[i] = vsizes[i], n[i] = vsizes[(i + 4) % K], k[i] = vsizes[(i + 7) % K], alpha[i] = rndt(),
            beta[i] = rndt();
            hetla_int ar = pass ? m[i] : k[i], ac = pass ? k[i] : m[i];
            lda[i] = ar + PAD, ldb[i] = n[i] + PAD, ldc[i] = m[i] + PAD;
            A[i] = padded(NULL, ar, ac), B[i] = padded(NULL, n[i], k[i]), C[i] = padded(NULL, m[i], n[i]);
            C0[i] = compact(C[i], m[i], n[i]);
        }
        CHECK_OK(hetla_zgemm_vbatch(ctx, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, K, info));
        for (int i = 0; i < K; i++) {
            hetla_int ar = pass ? m[i] : k[i], ac = pass ? k[i] : m[i];
            T *Ac = compact(A[i], ar, ac), *Bc = compact(B[i], n[i], k[i]), *Cc = compact(C[i], m[i], n[i]);
            R scale = cabs(alpha[i]) * norm1(Ac, ar, ac) * norm1(Bc, n[i], k[i]) * (R)(k[i] + 1) +
                      cabs(beta[i]) * norm1(C0[i], m[i], n[i]);
            ref_gemm(ta, tb, m[i], n[i], k[i], alpha[i], Ac, ar, Bc, n[i], beta[i], C0[i]);
            R r = resid(Cc, C0[i], m[i], n[i], scale);
            CHECK(info[i] == 0 && r < TOL);
            if (!(r < TOL))
                fprintf(stderr, "  gemm_vbatch %s %lld x %lld x %lld: resid %g\n", pass ? "NT" : "TC", (long long)m[i],
                        (long long)n[i], (long long)k[i], (double)r);
            free(Ac), free(Bc), free(Cc), free(C[i]), free(C0[i]);
            if (!pass) /* the second pass's operands replace them */
                free(A[i]), free(B[i]);
        }
    }
    /* y := alpha B x + beta y, B n x k */
    for (int i = 0; i < K; i++)
        free(A[i]), C[i] = ref_new(k[i], 1, 1), A[i] = ref_new(n[i], 1, 1), C0[i] = ref_new(n[i], 1, 1),
                    memcpy(C0[i], A[i], (size_t)n[i] * sizeof(T));
    CHECK_OK(hetla_zgemv_vbatch(ctx, HETLA_NO_TRANS, n, k, alpha, B, ldb, C, beta, A, K, info));
    for (int i = 0; i < K; i++) {
        T *Bc = compact(B[i], n[i], k[i]);
        R scale = cabs(alpha[i]) * norm1(Bc, n[i], k[i]) * norm1(C[i], k[i], 1) * (R)(k[i] + 1) +
                  cabs(beta[i]) * norm1(C0[i], n[i], 1);
        ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, n[i], 1, k[i], alpha[i], Bc, n[i], C[i], k[i], beta[i], C0[i]);
        CHECK(info[i] == 0 && resid(A[i], C0[i], n[i], 1, scale) < TOL);
        free(Bc), free(A[i]), free(B[i]), free(C[i]), free(C0[i]);
    }
    /* conj(U)^T X = alpha B, U upper of order m (its lower part NaN), B m x n */
    for (int i = 0; i < K; i++) {
        T *U = ref_new(m[i], m[i], 1);
        for (hetla_int q = 0; q < m[i] * m[i]; q++)
            U[q] = q % m[i] > q / m[i] ? NAN : q % m[i] == q / m[i] ? U[q] + (R)(2 * m[i]) : U[q] / (R)m[i];
        A[i] = padded(U, m[i], m[i]), B[i] = padded(NULL, m[i], n[i]), C0[i] = compact(B[i], m[i], n[i]);
        free(U);
    }
    CHECK_OK(hetla_ztrsm_vbatch(ctx, HETLA_LEFT, HETLA_UPPER, HETLA_CONJ_TRANS, HETLA_NON_UNIT, m, n, alpha, A, ldc, B,
                                ldc, K, info));
    for (int i = 0; i < K; i++) {
        T *U = compact(A[i], m[i], m[i]), *X = compact(B[i], m[i], n[i]), *UX = ref_new(m[i], n[i], 1);
        for (hetla_int q = 0; q < m[i] * m[i]; q++)
            U[q] = isnan(creal(U[q])) ? 0 : U[q];
        ref_gemm(HETLA_CONJ_TRANS, HETLA_NO_TRANS, m[i], n[i], m[i], 1, U, m[i], X, m[i], 0, UX);
        for (hetla_int q = 0; q < m[i] * n[i]; q++)
            C0[i][q] *= alpha[i];
        R scale = norm1(U, m[i], m[i]) * norm1(X, m[i], n[i]) * (R)(m[i] + 1);
        CHECK(info[i] == 0 && resid(UX, C0[i], m[i], n[i], scale) < TOL);
        free(U), free(X), free(UX), free(A[i]), free(B[i]), free(C0[i]);
    }
}

/* Cholesky and LU on the mixed sizes, padded, one bad matrix each whose
 * info alone is set (Cholesky: order 40, minor 3 indefinite; LU: order
 * 17, column 1 zero); the others factor as if alone. */
static void vmixed_factor(hetla_context *ctx)
{
    enum { K = NVSIZES, BADC = 1, BADL = 3 };
    hetla_int n[K], ld[K], info[K], *piv[K];
    T *A[K], *A0[K];
    for (int i = 0; i < K; i++) {
        n[i] = vsizes[i], ld[i] = n[i] + PAD;
        A0[i] = make_hpd(n[i], 1);
        if (i == BADC)
            A0[i][2 * (n[i] + 1)] = -100 * (R)n[i];
        A[i] = padded(A0[i], n[i], n[i]);
        piv[i] = malloc((size_t)(n[i] + 1) * sizeof(hetla_int));
    }
    CHECK_STATUS(hetla_zpotrf_vbatch(ctx, HETLA_LOWER, n, A, ld, K, info), HETLA_NUMERICAL);
    for (int i = 0; i < K; i++) {
        T *F = compact(A[i], n[i], n[i]);
        CHECK(i == BADC ? info[i] == 3 : info[i] == 0 && chol_resid(A0[i], F, n[i], HETLA_LOWER) < TOL);
        free(F), free(A[i]), free(A0[i]);
        A0[i] = ref_new(n[i], n[i], 1);
        for (hetla_int q = 0; i == BADL && q < n[i]; q++)
            A0[i][q + n[i]] = 0;
        A[i] = padded(A0[i], n[i], n[i]);
    }
    CHECK_STATUS(hetla_zgetrf_vbatch(ctx, n, n, A, ld, piv, K, info), HETLA_NUMERICAL);
    for (int i = 0; i < K; i++) {
        T *F = compact(A[i], n[i], n[i]);
        CHECK(i == BADL ? info[i] == 2 : info[i] == 0 && lu_resid(A0[i], F, piv[i], n[i]) < TOL);
        free(F), free(A[i]), free(A0[i]), free(piv[i]);
    }
}

/* Groups of the mixed sizes: every transpose, padded leading dimensions,
 * an order-0 group among them. */
static void vmixed_group(hetla_context *ctx)
{
    enum { G = 5, K = 14 };
    hetla_int gs[G] = {3, 2, 1, 4, 4}, gm[G] = {40, 70, 0, 17, 1}, gn[G] = {33, 5, 2, 64, 1}, gk[G] = {70, 40, 3, 2, 1};
    hetla_int lda[G], ldb[G], ldc[G], info[K];
    hetla_trans ta[G] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS, HETLA_CONJ_TRANS, HETLA_NO_TRANS};
    hetla_trans tb[G] = {HETLA_CONJ_TRANS, HETLA_NO_TRANS, HETLA_TRANS, HETLA_NO_TRANS, HETLA_TRANS};
    T ga[G], gb[G], *A[K], *B[K], *C[K], *C0[K];
    for (int g = 0, i = 0; g < G; g++) {
        hetla_int ar = ta[g] == HETLA_NO_TRANS ? gm[g] : gk[g], br = tb[g] == HETLA_NO_TRANS ? gk[g] : gn[g];
        lda[g] = ar + PAD, ldb[g] = br + PAD, ldc[g] = gm[g] + PAD, ga[g] = rndt(), gb[g] = g == 3 ? 0 : rndt();
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            A[i] = padded(NULL, ar, (gm[g] + gk[g]) - ar), B[i] = padded(NULL, br, (gk[g] + gn[g]) - br);
            C[i] = padded(NULL, gm[g], gn[g]), C0[i] = compact(C[i], gm[g], gn[g]);
        }
    }
    CHECK_OK(hetla_zgemm_batch_group(ctx, G, gs, ta, tb, gm, gn, gk, ga, A, lda, B, ldb, gb, C, ldc, info));
    for (int g = 0, i = 0; g < G; g++)
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            hetla_int ar = lda[g] - PAD, br = ldb[g] - PAD;
            T *Ac = compact(A[i], ar, gm[g] + gk[g] - ar), *Bc = compact(B[i], br, gk[g] + gn[g] - br);
            T *Cc = compact(C[i], gm[g], gn[g]);
            R scale =
                cabs(ga[g]) * norm1(Ac, ar, gm[g] + gk[g] - ar) * norm1(Bc, br, gk[g] + gn[g] - br) * (R)(gk[g] + 1) +
                cabs(gb[g]) * norm1(C0[i], gm[g], gn[g]);
            ref_gemm(ta[g], tb[g], gm[g], gn[g], gk[g], ga[g], Ac, ar, Bc, br, gb[g], C0[i]);
            R r = resid(Cc, C0[i], gm[g], gn[g], scale);
            CHECK(info[i] == 0 && r < TOL);
            if (!(r < TOL))
                fprintf(stderr, "  gemm_batch_group group %d matrix %lld: resid %g\n", g, (long long)q, (double)r);
            free(Ac), free(Bc), free(Cc), free(A[i]), free(B[i]), free(C[i]), free(C0[i]);
        }
}

/* Triangular A of order n for the TRSM group test: the other triangle
 * NaN, the diagonal NaN if @p unit, else made dominant; off the diagonal
 * divided by n. With @p nan_all every element NaN (alpha = 0). */
static T *tri_operand(hetla_uplo uplo, hetla_diag diag, hetla_int n, int nan_all)
{
    T *U = ref_new(n, n, 1);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            T *u = &U[i + j * n];
            int out = uplo == HETLA_LOWER ? i < j : i > j;
            *u = nan_all || out || (i == j && diag == HETLA_UNIT) ? NAN : i == j ? *u + (R)(2 * n) : *u / (R)n;
        }
    return U;
}

/* GEMV and TRSM groups of the mixed sizes: every transpose, both sides
 * and triangles, unit and non-unit diagonals, padded leading dimensions,
 * an empty group, alpha = 0 (A NaN) and beta = 0 (y NaN); then a group
 * with a bad leading dimension, whose matrices alone report it. */
static void vmixed_group_gemv_trsm(hetla_context *ctx)
{
    enum { G = 5, K = 12 };
    hetla_int gs[G] = {3, 2, 4, 1, 2}, gm[G] = {40, 17, 0, 9, 5}, gn[G] = {33, 5, 3, 70, 4}, lda[G], ldb[G], info[K];
    hetla_trans tr[G] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS, HETLA_CONJ_TRANS, HETLA_NO_TRANS};
    hetla_side sd[G] = {HETLA_LEFT, HETLA_RIGHT, HETLA_LEFT, HETLA_RIGHT, HETLA_LEFT};
    hetla_uplo ul[G] = {HETLA_LOWER, HETLA_UPPER, HETLA_UPPER, HETLA_LOWER, HETLA_LOWER};
    hetla_diag dg[G] = {HETLA_NON_UNIT, HETLA_UNIT, HETLA_NON_UNIT, HETLA_NON_UNIT, HETLA_NON_UNIT};
    T ga[G], gb[G], *A[K], *X[K], *Y[K], *Y0[K];
    /* y := alpha op(A) x + beta y: group 4 alpha = 0 (A and x NaN), group 1 beta = 0 (y NaN) */
    for (int g = 0, i = 0; g < G; g++) {
        int t = tr[g] != HETLA_NO_TRANS;
        hetla_int xn = t ? gm[g] : gn[g], yn = t ? gn[g] : gm[g];
        ga[g] = g == 4 ? 0 : rndt(), gb[g] = g == 1 ? 0 : rndt(), lda[g] = gm[g] + PAD;
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            A[i] = g == 4 ? ref_nan(lda[g], gn[g], 1) : padded(NULL, gm[g], gn[g]);
            X[i] = ref_or_nan(g == 4, xn, 1, 1), Y[i] = ref_or_nan(g == 1, yn, 1, 1), Y0[i] = ref_new(yn, 1, 1);
            memcpy(Y0[i], Y[i], (size_t)yn * sizeof(T));
        }
    }
    CHECK_OK(hetla_zgemv_batch_group(ctx, G, gs, tr, gm, gn, ga, A, lda, X, gb, Y, info));
    for (int g = 0, i = 0; g < G; g++)
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            int t = tr[g] != HETLA_NO_TRANS;
            hetla_int xn = t ? gm[g] : gn[g], yn = t ? gn[g] : gm[g];
            T *Ac = g == 4 ? ref_nan(gm[g], gn[g], 1) : compact(A[i], gm[g], gn[g]);
            R scale = (ga[g] == 0 ? 0 : cabs(ga[g]) * norm1(Ac, gm[g], gn[g]) * norm1(X[i], xn, 1) * (R)(xn + 1)) +
                      (gb[g] == 0 ? 0 : cabs(gb[g]) * norm1(Y0[i], yn, 1));
            ref_gemm(tr[g], HETLA_NO_TRANS, yn, 1, xn, ga[g], Ac, gm[g], X[i], xn, gb[g], Y0[i]);
            CHECK(info[i] == 0 && resid(Y[i], Y0[i], yn, 1, scale > 0 ? scale : 1) < TOL);
            free(Ac), free(A[i]), free(X[i]), free(Y[i]), free(Y0[i]);
        }
    /* B := alpha inv(op(A)) B or alpha B inv(op(A)): group 4 alpha = 0 (A NaN, B := 0) */
    for (int g = 0, i = 0; g < G; g++) {
        hetla_int na = sd[g] == HETLA_LEFT ? gm[g] : gn[g];
        lda[g] = na + PAD, ldb[g] = gm[g] + PAD;
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            T *U = tri_operand(ul[g], dg[g], na, ga[g] == 0);
            A[i] = padded(U, na, na), X[i] = padded(NULL, gm[g], gn[g]), Y0[i] = compact(X[i], gm[g], gn[g]);
            free(U);
        }
    }
    CHECK_OK(hetla_ztrsm_batch_group(ctx, G, gs, sd, ul, tr, dg, gm, gn, ga, A, lda, X, ldb, info));
    for (int g = 0, i = 0; g < G; g++)
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            hetla_int m = gm[g], n = gn[g], na = sd[g] == HETLA_LEFT ? m : n;
            T *U = compact(A[i], na, na), *Xc = compact(X[i], m, n), *P = ref_new(m, n, 1);
            for (hetla_int e = 0; e < na * na; e++) /* the triangle BLAS reads, unit diagonal 1 */
                U[e] = e % (na + 1) == 0 && dg[g] == HETLA_UNIT ? 1 : isnan(creal(U[e])) ? 0 : U[e];
            if (sd[g] == HETLA_LEFT)
                ref_gemm(tr[g], HETLA_NO_TRANS, m, n, m, 1, U, na, Xc, m, 0, P);
            else
                ref_gemm(HETLA_NO_TRANS, tr[g], m, n, n, 1, Xc, m, U, na, 0, P);
            for (hetla_int e = 0; e < m * n; e++)
                Y0[i][e] *= ga[g];
            R scale = norm1(U, na, na) * norm1(Xc, m, n) * (R)(na + 1);
            CHECK(info[i] == 0 && resid(P, Y0[i], m, n, scale > 0 ? scale : 1) < TOL);
            if (ga[g] == 0)
                CHECK(resid(Xc, Y0[i], m, n, 1) == 0);
            free(U), free(Xc), free(P), free(A[i]), free(X[i]), free(Y0[i]);
        }
    /* group 1's lda below its rows: its two matrices report argument 9, the others 0 */
    for (int g = 0, i = 0; g < G; g++) {
        int t = tr[g] != HETLA_NO_TRANS;
        lda[g] = g == 1 ? gm[g] - 1 : gm[g] + PAD;
        for (hetla_int q = 0; q < gs[g]; q++, i++)
            A[i] = padded(NULL, gm[g], gn[g]), X[i] = ref_new(t ? gm[g] : gn[g], 1, 1),
            Y[i] = ref_new(t ? gn[g] : gm[g], 1, 1);
    }
    CHECK_STATUS(hetla_zgemv_batch_group(ctx, G, gs, tr, gm, gn, ga, A, lda, X, gb, Y, info), HETLA_ERR_ARG);
    for (int i = 0; i < K; i++) {
        CHECK(info[i] == (i == 3 || i == 4 ? -9 : 0));
        free(A[i]), free(X[i]), free(Y[i]);
    }
}

/* Cholesky and LU groups (padded, both triangles, an empty group, one
 * failing matrix each: its info alone set), then solves with their
 * factors (every transpose for LU); LU without pivoting on diagonally
 * dominant matrices. */
static void vmixed_group_lapack(hetla_context *ctx)
{
    enum { G = 4, K = 8, BAD = 4 };
    hetla_int gs[G] = {3, 2, 1, 2}, gn[G] = {40, 17, 0, 9}, gr[G] = {5, 1, 3, 70}, lda[G], ldb[G], info[K];
    hetla_uplo ul[G] = {HETLA_LOWER, HETLA_UPPER, HETLA_LOWER, HETLA_UPPER};
    hetla_trans tr[G] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS, HETLA_CONJ_TRANS};
    hetla_int *piv[K];
    T *A[K], *A0[K], *B[K], *B0[K];
    for (int pass = 0; pass < 3; pass++) { /* Cholesky, LU, LU without pivoting */
        for (int g = 0, i = 0; g < G; g++) {
            lda[g] = gn[g] + PAD, ldb[g] = gn[g] + PAD;
            for (hetla_int q = 0; q < gs[g]; q++, i++) {
                A0[i] = pass == 1 ? ref_new(gn[g], gn[g], 1) : make_hpd(gn[g], 1);
                if (i == BAD && pass == 0)
                    A0[i][2 * (gn[g] + 1)] = -100 * (R)gn[g];
                for (hetla_int r = 0; i == BAD && pass == 1 && r < gn[g]; r++)
                    A0[i][r + gn[g]] = 0;
                A[i] = padded(A0[i], gn[g], gn[g]), piv[i] = malloc((size_t)(gn[g] + 1) * sizeof(hetla_int));
                B[i] = padded(NULL, gn[g], gr[g]), B0[i] = compact(B[i], gn[g], gr[g]);
            }
        }
        hetla_int **ipiv = pass == 1 ? piv : NULL;
        CHECK_STATUS(pass ? hetla_zgetrf_batch_group(ctx, G, gs, gn, gn, A, lda, ipiv, info)
                          : hetla_zpotrf_batch_group(ctx, G, gs, ul, gn, A, lda, info),
                     pass == 2 ? HETLA_SUCCESS : HETLA_NUMERICAL);
        for (int g = 0, i = 0; g < G; g++)
            for (hetla_int q = 0; q < gs[g]; q++, i++) {
                T *F = compact(A[i], gn[g], gn[g]);
                int bad = i == BAD && pass < 2;
                CHECK(info[i] == (bad ? (pass ? 2 : 3) : 0));
                if (!bad)
                    CHECK((pass ? lu_resid(A0[i], F, ipiv ? piv[i] : NULL, gn[g])
                                : chol_resid(A0[i], F, gn[g], ul[g])) < TOL);
                free(F);
            }
        CHECK_OK(pass ? hetla_zgetrs_batch_group(ctx, G, gs, tr, gn, gr, A, lda, (const hetla_int *const *)ipiv, B,
                                                 ldb, info)
                      : hetla_zpotrs_batch_group(ctx, G, gs, ul, gn, gr, A, lda, B, ldb, info));
        for (int g = 0, i = 0; g < G; g++)
            for (hetla_int q = 0; q < gs[g]; q++, i++) {
                T *X = compact(B[i], gn[g], gr[g]);
                CHECK(info[i] == 0);
                if (i != BAD || pass == 2)
                    CHECK(solve_resid(pass ? tr[g] : HETLA_NO_TRANS, A0[i], X, B0[i], gn[g], gr[g]) < TOL);
                free(X), free(A[i]), free(A0[i]), free(B[i]), free(B0[i]), free(piv[i]);
            }
    }
    /* a bad leading dimension of B in group 1: its two matrices report argument 10 (GETRS: 11) */
    for (int pass = 0; pass < 2; pass++) {
        for (int g = 0, i = 0; g < G; g++) {
            lda[g] = gn[g] + PAD, ldb[g] = g == 1 ? gn[g] - 1 : gn[g] + PAD;
            for (hetla_int q = 0; q < gs[g]; q++, i++)
                A[i] = padded(NULL, gn[g], gn[g]), B[i] = padded(NULL, gn[g], gr[g]);
        }
        CHECK_STATUS(pass ? hetla_zgetrs_batch_group(ctx, G, gs, tr, gn, gr, A, lda, NULL, B, ldb, info)
                          : hetla_zpotrs_batch_group(ctx, G, gs, ul, gn, gr, A, lda, B, ldb, info),
                     HETLA_ERR_ARG);
        for (int i = 0; i < K; i++) {
            CHECK(info[i] == (i == 3 || i == 4 ? (pass ? -11 : -10) : 0));
            free(A[i]), free(B[i]);
        }
    }
}

/* Variable batches and groups of mixed sizes (0, 1..32, past 32), and
 * whether the calls were staged where the context says they should be. */
void ztest_batch_vmixed(hetla_context *ctx)
{
    staging_taken(ctx);
    vmixed_blas(ctx);
    vmixed_factor(ctx);
    vmixed_group(ctx);
    vmixed_group_gemv_trsm(ctx);
    vmixed_group_lapack(ctx);
}

/* ---- batches whose staging is split among threads ------------------------------- */

/* LU of the @p count padded order-n[i] A0[i] through @p getrf (a variable
 * batch or a group), pivots poisoned first; the matrices @p bad0 and
 * @p bad1 have a zero column 2: their info alone is 2 and their pivots
 * are rows of theirs. @return the matrices that are wrong. */
static int large_lu(hetla_context *ctx, int group, hetla_int count, const hetla_int *n, T *const *A0, hetla_int bad0,
                    hetla_int bad1)
{
    hetla_int *ld = malloc((size_t)count * sizeof *ld), *info = malloc((size_t)count * sizeof *info);
    hetla_int **piv = malloc((size_t)count * sizeof *piv);
    T **A = malloc((size_t)count * sizeof *A);
    for (hetla_int i = 0; i < count; i++) {
        ld[i] = n[i] + PAD, A[i] = padded(A0[i], n[i], n[i]), info[i] = -1;
        piv[i] = malloc((size_t)n[i] * sizeof(hetla_int));
        for (hetla_int q = 0; q < n[i]; q++)
            piv[i][q] = -1;
    }
    /* group: the orders change every count / 2 matrices */
    hetla_int gs[2] = {count / 2, count - count / 2}, gn[2] = {n[0], n[count - 1]}, gl[2] = {ld[0], ld[count - 1]};
    CHECK_STATUS(group ? hetla_zgetrf_batch_group(ctx, 2, gs, gn, gn, A, gl, piv, info)
                       : hetla_zgetrf_vbatch(ctx, n, n, A, ld, piv, count, info),
                 HETLA_NUMERICAL);
    int wrong = 0;
    for (hetla_int i = 0; i < count; i++) {
        T *F = compact(A[i], n[i], n[i]);
        if (i == bad0 || i == bad1) {
            wrong += info[i] != 2;
            for (hetla_int q = 0; q < n[i]; q++)
                wrong += piv[i][q] < q + 1 || piv[i][q] > n[i];
        } else
            wrong += info[i] != 0 || !(lu_resid(A0[i], F, piv[i], n[i]) < TOL);
        free(F), free(A[i]), free(piv[i]);
    }
    free(ld), free(info), free(piv), free(A);
    return wrong;
}

/* GEMM of @p count padded matrices of sizes up to 16, each with its own
 * scalars, beta = 0 (C NaN) on every fifth. @return the matrices that
 * are wrong. */
static int large_gemm(hetla_context *ctx, hetla_int count)
{
    hetla_int *dims = malloc(7 * (size_t)count * sizeof *dims), *m = dims, *n = m + count, *k = n + count;
    hetla_int *lda = k + count, *ldb = lda + count, *ldc = ldb + count, *info = ldc + count;
    T *ab = malloc(2 * (size_t)count * sizeof *ab), *alpha = ab, *beta = ab + count;
    T **ops = malloc(4 * (size_t)count * sizeof *ops), **A = ops, **B = A + count, **C = B + count, **C0 = C + count;
    for (hetla_int i = 0; i < count; i++) {
        m[i] = 1 + i % 13, n[i] = 1 + (i * 5) % 16, k[i] = 1 + (i * 3) % 11;
        lda[i] = m[i] + PAD, ldb[i] = k[i] + PAD, ldc[i] = m[i] + PAD;
        alpha[i] = rndt(), beta[i] = i % 5 ? rndt() : 0;
        A[i] = padded(NULL, m[i], k[i]), B[i] = padded(NULL, k[i], n[i]);
        C[i] = beta[i] == 0 ? ref_nan(ldc[i], n[i], 1) : padded(NULL, m[i], n[i]), C0[i] = compact(C[i], m[i], n[i]);
    }
    CHECK_OK(hetla_zgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
                                count, info));
    int wrong = 0;
    for (hetla_int i = 0; i < count; i++) {
        T *Ac = compact(A[i], m[i], k[i]), *Bc = compact(B[i], k[i], n[i]), *Cc = compact(C[i], m[i], n[i]);
        R scale = cabs(alpha[i]) * norm1(Ac, m[i], k[i]) * norm1(Bc, k[i], n[i]) * (R)(k[i] + 1) +
                  (beta[i] == 0 ? 0 : cabs(beta[i]) * norm1(C0[i], m[i], n[i]));
        ref_gemm(HETLA_NO_TRANS, HETLA_NO_TRANS, m[i], n[i], k[i], alpha[i], Ac, m[i], Bc, k[i], beta[i], C0[i]);
        wrong += info[i] != 0 || !(resid(Cc, C0[i], m[i], n[i], scale) < TOL);
        free(Ac), free(Bc), free(Cc), free(A[i]), free(B[i]), free(C[i]), free(C0[i]);
    }
    free(dims), free(ab), free(ops);
    return wrong;
}

/* A variable batch and a group of a few thousand matrices, enough for a
 * context with no CPU worker to split their staging (packing, gathering
 * and back; parts of 1 MiB at least, stage.c) among its threads: LU of
 * orders 1..32 ascending, so that the threads' parts hold unequal
 * counts, and of a group of orders 8 and 24, each with two failing
 * matrices in different parts; GEMM with each matrix's own scalars. */
void ztest_batch_vlarge(hetla_context *ctx)
{
    enum { L = 3000, TOP = 32 };
    hetla_int *n = malloc(L * sizeof *n);
    T **A0 = malloc(L * sizeof *A0);
    for (int group = 0; group < 2; group++) {
        for (hetla_int i = 0; i < L; i++) {
            n[i] = group ? (i < L / 2 ? 8 : 24) : 1 + i * TOP / L;
            A0[i] = ref_new(n[i], n[i], 1);
            for (hetla_int q = 0; (i == L / 4 || i == L - 3) && q < n[i]; q++)
                A0[i][q + n[i]] = 0;
        }
        int wrong = large_lu(ctx, group, L, n, A0, L / 4, L - 3);
        CHECK(wrong == 0);
        if (wrong)
            fprintf(stderr, "  %s of %d matrices: %d wrong\n", group ? "getrf_batch_group" : "getrf_vbatch", L, wrong);
        for (hetla_int i = 0; i < L; i++)
            free(A0[i]);
    }
    free(n), free(A0);
    int wrong = large_gemm(ctx, L);
    CHECK(wrong == 0);
    if (wrong)
        fprintf(stderr, "  gemm_vbatch of %d matrices: %d wrong\n", L, wrong);
}
