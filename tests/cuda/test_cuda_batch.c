/* The batched BLAS on a GPU: ?gemm_batch and ?gemv_batch in four
 * precisions on "cuda" (hetla's CUDA kernels and cuBLAS's strided-batched
 * GEMM) and "cpu,cuda", every order 1..32, the strided, interleaved and
 * block-interleaved layouts, every transpose, beta = 0 over NaN;
 * ?potrf_batch (both triangles) and ?getrf_batch (with and without
 * pivoting) on "cuda", factors checked by rebuilding A, one bad matrix's
 * info reported alone, square LU again with a first column below the
 * smallest normal number; ?trsm_batch on "cuda" and "cpu,cuda", every side,
 * triangle, transpose and diagonal, orders 1..32 and 83, A's padding and
 * unread parts NaN, alpha = 0 over NaN in A and B; ?potrs_batch (both
 * triangles) and ?getrs_batch (every transpose, with and without pivots)
 * on both, with the factors of ?potrf_batch / ?getrf_batch; the solves
 * checked to run hetla's CUDA kernels, not the generic one.
 * Residuals against a reference computed here, in units of machine
 * epsilon. Exits 77 (skipped) where no GPU is present. */
#include <complex.h>
#include <cuda_runtime_api.h>
#include <float.h>
#include <math.h>

#include "../test.h"

/* 300 matrices: two chunk tasks (chunks hold at least 256), the second partial. */
enum { COUNT = 300, MAXN = 32 };

static const hetla_dtype types[] = {HETLA_FLOAT, HETLA_DOUBLE, HETLA_COMPLEX, HETLA_ZCOMPLEX};
static const hetla_batch_layout layouts[] = {HETLA_BATCH_STRIDED, HETLA_BATCH_INTERLEAVED, HETLA_BATCH_BLOCKED};
static const hetla_trans transes[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};

static int is_complex(hetla_dtype t) { return t == HETLA_COMPLEX || t == HETLA_ZCOMPLEX; }
static double eps_of(hetla_dtype t) { return t == HETLA_FLOAT || t == HETLA_COMPLEX ? FLT_EPSILON : DBL_EPSILON; }

/* Element (i, j) of matrix k, by the layout formulas of hetla/batch.h. */
static char *at(const hetla_batch *b, hetla_int k, hetla_int i, hetla_int j)
{
    size_t es = hetla_dtype_size(b->type), e = (size_t)(i + j * b->ld), off;
    switch (b->layout) {
    case HETLA_BATCH_STRIDED: off = (size_t)k * (size_t)b->stride + e; break;
    case HETLA_BATCH_INTERLEAVED: off = e * (size_t)b->count + (size_t)k; break;
    default:
        off = (size_t)(k / b->bs) * (size_t)(b->bs * b->ld * b->cols) + e * (size_t)b->bs + (size_t)(k % b->bs);
        break;
    }
    return (char *)b->ptr + off * es;
}

static hetla_zcomplex get(const hetla_batch *b, hetla_int k, hetla_int i, hetla_int j)
{
    const char *p = at(b, k, i, j);
    switch (b->type) {
    case HETLA_FLOAT: return *(const float *)p;
    case HETLA_DOUBLE: return *(const double *)p;
    case HETLA_COMPLEX: return *(const hetla_ccomplex *)p;
    default: return *(const hetla_zcomplex *)p;
    }
}

static void put(const hetla_batch *b, hetla_int k, hetla_int i, hetla_int j, hetla_zcomplex v)
{
    char *p = at(b, k, i, j);
    switch (b->type) {
    case HETLA_FLOAT: *(float *)p = (float)creal(v); break;
    case HETLA_DOUBLE: *(double *)p = creal(v); break;
    case HETLA_COMPLEX: *(hetla_ccomplex *)p = (hetla_ccomplex)v; break;
    default: *(hetla_zcomplex *)p = v; break;
    }
}

static unsigned long long rng = 88172645463325252ull;
static double urand(void) /* xorshift, in [-1, 1) */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 4503599627370496.0 - 1;
}

static hetla_zcomplex rand_of(hetla_dtype t) { return is_complex(t) ? urand() + I * urand() : urand(); }

/* @p count rows x cols matrices in @p layout, random, or NaN everywhere
 * (poison). */
static hetla_batch batch_of(hetla_batch_layout l, hetla_dtype t, hetla_int rows, hetla_int cols, hetla_int count,
                            int nan)
{
    hetla_batch b;
    CHECK_OK(hetla_batch_alloc(l, t, rows, cols, count, 0, &b));
    for (hetla_int k = 0; k < count; k++)
        for (hetla_int j = 0; j < cols; j++)
            for (hetla_int i = 0; i < rows; i++)
                put(&b, k, i, j, nan ? NAN : rand_of(t));
    return b;
}

static hetla_batch batch_new(hetla_batch_layout l, hetla_dtype t, hetla_int rows, hetla_int cols, int nan)
{
    return batch_of(l, t, rows, cols, COUNT, nan);
}

/* op(X)(r, c) */
static hetla_zcomplex opget(const hetla_batch *b, hetla_trans tr, hetla_int k, hetla_int r, hetla_int c)
{
    return tr == HETLA_NO_TRANS ? get(b, k, r, c) : tr == HETLA_TRANS ? get(b, k, c, r) : conj(get(b, k, c, r));
}

/* max over C's elements of |C - (alpha op(A) op(B) + beta C0)| over
 * eps (k + 2) (|alpha| |op(A)| |op(B)| + |beta| |C0|), every matrix of C. */
static double residual(hetla_trans ta, hetla_trans tb, hetla_zcomplex alpha, const hetla_batch *A,
                       const hetla_batch *B, hetla_zcomplex beta, const hetla_batch *C0, const hetla_batch *C,
                       hetla_int kk)
{
    double worst = 0, eps = eps_of(C->type);
    for (hetla_int k = 0; k < C->count; k++)
        for (hetla_int j = 0; j < C->cols; j++)
            for (hetla_int i = 0; i < C->rows; i++) {
                hetla_zcomplex s = 0;
                double scale = 0;
                for (hetla_int l = 0; l < kk && alpha != 0; l++) { /* BLAS: alpha = 0 reads neither */
                    hetla_zcomplex a = opget(A, ta, k, i, l), b = opget(B, tb, k, l, j);
                    s += a * b, scale += cabs(a) * cabs(b);
                }
                hetla_zcomplex c0 = beta == 0 ? 0 : get(C0, k, i, j), want = alpha * s + beta * c0;
                scale = cabs(alpha) * scale + cabs(beta) * cabs(c0);
                double r = cabs(get(C, k, i, j) - want) / (eps * (double)(kk + 2) * (scale > 0 ? scale : 1));
                worst = isnan(r) ? INFINITY : r > worst ? r : worst;
            }
    return worst;
}

static hetla_status gemm(hetla_context *ctx, hetla_dtype t, hetla_trans ta, hetla_trans tb, hetla_zcomplex alpha,
                         const hetla_batch *A, const hetla_batch *B, hetla_zcomplex beta, const hetla_batch *C)
{
    switch (t) {
    case HETLA_FLOAT: return hetla_sgemm_batch(ctx, ta, tb, (float)creal(alpha), A, B, (float)creal(beta), C, NULL);
    case HETLA_DOUBLE: return hetla_dgemm_batch(ctx, ta, tb, creal(alpha), A, B, creal(beta), C, NULL);
    case HETLA_COMPLEX:
        return hetla_cgemm_batch(ctx, ta, tb, (hetla_ccomplex)alpha, A, B, (hetla_ccomplex)beta, C, NULL);
    default: return hetla_zgemm_batch(ctx, ta, tb, alpha, A, B, beta, C, NULL);
    }
}

static hetla_status gemv(hetla_context *ctx, hetla_dtype t, hetla_trans ta, hetla_zcomplex alpha,
                         const hetla_batch *A, const hetla_batch *x, hetla_zcomplex beta, const hetla_batch *y)
{
    switch (t) {
    case HETLA_FLOAT: return hetla_sgemv_batch(ctx, ta, (float)creal(alpha), A, x, (float)creal(beta), y, NULL);
    case HETLA_DOUBLE: return hetla_dgemv_batch(ctx, ta, creal(alpha), A, x, creal(beta), y, NULL);
    case HETLA_COMPLEX:
        return hetla_cgemv_batch(ctx, ta, (hetla_ccomplex)alpha, A, x, (hetla_ccomplex)beta, y, NULL);
    default: return hetla_zgemv_batch(ctx, ta, alpha, A, x, beta, y, NULL);
    }
}

static void copy_into(const hetla_batch *dst, const hetla_batch *src)
{
    for (hetla_int k = 0; k < src->count; k++)
        for (hetla_int j = 0; j < src->cols; j++)
            for (hetla_int i = 0; i < src->rows; i++)
                put(dst, k, i, j, get(src, k, i, j));
}

/* One GEMM (gemv: n = 1 through ?gemv_batch) of order n; every third
 * order takes beta = 0 over a NaN-poisoned C, orders 9, 13, .. 29 a C of
 * n - 3 columns. @return the residual. */
static double one_case(hetla_context *ctx, hetla_dtype t, hetla_batch_layout l, hetla_int n, int vec)
{
    hetla_trans ta = transes[n % 3], tb = transes[(n / 3) % 3];
    hetla_zcomplex alpha = is_complex(t) ? 0.5 - 0.75 * I : 0.5, beta = n % 3 == 0 ? 0 : is_complex(t) ? 1 + I : -1.5;
    hetla_int m = n, nn = vec ? 1 : n > 8 && n % 4 == 1 ? n - 3 : n;
    hetla_int k = vec ? n : n + n % 2; /* GEMM: k differs from m on odd orders */
    if (vec)
        tb = HETLA_NO_TRANS;
    hetla_batch A = batch_new(l, t, ta == HETLA_NO_TRANS ? m : k, ta == HETLA_NO_TRANS ? k : m, 0);
    hetla_batch B = batch_new(l, t, tb == HETLA_NO_TRANS ? k : nn, tb == HETLA_NO_TRANS ? nn : k, 0);
    hetla_batch C0 = batch_new(l, t, m, nn, beta == 0), C = batch_new(l, t, m, nn, 0);
    copy_into(&C, &C0);
    hetla_status s = vec ? gemv(ctx, t, ta, alpha, &A, &B, beta, &C) : gemm(ctx, t, ta, tb, alpha, &A, &B, beta, &C);
    CHECK_OK(s);
    double r = s ? INFINITY : residual(ta, tb, alpha, &A, &B, beta, &C0, &C, k);
    CHECK_OK(hetla_batch_free(&A));
    CHECK_OK(hetla_batch_free(&B));
    CHECK_OK(hetla_batch_free(&C0));
    CHECK_OK(hetla_batch_free(&C));
    return r;
}

static void sweep(const char *devices, int vec)
{
    hetla_context *ctx = test_context(devices, 2);
    CHECK_OK(hetla_stats_reset(ctx));
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++)
        for (size_t li = 0; li < sizeof layouts / sizeof *layouts; li++)
            for (hetla_int n = 1; n <= MAXN; n++) {
                double r = one_case(ctx, types[ti], layouts[li], n, vec);
                if (!(r < 10)) {
                    printf("%s %s type %d layout %d n=%lld: residual %.3g eps\n", devices, vec ? "gemv" : "gemm",
                           (int)types[ti], (int)layouts[li], (long long)n, r);
                    CHECK(r < 10);
                }
            }
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] > 0); /* the chunks did go to a GPU */
    CHECK_OK(hetla_context_destroy(ctx));
}

/* ---- batched Cholesky and LU ---------------------------------------------- */

enum { POTRF, GETRF, NOPIV };

static hetla_status factor(hetla_context *ctx, int what, hetla_uplo uplo, const hetla_batch *A, hetla_int *ipiv,
                           hetla_int *info)
{
    switch (A->type) {
    case HETLA_FLOAT:
        return what == POTRF ? hetla_spotrf_batch(ctx, uplo, A, info)
               : what == GETRF ? hetla_sgetrf_batch(ctx, A, ipiv, info)
                               : hetla_sgetrf_nopiv_batch(ctx, A, info);
    case HETLA_DOUBLE:
        return what == POTRF ? hetla_dpotrf_batch(ctx, uplo, A, info)
               : what == GETRF ? hetla_dgetrf_batch(ctx, A, ipiv, info)
                               : hetla_dgetrf_nopiv_batch(ctx, A, info);
    case HETLA_COMPLEX:
        return what == POTRF ? hetla_cpotrf_batch(ctx, uplo, A, info)
               : what == GETRF ? hetla_cgetrf_batch(ctx, A, ipiv, info)
                               : hetla_cgetrf_nopiv_batch(ctx, A, info);
    default:
        return what == POTRF ? hetla_zpotrf_batch(ctx, uplo, A, info)
               : what == GETRF ? hetla_zgetrf_batch(ctx, A, ipiv, info)
                               : hetla_zgetrf_nopiv_batch(ctx, A, info);
    }
}

/* max |A0 - rebuilt| / (eps max(m, n) max|A0|) over the batch of m x n
 * matrices (square but for GETRF): L L^H or U^H U (POTRF, the uplo
 * triangle), P^T L U (GETRF, L m x min(m, n), U min(m, n) x n; NOPIV
 * without P). */
static double rebuild_residual(int what, hetla_uplo uplo, const hetla_batch *A0, const hetla_batch *F,
                               const hetla_int *ipiv, hetla_int m, hetla_int n)
{
    double worst = 0;
    const hetla_int mn = m < n ? m : n, big = m > n ? m : n;
    hetla_zcomplex *M = malloc((size_t)(m * n + 1) * sizeof *M);
    for (hetla_int k = 0; k < F->count; k++) {
        double amax = 0;
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < m; i++) {
                hetla_zcomplex v = 0;
                if (what == POTRF) {
                    int up = uplo == HETLA_UPPER;
                    for (hetla_int l = 0; l <= (i < j ? i : j); l++) { /* L(i,l) conj(L(j,l)), L = U^H */
                        hetla_zcomplex li = up ? conj(get(F, k, l, i)) : get(F, k, i, l);
                        v += li * (up ? get(F, k, l, j) : conj(get(F, k, j, l)));
                    }
                } else {
                    for (hetla_int l = 0; l <= (i < j ? i : j) && l < mn; l++)
                        v += (l == i ? 1 : get(F, k, i, l)) * get(F, k, l, j);
                }
                M[i + j * m] = v;
                amax = fmax(amax, cabs(get(A0, k, i, j)));
            }
        for (hetla_int j = mn; what == GETRF && j-- > 0;) /* undo the interchanges, last first */
            for (hetla_int c = 0; c < n; c++) {
                hetla_int p = ipiv[k * mn + j] - 1;
                hetla_zcomplex v = M[j + c * m];
                M[j + c * m] = M[p + c * m], M[p + c * m] = v;
            }
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < m; i++) {
                if (what == POTRF && (uplo == HETLA_LOWER ? i < j : i > j))
                    continue;
                /* (over amax first: eps amax underflows for a tiny 1 x 1) */
                double r = cabs(M[i + j * m] - get(A0, k, i, j)) / amax / (eps_of(F->type) * (double)big);
                worst = isnan(r) ? INFINITY : fmax(worst, r);
            }
    }
    free(M);
    return worst;
}

/* Random m x n matrices as factorization @p what takes them: 2 max(m, n)
 * added to the diagonal for POTRF (made Hermitian) and NOPIV. */
static hetla_batch factor_prepare(int what, hetla_batch A0)
{
    hetla_int mn = A0.rows < A0.cols ? A0.rows : A0.cols, big = A0.rows + A0.cols - mn;
    for (hetla_int k = 0; k < A0.count && what != GETRF; k++)
        for (hetla_int j = 0; j < mn; j++) {
            put(&A0, k, j, j, creal(get(&A0, k, j, j)) + 2.0 * (double)big);
            for (hetla_int i = j + 1; i < mn && what == POTRF; i++)
                put(&A0, k, j, i, conj(get(&A0, k, i, j)));
        }
    return A0;
}

static hetla_batch factor_input(int what, hetla_dtype t, hetla_batch_layout l, hetla_int m, hetla_int n)
{
    return factor_prepare(what, batch_new(l, t, m, n, 0));
}

/* One factorization of COUNT m x n matrices (factor_input; square for
 * POTRF); matrix 5 (m, n >= 3) made to fail (POTRF: A(2,2) = -n^2; LU:
 * column 1 zero), its info checked and the others'. LU with @p tiny: the
 * first column scaled below the smallest normal number (2^-1031, 2^-135
 * in single precision), where a pivot's reciprocal overflows. @return the
 * residual of the good ones. */
static double factor_case(hetla_context *ctx, int what, hetla_dtype t, hetla_batch_layout l, hetla_int m, hetla_int n,
                          int tiny)
{
    hetla_uplo uplo = n % 2 ? HETLA_LOWER : HETLA_UPPER;
    hetla_batch A0 = factor_input(what, t, l, m, n), A = batch_new(l, t, m, n, 0);
    const double small = ldexp(1, (t == HETLA_FLOAT || t == HETLA_COMPLEX ? FLT_MIN_EXP : DBL_MIN_EXP) - 10);
    for (hetla_int k = 0; tiny && k < COUNT; k++)
        for (hetla_int i = 0; i < m; i++)
            put(&A0, k, i, 0, get(&A0, k, i, 0) * small);
    hetla_int mn = m < n ? m : n;
    int bad = mn >= 3;
    for (hetla_int i = 0; bad && i < m; i++)
        if (what == POTRF)
            put(&A0, 5, 2, 2, -(double)(n * n));
        else
            put(&A0, 5, i, 1, 0);
    copy_into(&A, &A0);
    hetla_int *info = calloc(COUNT, sizeof *info), *ipiv = calloc((size_t)(COUNT * mn), sizeof *ipiv);
    CHECK_STATUS(factor(ctx, what, uplo, &A, what == GETRF ? ipiv : NULL, info),
                 bad ? HETLA_NUMERICAL : HETLA_SUCCESS);
    for (hetla_int k = 0; k < COUNT; k++)
        CHECK(info[k] == (bad && k == 5 ? (what == POTRF ? 3 : 2) : 0));
    /* the bad matrix out of the residual: a good one in its place */
    if (bad)
        for (hetla_int j = 0; j < n; j++) {
            for (hetla_int i = 0; i < m; i++) {
                put(&A0, 5, i, j, get(&A0, 4, i, j));
                put(&A, 5, i, j, get(&A, 4, i, j));
            }
            if (j < mn)
                ipiv[5 * mn + j] = ipiv[4 * mn + j];
        }
    double r = rebuild_residual(what, uplo, &A0, &A, ipiv, m, n);
    free(info);
    free(ipiv);
    CHECK_OK(hetla_batch_free(&A0));
    CHECK_OK(hetla_batch_free(&A));
    return r;
}

/* Every kernel's orders: a matrix in a thread's registers (1..3; double
 * complex 1..5), a thread a matrix in shared memory (4..16, each order its
 * own kernel; 15 and 16 its largest), two rows a lane (strided up to 16),
 * a row a lane in rows of 20, 22, ..., 32 (interleaved LU through shared
 * memory): 17, 21, 23, 26, 28, 30, 31 with idle lanes, and 32. */
static const hetla_int factor_orders[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13,
                                          14, 15, 16, 17, 21, 23, 26, 28, 30, 31, 32};

/* m x n LU (the register kernels take square matrices only; the others
 * all shapes): wide and tall, a row or a column, across the orders where
 * the square kernels change. */
static const hetla_int factor_shapes[][2] = {{1, 4}, {4, 1}, {2, 5}, {7, 3}, {9, 13}, {13, 9}, {20, 32}, {32, 17}};

static void factor_sweep(int what)
{
    hetla_context *ctx = test_context("cuda", 0);
    size_t norders = sizeof factor_orders / sizeof *factor_orders, nshapes = sizeof factor_shapes / sizeof *factor_shapes;
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++)
        for (size_t li = 0; li < sizeof layouts / sizeof *layouts; li++)
            for (size_t oi = 0; oi < norders + (what == POTRF ? 0 : nshapes); oi++) {
                hetla_int m = oi < norders ? factor_orders[oi] : factor_shapes[oi - norders][0];
                hetla_int n = oi < norders ? factor_orders[oi] : factor_shapes[oi - norders][1];
                for (int tiny = 0; tiny < (what == POTRF || oi >= norders ? 1 : 2); tiny++) {
                    double r = factor_case(ctx, what, types[ti], layouts[li], m, n, tiny);
                    if (!(r < 30)) {
                        printf("%s type %d layout %d %lld x %lld%s: residual %.3g eps\n",
                               what == POTRF ? "potrf" : what == GETRF ? "getrf" : "getrf_nopiv", (int)types[ti],
                               (int)layouts[li], (long long)m, (long long)n, tiny ? ", tiny first column" : "", r);
                        CHECK(r < 30);
                    }
                }
            }
    CHECK_OK(hetla_context_destroy(ctx));
}

/* LU of more interleaved matrices than a GPU's blocks take at once: at
 * orders up to 6 the kernel runs as many blocks as the device holds, each
 * taking groups of 32 matrices in turn (on an H200 at order 6 a wave of
 * 80 000 doubles, 135 000 floats; a batch goes in chunks of a quarter),
 * the next group's first columns fetched behind the last ones of the
 * group before. Every matrix's factors and info. */
static void test_getrf_many_cuda(void)
{
    enum { MANY = 600000 };
    hetla_context *ctx = test_context("cuda", 0);
    const hetla_dtype reals[] = {HETLA_FLOAT, HETLA_DOUBLE};
    for (size_t ti = 0; ti < sizeof reals / sizeof *reals; ti++)
        for (hetla_int n = 5; n <= 6; n++) {
            hetla_batch A0 = factor_prepare(GETRF, batch_of(HETLA_BATCH_INTERLEAVED, reals[ti], n, n, MANY, 0));
            hetla_batch A = batch_of(HETLA_BATCH_INTERLEAVED, reals[ti], n, n, MANY, 0);
            copy_into(&A, &A0);
            hetla_int *info = calloc(MANY, sizeof *info), *ipiv = calloc((size_t)MANY * (size_t)n, sizeof *ipiv);
            CHECK_OK(factor(ctx, GETRF, HETLA_LOWER, &A, ipiv, info));
            hetla_int failed = 0;
            for (hetla_int k = 0; k < MANY; k++)
                failed += info[k] != 0;
            CHECK(failed == 0);
            double r = rebuild_residual(GETRF, HETLA_LOWER, &A0, &A, ipiv, n, n);
            if (!(r < 30))
                printf("getrf type %d, %d matrices of order %lld: residual %.3g eps\n", (int)reals[ti], (int)MANY,
                       (long long)n, r);
            CHECK(r < 30);
            free(info);
            free(ipiv);
            CHECK_OK(hetla_batch_free(&A0));
            CHECK_OK(hetla_batch_free(&A));
        }
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_potrf_cuda(void) { factor_sweep(POTRF); }
static void test_getrf_cuda(void) { factor_sweep(GETRF); }
static void test_getrf_nopiv_cuda(void) { factor_sweep(NOPIV); }

/* ---- batched triangular solves --------------------------------------------- */

/* The CUDA devices of @p ctx run "?<op>" in every precision with hetla's
 * kernels, not the generic kernel on host copies (which a context without
 * a CPU device would fall back to, passing the residual checks). */
static void check_native(hetla_context *ctx, const char *op)
{
    for (const char *p = "sdcz"; *p; p++) {
        char name[32];
        snprintf(name, sizeof name, "%c%s", *p, op);
        hetla_kernel *k = NULL;
        CHECK_OK(hetla_kernel_find(ctx, name, &k));
        for (int d = 0; d < hetla_device_count(ctx); d++) {
            hetla_device_desc dd;
            CHECK_OK(hetla_device_info(ctx, d, &dd));
            if (dd.type == HETLA_DEVICE_CUDA)
                CHECK(hetla_kernel_selected(k, d) == HETLA_CLASS_CUDA_NATIVE);
        }
    }
}

/* The largest order of the fixed-size batches: past the staged kernel's
 * shared memory in every precision, so that strided operands take the
 * in-place kernel; and of the variable ones (vsize), past a window in
 * every precision and past two blocks an SM in double. */
enum { BIGN = 83, VBIGN = 130 };

/* The residuals' random vector y, drawn anew for each case. */
static double yv[VBIGN];

static void y_new(hetla_int n)
{
    for (hetla_int v = 0; v < n; v++)
        yv[v] = urand();
}

/* ‖M X y − alpha B0 y‖∞ / (eps (na + 2) ‖|M| |X| |y| + |alpha| |B0| |y|‖∞)
 * for matrix k, M (na x na, column-major) the op(A) of M X = alpha B0, or
 * of X M = alpha B0 on the @p right (with y^T on the left): O(na²). */
static double solve_residual(const hetla_zcomplex *M, hetla_int na, int right, hetla_zcomplex alpha,
                             const hetla_batch *B0, const hetla_batch *X, hetla_int k)
{
    hetla_int nv = right ? X->rows : X->cols;
    hetla_zcomplex w[VBIGN], b[VBIGN];
    double wa[VBIGN], ba[VBIGN], num = 0, den = 0;
    for (hetla_int l = 0; l < na; l++) {
        w[l] = b[l] = 0, wa[l] = ba[l] = 0;
        for (hetla_int v = 0; v < nv; v++) {
            hetla_zcomplex x = right ? get(X, k, v, l) : get(X, k, l, v);
            hetla_zcomplex b0 = right ? get(B0, k, v, l) : get(B0, k, l, v);
            w[l] += x * yv[v], wa[l] += cabs(x) * fabs(yv[v]);
            b[l] += b0 * yv[v], ba[l] += cabs(b0) * fabs(yv[v]);
        }
    }
    for (hetla_int i = 0; i < na; i++) {
        hetla_zcomplex r = -alpha * b[i];
        double scale = cabs(alpha) * ba[i];
        for (hetla_int l = 0; l < na; l++) {
            hetla_zcomplex mil = right ? M[l + i * na] : M[i + l * na];
            r += mil * w[l], scale += cabs(mil) * wa[l];
        }
        num = isnan(cabs(r)) ? INFINITY : fmax(num, cabs(r));
        den = fmax(den, scale);
    }
    return num / (eps_of(X->type) * (double)(na + 2) * (den > 0 ? den : 1));
}

static hetla_status trsm(hetla_context *ctx, hetla_side side, hetla_uplo uplo, hetla_trans ta, hetla_diag diag,
                         hetla_zcomplex alpha, const hetla_batch *A, const hetla_batch *B)
{
    switch (B->type) {
    case HETLA_FLOAT:
        return hetla_strsm_batch(ctx, side, uplo, ta, diag, (float)creal(alpha), A, B, NULL);
    case HETLA_DOUBLE:
        return hetla_dtrsm_batch(ctx, side, uplo, ta, diag, creal(alpha), A, B, NULL);
    case HETLA_COMPLEX:
        return hetla_ctrsm_batch(ctx, side, uplo, ta, diag, (hetla_ccomplex)alpha, A, B, NULL);
    default:
        return hetla_ztrsm_batch(ctx, side, uplo, ta, diag, alpha, A, B, NULL);
    }
}

/* The operands of a TRSM of combination @p c (bit 0: right side, 1:
 * upper, 2: unit diagonal; c / 8: the transpose) with A of order na and
 * nv right-hand sides, @p count matrices: A with ld na + 2, its padding,
 * the triangle not read and a unit diagonal NaN, off the diagonal its
 * elements divided by na, so that the solutions stay in range at every
 * order tested; B0 and B (a copy) random. alpha = 0: NaN everywhere in A and B (BLAS
 * reads neither). */
static void trsm_operands(hetla_dtype t, hetla_batch_layout l, int c, hetla_int na, hetla_int nv, hetla_zcomplex alpha,
                          hetla_int count, hetla_batch *A, hetla_batch *B0, hetla_batch *B)
{
    hetla_uplo uplo = c & 2 ? HETLA_UPPER : HETLA_LOWER;
    hetla_diag diag = c & 4 ? HETLA_UNIT : HETLA_NON_UNIT;
    int nan_all = alpha == 0, left = !(c & 1);
    hetla_int m = left ? na : nv, n = left ? nv : na;
    *A = batch_of(l, t, na + 2, na, count, nan_all);
    A->rows = na;
    for (hetla_int k = 0; k < count && !nan_all; k++)
        for (hetla_int j = 0; j < na; j++)
            for (hetla_int i = 0; i < na + 2; i++) {
                int in = i < na && (uplo == HETLA_LOWER ? i > j : i < j);
                if (i == j)
                    put(A, k, i, j, diag == HETLA_UNIT ? NAN : 1.5 + 0.5 * rand_of(t));
                else
                    put(A, k, i, j, in ? get(A, k, i, j) / (double)na : NAN);
            }
    *B0 = batch_of(l, t, m, n, count, nan_all), *B = batch_of(l, t, m, n, count, 0);
    copy_into(B, B0);
}

/* The worst residual of the TRSM of trsm_operands over its matrices: B
 * the solutions of op(A) X = alpha B0 (X op(A) on the right), 0 where
 * alpha = 0. */
static double trsm_check(int c, hetla_zcomplex alpha, const hetla_batch *A, const hetla_batch *B0, const hetla_batch *B)
{
    hetla_uplo uplo = c & 2 ? HETLA_UPPER : HETLA_LOWER;
    hetla_diag diag = c & 4 ? HETLA_UNIT : HETLA_NON_UNIT;
    hetla_trans ta = transes[c / 8];
    hetla_int na = A->rows;
    double worst = 0;
    hetla_zcomplex *M = malloc((size_t)(na * na + 1) * sizeof *M);
    y_new(c & 1 ? B->rows : B->cols);
    for (hetla_int k = 0; k < B->count; k++) {
        if (alpha == 0) {
            for (hetla_int j = 0; j < B->cols; j++)
                for (hetla_int i = 0; i < B->rows; i++)
                    worst = get(B, k, i, j) == 0 ? worst : INFINITY;
            continue;
        }
        for (hetla_int j = 0; j < na; j++) /* op(A)(i, j) of the triangle */
            for (hetla_int i = 0; i < na; i++) {
                hetla_int r = ta == HETLA_NO_TRANS ? i : j, cc = ta == HETLA_NO_TRANS ? j : i;
                int in = uplo == HETLA_LOWER ? r > cc : r < cc;
                M[i + j * na] = i == j && diag == HETLA_UNIT ? 1 : i == j || in ? opget(A, ta, k, i, j) : 0;
            }
        worst = fmax(worst, solve_residual(M, na, c & 1, alpha, B0, B, k));
    }
    free(M);
    return worst;
}

/* One TRSM of combination @p c on the operands of trsm_operands.
 * @return the residual. */
static double trsm_case(hetla_context *ctx, hetla_dtype t, hetla_batch_layout l, int c, hetla_int na, hetla_int nv,
                        hetla_zcomplex alpha)
{
    hetla_batch A, B0, B;
    trsm_operands(t, l, c, na, nv, alpha, COUNT, &A, &B0, &B);
    hetla_status s = trsm(ctx, c & 1 ? HETLA_RIGHT : HETLA_LEFT, c & 2 ? HETLA_UPPER : HETLA_LOWER, transes[c / 8],
                          c & 4 ? HETLA_UNIT : HETLA_NON_UNIT, alpha, &A, &B);
    CHECK_OK(s);
    double worst = s ? INFINITY : trsm_check(c, alpha, &A, &B0, &B);
    CHECK_OK(hetla_batch_free(&A));
    CHECK_OK(hetla_batch_free(&B0));
    CHECK_OK(hetla_batch_free(&B));
    return worst;
}

/* Every order 1..32 twice (24 combinations of side, uplo, diag and
 * transpose, each at two or three orders; nv 1..32), alpha = 0 at every
 * eighth order, 1 on the second case, and order BIGN; every precision and
 * layout. */
static void trsm_sweep(const char *devices)
{
    hetla_context *ctx = test_context(devices, 2);
    CHECK_OK(hetla_stats_reset(ctx));
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++)
        for (size_t li = 0; li < sizeof layouts / sizeof *layouts; li++)
            for (hetla_int n = 1; n <= MAXN + 1; n++)
                for (int h = 0; h < 2; h++) {
                    int c = (int)((n - 1 + 12 * h + (n > MAXN ? 3 * (hetla_int)(ti + li) : 0)) % 24);
                    hetla_int na = n > MAXN ? BIGN : n, nv = n > MAXN ? BIGN - 6 : 1 + (7 * n + 3 * h) % MAXN;
                    hetla_zcomplex alpha = h ? 1 : n % 8 == 5 ? 0 : is_complex(types[ti]) ? 0.5 - 0.75 * I : -1.5;
                    double r = trsm_case(ctx, types[ti], layouts[li], c, na, nv, alpha);
                    if (!(r < 10)) {
                        printf("%s trsm type %d layout %d combination %d na=%lld nv=%lld: residual %.3g eps\n", devices,
                               (int)types[ti], (int)layouts[li], c, (long long)na, (long long)nv, r);
                        CHECK(r < 10);
                    }
                }
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] > 0);
    check_native(ctx, "trsm_batch");
    CHECK_OK(hetla_context_destroy(ctx));
}

static hetla_status solve(hetla_context *ctx, hetla_uplo uplo, hetla_trans tr, const hetla_batch *A,
                          const hetla_int *ipiv, const hetla_batch *B, int lu)
{
    switch (A->type) {
    case HETLA_FLOAT:
        return lu ? hetla_sgetrs_batch(ctx, tr, A, ipiv, B, NULL) : hetla_spotrs_batch(ctx, uplo, A, B, NULL);
    case HETLA_DOUBLE:
        return lu ? hetla_dgetrs_batch(ctx, tr, A, ipiv, B, NULL) : hetla_dpotrs_batch(ctx, uplo, A, B, NULL);
    case HETLA_COMPLEX:
        return lu ? hetla_cgetrs_batch(ctx, tr, A, ipiv, B, NULL) : hetla_cpotrs_batch(ctx, uplo, A, B, NULL);
    default:
        return lu ? hetla_zgetrs_batch(ctx, tr, A, ipiv, B, NULL) : hetla_zpotrs_batch(ctx, uplo, A, B, NULL);
    }
}

/* The solves with the factors of @p what of A0 (factor_input), n x n,
 * nrhs right-hand sides: POTRF, both triangles, the triangle the factor
 * does not hold made NaN first (POTRS must not read it); GETRF and NOPIV
 * (ipiv NULL), the three transposes. @return the worst residual of
 * op(A0) X = B0. */
static double solve_case(hetla_context *ctx, int what, hetla_dtype t, hetla_batch_layout l, hetla_int n, hetla_int nrhs)
{
    hetla_batch A0 = factor_input(what, t, l, n, n), A = batch_new(l, t, n, n, 0);
    hetla_batch B0 = batch_new(l, t, n, nrhs, 0), B = batch_new(l, t, n, nrhs, 0);
    hetla_int *info = calloc(COUNT, sizeof *info), *ipiv = calloc((size_t)(COUNT * n), sizeof *ipiv);
    hetla_zcomplex *M = malloc((size_t)(n * n) * sizeof *M);
    double worst = 0;
    for (int v = 0; v < (what == POTRF ? 2 : 3); v++) {
        hetla_uplo uplo = v ? HETLA_UPPER : HETLA_LOWER;
        hetla_trans tr = what == POTRF ? HETLA_NO_TRANS : transes[v];
        if (v == 0 || what == POTRF) {
            copy_into(&A, &A0);
            CHECK_OK(factor(ctx, what, uplo, &A, what == GETRF ? ipiv : NULL, info));
            for (hetla_int k = 0; k < COUNT && what == POTRF; k++)
                for (hetla_int j = 0; j < n; j++)
                    for (hetla_int i = 0; i < n; i++)
                        if (uplo == HETLA_LOWER ? i < j : i > j)
                            put(&A, k, i, j, NAN);
        }
        copy_into(&B, &B0);
        hetla_status s = solve(ctx, uplo, tr, &A, what == GETRF ? ipiv : NULL, &B, what != POTRF);
        CHECK_OK(s);
        worst = s ? INFINITY : worst;
        y_new(nrhs);
        for (hetla_int k = 0; k < COUNT && !s; k++) {
            for (hetla_int j = 0; j < n; j++)
                for (hetla_int i = 0; i < n; i++)
                    M[i + j * n] = opget(&A0, tr, k, i, j);
            worst = fmax(worst, solve_residual(M, n, 0, 1, &B0, &B, k));
        }
    }
    free(M);
    free(info);
    free(ipiv);
    CHECK_OK(hetla_batch_free(&A0));
    CHECK_OK(hetla_batch_free(&A));
    CHECK_OK(hetla_batch_free(&B0));
    CHECK_OK(hetla_batch_free(&B));
    return worst;
}

/* Orders 1..8 and some past (odd, prime, 16, 24, 32), nrhs 1..17. */
static void solve_sweep(const char *devices, int what)
{
    static const hetla_int orders[] = {1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17, 24, 31, 32};
    const char *name = what == POTRF ? "potrs" : what == GETRF ? "getrs" : "getrs(no pivots)";
    hetla_context *ctx = test_context(devices, 2);
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++)
        for (size_t li = 0; li < sizeof layouts / sizeof *layouts; li++)
            for (size_t ni = 0; ni < sizeof orders / sizeof *orders; ni++) {
                hetla_int n = orders[ni], nrhs = 1 + (3 * n) % 17;
                double r = solve_case(ctx, what, types[ti], layouts[li], n, nrhs);
                if (!(r < 50)) {
                    printf("%s %s type %d layout %d n=%lld nrhs=%lld: residual %.3g eps\n", devices, name,
                           (int)types[ti], (int)layouts[li], (long long)n, (long long)nrhs, r);
                    CHECK(r < 50);
                }
            }
    check_native(ctx, what == POTRF ? "potrs_batch" : "getrs_batch");
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_trsm_cuda(void)
{
    trsm_sweep("cuda");
}
static void test_trsm_cpu_cuda(void)
{
    trsm_sweep("cpu,cuda");
}
static void test_potrs_cuda(void)
{
    solve_sweep("cuda", POTRF);
}
static void test_potrs_cpu_cuda(void)
{
    solve_sweep("cpu,cuda", POTRF);
}
static void test_getrs_cuda(void)
{
    solve_sweep("cuda", GETRF);
}
static void test_getrs_cpu_cuda(void)
{
    solve_sweep("cpu,cuda", GETRF);
}
static void test_getrs_nopiv_cuda(void)
{
    solve_sweep("cuda", NOPIV);
}
static void test_getrs_nopiv_cpu_cuda(void)
{
    solve_sweep("cpu,cuda", NOPIV);
}

/* ---- variable-size batches and groups --------------------------------------- */

/* The matrices of the variable batches: orders 0..32 and past the GPU
 * kernels' tiles and windows (40, 70, 55, VBIGN), mixed in each call. */
enum { VCOUNT = 37 };

static hetla_int vsize(int i)
{
    static const hetla_int past[] = {40, 70, 55, VBIGN};
    return i < 33 ? i : past[i - 33];
}

/* @p count scalars of type @p t from @p v, as the typed calls take them. */
static void *scalars_of(hetla_dtype t, const hetla_zcomplex *v, int count)
{
    hetla_batch b = {HETLA_BATCH_STRIDED, t, count, 1, 1, count, count, 1, malloc((size_t)count * hetla_dtype_size(t))};
    for (int i = 0; i < count; i++)
        put(&b, 0, i, 0, v[i]);
    return b.ptr;
}

static hetla_status vgemm(hetla_context *ctx, hetla_dtype t, hetla_trans ta, hetla_trans tb, const hetla_int *m,
                          const hetla_int *n, const hetla_int *k, const void *alpha, void **A, const hetla_int *lda,
                          void **B, const hetla_int *ldb, const void *beta, void **C, const hetla_int *ldc,
                          hetla_int *info)
{
    switch (t) {
    case HETLA_FLOAT:
        return hetla_sgemm_vbatch(ctx, ta, tb, m, n, k, alpha, (float **)A, lda, (float **)B, ldb, beta, (float **)C,
                                  ldc, VCOUNT, info);
    case HETLA_DOUBLE:
        return hetla_dgemm_vbatch(ctx, ta, tb, m, n, k, alpha, (double **)A, lda, (double **)B, ldb, beta, (double **)C,
                                  ldc, VCOUNT, info);
    case HETLA_COMPLEX:
        return hetla_cgemm_vbatch(ctx, ta, tb, m, n, k, alpha, (hetla_ccomplex **)A, lda, (hetla_ccomplex **)B, ldb,
                                  beta, (hetla_ccomplex **)C, ldc, VCOUNT, info);
    default:
        return hetla_zgemm_vbatch(ctx, ta, tb, m, n, k, alpha, (hetla_zcomplex **)A, lda, (hetla_zcomplex **)B, ldb,
                                  beta, (hetla_zcomplex **)C, ldc, VCOUNT, info);
    }
}

static hetla_status vgemv(hetla_context *ctx, hetla_dtype t, hetla_trans ta, const hetla_int *m, const hetla_int *n,
                          const void *alpha, void **A, const hetla_int *lda, void **x, const void *beta, void **y,
                          hetla_int *info)
{
    switch (t) {
    case HETLA_FLOAT:
        return hetla_sgemv_vbatch(ctx, ta, m, n, alpha, (float **)A, lda, (float **)x, beta, (float **)y, VCOUNT, info);
    case HETLA_DOUBLE:
        return hetla_dgemv_vbatch(ctx, ta, m, n, alpha, (double **)A, lda, (double **)x, beta, (double **)y, VCOUNT,
                                  info);
    case HETLA_COMPLEX:
        return hetla_cgemv_vbatch(ctx, ta, m, n, alpha, (hetla_ccomplex **)A, lda, (hetla_ccomplex **)x, beta,
                                  (hetla_ccomplex **)y, VCOUNT, info);
    default:
        return hetla_zgemv_vbatch(ctx, ta, m, n, alpha, (hetla_zcomplex **)A, lda, (hetla_zcomplex **)x, beta,
                                  (hetla_zcomplex **)y, VCOUNT, info);
    }
}

static hetla_status vtrsm(hetla_context *ctx, hetla_dtype t, int c, const hetla_int *m, const hetla_int *n,
                          const void *alpha, void **A, const hetla_int *lda, void **B, const hetla_int *ldb,
                          hetla_int *info)
{
    hetla_side side = c & 1 ? HETLA_RIGHT : HETLA_LEFT;
    hetla_uplo uplo = c & 2 ? HETLA_UPPER : HETLA_LOWER;
    hetla_diag diag = c & 4 ? HETLA_UNIT : HETLA_NON_UNIT;
    hetla_trans ta = transes[c / 8];
    switch (t) {
    case HETLA_FLOAT:
        return hetla_strsm_vbatch(ctx, side, uplo, ta, diag, m, n, alpha, (float **)A, lda, (float **)B, ldb, VCOUNT,
                                  info);
    case HETLA_DOUBLE:
        return hetla_dtrsm_vbatch(ctx, side, uplo, ta, diag, m, n, alpha, (double **)A, lda, (double **)B, ldb, VCOUNT,
                                  info);
    case HETLA_COMPLEX:
        return hetla_ctrsm_vbatch(ctx, side, uplo, ta, diag, m, n, alpha, (hetla_ccomplex **)A, lda,
                                  (hetla_ccomplex **)B, ldb, VCOUNT, info);
    default:
        return hetla_ztrsm_vbatch(ctx, side, uplo, ta, diag, m, n, alpha, (hetla_zcomplex **)A, lda,
                                  (hetla_zcomplex **)B, ldb, VCOUNT, info);
    }
}

static hetla_status vfactor(hetla_context *ctx, hetla_dtype t, int what, hetla_uplo uplo, const hetla_int *m,
                            const hetla_int *n, void **A, const hetla_int *lda, hetla_int **ipiv, hetla_int *info)
{
    switch (t) {
    case HETLA_FLOAT:
        return what == POTRF ? hetla_spotrf_vbatch(ctx, uplo, n, (float **)A, lda, VCOUNT, info)
                             : hetla_sgetrf_vbatch(ctx, m, n, (float **)A, lda, ipiv, VCOUNT, info);
    case HETLA_DOUBLE:
        return what == POTRF ? hetla_dpotrf_vbatch(ctx, uplo, n, (double **)A, lda, VCOUNT, info)
                             : hetla_dgetrf_vbatch(ctx, m, n, (double **)A, lda, ipiv, VCOUNT, info);
    case HETLA_COMPLEX:
        return what == POTRF ? hetla_cpotrf_vbatch(ctx, uplo, n, (hetla_ccomplex **)A, lda, VCOUNT, info)
                             : hetla_cgetrf_vbatch(ctx, m, n, (hetla_ccomplex **)A, lda, ipiv, VCOUNT, info);
    default:
        return what == POTRF ? hetla_zpotrf_vbatch(ctx, uplo, n, (hetla_zcomplex **)A, lda, VCOUNT, info)
                             : hetla_zgetrf_vbatch(ctx, m, n, (hetla_zcomplex **)A, lda, ipiv, VCOUNT, info);
    }
}

static hetla_status group(hetla_context *ctx, hetla_dtype t, hetla_int ng, const hetla_int *gs, const hetla_trans *ta,
                          const hetla_trans *tb, const hetla_int *m, const hetla_int *n, const hetla_int *k,
                          const void *alpha, void **A, const hetla_int *lda, void **B, const hetla_int *ldb,
                          const void *beta, void **C, const hetla_int *ldc, hetla_int *info)
{
    switch (t) {
    case HETLA_FLOAT:
        return hetla_sgemm_batch_group(ctx, ng, gs, ta, tb, m, n, k, alpha, (float **)A, lda, (float **)B, ldb, beta,
                                       (float **)C, ldc, info);
    case HETLA_DOUBLE:
        return hetla_dgemm_batch_group(ctx, ng, gs, ta, tb, m, n, k, alpha, (double **)A, lda, (double **)B, ldb, beta,
                                       (double **)C, ldc, info);
    case HETLA_COMPLEX:
        return hetla_cgemm_batch_group(ctx, ng, gs, ta, tb, m, n, k, alpha, (hetla_ccomplex **)A, lda,
                                       (hetla_ccomplex **)B, ldb, beta, (hetla_ccomplex **)C, ldc, info);
    default:
        return hetla_zgemm_batch_group(ctx, ng, gs, ta, tb, m, n, k, alpha, (hetla_zcomplex **)A, lda,
                                       (hetla_zcomplex **)B, ldb, beta, (hetla_zcomplex **)C, ldc, info);
    }
}

/* The matrices of a variable batch or group, each a batch of one (strided,
 * ld = rows), and what the calls take: their addresses, lds, scalars. */
typedef struct vset {
    hetla_batch A[VCOUNT], B[VCOUNT], C0[VCOUNT], C[VCOUNT];
    void *pa[VCOUNT], *pb[VCOUNT], *pc[VCOUNT];
    hetla_int lda[VCOUNT], ldb[VCOUNT], ldc[VCOUNT], info[VCOUNT];
    hetla_zcomplex alpha[VCOUNT], beta[VCOUNT];
} vset;

static void vset_address(vset *v)
{
    for (int i = 0; i < VCOUNT; i++) {
        v->pa[i] = v->A[i].ptr, v->pb[i] = v->B[i].ptr, v->pc[i] = v->C[i].ptr;
        v->lda[i] = v->A[i].ld, v->ldb[i] = v->B[i].ld, v->ldc[i] = v->C[i].ld;
        v->info[i] = -1;
    }
}

static void vset_free(vset *v, int with_c0)
{
    for (int i = 0; i < VCOUNT; i++) {
        CHECK_OK(hetla_batch_free(&v->A[i]));
        CHECK_OK(hetla_batch_free(&v->B[i]));
        CHECK_OK(hetla_batch_free(&v->C[i]));
        if (with_c0)
            CHECK_OK(hetla_batch_free(&v->C0[i]));
    }
}

/* GEMM (GEMV: @p vec) of VCOUNT matrices of mixed orders, transposes
 * @p ta, @p tb, each its own scalars: alpha = 0 on every sixth (A and B
 * NaN), beta = 0 on every fourth (C NaN). @return the worst residual. */
static double vgemm_case(hetla_context *ctx, hetla_dtype t, hetla_trans ta, hetla_trans tb, int vec)
{
    vset *v = malloc(sizeof *v);
    hetla_int m[VCOUNT], n[VCOUNT], k[VCOUNT], ar[VCOUNT], ac[VCOUNT];
    for (int i = 0; i < VCOUNT; i++) {
        m[i] = vsize(i), n[i] = vec ? 1 : vsize((7 * i + 3) % VCOUNT), k[i] = vsize((5 * i + 11) % VCOUNT);
        v->alpha[i] = i % 6 == 5 ? 0 : rand_of(t), v->beta[i] = i % 4 == 3 ? 0 : rand_of(t);
        ar[i] = ta == HETLA_NO_TRANS ? m[i] : k[i], ac[i] = ta == HETLA_NO_TRANS ? k[i] : m[i];
        v->A[i] = batch_of(HETLA_BATCH_STRIDED, t, ar[i], ac[i], 1, v->alpha[i] == 0);
        v->B[i] = batch_of(HETLA_BATCH_STRIDED, t, tb == HETLA_NO_TRANS ? k[i] : n[i],
                           tb == HETLA_NO_TRANS ? n[i] : k[i], 1, v->alpha[i] == 0);
        v->C0[i] = batch_of(HETLA_BATCH_STRIDED, t, m[i], n[i], 1, v->beta[i] == 0);
        v->C[i] = batch_of(HETLA_BATCH_STRIDED, t, m[i], n[i], 1, 0);
        copy_into(&v->C[i], &v->C0[i]);
    }
    vset_address(v);
    void *al = scalars_of(t, v->alpha, VCOUNT), *be = scalars_of(t, v->beta, VCOUNT);
    hetla_status s = vec ? vgemv(ctx, t, ta, ar, ac, al, v->pa, v->lda, v->pb, be, v->pc, v->info)
                         : vgemm(ctx, t, ta, tb, m, n, k, al, v->pa, v->lda, v->pb, v->ldb, be, v->pc, v->ldc, v->info);
    CHECK_OK(s);
    double worst = s ? INFINITY : 0;
    for (int i = 0; i < VCOUNT && !s; i++) {
        double r = residual(ta, tb, v->alpha[i], &v->A[i], &v->B[i], v->beta[i], &v->C0[i], &v->C[i], k[i]);
        CHECK(v->info[i] == 0);
        worst = fmax(worst, isnan(r) ? INFINITY : r);
    }
    free(al), free(be);
    vset_free(v, 1);
    free(v);
    return worst;
}

/* TRSM of combination @p c (as trsm_operands) on VCOUNT matrices of mixed
 * orders, alpha = 0 on every seventh. @return the worst residual. */
static double vtrsm_case(hetla_context *ctx, hetla_dtype t, int c)
{
    vset *v = malloc(sizeof *v);
    hetla_int m[VCOUNT], n[VCOUNT];
    for (int i = 0; i < VCOUNT; i++) {
        hetla_int na = vsize(i), nv = vsize((3 * i + 5) % VCOUNT);
        v->alpha[i] = i % 7 == 6 ? 0 : rand_of(t);
        trsm_operands(t, HETLA_BATCH_STRIDED, c, na, nv, v->alpha[i], 1, &v->A[i], &v->C0[i], &v->B[i]);
        m[i] = c & 1 ? nv : na, n[i] = c & 1 ? na : nv;
        v->C[i] = batch_of(HETLA_BATCH_STRIDED, t, 0, 0, 1, 0);
    }
    vset_address(v);
    void *al = scalars_of(t, v->alpha, VCOUNT);
    hetla_status s = vtrsm(ctx, t, c, m, n, al, v->pa, v->lda, v->pb, v->ldb, v->info);
    CHECK_OK(s);
    double worst = s ? INFINITY : 0;
    for (int i = 0; i < VCOUNT && !s; i++) {
        CHECK(v->info[i] == 0);
        worst = fmax(worst, trsm_check(c, v->alpha[i], &v->A[i], &v->C0[i], &v->B[i]));
    }
    free(al);
    vset_free(v, 1);
    free(v);
    return worst;
}

/* The info vfactor_case's matrix i is made to return, 0 for none: 2
 * (LU) or 3 (POTRF) for matrix 33 (order 40, or a small one), 10 or 11
 * for matrix 36 (order 130; not in the batches of small orders). */
static int vfactor_bad(int i, int top) { return i == 33 ? 2 : i == 36 && !top ? 10 : 0; }

/* Cholesky (@p uplo) or LU of VCOUNT matrices of mixed orders (LU with
 * @p rect: m x n, wide, tall and square, up to 130 either way), those
 * vfactor_bad names made to fail (j = vfactor_bad(i); POTRF: A(j, j) =
 * -n^2, info j + 1; LU: column j - 1 zero, info j): their info alone set,
 * the others' factors rebuilt. @return the worst residual of the good
 * ones. */
static double vfactor_case(hetla_context *ctx, hetla_dtype t, int what, hetla_uplo uplo, int top, int rect)
{
    vset *v = malloc(sizeof *v);
    hetla_int m[VCOUNT], n[VCOUNT], *piv[VCOUNT];
    for (int i = 0; i < VCOUNT; i++) {
        n[i] = top ? 3 + i % (top - 2) : vsize(i);
        m[i] = rect ? vsize((7 * i + 3) % VCOUNT) : n[i];
        v->C0[i] = factor_prepare(what, batch_of(HETLA_BATCH_STRIDED, t, m[i], n[i], 1, 0));
        const int bad = vfactor_bad(i, top);
        if (bad && what == POTRF)
            put(&v->C0[i], 0, bad, bad, -(double)(n[i] * n[i]));
        for (hetla_int q = 0; bad && what != POTRF && q < m[i]; q++)
            put(&v->C0[i], 0, q, bad - 1, 0);
        v->A[i] = batch_of(HETLA_BATCH_STRIDED, t, m[i], n[i], 1, 0);
        copy_into(&v->A[i], &v->C0[i]);
        v->B[i] = v->C[i] = batch_of(HETLA_BATCH_STRIDED, t, 0, 0, 1, 0);
        piv[i] = calloc((size_t)(m[i] < n[i] ? m[i] : n[i]) + 1, sizeof(hetla_int));
    }
    vset_address(v);
    CHECK_STATUS(vfactor(ctx, t, what, uplo, m, n, v->pa, v->lda, what == GETRF ? piv : NULL, v->info),
                 HETLA_NUMERICAL);
    double worst = 0;
    for (int i = 0; i < VCOUNT; i++) {
        const int bad = vfactor_bad(i, top);
        CHECK(v->info[i] == (bad ? (what == POTRF ? bad + 1 : bad) : 0));
        if (!bad)
            worst = fmax(worst, rebuild_residual(what, uplo, &v->C0[i], &v->A[i], piv[i], m[i], n[i]));
        free(piv[i]);
        CHECK_OK(hetla_batch_free(&v->A[i]));
        CHECK_OK(hetla_batch_free(&v->B[i]));
        CHECK_OK(hetla_batch_free(&v->C0[i]));
    }
    free(v);
    return worst;
}

/* A group call: five groups of mixed orders (one of order 0), VCOUNT
 * matrices in all, every
 * transpose, beta = 0 over NaN in one. @return the worst residual. */
static double group_case(hetla_context *ctx, hetla_dtype t)
{
    enum { G = 5 };
    static const hetla_int gs[G] = {10, 7, 3, 12, 5}, gm[G] = {40, 70, 0, 17, 1}, gn[G] = {33, 5, 2, 64, 1},
                           gk[G] = {70, 40, 3, 2, 1};
    static const hetla_trans ta[G] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS, HETLA_CONJ_TRANS, HETLA_NO_TRANS};
    static const hetla_trans tb[G] = {HETLA_CONJ_TRANS, HETLA_NO_TRANS, HETLA_TRANS, HETLA_NO_TRANS, HETLA_TRANS};
    hetla_zcomplex ga[G], gb[G];
    hetla_int lda[G], ldb[G], ldc[G];
    vset *v = malloc(sizeof *v);
    for (int g = 0, i = 0; g < G; g++) {
        hetla_int ar = ta[g] == HETLA_NO_TRANS ? gm[g] : gk[g], br = tb[g] == HETLA_NO_TRANS ? gk[g] : gn[g];
        ga[g] = rand_of(t), gb[g] = g == 3 ? 0 : rand_of(t);
        lda[g] = ar > 1 ? ar : 1, ldb[g] = br > 1 ? br : 1, ldc[g] = gm[g] > 1 ? gm[g] : 1;
        for (hetla_int q = 0; q < gs[g]; q++, i++) {
            v->A[i] = batch_of(HETLA_BATCH_STRIDED, t, ar, gm[g] + gk[g] - ar, 1, 0);
            v->B[i] = batch_of(HETLA_BATCH_STRIDED, t, br, gk[g] + gn[g] - br, 1, 0);
            v->C0[i] = batch_of(HETLA_BATCH_STRIDED, t, gm[g], gn[g], 1, gb[g] == 0);
            v->C[i] = batch_of(HETLA_BATCH_STRIDED, t, gm[g], gn[g], 1, 0);
            copy_into(&v->C[i], &v->C0[i]);
        }
    }
    vset_address(v);
    void *al = scalars_of(t, ga, G), *be = scalars_of(t, gb, G);
    hetla_status s = group(ctx, t, G, gs, ta, tb, gm, gn, gk, al, v->pa, lda, v->pb, ldb, be, v->pc, ldc, v->info);
    CHECK_OK(s);
    double worst = s ? INFINITY : 0;
    for (int g = 0, i = 0; g < G; g++)
        for (hetla_int q = 0; q < gs[g] && !s; q++, i++) {
            CHECK(v->info[i] == 0);
            worst = fmax(worst, residual(ta[g], tb[g], ga[g], &v->A[i], &v->B[i], gb[g], &v->C0[i], &v->C[i], gk[g]));
        }
    free(al), free(be);
    vset_free(v, 1);
    free(v);
    return worst;
}

/* Every precision: GEMM (three pairs of transposes), GEMV (two), TRSM
 * (four combinations), Cholesky (both triangles) and LU as variable
 * batches, and a group; on a GPU (the packed operations checked to run
 * hetla's CUDA kernels, chunks moved there). */
static void vsweep(const char *devices)
{
    static const hetla_trans pairs[][2] = {
        {HETLA_NO_TRANS, HETLA_NO_TRANS}, {HETLA_TRANS, HETLA_CONJ_TRANS}, {HETLA_CONJ_TRANS, HETLA_TRANS}};
    static const int combos[] = {0, 7, 13, 22};
    hetla_context *ctx = test_context(devices, 2);
    CHECK_OK(hetla_stats_reset(ctx));
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++) {
        hetla_dtype t = types[ti];
        double r[12];
        int nr = 0;
        for (int p = 0; p < 3; p++)
            r[nr++] = vgemm_case(ctx, t, pairs[p][0], pairs[p][1], 0);
        r[nr++] = vgemm_case(ctx, t, HETLA_NO_TRANS, HETLA_NO_TRANS, 1);
        r[nr++] = vgemm_case(ctx, t, HETLA_CONJ_TRANS, HETLA_NO_TRANS, 1);
        for (int c = 0; c < 4; c++)
            r[nr++] = vtrsm_case(ctx, t, combos[c]);
        r[nr++] = group_case(ctx, t);
        /* mixed orders up to 130, LU of m x n matrices too, and batches
         * whose orders are all small (up to 4 and 16: a thread per matrix
         * on CUDA) */
        double f[8] = {vfactor_case(ctx, t, POTRF, HETLA_LOWER, 0, 0),  vfactor_case(ctx, t, POTRF, HETLA_UPPER, 0, 0),
                       vfactor_case(ctx, t, GETRF, HETLA_LOWER, 0, 0),  vfactor_case(ctx, t, POTRF, HETLA_LOWER, 4, 0),
                       vfactor_case(ctx, t, POTRF, HETLA_UPPER, 16, 0), vfactor_case(ctx, t, GETRF, HETLA_LOWER, 4, 0),
                       vfactor_case(ctx, t, GETRF, HETLA_LOWER, 16, 0), vfactor_case(ctx, t, GETRF, HETLA_LOWER, 0, 1)};
        for (int i = 0; i < nr + 8; i++) {
            double x = i < nr ? r[i] : f[i - nr], tol = i < nr ? 10 : 30;
            if (!(x < tol)) {
                printf("%s variable batch type %d case %d: residual %.3g eps\n", devices, (int)t, i, x);
                CHECK(x < tol);
            }
        }
    }
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    /* tasks ran on the GPU (naive counts: without a CPU the packing runs
     * on host copies of the GPU's buffers, which are not transfers) */
    CHECK(st.naive_transfers[HETLA_H2D] > 0);
    check_native(ctx, "gemm_vbatch_packed");
    check_native(ctx, "gemv_vbatch_packed");
    check_native(ctx, "trsm_vbatch_packed");
    check_native(ctx, "potrf_vbatch_packed");
    check_native(ctx, "getrf_vbatch_packed");
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_vbatch_cuda(void)
{
    vsweep("cuda");
}
static void test_vbatch_cpu_cuda(void)
{
    vsweep("cpu,cuda");
}

static void test_gemm_cuda(void) { sweep("cuda", 0); }
static void test_gemv_cuda(void) { sweep("cuda", 1); }
static void test_gemm_cpu_cuda(void) { sweep("cpu,cuda", 0); }
static void test_gemv_cpu_cuda(void) { sweep("cpu,cuda", 1); }

int main(int argc, char **argv)
{
    int ngpus = 0;
    cudaError_t e = cudaGetDeviceCount(&ngpus);
    if (e != cudaSuccess || ngpus == 0) {
        printf("skipped: no CUDA GPU (%s)\n", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        return 77;
    }
    if (!getenv("HETLA_MODULE_PATH")) {
        fprintf(stderr, "HETLA_MODULE_PATH must name the folder of the built libhetla_cuda.so\n");
        return 1;
    }
    static const test_case tests[] = {
        {"gemm_cuda", test_gemm_cuda, 0},
        {"gemv_cuda", test_gemv_cuda, 0},
        {"gemm_cpu_cuda", test_gemm_cpu_cuda, 0},
        {"gemv_cpu_cuda", test_gemv_cpu_cuda, 0},
        {"potrf_cuda", test_potrf_cuda, 0},
        {"getrf_cuda", test_getrf_cuda, 0},
        {"getrf_many_cuda", test_getrf_many_cuda, 0},
        {"getrf_nopiv_cuda", test_getrf_nopiv_cuda, 0},
        {"trsm_cuda", test_trsm_cuda, 0},
        {"trsm_cpu_cuda", test_trsm_cpu_cuda, 0},
        {"potrs_cuda", test_potrs_cuda, 0},
        {"potrs_cpu_cuda", test_potrs_cpu_cuda, 0},
        {"getrs_cuda", test_getrs_cuda, 0},
        {"getrs_cpu_cuda", test_getrs_cpu_cuda, 0},
        {"getrs_nopiv_cuda", test_getrs_nopiv_cuda, 0},
        {"getrs_nopiv_cpu_cuda", test_getrs_nopiv_cpu_cuda, 0},
        {"vbatch_cuda", test_vbatch_cuda, 0},
        {"vbatch_cpu_cuda", test_vbatch_cpu_cuda, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
