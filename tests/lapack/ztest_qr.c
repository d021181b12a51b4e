/* QR tests of one precision: factorization residuals and orthogonality, Q
 * applied on either side against an explicitly formed Q, least squares and
 * minimum norm solutions, rank deficiency and argument errors, on the
 * synchronous calls (the library's tile size) and the tiled ones (small
 * tiles, sizes that are not multiples of them).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "ztest_qr.h"
#include "ztest_util.h"

/* ^H: the conjugate transpose, the transpose in the real precisions. */
#if defined(COMPLEX)
static const hetla_trans star = HETLA_CONJ_TRANS;
#else
static const hetla_trans star = HETLA_TRANS;
#endif
static const hetla_side sides[2] = {HETLA_LEFT, HETLA_RIGHT};

/* ---- references ------------------------------------------------------------------ */

/** Dense copy (ld = m) of the m x n A. */
static hetla_zcomplex *dense(hetla_int m, hetla_int n, const hetla_zcomplex *A, hetla_int lda)
{
    hetla_zcomplex *D = ztest_nans((size_t)(m * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++)
            D[i + j * m] = A[i + j * lda];
    return D;
}

static hetla_zcomplex *eye(hetla_int m)
{
    hetla_zcomplex *Q = ztest_nans((size_t)(m * m + 1));
    for (hetla_int j = 0; j < m; j++)
        for (hetla_int i = 0; i < m; i++)
            Q[i + j * m] = i == j;
    return Q;
}

/** Q := H Q, H = I - tau v v^H, v = (0 .. 0, 1, F(i+1:m, i)) from column
 *  i of F: LAPACK's meaning of its reflectors. */
static void reflect(hetla_int m, hetla_int i, const hetla_zcomplex *f, hetla_zcomplex tau, hetla_zcomplex *Q)
{
    for (hetla_int c = 0; c < m; c++) {
        hetla_zcomplex *q = Q + c * m, s = q[i];
        for (hetla_int r = i + 1; r < m; r++)
            s += conj(f[r]) * q[r];
        s *= tau;
        q[i] -= s;
        for (hetla_int r = i + 1; r < m; r++)
            q[r] -= f[r] * s;
    }
}

/** Q (m x m, ld m) = H_0 H_1 ... H_{k-1} from LAPACK's geqrf output. */
static hetla_zcomplex *form_q(hetla_int m, hetla_int k, const hetla_zcomplex *F, hetla_int ld,
                              const hetla_zcomplex *tau)
{
    hetla_zcomplex *Q = eye(m);
    for (hetla_int i = k; i-- > 0;)
        reflect(m, i, F + i * ld, tau[i], Q);
    return Q;
}

/** Q = Q_0 Q_1 ... from the tiled factorization, Q_p = I - V_p T_p V_p^H
 *  with panel p's reflectors in F and its T in columns p nb .. of T: T is
 *  checked whole, not only its diagonal. */
static hetla_zcomplex *form_q_t(hetla_int m, hetla_int k, hetla_int nb, const hetla_zcomplex *F, hetla_int ld,
                                const hetla_zcomplex *T, hetla_int ldt)
{
    hetla_zcomplex *Q = eye(m), *W = ztest_nans((size_t)(nb * m + 1));
    for (hetla_int p0 = (k - 1) / nb * nb; k > 0 && p0 >= 0; p0 -= nb) {
        hetla_int kk = k - p0 < nb ? k - p0 : nb;
        for (hetla_int c = 0; c < m; c++) {
            const hetla_zcomplex *q = Q + c * m;
            hetla_zcomplex *w = W + c * nb;
            for (hetla_int l = 0; l < kk; l++) { /* w = V^H q */
                const hetla_zcomplex *v = F + (p0 + l) * ld;
                hetla_zcomplex s = q[p0 + l];
                for (hetla_int r = p0 + l + 1; r < m; r++)
                    s += conj(v[r]) * q[r];
                w[l] = s;
            }
            for (hetla_int l = 0; l < kk; l++) { /* w = T w, top down */
                hetla_zcomplex s = 0;
                for (hetla_int l2 = l; l2 < kk; l2++)
                    s += T[l + (p0 + l2) * ldt] * w[l2];
                w[l] = s;
            }
            hetla_zcomplex *qw = Q + c * m;
            for (hetla_int l = 0; l < kk; l++) { /* q -= V w */
                const hetla_zcomplex *v = F + (p0 + l) * ld;
                qw[p0 + l] -= w[l];
                for (hetla_int r = p0 + l + 1; r < m; r++)
                    qw[r] -= v[r] * w[l];
            }
        }
    }
    return Q;
}

/** max(||A - Q R|| / (||A|| max(m, n) eps), ||I - Q^H Q|| / (m eps)), R
 *  the upper triangle (trapezoid) of F, Q m x m. */
static test_real qr_resid(hetla_int m, hetla_int n, const hetla_zcomplex *A0, const hetla_zcomplex *F, hetla_int ld,
                          const hetla_zcomplex *Q)
{
    hetla_int k = m < n ? m : n, mx = m > n ? m : n;
    hetla_zcomplex *R = ztest_nans((size_t)(k * n + 1)), *QR = ztest_nans((size_t)(m * n + 1));
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < k; i++)
            R[i + j * k] = i <= j ? F[i + j * ld] : 0;
    ztest_gemm(m, n, k, 1, Q, R, 0, NULL, QR, m);
    test_real fact = ztest_resid((size_t)(m * n), QR, dense(m, n, A0, ld), ztest_norm(m, n, A0, ld) * (test_real)mx);
    hetla_zcomplex *QhQ = ztest_nans((size_t)(m * m + 1));
    ztest_gemm(m, m, m, 1, ztest_op(HETLA_CONJ_TRANS, m, m, Q, m), Q, 0, NULL, QhQ, m);
    return test_max(fact, ztest_resid((size_t)(m * m), QhQ, eye(m), (test_real)m));
}

/** ||C - op(Q) C0|| (left) or ||C - C0 op(Q)|| over ||C0|| nq eps. */
static test_real apply_resid(hetla_side side, hetla_trans trans, hetla_int m, hetla_int n, const hetla_zcomplex *Q,
                             const hetla_zcomplex *C0, const hetla_zcomplex *C, hetla_int ldc)
{
    hetla_int nq = side == HETLA_LEFT ? m : n;
    hetla_zcomplex *opQ = ztest_op(trans, nq, nq, Q, nq), *C0d = dense(m, n, C0, ldc);
    hetla_zcomplex *want = ztest_nans((size_t)(m * n + 1));
    if (side == HETLA_LEFT)
        ztest_gemm(m, n, m, 1, opQ, C0d, 0, NULL, want, m);
    else
        ztest_gemm(m, n, n, 1, C0d, opQ, 0, NULL, want, m);
    return ztest_resid((size_t)(m * n), dense(m, n, C, ldc), want, ztest_norm(m, n, C0, ldc) * (test_real)nq);
}

/** The least squares optimality of X for op(A) (r x c, r >= c) and B:
 *  ||op(A)^H (B - op(A) X)|| / (max(r, c) ||A|| (||A|| ||X|| + ||B||) eps). */
static test_real ls_resid(hetla_trans t, hetla_int m, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A,
                          hetla_int lda, const hetla_zcomplex *X, hetla_int ldx, const hetla_zcomplex *B, hetla_int ldb)
{
    hetla_int r = t == HETLA_NO_TRANS ? m : n, c = t == HETLA_NO_TRANS ? n : m;
    hetla_zcomplex *opA = ztest_op(t, m, n, A, lda), *Xd = dense(c, nrhs, X, ldx), *Bd = dense(r, nrhs, B, ldb);
    hetla_zcomplex *res = ztest_nans((size_t)(r * nrhs + 1)), *g = ztest_nans((size_t)(c * nrhs + 1));
    ztest_gemm(r, nrhs, c, -1, opA, Xd, 1, Bd, res, r);
    ztest_gemm(c, nrhs, r, 1, ztest_op(HETLA_CONJ_TRANS, r, c, opA, r), res, 0, NULL, g, c);
    test_real na = ztest_norm(m, n, A, lda);
    test_real scale = (test_real)(r > c ? r : c) * na * (na * ztest_norm(c, nrhs, Xd, c) + ztest_norm(r, nrhs, Bd, r));
    hetla_zcomplex *zero = test_alloc((size_t)(c * nrhs + 1) * sizeof *zero);
    return ztest_resid((size_t)(c * nrhs), g, zero, scale);
}

/** A tiled matrix over the caller's array, NULL if that fails. */
static hetla_tiled *tiles(hetla_context *ctx, hetla_zcomplex *A, hetla_int m, hetla_int n, hetla_int ld, size_t nb)
{
    hetla_tiled *t = NULL;
    if (hetla_tiled_create(ctx, A, (size_t)m, (size_t)n, (size_t)ld, nb, nb, HETLA_ZCOMPLEX, &t))
        t = NULL;
    return t;
}

/** Waits for @p seq and destroys it and the tiled matrices: the status. */
static hetla_status finish(hetla_status s, hetla_sequence *seq, hetla_tiled **t, int n)
{
    hetla_status w = seq ? hetla_sequence_destroy(seq) : HETLA_SUCCESS;
    s = s ? s : w;
    for (int i = 0; i < n; i++)
        if (t[i] && (w = hetla_tiled_destroy(t[i])))
            s = s ? s : w;
    return s;
}

/** Columns scaled by 1 .. 1e-8: ill-conditioned, still backward stable. */
static void grade_columns(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int ld)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++)
            A[i + j * ld] *= pow(10, -8.0 * (double)j / (double)(n > 1 ? n - 1 : 1));
}

static const hetla_int shapes[][2] = {{1, 1}, {7, 5}, {5, 7}, {64, 40}, {40, 64}, {300, 260}, {260, 300}};

/* ---- factorization ------------------------------------------------------------------ */

void test_zgeqrf(test_result *r, hetla_context *ctx)
{
    for (size_t c = 0; c < sizeof shapes / sizeof *shapes; c++)
        for (int ill = 0; ill < 2; ill++) {
            hetla_int m = shapes[c][0], n = shapes[c][1], ld = m + 2, k = m < n ? m : n;
            hetla_zcomplex *A0 = ztest_matrix(m, n, ld);
            if (ill)
                grade_columns(m, n, A0, ld);
            hetla_zcomplex *A = ztest_copy(A0, (size_t)(ld * n + 1)), *tau = ztest_nans((size_t)k + 1);
            hetla_status s = hetla_zgeqrf(ctx, m, n, A, ld, tau);
            test_real res = s ? INFINITY : qr_resid(m, n, A0, A, ld, form_q(m, k, A, ld, tau));
            test_case(r, res, "zgeqrf m=%lld n=%lld%s: status %d", (long long)m, (long long)n,
                      ill ? " graded columns" : "", (int)s);
        }
    hetla_status s = hetla_zgeqrf(ctx, 0, 5, NULL, 1, NULL);
    test_case(r, s ? INFINITY : 0, "zgeqrf m=0: status %d", (int)s);
}

/* The tiled factorization, then Q applied on each side, transposed or
 * not, to four matrices in the same sequence. */
void test_zgeqrf_tiled(test_result *r, hetla_context *ctx)
{
    static const hetla_int ts[][2] = {{1, 1}, {7, 5}, {5, 7}, {33, 33}, {50, 20}, {20, 50}, {100, 64}, {64, 100}};
    static const size_t nbs[] = {16, 32};
    for (size_t c = 0; c < sizeof ts / sizeof *ts; c++)
        for (size_t b = 0; b < 2; b++) {
            hetla_int m = ts[c][0], n = ts[c][1], ld = m + 1, k = m < n ? m : n, nb = (hetla_int)nbs[b], nc = 9;
            hetla_zcomplex *A0 = ztest_matrix(m, n, ld), *A = ztest_copy(A0, (size_t)(ld * n + 1));
            hetla_zcomplex *T = ztest_nans((size_t)(nb * k + 1)), *C0[4], *C[4];
            hetla_tiled *t[6] = {tiles(ctx, A, m, n, ld, nbs[b]), tiles(ctx, T, nb, k, nb, nbs[b])};
            hetla_sequence *seq = NULL;
            hetla_status s = hetla_sequence_create(ctx, &seq);
            if (!s)
                s = hetla_zgeqrf_tiled(t[0], t[1], seq);
            for (int q = 0; q < 4; q++) {
                int left = sides[q / 2] == HETLA_LEFT;
                C0[q] = left ? ztest_matrix(m, nc, m) : ztest_matrix(nc, m, nc);
                C[q] = ztest_copy(C0[q], (size_t)(m * nc + 1));
                t[2 + q] = left ? tiles(ctx, C[q], m, nc, m, nbs[b]) : tiles(ctx, C[q], nc, m, nc, nbs[b]);
                if (!s)
                    s = hetla_zunmqr_tiled(sides[q / 2], q % 2 ? star : HETLA_NO_TRANS, t[0], t[1], t[2 + q], seq);
            }
            s = finish(s, seq, t, 6);
            hetla_zcomplex *Q = form_q_t(m, k, nb, A, ld, T, nb);
            test_real res = s ? INFINITY : qr_resid(m, n, A0, A, ld, Q);
            test_case(r, res, "zgeqrf_tiled m=%lld n=%lld nb=%lld: status %d", (long long)m, (long long)n,
                      (long long)nb, (int)s);
            for (int q = 0; q < 4 && !s; q++) {
                int left = sides[q / 2] == HETLA_LEFT;
                hetla_trans tr = q % 2 ? star : HETLA_NO_TRANS;
                res = left ? apply_resid(HETLA_LEFT, tr, m, nc, Q, C0[q], C[q], m)
                           : apply_resid(HETLA_RIGHT, tr, nc, m, Q, C0[q], C[q], nc);
                test_case(r, res, "zunmqr_tiled side=%c trans=%c after zgeqrf_tiled m=%lld n=%lld nb=%lld",
                          test_side_char(sides[q / 2]), ztest_trans_char(tr), (long long)m, (long long)n,
                          (long long)nb);
            }
        }
}

/* ---- applying Q ----------------------------------------------------------------------- */

/* Q of LAPACK's geqrf and of hetla's, each side and transpose. */
void test_zunmqr(test_result *r, hetla_context *ctx)
{
    static const hetla_int cases[][3] = {{1, 1, 1}, {7, 3, 7}, {50, 30, 20}, {40, 9, 40}, {300, 20, 260}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int sd = 0; sd < 2; sd++)
            for (int lapack = 0; lapack < 2; lapack++) {
                hetla_int nq = cases[c][0], other = cases[c][1], k = cases[c][2], lda = nq + 1;
                hetla_side side = sides[sd];
                hetla_int m = side == HETLA_LEFT ? nq : other, n = side == HETLA_LEFT ? other : nq, ldc = m + 3;
                hetla_zcomplex *A = ztest_matrix(nq, k, lda), *tau = ztest_nans((size_t)k + 1);
                hetla_status s =
                    lapack ? (LAPACKE_zgeqrf(LAPACK_COL_MAJOR, (lapack_int)nq, (lapack_int)k, A, (lapack_int)lda, tau)
                                  ? HETLA_ERR_INTERNAL
                                  : HETLA_SUCCESS)
                           : hetla_zgeqrf(ctx, nq, k, A, lda, tau);
                hetla_zcomplex *Q = form_q(nq, k, A, lda, tau), *A1 = ztest_copy(A, (size_t)(lda * k + 1));
                for (int t = 0; t < 2; t++) {
                    hetla_trans tr = t ? star : HETLA_NO_TRANS;
                    hetla_zcomplex *C0 = ztest_matrix(m, n, ldc), *C = ztest_copy(C0, (size_t)(ldc * n + 1));
                    hetla_status u = s ? s : hetla_zunmqr(ctx, side, tr, m, n, k, A, lda, tau, C, ldc);
                    int same = memcmp(A, A1, sizeof *A * (size_t)(lda * k)) == 0; /* NaN padding included */
                    test_real res = u || !same ? INFINITY : apply_resid(side, tr, m, n, Q, C0, C, ldc);
                    test_case(r, res, "zunmqr side=%c trans=%c m=%lld n=%lld k=%lld, %s factors: status %d%s",
                              test_side_char(side), ztest_trans_char(tr), (long long)m, (long long)n, (long long)k,
                              lapack ? "LAPACK's" : "hetla's", (int)u, same ? "" : ", A changed");
                }
            }
}

/* ---- least squares ---------------------------------------------------------------------- */

/* Each case of LAPACK's gels: the least squares residual is orthogonal to
 * the range of op(A); a minimum norm solution solves the system and
 * equals LAPACK's (it is unique). Entries of B past the right-hand sides
 * are NaN and must not be read. */
void test_zgels(test_result *r, hetla_context *ctx)
{
    for (size_t c = 0; c < sizeof shapes / sizeof *shapes; c++)
        for (int t = 0; t < 2; t++) {
            hetla_int m = shapes[c][0], n = shapes[c][1], nrhs = 2, ld = m + 1, p = m > n ? m : n, ldb = p + 2;
            hetla_trans tr = t ? star : HETLA_NO_TRANS;
            hetla_int rows = tr == HETLA_NO_TRANS ? m : n, cols = tr == HETLA_NO_TRANS ? n : m;
            hetla_zcomplex *A0 = ztest_matrix(m, n, ld), *A = ztest_copy(A0, (size_t)(ld * n + 1));
            hetla_zcomplex *B0 = ztest_matrix(rows, nrhs, ldb), *B = ztest_copy(B0, (size_t)(ldb * nrhs + 1));
            hetla_int info = -1;
            hetla_status s = hetla_zgels(ctx, tr, m, n, nrhs, A, ld, B, ldb, &info);
            test_real res;
            if (s || info)
                res = INFINITY;
            else if (rows >= cols)
                res = ls_resid(tr, m, n, nrhs, A0, ld, B, ldb, B0, ldb);
            else {
                hetla_zcomplex *L = ztest_copy(A0, (size_t)(ld * n + 1)), *X = ztest_copy(B0, (size_t)(ldb * nrhs + 1));
                for (hetla_int j = 0; j < nrhs; j++) /* LAPACK's norm of B reads them */
                    for (hetla_int i = rows; i < p; i++)
                        X[i + j * ldb] = 0;
                lapack_int li = LAPACKE_zgels(LAPACK_COL_MAJOR, ztest_trans_char(tr), (lapack_int)m, (lapack_int)n,
                                              (lapack_int)nrhs, L, (lapack_int)ld, X, (lapack_int)ldb);
                hetla_zcomplex *Bd = dense(cols, nrhs, B, ldb), *Xd = dense(cols, nrhs, X, ldb);
                test_real same =
                    ztest_resid((size_t)(cols * nrhs), Bd, Xd, ztest_norm(cols, nrhs, Xd, cols) * (test_real)p);
                hetla_zcomplex *AX = ztest_nans((size_t)(rows * nrhs + 1));
                ztest_gemm(rows, nrhs, cols, 1, ztest_op(tr, m, n, A0, ld), Bd, 0, NULL, AX, rows);
                test_real solves =
                    ztest_resid((size_t)(rows * nrhs), AX, dense(rows, nrhs, B0, ldb),
                                ztest_norm(m, n, A0, ld) * ztest_norm(cols, nrhs, Bd, cols) * (test_real)p);
                res = li ? INFINITY : test_max(same, solves);
            }
            test_case(r, res, "zgels trans=%c m=%lld n=%lld: status %d info %lld", ztest_trans_char(tr), (long long)m,
                      (long long)n, (int)s, (long long)info);
        }
    /* min(m, n) = 0: the solutions are zero, as in LAPACK */
    hetla_zcomplex *Z = ztest_matrix(3, 2, 3);
    hetla_int zinfo = -1;
    hetla_status zs = hetla_zgels(ctx, HETLA_NO_TRANS, 0, 3, 2, NULL, 1, Z, 3, &zinfo);
    test_case(r, zs || zinfo || ztest_norm(3, 2, Z, 3) != 0 ? INFINITY : 0, "zgels m=0: status %d info %lld", (int)zs,
              (long long)zinfo);
    /* rank deficient: a zero column of A (m >= n) or row (m < n) makes
     * R(j,j) exactly zero */
    static const hetla_int rd[][3] = {{60, 45, 31}, {45, 60, 17}};
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 2; t++) {
            hetla_int m = rd[c][0], n = rd[c][1], z = rd[c][2], p = m > n ? m : n;
            hetla_zcomplex *A = ztest_matrix(m, n, m), *B = ztest_matrix(p, 1, p);
            for (hetla_int i = 0; i < (m >= n ? m : n); i++)
                A[m >= n ? i + z * m : z + i * m] = 0;
            hetla_int info = 0;
            hetla_status s = hetla_zgels(ctx, t ? star : HETLA_NO_TRANS, m, n, 1, A, m, B, p, &info);
            test_case(r, s == HETLA_NUMERICAL && info == z + 1 ? 0 : INFINITY,
                      "zgels rank deficient trans=%c m=%lld n=%lld: status %d info %lld (want %lld)",
                      ztest_trans_char(t ? star : HETLA_NO_TRANS), (long long)m, (long long)n, (int)s, (long long)info,
                      (long long)(z + 1));
        }
}

void test_zgels_tiled(test_result *r, hetla_context *ctx)
{
    static const hetla_int ts[][2] = {{1, 1}, {7, 5}, {33, 33}, {50, 20}, {100, 64}, {64, 33}};
    for (size_t c = 0; c < sizeof ts / sizeof *ts; c++) {
        hetla_int m = ts[c][0], n = ts[c][1], ld = m + 2, nrhs = 3, nb = 16;
        hetla_zcomplex *A0 = ztest_matrix(m, n, ld), *A = ztest_copy(A0, (size_t)(ld * n + 1));
        hetla_zcomplex *B0 = ztest_matrix(m, nrhs, ld), *B = ztest_copy(B0, (size_t)(ld * nrhs + 1));
        hetla_zcomplex *T = ztest_nans((size_t)(nb * n + 1));
        hetla_tiled *t[3] = {tiles(ctx, A, m, n, ld, 16), tiles(ctx, T, nb, n, nb, 16), tiles(ctx, B, m, nrhs, ld, 16)};
        hetla_sequence *seq = NULL;
        hetla_int info = -1;
        hetla_status s = hetla_sequence_create(ctx, &seq);
        if (!s)
            s = hetla_zgels_tiled(t[0], t[1], t[2], &info, seq);
        s = finish(s, seq, t, 3);
        test_real res = s || info ? INFINITY : ls_resid(HETLA_NO_TRANS, m, n, nrhs, A0, ld, B, ld, B0, ld);
        test_case(r, res, "zgels_tiled m=%lld n=%lld nb=%lld: status %d info %lld", (long long)m, (long long)n,
                  (long long)nb, (int)s, (long long)info);
    }
    /* rank deficient: the sequence stops before the solve, info names the column */
    hetla_int m = 60, n = 50, z = 37, nb = 16;
    hetla_zcomplex *A = ztest_matrix(m, n, m), *B = ztest_matrix(m, 2, m), *T = ztest_nans((size_t)(nb * n + 1));
    for (hetla_int i = 0; i < m; i++)
        A[i + z * m] = 0;
    hetla_tiled *t[3] = {tiles(ctx, A, m, n, m, 16), tiles(ctx, T, nb, n, nb, 16), tiles(ctx, B, m, 2, m, 16)};
    hetla_sequence *seq = NULL;
    hetla_int info = 0;
    hetla_status s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_zgels_tiled(t[0], t[1], t[2], &info, seq);
    s = finish(s, seq, t, 3);
    test_case(r, s == HETLA_NUMERICAL && info == z + 1 ? 0 : INFINITY,
              "zgels_tiled rank deficient: status %d info %lld (want %lld)", (int)s, (long long)info,
              (long long)(z + 1));
}

/* ---- argument errors ---------------------------------------------------------------------- */

/* A bad argument returns HETLA_ERR_ARG naming its position. */
static void expect_arg(test_result *r, hetla_status s, int pos, const char *what)
{
    int got = hetla_error_arg();
    test_case(r, s == HETLA_ERR_ARG && got == pos ? 0 : INFINITY, "%s: status %d, argument %d (want %d)", what, (int)s,
              got, pos);
}

void test_zqr_errors(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *A = ztest_matrix(6, 6, 6), *B = ztest_matrix(6, 2, 6), *tau = ztest_matrix(6, 1, 6);
    hetla_zcomplex *C = ztest_matrix(6, 4, 6);
    expect_arg(r, hetla_zgeqrf(NULL, 6, 6, A, 6, tau), 1, "zgeqrf ctx NULL");
    expect_arg(r, hetla_zgeqrf(ctx, -1, 6, A, 6, tau), 2, "zgeqrf m < 0");
    expect_arg(r, hetla_zgeqrf(ctx, 6, -1, A, 6, tau), 3, "zgeqrf n < 0");
    expect_arg(r, hetla_zgeqrf(ctx, 6, 6, NULL, 6, tau), 4, "zgeqrf A NULL");
    expect_arg(r, hetla_zgeqrf(ctx, 6, 6, A, 5, tau), 5, "zgeqrf lda < m");
    expect_arg(r, hetla_zgeqrf(ctx, 6, 6, A, 6, NULL), 6, "zgeqrf tau NULL");
    expect_arg(r, hetla_zunmqr(ctx, (hetla_side)0, HETLA_NO_TRANS, 6, 4, 3, A, 6, tau, C, 6), 2, "zunmqr bad side");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, (hetla_trans)0, 6, 4, 3, A, 6, tau, C, 6), 3, "zunmqr bad trans");
#if defined(COMPLEX)
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, HETLA_TRANS, 6, 4, 3, A, 6, tau, C, 6), 3, "zunmqr trans T");
#endif
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, star, -1, 4, 3, A, 6, tau, C, 6), 4, "zunmqr m < 0");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, star, 6, -4, 3, A, 6, tau, C, 6), 5, "zunmqr n < 0");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_RIGHT, star, 6, 4, 5, A, 6, tau, C, 6), 6, "zunmqr k > n (right)");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, star, 6, 4, 3, NULL, 6, tau, C, 6), 7, "zunmqr A NULL");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, star, 6, 4, 3, A, 5, tau, C, 6), 8, "zunmqr lda < m");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, star, 6, 4, 3, A, 6, NULL, C, 6), 9, "zunmqr tau NULL");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_LEFT, star, 6, 4, 3, A, 6, tau, NULL, 6), 10, "zunmqr C NULL");
    expect_arg(r, hetla_zunmqr(ctx, HETLA_RIGHT, star, 6, 4, 3, A, 4, tau, C, 5), 11, "zunmqr ldc < m");
    hetla_int info = 9;
    expect_arg(r, hetla_zgels(ctx, (hetla_trans)7, 6, 6, 2, A, 6, B, 6, &info), 2, "zgels bad trans");
    test_case(r, info == 0 ? 0 : INFINITY, "zgels argument error leaves info %lld, want 0", (long long)info);
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, -6, 6, 2, A, 6, B, 6, &info), 3, "zgels m < 0");
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, 6, -6, 2, A, 6, B, 6, &info), 4, "zgels n < 0");
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, 6, 6, -2, A, 6, B, 6, &info), 5, "zgels nrhs < 0");
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, 6, 6, 2, NULL, 6, B, 6, &info), 6, "zgels A NULL");
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, 6, 6, 2, A, 5, B, 6, &info), 7, "zgels lda < m");
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, 6, 6, 2, A, 6, NULL, 6, &info), 8, "zgels B NULL");
    expect_arg(r, hetla_zgels(ctx, HETLA_NO_TRANS, 3, 6, 2, A, 3, B, 5, &info), 9, "zgels ldb < max(m, n)");
    /* tiled: shapes and tilings */
    hetla_zcomplex *T = ztest_matrix(4, 6, 4), *W = ztest_matrix(6, 6, 6);
    hetla_tiled *a = tiles(ctx, A, 6, 6, 6, 4), *t = tiles(ctx, T, 4, 6, 4, 4), *b3 = tiles(ctx, B, 6, 2, 6, 3);
    hetla_tiled *c = tiles(ctx, C, 6, 4, 6, 4), *t5 = tiles(ctx, T, 4, 5, 4, 4), *ns = NULL, *wide = NULL;
    hetla_status s = hetla_tiled_create(ctx, W, 6, 6, 6, 4, 2, HETLA_ZCOMPLEX, &ns);
    s = s ? s : hetla_tiled_create(ctx, W, 4, 6, 6, 4, 4, HETLA_ZCOMPLEX, &wide);
    expect_arg(r, hetla_zgeqrf_tiled(NULL, t, NULL), 1, "zgeqrf_tiled A NULL");
    expect_arg(r, hetla_zgeqrf_tiled(ns, t, NULL), 1, "zgeqrf_tiled tiles not square");
    expect_arg(r, hetla_zgeqrf_tiled(a, NULL, NULL), 2, "zgeqrf_tiled T NULL");
    expect_arg(r, hetla_zgeqrf_tiled(a, t5, NULL), 2, "zgeqrf_tiled T too narrow");
    expect_arg(r, hetla_zunmqr_tiled((hetla_side)9, star, a, t, c, NULL), 1, "zunmqr_tiled bad side");
    expect_arg(r, hetla_zunmqr_tiled(HETLA_LEFT, (hetla_trans)0, a, t, c, NULL), 2, "zunmqr_tiled bad trans");
    expect_arg(r, hetla_zunmqr_tiled(HETLA_LEFT, star, a, t5, c, NULL), 4, "zunmqr_tiled T unlike A's");
    expect_arg(r, hetla_zunmqr_tiled(HETLA_LEFT, star, a, t, b3, NULL), 5, "zunmqr_tiled C tiled unlike A");
    expect_arg(r, hetla_zunmqr_tiled(HETLA_RIGHT, star, a, t, c, NULL), 5, "zunmqr_tiled C with 4 columns (right)");
    expect_arg(r, hetla_zgels_tiled(a, t, c, NULL, NULL), 4, "zgels_tiled info NULL");
    expect_arg(r, hetla_zgels_tiled(wide, t, c, &info, NULL), 1, "zgels_tiled m < n");
    expect_arg(r, hetla_zgels_tiled(a, t, b3, &info, NULL), 3, "zgels_tiled B tiled unlike A");
    /* a panel task holds the whole column of tiles: too many rows of them */
    hetla_zcomplex *V = ztest_matrix(HETLA_MAX_TASK_DATA, 1, HETLA_MAX_TASK_DATA), *t1 = ztest_matrix(1, 1, 1);
    hetla_tiled *tall = tiles(ctx, V, HETLA_MAX_TASK_DATA, 1, HETLA_MAX_TASK_DATA, 1), *tt = tiles(ctx, t1, 1, 1, 1, 1);
    hetla_status big = hetla_zgeqrf_tiled(tall, tt, NULL);
    test_case(r, big == HETLA_ERR_NOT_SUPPORTED ? 0 : INFINITY, "zgeqrf_tiled with %d tile rows: status %d",
              HETLA_MAX_TASK_DATA, (int)big);
    hetla_tiled *all[] = {a, t, b3, c, t5, ns, wide, tall, tt};
    s = finish(s, NULL, all, 9);
    test_case(r, s ? INFINITY : 0, "destroying the tiled matrices: status %d", (int)s);
}
