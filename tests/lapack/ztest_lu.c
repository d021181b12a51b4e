/* Cholesky and LU tests of one precision: factor residuals, solve
 * residuals, pivoting growth, numerical info and argument errors, on the
 * synchronous calls (the library's tile size) and the tiled ones (small
 * tiles, sizes that are not multiples of them).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/lapack/lapack.h"
#include "ztest_lu.h"
#include "ztest_util.h"

/* ---- matrices ------------------------------------------------------------------ */

/** Hermitian positive definite n x n in an ld x n array: D (B B^H / n + I)
 *  D, D = diag(10^(-spread i / n)): well conditioned for spread 0, about
 *  10^(2 spread) otherwise. */
static hetla_zcomplex *hpd(hetla_int n, hetla_int ld, double spread)
{
    hetla_zcomplex *B = ztest_matrix(n, n, n), *A = ztest_matrix(n, n, ld);
    hetla_zcomplex *Bh = ztest_op(HETLA_CONJ_TRANS, n, n, B, n);
    ztest_gemm(n, n, n, 1.0 / (double)(n ? n : 1), B, Bh, 0, NULL, A, ld);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            double di = pow(10, -spread * (double)i / (double)n), dj = pow(10, -spread * (double)j / (double)n);
            A[i + j * ld] = (A[i + j * ld] + (i == j)) * di * dj;
        }
    return A;
}

/** Dense copy (ld = m) of the m x n A. */
static hetla_zcomplex *dense(hetla_int m, hetla_int n, const hetla_zcomplex *A, hetla_int lda)
{
    hetla_zcomplex *D = ztest_nans((size_t)(m * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++)
            D[i + j * m] = A[i + j * lda];
    return D;
}

/** The triangle uplo of the n x n A (the rest zero), dense; unit diagonal
 *  if @p unit. Also trapezoids: rows x cols from the top left. */
static hetla_zcomplex *part(hetla_uplo uplo, int unit, hetla_int rows, hetla_int cols, const hetla_zcomplex *A,
                            hetla_int lda)
{
    hetla_zcomplex *T = ztest_nans((size_t)(rows * cols + 1));
    for (hetla_int j = 0; j < cols; j++)
        for (hetla_int i = 0; i < rows; i++) {
            int in = uplo == HETLA_LOWER ? i > j : i < j;
            T[i + j * rows] = in ? A[i + j * lda] : i == j ? (unit ? 1 : A[i + j * lda]) : 0;
        }
    return T;
}

/** Applies LAPACK's interchanges ipiv[0 .. k-1] to the rows of the dense
 *  m x n A (ld m). */
static void swap_rows(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int k, const hetla_int *ipiv)
{
    for (hetla_int i = 0; i < k; i++) {
        hetla_int p = ipiv[i] - 1;
        for (hetla_int j = 0; j < n && p != i; j++) {
            hetla_zcomplex t = A[i + j * m];
            A[i + j * m] = A[p + j * m];
            A[p + j * m] = t;
        }
    }
}

/** ||A X - B|| / (||A|| ||X|| n eps) for op(A) (n x n) X = B. */
static test_real solve_resid(hetla_trans t, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A, hetla_int lda,
                             const hetla_zcomplex *X, hetla_int ldx, const hetla_zcomplex *B, hetla_int ldb)
{
    hetla_zcomplex *opA = ztest_op(t, n, n, A, lda), *Xd = dense(n, nrhs, X, ldx), *Bd = dense(n, nrhs, B, ldb);
    hetla_zcomplex *AX = ztest_nans((size_t)(n * nrhs + 1));
    ztest_gemm(n, nrhs, n, 1, opA, Xd, 0, NULL, AX, n);
    test_real scale = ztest_norm(n, n, opA, n) * ztest_norm(n, nrhs, Xd, n) * (test_real)n;
    return ztest_resid((size_t)(n * nrhs), AX, Bd, scale);
}

/** ||A - L L^H|| (lower) or ||A - U^H U|| / (||A|| n eps) over the full
 *  hermitian matrices; the other triangle must still be NaN. */
static test_real potrf_resid(hetla_uplo uplo, hetla_int n, const hetla_zcomplex *A0, const hetla_zcomplex *F,
                             hetla_int ld)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++)
            if ((uplo == HETLA_LOWER ? i < j : i > j) && !isnan(creal(F[i + j * ld])))
                return INFINITY; /* wrote the triangle it must not touch */
    hetla_zcomplex *T = part(uplo, 0, n, n, F, ld), *Th = ztest_op(HETLA_CONJ_TRANS, n, n, T, n);
    hetla_zcomplex *P = ztest_nans((size_t)(n * n + 1)), *Afull = ztest_full_sym(true, uplo, n, A0, ld);
    if (uplo == HETLA_LOWER)
        ztest_gemm(n, n, n, 1, T, Th, 0, NULL, P, n);
    else
        ztest_gemm(n, n, n, 1, Th, T, 0, NULL, P, n);
    return ztest_resid((size_t)(n * n), P, Afull, ztest_norm(n, n, Afull, n) * (test_real)(n ? n : 1));
}

/** ||P A - L U|| / (||A|| max(m, n) eps) for the factors in F. */
static test_real getrf_resid(hetla_int m, hetla_int n, const hetla_zcomplex *A0, const hetla_zcomplex *F,
                             hetla_int ld, const hetla_int *ipiv)
{
    hetla_int k = m < n ? m : n;
    hetla_zcomplex *L = part(HETLA_LOWER, 1, m, k, F, ld), *U = part(HETLA_UPPER, 0, k, n, F, ld);
    hetla_zcomplex *LU = ztest_nans((size_t)(m * n + 1)), *PA = dense(m, n, A0, ld);
    ztest_gemm(m, n, k, 1, L, U, 0, NULL, LU, m);
    if (ipiv)
        swap_rows(m, n, PA, k, ipiv);
    hetla_int mx = m > n ? m : n;
    return ztest_resid((size_t)(m * n), LU, PA, ztest_norm(m, n, A0, ld) * (test_real)(mx ? mx : 1));
}

/** Pivots must be valid LAPACK pivots: row i swapped with a row p >= i. */
static int pivots_ok(hetla_int m, hetla_int k, const hetla_int *ipiv)
{
    for (hetla_int i = 0; i < k; i++)
        if (ipiv[i] < i + 1 || ipiv[i] > m)
            return 0;
    return 1;
}

/** A tiled matrix over the caller's array; exits the test if it fails. */
static hetla_tiled *tiles(hetla_context *ctx, hetla_zcomplex *A, hetla_int m, hetla_int n, hetla_int ld, size_t nb)
{
    hetla_tiled *t = NULL;
    if (hetla_tiled_create(ctx, A, (size_t)m, (size_t)n, (size_t)ld, nb, nb, HETLA_ZCOMPLEX, &t))
        t = NULL;
    return t;
}

/** Waits for @p seq and destroys it and the tiled matrices: the status. */
static hetla_status finish(hetla_status s, hetla_sequence *seq, hetla_tiled *a, hetla_tiled *b)
{
    hetla_status w = hetla_sequence_destroy(seq);
    s = s ? s : w;
    if (a && (w = hetla_tiled_destroy(a)))
        s = s ? s : w;
    if (b && (w = hetla_tiled_destroy(b)))
        s = s ? s : w;
    return s;
}

static const hetla_uplo uplos[2] = {HETLA_LOWER, HETLA_UPPER};

/* ---- Cholesky -------------------------------------------------------------------- */

void test_zpotrf(test_result *r, hetla_context *ctx)
{
    static const hetla_int ns[] = {0, 1, 5, 31, 100, 300};
    for (size_t c = 0; c < sizeof ns / sizeof *ns; c++)
        for (int u = 0; u < 2; u++)
            for (int ill = 0; ill < 2; ill++) {
                hetla_int n = ns[c], ld = n + 3;
                hetla_zcomplex *A0 = hpd(n, ld, ill ? 1.5 : 0);
                for (hetla_int j = 0; j < n; j++) /* poison the triangle not referenced */
                    for (hetla_int i = 0; i < n; i++)
                        if (uplos[u] == HETLA_LOWER ? i < j : i > j)
                            A0[i + j * ld] = ztest_nan();
                hetla_zcomplex *A = ztest_copy(A0, (size_t)(ld * n + 1));
                hetla_int info = -1;
                hetla_status s = hetla_zpotrf(ctx, uplos[u], n, A, ld, &info);
                test_real res = s || info ? INFINITY : potrf_resid(uplos[u], n, A0, A, ld);
                test_case(r, res, "zpotrf uplo=%c n=%lld %s: status %d info %lld", test_uplo_char(uplos[u]),
                          (long long)n, ill ? "ill-conditioned" : "", (int)s, (long long)info);
            }
}

void test_zposv(test_result *r, hetla_context *ctx)
{
    static const hetla_int ns[] = {1, 7, 64, 260};
    for (size_t c = 0; c < sizeof ns / sizeof *ns; c++)
        for (int u = 0; u < 2; u++)
            for (hetla_int nrhs = 1; nrhs <= 3; nrhs += 2) {
                hetla_int n = ns[c], ld = n + 1;
                hetla_zcomplex *A0 = hpd(n, ld, 1), *A = ztest_copy(A0, (size_t)(ld * n + 1));
                hetla_zcomplex *B0 = ztest_matrix(n, nrhs, ld), *B = ztest_copy(B0, (size_t)(ld * nrhs + 1));
                hetla_int info = -1;
                hetla_status s = hetla_zposv(ctx, uplos[u], n, nrhs, A, ld, B, ld, &info);
                hetla_zcomplex *Af = ztest_full_sym(true, uplos[u], n, A0, ld);
                test_real res = s || info ? INFINITY : solve_resid(HETLA_NO_TRANS, n, nrhs, Af, n, B, ld, B0, ld);
                /* then potrs with the factor, on fresh right-hand sides */
                hetla_zcomplex *X = ztest_copy(B0, (size_t)(ld * nrhs + 1));
                s = hetla_zpotrs(ctx, uplos[u], n, nrhs, A, ld, X, ld);
                res = test_max(res, s ? INFINITY : solve_resid(HETLA_NO_TRANS, n, nrhs, Af, n, X, ld, B0, ld));
                test_case(r, res, "zposv/zpotrs uplo=%c n=%lld nrhs=%lld: status %d info %lld",
                          test_uplo_char(uplos[u]), (long long)n, (long long)nrhs, (int)s, (long long)info);
            }
    /* not positive definite: info names the leading minor, B is untouched */
    for (int u = 0; u < 2; u++) {
        hetla_int n = 40, p = 23, ld = n;
        hetla_zcomplex *A = hpd(n, ld, 0), *B0 = ztest_matrix(n, 2, n), *B = ztest_copy(B0, (size_t)(2 * n + 1));
        A[p + p * ld] = -1;
        hetla_int info = 0;
        hetla_status s = hetla_zposv(ctx, uplos[u], n, 2, A, ld, B, n, &info);
        int ok = s == HETLA_NUMERICAL && info == p + 1 && memcmp(B, B0, sizeof *B * (size_t)(2 * n)) == 0;
        test_case(r, ok ? 0 : INFINITY, "zposv not positive definite uplo=%c: status %d info %lld (want %lld)",
                  test_uplo_char(uplos[u]), (int)s, (long long)info, (long long)(p + 1));
    }
}

void test_zpotrf_tiled(test_result *r, hetla_context *ctx)
{
    static const hetla_int ns[] = {1, 16, 33, 100};
    static const size_t nbs[] = {8, 32};
    for (size_t c = 0; c < sizeof ns / sizeof *ns; c++)
        for (size_t b = 0; b < 2; b++)
            for (int u = 0; u < 2; u++) {
                hetla_int n = ns[c], ld = n + 2, nrhs = 5;
                hetla_zcomplex *A0 = hpd(n, ld, 1), *A = ztest_copy(A0, (size_t)(ld * n + 1));
                hetla_zcomplex *B0 = ztest_matrix(n, nrhs, ld), *B = ztest_copy(B0, (size_t)(ld * nrhs + 1));
                hetla_tiled *tA = tiles(ctx, A, n, n, ld, nbs[b]), *tB = tiles(ctx, B, n, nrhs, ld, nbs[b]);
                hetla_sequence *seq = NULL;
                hetla_int info = -1;
                hetla_status s = !tA || !tB ? HETLA_ERR_ARG : hetla_sequence_create(ctx, &seq);
                /* factor and solve chained in one sequence */
                if (!s)
                    s = hetla_zpotrf_tiled(uplos[u], tA, &info, seq);
                if (!s)
                    s = hetla_zpotrs_tiled(uplos[u], tA, tB, seq);
                s = finish(s, seq, tA, tB);
                hetla_zcomplex *Af = ztest_full_sym(true, uplos[u], n, A0, ld);
                test_real res = s || info ? INFINITY : solve_resid(HETLA_NO_TRANS, n, nrhs, Af, n, B, ld, B0, ld);
                test_case(r, res, "zpotrf_tiled+zpotrs_tiled uplo=%c n=%lld nb=%zu: status %d",
                          test_uplo_char(uplos[u]), (long long)n, nbs[b], (int)s);
            }
    /* not positive definite in a later tile: the sequence stops, info is set */
    hetla_int n = 50, p = 37, ld = n;
    hetla_zcomplex *A = hpd(n, ld, 0);
    A[p + p * ld] = 0;
    hetla_tiled *tA = tiles(ctx, A, n, n, ld, 16);
    hetla_sequence *seq = NULL;
    hetla_int info = 0;
    hetla_status s = !tA ? HETLA_ERR_ARG : hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_zpotrf_tiled(HETLA_LOWER, tA, &info, seq);
    s = finish(s, seq, tA, NULL);
    test_case(r, s == HETLA_NUMERICAL && info == p + 1 ? 0 : INFINITY,
              "zpotrf_tiled not positive definite: status %d info %lld", (int)s, (long long)info);
}

/* The Cholesky panel's two forms of solve (hetla_config.stable_solves) on
 * a simulated accelerator, which takes the inverse's path as a GPU does:
 * both factor, and the inverse adds a task per panel with tiles below. */
void test_zpotrf_solves(test_result *r, hetla_context *ctx)
{
    (void)ctx;
    const hetla_int n = 50, ld = n + 1;
    const size_t nb = 16; /* 4 tiles: 3 panels with tiles below */
    hetla_zcomplex *A0 = hpd(n, ld, 1);
    for (hetla_int j = 0; j < n; j++) /* the triangle not referenced */
        for (hetla_int i = 0; i < j; i++)
            A0[i + j * ld] = ztest_nan();
    uint64_t tasks[2] = {0, 0};
    test_real res = 0;
    for (int stable = 0; stable < 2; stable++) {
        hetla_config cfg;
        hetla_context *c = NULL;
        hetla_status s = hetla_config_init(&cfg);
        cfg.devices = "sim:1";
        cfg.stable_solves = stable;
        if (!s)
            s = hetla_context_create(&cfg, &c);
        hetla_zcomplex *A = ztest_copy(A0, (size_t)(ld * n + 1));
        hetla_tiled *tA = s ? NULL : tiles(c, A, n, n, ld, nb);
        hetla_sequence *seq = NULL;
        hetla_int info = -1;
        if (!s)
            s = !tA ? HETLA_ERR_ARG : hetla_stats_reset(c);
        if (!s)
            s = hetla_sequence_create(c, &seq);
        if (!s)
            s = hetla_zpotrf_tiled(HETLA_LOWER, tA, &info, seq);
        s = finish(s, seq, tA, NULL);
        hetla_stats st = {0};
        if (!s)
            s = hetla_stats_get(c, &st);
        tasks[stable] = st.tasks;
        res = test_max(res, s || info ? INFINITY : potrf_resid(HETLA_LOWER, n, A0, A, ld));
        if (c && hetla_context_destroy(c))
            res = INFINITY;
    }
    /* HETLA_STABLE_SOLVES in the environment sets both runs alike */
    int counted = getenv("HETLA_STABLE_SOLVES") || tasks[0] == tasks[1] + 3;
    test_case(r, counted ? res : INFINITY, "zpotrf_tiled on sim:1: %llu tasks by inverse, %llu stable (want 3 more)",
              (unsigned long long)tasks[0], (unsigned long long)tasks[1]);
}

/* Runs one tile operation on two host matrices, n x n @p A (read) and
 * @p rows x @p cols @p B (mode @p bmode), wherever the setup puts it. */
static hetla_status tile_task(hetla_context *ctx, const char *op, const void *args, size_t size, hetla_zcomplex *A,
                              hetla_int n, hetla_int lda, hetla_zcomplex *B, hetla_int rows, hetla_int cols,
                              hetla_int ldb, hetla_access bmode)
{
    hetla_kernel *k = NULL;
    hetla_data *hA = NULL, *hB = NULL;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    if (!s)
        s = hetla_matrix_register(ctx, A, (size_t)n, (size_t)n, (size_t)lda, HETLA_ZCOMPLEX, &hA);
    if (!s)
        s = hetla_matrix_register(ctx, B, (size_t)rows, (size_t)cols, (size_t)ldb, HETLA_ZCOMPLEX, &hB);
    if (!s)
        s = hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k,
                                                      .data = (hetla_task_arg[]){{hA, HETLA_R}, {hB, bmode}},
                                                      .ndata = 2,
                                                      .args = args,
                                                      .args_size = size});
    hetla_status w = hA ? hetla_data_unregister(hA) : HETLA_SUCCESS;
    s = s ? s : w;
    w = hB ? hetla_data_unregister(hB) : HETLA_SUCCESS;
    return s ? s : w;
}

/* The inverse of a triangle ("ztrtri", lapack.h): W A x = x for a random
 * x, W's other triangle zero and its unit diagonal 1, A's unread parts
 * NaN. Then the Cholesky panel's solve by it, X := B W^H (lower) or
 * W^H B (upper) by "ztrmm", checked as X A^H v = B v (A^H X v = B v);
 * at order 64 B is 1100 long, two of the CUDA class's passes. Orders past
 * 256 and 512 take that class's recursion one and two levels down (530
 * in the real precisions only: in the complex ones its two tiles would
 * pass the memory cap of the "sim_pressure" setup). */
void test_ztrtri(test_result *r, hetla_context *ctx)
{
#if defined(COMPLEX)
    static const hetla_int ns[] = {1, 7, 64, 300};
#else
    static const hetla_int ns[] = {1, 7, 64, 300, 530};
#endif
    static const hetla_diag diags[2] = {HETLA_NON_UNIT, HETLA_UNIT};
    for (size_t c = 0; c < sizeof ns / sizeof *ns; c++)
        for (int u = 0; u < 2; u++)
            for (int d = 0; d < 2; d++) {
                hetla_int n = ns[c], len = n == 64 ? 1100 : n + 3, ld = n + 2;
                hetla_uplo uplo = uplos[u];
                int lower = uplo == HETLA_LOWER;
                hetla_zcomplex *A = ztest_triangle(uplo, n, ld), *W = ztest_nans((size_t)(ld * n + 1));
                ztest_condition(uplo, n, A, ld);
                for (hetla_int j = 0; j < n && diags[d] == HETLA_UNIT; j++)
                    A[j + j * ld] = ztest_nan();
                hetla__trtri_args ta = {uplo, diags[d]};
                hetla_status s = tile_task(ctx, "ztrtri", &ta, sizeof ta, A, n, ld, W, n, n, ld, HETLA_W);
                int shape = 1; /* the other triangle zero, a unit diagonal 1 */
                for (hetla_int j = 0; j < n; j++)
                    for (hetla_int i = 0; i < n; i++)
                        shape &= (lower ? i < j : i > j)            ? W[i + j * ld] == 0
                                 : i == j && diags[d] == HETLA_UNIT ? W[i + j * ld] == 1
                                                                    : 1;
                hetla_zcomplex *Af = ztest_full_tri(uplo, diags[d], n, A, ld);
                hetla_zcomplex *Wf = ztest_full_tri(uplo, HETLA_NON_UNIT, n, W, ld);
                hetla_zcomplex *x = ztest_matrix(n, 1, n), *y = ztest_matrix(n, 1, n), *z = ztest_matrix(n, 1, n);
                ztest_gemm(n, 1, n, 1, Af, x, 0, NULL, y, n);
                ztest_gemm(n, 1, n, 1, Wf, y, 0, NULL, z, n);
                test_real wa = ztest_norm(n, n, Wf, n) * ztest_norm(n, n, Af, n);
                test_real res = s || !shape ? INFINITY : ztest_resid((size_t)n, z, x, wa * ztest_vnorm(n, x, 1));
                test_case(r, res, "ztrtri uplo=%c diag=%c n=%lld: status %d, shape %s", test_uplo_char(uplo),
                          diags[d] == HETLA_UNIT ? 'U' : 'N', (long long)n, (int)s, shape ? "ok" : "wrong");
                if (s || !shape || diags[d] == HETLA_UNIT)
                    continue;
                /* B is len x n (lower) or n x len (upper), dense as ztest_gemm reads it */
                hetla_int rows = lower ? len : n, cols = lower ? n : len;
                hetla_zcomplex *B0 = ztest_matrix(rows, cols, rows), *X = ztest_copy(B0, (size_t)(rows * cols + 1));
                hetla__trxm_args ma = {lower ? HETLA_RIGHT : HETLA_LEFT, uplo, HETLA_CONJ_TRANS, HETLA_NON_UNIT, 1};
                s = tile_task(ctx, "ztrmm", &ma, sizeof ma, W, n, ld, X, rows, cols, rows, HETLA_RW);
                hetla_zcomplex *Ah = ztest_op(HETLA_CONJ_TRANS, n, n, Af, n);
                hetla_zcomplex *v = ztest_matrix(cols, 1, cols), *bv = ztest_matrix(rows, 1, rows);
                hetla_zcomplex *t = ztest_matrix(n, 1, n), *xv = ztest_matrix(rows, 1, rows);
                ztest_gemm(rows, 1, cols, 1, B0, v, 0, NULL, bv, rows);
                if (lower) { /* X (A^H v) */
                    ztest_gemm(n, 1, n, 1, Ah, v, 0, NULL, t, n);
                    ztest_gemm(rows, 1, n, 1, X, t, 0, NULL, xv, rows);
                } else { /* A^H (X v) */
                    ztest_gemm(n, 1, cols, 1, X, v, 0, NULL, t, n);
                    ztest_gemm(n, 1, n, 1, Ah, t, 0, NULL, xv, n);
                }
                test_real scale = wa * ztest_norm(rows, cols, B0, rows) * ztest_vnorm(cols, v, 1);
                res = s ? INFINITY : ztest_resid((size_t)rows, xv, bv, scale);
                test_case(r, res, "ztrtri then ztrmm uplo=%c n=%lld, B %lld x %lld: status %d", test_uplo_char(uplo),
                          (long long)n, (long long)rows, (long long)cols, (int)s);
            }
}

/* A bad argument returns HETLA_ERR_ARG naming its position. */
static void expect_arg(test_result *r, hetla_status s, int pos, const char *what)
{
    int got = hetla_error_arg();
    test_case(r, s == HETLA_ERR_ARG && got == pos ? 0 : INFINITY, "%s: status %d, argument %d (want %d)", what,
              (int)s, got, pos);
}

void test_zpotrf_errors(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *A = hpd(4, 4, 0), *B = ztest_matrix(4, 1, 4);
    hetla_int info = 7;
    expect_arg(r, hetla_zpotrf(NULL, HETLA_LOWER, 4, A, 4, &info), 1, "zpotrf ctx NULL");
    expect_arg(r, hetla_zpotrf(ctx, (hetla_uplo)0, 4, A, 4, &info), 2, "zpotrf bad uplo");
    expect_arg(r, hetla_zpotrf(ctx, HETLA_LOWER, -1, A, 4, &info), 3, "zpotrf n < 0");
    expect_arg(r, hetla_zpotrf(ctx, HETLA_LOWER, 4, NULL, 4, &info), 4, "zpotrf A NULL");
    expect_arg(r, hetla_zpotrf(ctx, HETLA_LOWER, 4, A, 3, &info), 5, "zpotrf lda < n");
    test_case(r, info == 0 ? 0 : INFINITY, "zpotrf argument error leaves info %lld, want 0", (long long)info);
    expect_arg(r, hetla_zposv(ctx, HETLA_LOWER, 4, -1, A, 4, B, 4, &info), 4, "zposv nrhs < 0");
    expect_arg(r, hetla_zposv(ctx, HETLA_LOWER, 4, 1, A, 4, NULL, 4, &info), 7, "zposv B NULL");
    expect_arg(r, hetla_zpotrs(ctx, HETLA_LOWER, 4, 1, A, 4, B, 2), 8, "zpotrs ldb < n");
    /* tiled: shapes */
    hetla_zcomplex *C = ztest_matrix(8, 6, 8);
    hetla_tiled *rect = tiles(ctx, C, 8, 6, 8, 4), *sq = tiles(ctx, A, 4, 4, 4, 2), *b3 = tiles(ctx, B, 4, 1, 4, 3);
    expect_arg(r, hetla_zpotrf_tiled(HETLA_LOWER, rect, &info, NULL), 2, "zpotrf_tiled A not square");
    expect_arg(r, hetla_zpotrf_tiled(HETLA_LOWER, sq, NULL, NULL), 3, "zpotrf_tiled info NULL");
    expect_arg(r, hetla_zpotrs_tiled(HETLA_LOWER, sq, b3, NULL), 3, "zpotrs_tiled B tiled unlike A");
    expect_arg(r, hetla_zposv_tiled(HETLA_UPPER, NULL, b3, &info, NULL), 2, "zposv_tiled A NULL");
    hetla_status s = hetla_tiled_destroy(rect);
    s = s ? s : hetla_tiled_destroy(sq);
    s = s ? s : hetla_tiled_destroy(b3);
    test_case(r, s ? INFINITY : 0, "destroying the tiled matrices: status %d", (int)s);
}

/* ---- LU ---------------------------------------------------------------------------- */

static const hetla_int shapes[][2] = {{1, 1}, {7, 5}, {5, 7}, {64, 64}, {100, 100}, {300, 260}, {260, 300}};

void test_zgetrf(test_result *r, hetla_context *ctx)
{
    for (size_t c = 0; c < sizeof shapes / sizeof *shapes; c++) {
        hetla_int m = shapes[c][0], n = shapes[c][1], ld = m + 2, k = m < n ? m : n;
        hetla_zcomplex *A0 = ztest_matrix(m, n, ld), *A = ztest_copy(A0, (size_t)(ld * n + 1));
        hetla_int *ipiv = test_alloc(sizeof *ipiv * (size_t)(k + 1)), info = -1;
        hetla_status s = hetla_zgetrf(ctx, m, n, A, ld, ipiv, &info);
        test_real res = s || info || !pivots_ok(m, k, ipiv) ? INFINITY : getrf_resid(m, n, A0, A, ld, ipiv);
        test_case(r, res, "zgetrf m=%lld n=%lld: status %d info %lld", (long long)m, (long long)n, (int)s,
                  (long long)info);
    }
    /* exactly singular: a zero column j gives U(j,j) = 0, info = j + 1, and
     * the factorization still completes */
    hetla_int n = 90, j = 70, ld = n;
    hetla_zcomplex *A0 = ztest_matrix(n, n, ld);
    for (hetla_int i = 0; i < n; i++)
        A0[i + j * ld] = 0;
    hetla_zcomplex *A = ztest_copy(A0, (size_t)(ld * n + 1));
    hetla_int *ipiv = test_alloc(sizeof *ipiv * (size_t)n), info = 0;
    hetla_status s = hetla_zgetrf(ctx, n, n, A, ld, ipiv, &info);
    test_real res = s != HETLA_NUMERICAL || info != j + 1 ? INFINITY : getrf_resid(n, n, A0, A, ld, ipiv);
    test_case(r, res, "zgetrf singular: status %d info %lld (want %lld)", (int)s, (long long)info,
              (long long)(j + 1));
}

void test_zgetrf_tiled(test_result *r, hetla_context *ctx)
{
    /* 100: panels wider than HETLA__LU_STEP go in narrow steps */
    static const size_t nbs[] = {8, 100};
    static const hetla_trans ts[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
    for (size_t c = 0; c < sizeof shapes / sizeof *shapes; c++)
        for (size_t b = 0; b < 2; b++) {
            hetla_int m = shapes[c][0], n = shapes[c][1], ld = m + 1, k = m < n ? m : n;
            hetla_zcomplex *A0 = ztest_matrix(m, n, ld), *A = ztest_copy(A0, (size_t)(ld * n + 1));
            hetla_int *ipiv = test_alloc(sizeof *ipiv * (size_t)(k + 1)), info = -1;
            hetla_tiled *tA = tiles(ctx, A, m, n, ld, nbs[b]);
            hetla_sequence *seq = NULL;
            hetla_status s = !tA ? HETLA_ERR_ARG : hetla_sequence_create(ctx, &seq);
            if (!s)
                s = hetla_zgetrf_tiled(tA, ipiv, &info, seq);
            s = finish(s, seq, tA, NULL);
            test_real res = s || info || !pivots_ok(m, k, ipiv) ? INFINITY : getrf_resid(m, n, A0, A, ld, ipiv);
            test_case(r, res, "zgetrf_tiled m=%lld n=%lld nb=%zu: status %d info %lld", (long long)m, (long long)n,
                      nbs[b], (int)s, (long long)info);
            if (m != n)
                continue;
            /* solves with the factors, each transpose, chained from the factorization */
            for (int t = 0; t < 3; t++) {
                hetla_int nrhs = 3;
                hetla_zcomplex *F = ztest_copy(A0, (size_t)(ld * n + 1));
                hetla_zcomplex *B0 = ztest_matrix(n, nrhs, ld), *B = ztest_copy(B0, (size_t)(ld * nrhs + 1));
                hetla_tiled *tF = tiles(ctx, F, n, n, ld, nbs[b]), *tB = tiles(ctx, B, n, nrhs, ld, nbs[b]);
                seq = NULL;
                s = !tF || !tB ? HETLA_ERR_ARG : hetla_sequence_create(ctx, &seq);
                if (!s)
                    s = hetla_zgetrf_tiled(tF, ipiv, &info, seq);
                if (!s)
                    s = hetla_zgetrs_tiled(ts[t], tF, ipiv, tB, seq);
                s = finish(s, seq, tF, tB);
                res = s || info ? INFINITY : solve_resid(ts[t], n, nrhs, A0, ld, B, ld, B0, ld);
                test_case(r, res, "zgetrf_tiled+zgetrs_tiled trans=%c n=%lld nb=%zu: status %d",
                          ztest_trans_char(ts[t]), (long long)n, nbs[b], (int)s);
            }
        }
}

void test_zgetrf_nopiv(test_result *r, hetla_context *ctx)
{
    for (size_t c = 0; c < sizeof shapes / sizeof *shapes; c++)
        for (int tiled = 0; tiled < 2; tiled++) {
            hetla_int m = shapes[c][0], n = shapes[c][1], ld = m + 1, k = m < n ? m : n;
            hetla_zcomplex *A0 = ztest_matrix(m, n, ld);
            for (hetla_int i = 0; i < k; i++) /* diagonally dominant */
                A0[i + i * ld] += (hetla_zcomplex)(2 * (m > n ? m : n));
            hetla_zcomplex *A = ztest_copy(A0, (size_t)(ld * n + 1));
            hetla_int info = -1;
            hetla_status s;
            if (tiled) {
                hetla_tiled *tA = tiles(ctx, A, m, n, ld, 16);
                hetla_sequence *seq = NULL;
                s = !tA ? HETLA_ERR_ARG : hetla_sequence_create(ctx, &seq);
                if (!s)
                    s = hetla_zgetrf_nopiv_tiled(tA, &info, seq);
                s = finish(s, seq, tA, NULL);
            } else {
                s = hetla_zgetrf_nopiv(ctx, m, n, A, ld, &info);
            }
            test_real res = s || info ? INFINITY : getrf_resid(m, n, A0, A, ld, NULL);
            test_case(r, res, "zgetrf_nopiv%s m=%lld n=%lld: status %d info %lld", tiled ? "_tiled" : "",
                      (long long)m, (long long)n, (int)s, (long long)info);
        }
    /* a zero pivot is reported */
    hetla_int n = 20, ld = n;
    hetla_zcomplex *A = ztest_matrix(n, n, ld);
    for (hetla_int i = 0; i < n; i++)
        A[i + i * ld] += 2 * n;
    for (hetla_int i = 0; i < n; i++)
        A[i + 0 * ld] = 0;
    hetla_int info = 0;
    hetla_status s = hetla_zgetrf_nopiv(ctx, n, n, A, ld, &info);
    test_case(r, s == HETLA_NUMERICAL && info == 1 ? 0 : INFINITY, "zgetrf_nopiv zero pivot: status %d info %lld",
              (int)s, (long long)info);
}

void test_zgesv(test_result *r, hetla_context *ctx)
{
    static const hetla_int ns[] = {1, 9, 100, 270};
    static const hetla_trans ts[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
    for (size_t c = 0; c < sizeof ns / sizeof *ns; c++) {
        hetla_int n = ns[c], ld = n + 4, nrhs = 4;
        hetla_zcomplex *A0 = ztest_matrix(n, n, ld), *A = ztest_copy(A0, (size_t)(ld * n + 1));
        hetla_zcomplex *B0 = ztest_matrix(n, nrhs, ld), *B = ztest_copy(B0, (size_t)(ld * nrhs + 1));
        hetla_int *ipiv = test_alloc(sizeof *ipiv * (size_t)n), info = -1;
        hetla_status s = hetla_zgesv(ctx, n, nrhs, A, ld, ipiv, B, ld, &info);
        test_real res = s || info ? INFINITY : solve_resid(HETLA_NO_TRANS, n, nrhs, A0, ld, B, ld, B0, ld);
        test_case(r, res, "zgesv n=%lld: status %d info %lld", (long long)n, (int)s, (long long)info);
        for (int t = 0; t < 3; t++) {
            hetla_zcomplex *X = ztest_copy(B0, (size_t)(ld * nrhs + 1));
            s = hetla_zgetrs(ctx, ts[t], n, nrhs, A, ld, ipiv, X, ld);
            res = s ? INFINITY : solve_resid(ts[t], n, nrhs, A0, ld, X, ld, B0, ld);
            test_case(r, res, "zgetrs trans=%c n=%lld: status %d", ztest_trans_char(ts[t]), (long long)n, (int)s);
        }
    }
    /* singular, synchronous and tiled: no solve, B untouched, info set */
    hetla_int n = 50, ld = n;
    for (int tiled = 0; tiled < 2; tiled++) {
        hetla_zcomplex *A = ztest_matrix(n, n, ld), *B0 = ztest_matrix(n, 2, n), *B = ztest_copy(B0, 2 * n + 1);
        for (hetla_int i = 0; i < n; i++)
            A[i + 33 * ld] = 0;
        hetla_int *ipiv = test_alloc(sizeof *ipiv * (size_t)n), info = 0;
        hetla_status s;
        if (tiled) {
            hetla_tiled *tA = tiles(ctx, A, n, n, ld, 16), *tB = tiles(ctx, B, n, 2, n, 16);
            hetla_sequence *seq = NULL;
            s = !tA || !tB ? HETLA_ERR_ARG : hetla_sequence_create(ctx, &seq);
            if (!s)
                s = hetla_zgesv_tiled(tA, ipiv, tB, &info, seq);
            s = finish(s, seq, tA, tB);
        } else {
            s = hetla_zgesv(ctx, n, 2, A, ld, ipiv, B, n, &info);
        }
        int ok = s == HETLA_NUMERICAL && info == 34 && memcmp(B, B0, sizeof *B * (size_t)(2 * n)) == 0;
        test_case(r, ok ? 0 : INFINITY, "zgesv%s singular: status %d info %lld", tiled ? "_tiled" : "", (int)s,
                  (long long)info);
    }
}

/* Partial pivoting on a matrix where LU without pivoting breaks down (tiny
 * leading pivots): the residual stays at rounding level and the growth
 * max|U| / max|A| stays near LAPACK's on the same matrix. */
void test_zgetrf_growth(test_result *r, hetla_context *ctx)
{
    hetla_int n = 120, ld = n;
    hetla_zcomplex *A0 = ztest_matrix(n, n, ld);
    for (hetla_int i = 0; i < n; i++)
        A0[i + i * ld] *= 1e-10;
    hetla_zcomplex *A = ztest_copy(A0, (size_t)(ld * n + 1)), *N = ztest_copy(A0, (size_t)(ld * n + 1));
    hetla_zcomplex *L = ztest_copy(A0, (size_t)(ld * n + 1));
    hetla_int *ipiv = test_alloc(sizeof *ipiv * (size_t)n), info = 0, ninfo = 0;
    lapack_int *lpiv = test_alloc(sizeof *lpiv * (size_t)n);
    hetla_status s = hetla_zgetrf(ctx, n, n, A, ld, ipiv, &info);
    hetla_status sn = hetla_zgetrf_nopiv(ctx, n, n, N, ld, &ninfo);
    LAPACKE_zgetrf(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n, L, (lapack_int)ld, lpiv);
    double amax = 0, umax = 0, lmax = 0;
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i <= j; i++) {
            amax = fmax(amax, cabs(A0[i + j * ld]));
            umax = fmax(umax, cabs(A[i + j * ld]));
            lmax = fmax(lmax, cabs(L[i + j * ld]));
        }
    test_real res = s || info ? INFINITY : getrf_resid(n, n, A0, A, ld, ipiv);
    test_case(r, res, "zgetrf on tiny pivots: status %d info %lld", (int)s, (long long)info);
    test_case(r, umax <= 10 * lmax ? 0 : INFINITY, "zgetrf growth %g vs LAPACK's %g", umax / amax, lmax / amax);
    /* without pivoting the same matrix loses all accuracy: the test means something */
    test_real nres = sn ? INFINITY : getrf_resid(n, n, A0, N, ld, NULL);
    test_case(r, nres > 1e3 * TEST_THRESHOLD ? 0 : INFINITY, "zgetrf_nopiv on tiny pivots residual %g: expected large",
              nres);
}

void test_zgetrf_errors(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *A = ztest_matrix(6, 6, 6), *B = ztest_matrix(6, 2, 6);
    hetla_int ipiv[6], info = 5;
    expect_arg(r, hetla_zgetrf(ctx, -1, 6, A, 6, ipiv, &info), 2, "zgetrf m < 0");
    expect_arg(r, hetla_zgetrf(ctx, 6, -2, A, 6, ipiv, &info), 3, "zgetrf n < 0");
    expect_arg(r, hetla_zgetrf(ctx, 6, 6, A, 5, ipiv, &info), 5, "zgetrf lda < m");
    expect_arg(r, hetla_zgetrf(ctx, 6, 6, A, 6, NULL, &info), 6, "zgetrf ipiv NULL");
    test_case(r, info == 0 ? 0 : INFINITY, "zgetrf argument error leaves info %lld, want 0", (long long)info);
    expect_arg(r, hetla_zgetrf_nopiv(ctx, 6, 6, NULL, 6, &info), 4, "zgetrf_nopiv A NULL");
    expect_arg(r, hetla_zgetrs(ctx, (hetla_trans)0, 6, 2, A, 6, ipiv, B, 6), 2, "zgetrs bad trans");
    expect_arg(r, hetla_zgetrs(ctx, HETLA_NO_TRANS, 6, -1, A, 6, ipiv, B, 6), 4, "zgetrs nrhs < 0");
    expect_arg(r, hetla_zgetrs(ctx, HETLA_NO_TRANS, 6, 2, A, 6, NULL, B, 6), 7, "zgetrs ipiv NULL");
    expect_arg(r, hetla_zgesv(ctx, 6, 2, A, 6, ipiv, B, 3, &info), 8, "zgesv ldb < n");
    hetla_zcomplex *C = ztest_matrix(6, 6, 6);
    hetla_tiled *ns = NULL, *a4 = tiles(ctx, A, 6, 6, 6, 4), *b3 = tiles(ctx, B, 6, 2, 6, 3);
    hetla_status s = hetla_tiled_create(ctx, C, 6, 6, 6, 4, 2, HETLA_ZCOMPLEX, &ns);
    expect_arg(r, hetla_zgetrf_tiled(ns, ipiv, &info, NULL), 1, "zgetrf_tiled tiles not square");
    expect_arg(r, hetla_zgetrf_tiled(a4, NULL, &info, NULL), 2, "zgetrf_tiled ipiv NULL");
    expect_arg(r, hetla_zgetrf_nopiv_tiled(a4, NULL, NULL), 2, "zgetrf_nopiv_tiled info NULL");
    expect_arg(r, hetla_zgetrs_tiled(HETLA_NO_TRANS, a4, ipiv, b3, NULL), 4, "zgetrs_tiled B tiled unlike A");
    expect_arg(r, hetla_zgesv_tiled(a4, ipiv, b3, &info, NULL), 3, "zgesv_tiled B tiled unlike A");
    s = s ? s : hetla_tiled_destroy(ns);
    s = s ? s : hetla_tiled_destroy(a4);
    s = s ? s : hetla_tiled_destroy(b3);
    test_case(r, s ? INFINITY : 0, "destroying the tiled matrices: status %d", (int)s);
}
