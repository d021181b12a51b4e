/* The batched BLAS on a GPU: ?gemm_batch and ?gemv_batch in four
 * precisions on "cuda" (hetla's CUDA kernels and cuBLAS's strided-batched
 * GEMM) and "cpu,cuda", every order 1..32, the strided, interleaved and
 * block-interleaved layouts, every transpose, beta = 0 over NaN;
 * ?potrf_batch (both triangles) and ?getrf_batch (with and without
 * pivoting) on "cuda", factors checked by rebuilding A, one bad matrix's
 * info reported alone; ?trsm_batch on "cuda" and "cpu,cuda", every side,
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

/* A rows x cols batch in @p layout, random, or NaN everywhere (poison). */
static hetla_batch batch_new(hetla_batch_layout l, hetla_dtype t, hetla_int rows, hetla_int cols, int nan)
{
    hetla_batch b;
    CHECK_OK(hetla_batch_alloc(l, t, rows, cols, COUNT, 0, &b));
    for (hetla_int k = 0; k < COUNT; k++)
        for (hetla_int j = 0; j < cols; j++)
            for (hetla_int i = 0; i < rows; i++)
                put(&b, k, i, j, nan ? NAN : rand_of(t));
    return b;
}

/* op(X)(r, c) */
static hetla_zcomplex opget(const hetla_batch *b, hetla_trans tr, hetla_int k, hetla_int r, hetla_int c)
{
    return tr == HETLA_NO_TRANS ? get(b, k, r, c) : tr == HETLA_TRANS ? get(b, k, c, r) : conj(get(b, k, c, r));
}

/* max over C's elements of |C - (alpha op(A) op(B) + beta C0)| over
 * eps (k + 2) (|alpha| |op(A)| |op(B)| + |beta| |C0|). */
static double residual(hetla_trans ta, hetla_trans tb, hetla_zcomplex alpha, const hetla_batch *A,
                       const hetla_batch *B, hetla_zcomplex beta, const hetla_batch *C0, const hetla_batch *C,
                       hetla_int kk)
{
    double worst = 0, eps = eps_of(C->type);
    for (hetla_int k = 0; k < COUNT; k++)
        for (hetla_int j = 0; j < C->cols; j++)
            for (hetla_int i = 0; i < C->rows; i++) {
                hetla_zcomplex s = 0;
                double scale = 0;
                for (hetla_int l = 0; l < kk; l++) {
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
    for (hetla_int k = 0; k < COUNT; k++)
        for (hetla_int j = 0; j < src->cols; j++)
            for (hetla_int i = 0; i < src->rows; i++)
                put(dst, k, i, j, get(src, k, i, j));
}

/* One GEMM (gemv: n = 1 through ?gemv_batch) of order n; every third
 * order takes beta = 0 over a NaN-poisoned C. @return the residual. */
static double one_case(hetla_context *ctx, hetla_dtype t, hetla_batch_layout l, hetla_int n, int vec)
{
    hetla_trans ta = transes[n % 3], tb = transes[(n / 3) % 3];
    hetla_zcomplex alpha = is_complex(t) ? 0.5 - 0.75 * I : 0.5, beta = n % 3 == 0 ? 0 : is_complex(t) ? 1 + I : -1.5;
    hetla_int m = n, nn = vec ? 1 : n, k = vec ? n : n + n % 2; /* GEMM: k differs from m on odd orders */
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

/* max |A0 - rebuilt| / (eps n max|A0|) over the batch: L L^H or U^H U
 * (POTRF, the uplo triangle), P^T L U (GETRF; NOPIV without P). */
static double rebuild_residual(int what, hetla_uplo uplo, const hetla_batch *A0, const hetla_batch *F,
                               const hetla_int *ipiv, hetla_int n)
{
    double worst = 0;
    hetla_zcomplex *M = malloc((size_t)(n * n) * sizeof *M);
    for (hetla_int k = 0; k < COUNT; k++) {
        double amax = 0;
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < n; i++) {
                hetla_zcomplex v = 0;
                if (what == POTRF) {
                    int up = uplo == HETLA_UPPER;
                    for (hetla_int l = 0; l <= (i < j ? i : j); l++) { /* L(i,l) conj(L(j,l)), L = U^H */
                        hetla_zcomplex li = up ? conj(get(F, k, l, i)) : get(F, k, i, l);
                        v += li * (up ? get(F, k, l, j) : conj(get(F, k, j, l)));
                    }
                } else {
                    for (hetla_int l = 0; l <= (i < j ? i : j); l++)
                        v += (l == i ? 1 : get(F, k, i, l)) * get(F, k, l, j);
                }
                M[i + j * n] = v;
                amax = fmax(amax, cabs(get(A0, k, i, j)));
            }
        for (hetla_int j = n; what == GETRF && j-- > 0;) /* undo the interchanges, last first */
            for (hetla_int c = 0; c < n; c++) {
                hetla_int p = ipiv[k * n + j] - 1;
                hetla_zcomplex v = M[j + c * n];
                M[j + c * n] = M[p + c * n], M[p + c * n] = v;
            }
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < n; i++) {
                if (what == POTRF && (uplo == HETLA_LOWER ? i < j : i > j))
                    continue;
                double r = cabs(M[i + j * n] - get(A0, k, i, j)) / (eps_of(F->type) * (double)n * amax);
                worst = isnan(r) ? INFINITY : fmax(worst, r);
            }
    }
    free(M);
    return worst;
}

/* Random n x n matrices as factorization @p what takes them: 2n added to
 * the diagonal for POTRF (made Hermitian) and NOPIV. */
static hetla_batch factor_input(int what, hetla_dtype t, hetla_batch_layout l, hetla_int n)
{
    hetla_batch A0 = batch_new(l, t, n, n, 0);
    for (hetla_int k = 0; k < COUNT && what != GETRF; k++)
        for (hetla_int j = 0; j < n; j++) {
            put(&A0, k, j, j, creal(get(&A0, k, j, j)) + 2.0 * (double)n);
            for (hetla_int i = j + 1; i < n && what == POTRF; i++)
                put(&A0, k, j, i, conj(get(&A0, k, i, j)));
        }
    return A0;
}

/* One factorization of COUNT n x n matrices (factor_input); matrix 5
 * (n >= 3) made to fail (POTRF: A(2,2) = -n^2; LU: column 1 zero), its
 * info checked and the others'. @return the residual of the good ones. */
static double factor_case(hetla_context *ctx, int what, hetla_dtype t, hetla_batch_layout l, hetla_int n)
{
    hetla_uplo uplo = n % 2 ? HETLA_LOWER : HETLA_UPPER;
    hetla_batch A0 = factor_input(what, t, l, n), A = batch_new(l, t, n, n, 0);
    int bad = n >= 3;
    for (hetla_int i = 0; bad && i < n; i++)
        if (what == POTRF)
            put(&A0, 5, 2, 2, -(double)(n * n));
        else
            put(&A0, 5, i, 1, 0);
    copy_into(&A, &A0);
    hetla_int *info = calloc(COUNT, sizeof *info), *ipiv = calloc((size_t)(COUNT * n), sizeof *ipiv);
    CHECK_STATUS(factor(ctx, what, uplo, &A, what == GETRF ? ipiv : NULL, info),
                 bad ? HETLA_NUMERICAL : HETLA_SUCCESS);
    for (hetla_int k = 0; k < COUNT; k++)
        CHECK(info[k] == (bad && k == 5 ? (what == POTRF ? 3 : 2) : 0));
    /* the bad matrix out of the residual: a good one in its place */
    if (bad)
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < n; i++) {
                put(&A0, 5, i, j, get(&A0, 4, i, j));
                put(&A, 5, i, j, get(&A, 4, i, j));
                ipiv[5 * n + j] = ipiv[4 * n + j];
            }
    double r = rebuild_residual(what, uplo, &A0, &A, ipiv, n);
    free(info);
    free(ipiv);
    CHECK_OK(hetla_batch_free(&A0));
    CHECK_OK(hetla_batch_free(&A));
    return r;
}

static void factor_sweep(int what)
{
    hetla_context *ctx = test_context("cuda", 0);
    for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++)
        for (size_t li = 0; li < sizeof layouts / sizeof *layouts; li++)
            for (hetla_int n = 1; n <= MAXN; n += n < 8 ? 1 : 5) {
                double r = factor_case(ctx, what, types[ti], layouts[li], n);
                if (!(r < 30)) {
                    printf("%s type %d layout %d n=%lld: residual %.3g eps\n",
                           what == POTRF ? "potrf" : what == GETRF ? "getrf" : "getrf_nopiv", (int)types[ti],
                           (int)layouts[li], (long long)n, r);
                    CHECK(r < 30);
                }
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

/* The largest order tested: past the staged kernel's shared memory in
 * every precision, so that strided operands take the in-place kernel. */
enum { BIGN = 83 };

/* The residuals' random vector y, drawn anew for each case. */
static double yv[BIGN];

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
    hetla_zcomplex w[BIGN], b[BIGN];
    double wa[BIGN], ba[BIGN], num = 0, den = 0;
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

/* One TRSM of combination @p c (bit 0: right side, 1: upper, 2: unit
 * diagonal; c / 8: the transpose) with A of order na and nv right-hand
 * sides. A's ld is na + 2; its padding, the triangle not read and a unit
 * diagonal are NaN; off the diagonal its elements are divided by na, so
 * that the solutions stay in range up to BIGN. alpha = 0 must give B = 0
 * over NaN everywhere in A and B (BLAS: neither is read). @return the
 * residual. */
static double trsm_case(hetla_context *ctx, hetla_dtype t, hetla_batch_layout l, int c, hetla_int na, hetla_int nv,
                        hetla_zcomplex alpha)
{
    hetla_side side = c & 1 ? HETLA_RIGHT : HETLA_LEFT;
    hetla_uplo uplo = c & 2 ? HETLA_UPPER : HETLA_LOWER;
    hetla_diag diag = c & 4 ? HETLA_UNIT : HETLA_NON_UNIT;
    hetla_trans ta = transes[c / 8];
    int nan_all = alpha == 0;
    hetla_int m = side == HETLA_LEFT ? na : nv, n = side == HETLA_LEFT ? nv : na;
    hetla_batch A = batch_new(l, t, na + 2, na, nan_all);
    A.rows = na;
    for (hetla_int k = 0; k < COUNT && !nan_all; k++)
        for (hetla_int j = 0; j < na; j++)
            for (hetla_int i = 0; i < na + 2; i++) {
                int in = i < na && (uplo == HETLA_LOWER ? i > j : i < j);
                if (i == j)
                    put(&A, k, i, j, diag == HETLA_UNIT ? NAN : 1.5 + 0.5 * rand_of(t));
                else
                    put(&A, k, i, j, in ? get(&A, k, i, j) / (double)na : NAN);
            }
    hetla_batch B0 = batch_new(l, t, m, n, nan_all), B = batch_new(l, t, m, n, 0);
    copy_into(&B, &B0);
    hetla_status s = trsm(ctx, side, uplo, ta, diag, alpha, &A, &B);
    CHECK_OK(s);
    double worst = s ? INFINITY : 0;
    hetla_zcomplex *M = malloc((size_t)(na * na) * sizeof *M);
    y_new(nv);
    for (hetla_int k = 0; k < COUNT && !s; k++) {
        if (alpha == 0) {
            for (hetla_int j = 0; j < n; j++)
                for (hetla_int i = 0; i < m; i++)
                    worst = get(&B, k, i, j) == 0 ? worst : INFINITY;
            continue;
        }
        for (hetla_int j = 0; j < na; j++) /* op(A)(i, j) of the triangle */
            for (hetla_int i = 0; i < na; i++) {
                hetla_int r = ta == HETLA_NO_TRANS ? i : j, cc = ta == HETLA_NO_TRANS ? j : i;
                int in = uplo == HETLA_LOWER ? r > cc : r < cc;
                M[i + j * na] = i == j && diag == HETLA_UNIT ? 1 : i == j || in ? opget(&A, ta, k, i, j) : 0;
            }
        worst = fmax(worst, solve_residual(M, na, side == HETLA_RIGHT, alpha, &B0, &B, k));
    }
    free(M);
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
    hetla_batch A0 = factor_input(what, t, l, n), A = batch_new(l, t, n, n, 0);
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
        {"getrf_nopiv_cuda", test_getrf_nopiv_cuda, 0},
        {"trsm_cuda", test_trsm_cuda, 0},
        {"trsm_cpu_cuda", test_trsm_cpu_cuda, 0},
        {"potrs_cuda", test_potrs_cuda, 0},
        {"potrs_cpu_cuda", test_potrs_cpu_cuda, 0},
        {"getrs_cuda", test_getrs_cuda, 0},
        {"getrs_cpu_cuda", test_getrs_cpu_cuda, 0},
        {"getrs_nopiv_cuda", test_getrs_nopiv_cuda, 0},
        {"getrs_nopiv_cpu_cuda", test_getrs_nopiv_cpu_cuda, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
