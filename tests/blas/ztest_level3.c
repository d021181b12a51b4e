/* Tests of the level-3 GENERIC kernels of one precision, written for z:
 * each against a dense naive product (solves: by backward error) and
 * against CBLAS, with NaN in padding, unreferenced triangles and in C
 * when beta = 0.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_util.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

static const hetla_int dims[] = {0, 1, 7, 33, 65};
static const hetla_trans transes[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
static const hetla_uplo uplos[] = {HETLA_UPPER, HETLA_LOWER};
static const hetla_side sides[] = {HETLA_LEFT, HETLA_RIGHT};
static const hetla_diag diags[] = {HETLA_NON_UNIT, HETLA_UNIT};

/* (alpha, beta): general, beta = 0 (C is NaN on entry), alpha = 0, both 1 */
static void zscalars(int c, hetla_zcomplex *alpha, hetla_zcomplex *beta)
{
    *alpha = c == 2 ? 0 : c == 3 ? 1 : ztest_rand();
    *beta = c == 1 ? 0 : c == 3 ? 1 : ztest_rand();
}

static hetla_zcomplex *zcmat(hetla_int m, hetla_int n, hetla_int ld, hetla_zcomplex beta)
{
    return beta == 0 ? ztest_nans((size_t)(ld * n + 1)) : ztest_matrix(m, n, ld);
}

static hetla_int zmax1(hetla_int a) { return a > 1 ? a : 1; }

static void zgemm_case(test_result *r, hetla_trans ta, hetla_trans tb, hetla_int m, hetla_int n,
                       hetla_int k, int sc)
{
    hetla_zcomplex alpha, beta;
    zscalars(sc, &alpha, &beta);
    hetla_int ar = ta == HETLA_NO_TRANS ? m : k, ac = ta == HETLA_NO_TRANS ? k : m;
    hetla_int br = tb == HETLA_NO_TRANS ? k : n, bc = tb == HETLA_NO_TRANS ? n : k;
    hetla_int lda = ar + 1, ldb = br + 2, ldc = m + 3;
    size_t lc = (size_t)(ldc * n + 1);
    hetla_zcomplex *A = ztest_matrix(ar, ac, lda), *B = ztest_matrix(br, bc, ldb);
    /* CBLAS gets A and B intact: OpenBLAS 0.3.21's small-matrix path for
     * real gemm reads them even when alpha = 0 */
    hetla_zcomplex *Acb = ztest_copy(A, (size_t)(lda * ac + 1)),
                   *Bcb = ztest_copy(B, (size_t)(ldb * bc + 1));
    if (alpha == 0) /* A and B must not be read */
        ztest_fill_nan(A, (size_t)(lda * ac)), ztest_fill_nan(B, (size_t)(ldb * bc));
    hetla_zcomplex *C0 = zcmat(m, n, ldc, beta), *C = ztest_copy(C0, lc), *Cc = ztest_copy(C0, lc);
    hetla_zcomplex *Cw = ztest_copy(C0, lc);
    if (!(m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1)))
        ztest_gemm(m, n, k, alpha, ztest_op(ta, ar, ac, A, lda), ztest_op(tb, br, bc, B, ldb), beta,
                   C0, Cw, ldc);
    hetla__generic_zgemm(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
    cblas_zgemm(CblasColMajor, CB_TRANS(ta), CB_TRANS(tb), m, n, k, CB(alpha), Acb, lda, Bcb, ldb,
                CB(beta), Cc, ldc);
    test_real scale = (cabs(alpha) * ztest_norm(ar, ac, A, lda) * ztest_norm(br, bc, B, ldb) +
                       (beta == 0 ? 0 : cabs(beta) * ztest_norm(m, n, C0, ldc))) *
                      zmax1(k);
    test_real res = test_max(ztest_resid(lc, C, Cw, scale), ztest_resid(lc, C, Cc, scale));
    test_case(r, res, "%c%c m=%lld n=%lld k=%lld scalars#%d", ztest_trans_char(ta),
              ztest_trans_char(tb), (long long)m, (long long)n, (long long)k, sc);
    test_free_all();
}

void test_zgemm(test_result *r)
{
    for (size_t a = 0; a < 3; a++)
        for (size_t b = 0; b < 3; b++) {
            for (size_t i = 0; i < COUNT(dims); i++)
                for (size_t j = 0; j < COUNT(dims); j++)
                    for (size_t l = 0; l < COUNT(dims); l++)
                        for (int sc = 0; sc < 4; sc++)
                            zgemm_case(r, transes[a], transes[b], dims[i], dims[j], dims[l], sc);
            /* beyond one cache block in every dimension */
            zgemm_case(r, transes[a], transes[b], 130, 70, 150, 0);
            zgemm_case(r, transes[a], transes[b], 129, 3, 200, 1);
        }
}

/* C := alpha S B + beta C (left) or alpha B S + beta C, S hermitian (herm)
 * or symmetric from one stored triangle; the other triangle is NaN and,
 * for hermitian S, the diagonal's imaginary part is garbage to ignore. */
static void zsymm_case(test_result *r, bool herm, hetla_side side, hetla_uplo uplo, hetla_int m,
                       hetla_int n, int sc)
{
    hetla_zcomplex alpha, beta;
    zscalars(sc, &alpha, &beta);
    bool left = side == HETLA_LEFT;
    hetla_int ka = left ? m : n, lda = ka + 1, ldb = m + 2, ldc = m + 1;
    size_t lc = (size_t)(ldc * n + 1);
    hetla_zcomplex *A = ztest_triangle(uplo, ka, lda), *B = ztest_matrix(m, n, ldb);
    if (alpha == 0) /* A and B must not be read */
        ztest_fill_nan(A, (size_t)(lda * ka)), ztest_fill_nan(B, (size_t)(ldb * n));
    hetla_zcomplex *S = ztest_full_sym(herm, uplo, ka, A, lda),
                   *Bd = ztest_op(HETLA_NO_TRANS, m, n, B, ldb);
    hetla_zcomplex *C0 = zcmat(m, n, ldc, beta), *C = ztest_copy(C0, lc), *Cc = ztest_copy(C0, lc);
    hetla_zcomplex *Cw = ztest_copy(C0, lc);
    if (!(m == 0 || n == 0 || (alpha == 0 && beta == 1)))
        ztest_gemm(m, n, ka, alpha, left ? S : Bd, left ? Bd : S, beta, C0, Cw, ldc);
#if defined(COMPLEX)
    if (!herm) {
        hetla__generic_zsymm(side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
        cblas_zsymm(CblasColMajor, CB_SIDE(side), CB_UPLO(uplo), m, n, CB(alpha), A, lda, B, ldb,
                    CB(beta), Cc, ldc);
    } else
#endif
    {
        hetla__generic_zhemm(side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
        cblas_zhemm(CblasColMajor, CB_SIDE(side), CB_UPLO(uplo), m, n, CB(alpha), A, lda, B, ldb,
                    CB(beta), Cc, ldc);
    }
    test_real scale = (cabs(alpha) * ztest_norm(ka, ka, S, ka) * ztest_norm(m, n, B, ldb) +
                       (beta == 0 ? 0 : cabs(beta) * ztest_norm(m, n, C0, ldc))) *
                      zmax1(ka);
    test_real res = test_max(ztest_resid(lc, C, Cw, scale), ztest_resid(lc, C, Cc, scale));
    test_case(r, res, "side=%c uplo=%c m=%lld n=%lld scalars#%d", test_side_char(side),
              test_uplo_char(uplo), (long long)m, (long long)n, sc);
    test_free_all();
}

static void zsymm_all(test_result *r, bool herm)
{
    for (size_t s = 0; s < 2; s++)
        for (size_t u = 0; u < 2; u++)
            for (size_t i = 0; i < COUNT(dims); i++)
                for (size_t j = 0; j < COUNT(dims); j++)
                    for (int sc = 0; sc < 4; sc++)
                        zsymm_case(r, herm, sides[s], uplos[u], dims[i], dims[j], sc);
}

void test_zhemm(test_result *r) { zsymm_all(r, true); }

/* Rank-k (B = NULL) and rank-2k updates of one triangle of C:
 * herm: alpha A A^H + beta C, alpha A B^H + conj(alpha) B A^H + beta C
 * (real beta, and real alpha for rank k); else the same with ^T. */
static void zsyrk_case(test_result *r, bool herm, bool two, hetla_uplo uplo, hetla_trans trans,
                       hetla_int n, hetla_int k, int sc)
{
    hetla_zcomplex alpha, beta;
    zscalars(sc, &alpha, &beta);
    /* hermitian updates take a real beta, and a real alpha for rank k */
    beta = herm ? creal(beta) : beta;
    alpha = herm && !two ? creal(alpha) : alpha;
    bool notrans = trans == HETLA_NO_TRANS;
    hetla_int ar = notrans ? n : k, ac = notrans ? k : n, lda = ar + 1, ldb = ar + 2, ldc = n + 2;
    size_t lc = (size_t)(ldc * n + 1);
    hetla_zcomplex *A = ztest_matrix(ar, ac, lda), *B = two ? ztest_matrix(ar, ac, ldb) : A;
    if (alpha == 0) /* A and B must not be read */
        ztest_fill_nan(A, (size_t)(lda * ac)), ztest_fill_nan(B, (size_t)((two ? ldb : lda) * ac));
    hetla_zcomplex *C0 = zcmat(n, n, ldc, beta), *C = ztest_copy(C0, lc), *Cc = ztest_copy(C0, lc);
    hetla_zcomplex *Cw = ztest_copy(C0, lc), *P = ztest_copy(C0, lc);
    /* P = alpha op(A) op(B)^* + alpha2 op(B) op(A)^* + beta C0 in full */
    hetla_trans star = herm ? HETLA_CONJ_TRANS : HETLA_TRANS;
    hetla_zcomplex *Ao = ztest_op(trans, ar, ac, A, lda),
                   *Bo = ztest_op(trans, ar, ac, B, two ? ldb : lda);
    hetla_zcomplex alpha2 = herm ? conj(alpha) : alpha;
    ztest_gemm(n, n, k, alpha, Ao, ztest_op(star, n, k, Bo, n), beta, C0, P, ldc);
    if (two) {
        hetla_zcomplex *Q = ztest_copy(P, lc);
        ztest_gemm(n, n, k, alpha2, Bo, ztest_op(star, n, k, Ao, n), 1, Q, P, ldc);
    }
    if (!(n == 0 || ((alpha == 0 || k == 0) && beta == 1)))
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = uplo == HETLA_UPPER ? 0 : j; i < (uplo == HETLA_UPPER ? j + 1 : n);
                 i++)
                Cw[i + j * ldc] = herm && i == j ? creal(P[i + j * ldc]) : P[i + j * ldc];
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    enum CBLAS_TRANSPOSE t = CB_TRANS(trans);
    double ra = creal(alpha), rb = creal(beta);
#if defined(COMPLEX)
    if (!herm && !two) {
        hetla__generic_zsyrk(uplo, trans, n, k, alpha, A, lda, beta, C, ldc);
        cblas_zsyrk(CblasColMajor, u, t, n, k, CB(alpha), A, lda, CB(beta), Cc, ldc);
    } else if (!herm) {
        hetla__generic_zsyr2k(uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
        cblas_zsyr2k(CblasColMajor, u, t, n, k, CB(alpha), A, lda, B, ldb, CB(beta), Cc, ldc);
    } else
#endif
        if (!two) {
        hetla__generic_zherk(uplo, trans, n, k, ra, A, lda, rb, C, ldc);
        cblas_zherk(CblasColMajor, u, t, n, k, ra, A, lda, rb, Cc, ldc);
    } else {
        hetla__generic_zher2k(uplo, trans, n, k, alpha, A, lda, B, ldb, rb, C, ldc);
        cblas_zher2k(CblasColMajor, u, t, n, k, CB(alpha), A, lda, B, ldb, rb, Cc, ldc);
    }
    test_real scale = ((two ? 2 : 1) * cabs(alpha) * ztest_norm(ar, ac, A, lda) *
                           ztest_norm(ar, ac, B, two ? ldb : lda) +
                       (beta == 0 ? 0 : cabs(beta) * ztest_norm(n, n, C0, ldc))) *
                      zmax1(k);
    test_real res = test_max(ztest_resid(lc, C, Cw, scale), ztest_resid(lc, C, Cc, scale));
    test_case(r, res, "uplo=%c %c n=%lld k=%lld scalars#%d", test_uplo_char(uplo),
              ztest_trans_char(trans), (long long)n, (long long)k, sc);
    test_free_all();
}

static void zsyrk_all(test_result *r, bool herm, bool two)
{
    /* hermitian: N and C; complex symmetric: N and T; real: all three */
#if defined(COMPLEX)
    const hetla_trans ts[] = {HETLA_NO_TRANS, herm ? HETLA_CONJ_TRANS : HETLA_TRANS};
#else
    const hetla_trans ts[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
#endif
    for (size_t u = 0; u < 2; u++)
        for (size_t t = 0; t < COUNT(ts); t++)
            for (size_t i = 0; i < COUNT(dims); i++)
                for (size_t l = 0; l < COUNT(dims); l++)
                    for (int sc = 0; sc < 4; sc++)
                        zsyrk_case(r, herm, two, uplos[u], ts[t], dims[i], dims[l], sc);
}

void test_zherk(test_result *r) { zsyrk_all(r, true, false); }
void test_zher2k(test_result *r) { zsyrk_all(r, true, true); }

/* B := alpha op(T) B or alpha B op(T) (solve = false), or the solve
 * op(T) X = alpha B / X op(T) = alpha B, checked by backward error;
 * alpha = 0 must zero B without reading it (B is NaN then). */
static void ztrm_case(test_result *r, bool solve, hetla_side side, hetla_uplo uplo,
                      hetla_trans trans, hetla_diag diag, hetla_int m, hetla_int n, int sc)
{
    hetla_zcomplex alpha = sc == 0 ? ztest_rand() : sc == 1 ? 0 : 1;
    bool left = side == HETLA_LEFT;
    hetla_int ka = left ? m : n, lda = ka + 2, ldb = m + 1;
    size_t lb = (size_t)(ldb * n + 1);
    hetla_zcomplex *A = ztest_triangle(uplo, ka, lda);
    if (solve)
        ztest_condition(uplo, ka, A, lda);
    for (hetla_int j = 0; j < ka && diag == HETLA_UNIT; j++)
        A[j + j * lda] = ztest_nan();
    if (alpha == 0) /* B is zeroed without reading A */
        ztest_fill_nan(A, (size_t)(lda * ka));
    hetla_zcomplex *T = ztest_op(trans, ka, ka, ztest_full_tri(uplo, diag, ka, A, lda), ka);
    hetla_zcomplex *B0 = alpha == 0 ? ztest_nans(lb) : ztest_matrix(m, n, ldb);
    hetla_zcomplex *B = ztest_copy(B0, lb), *Bc = ztest_copy(B0, lb);
    enum CBLAS_SIDE s = CB_SIDE(side);
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    enum CBLAS_TRANSPOSE t = CB_TRANS(trans);
    enum CBLAS_DIAG d = CB_DIAG(diag);
    if (solve) {
        hetla__generic_ztrsm(side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
        cblas_ztrsm(CblasColMajor, s, u, t, d, m, n, CB(alpha), A, lda, Bc, ldb);
    } else {
        hetla__generic_ztrmm(side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
        cblas_ztrmm(CblasColMajor, s, u, t, d, m, n, CB(alpha), A, lda, Bc, ldb);
    }
    test_real tn = ztest_norm(ka, ka, T, ka), res;
    hetla_zcomplex *Bw = ztest_copy(B0, lb);
    if (alpha == 0) {
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < m; i++)
                Bw[i + j * ldb] = 0;
        res = ztest_resid(lb, B, Bw, 1);
    } else if (solve) {
        /* op(T) X (or X op(T)) against alpha B, in place of the B0 entries */
        hetla_zcomplex *X = ztest_op(HETLA_NO_TRANS, m, n, B, ldb), *P = ztest_copy(B0, lb);
        ztest_gemm(m, n, ka, 1, left ? T : X, left ? X : T, 0, P, P, ldb);
        for (hetla_int j = 0; j < n; j++)
            for (hetla_int i = 0; i < m; i++)
                Bw[i + j * ldb] *= alpha;
        test_real xn = ztest_norm(m, n, X, m);
        res =
            ztest_resid(lb, P, Bw, (tn * xn + cabs(alpha) * ztest_norm(m, n, B0, ldb)) * zmax1(ka));
        res = test_max(res, ztest_resid(lb, B, Bc, xn * zmax1(ka)));
    } else {
        hetla_zcomplex *Bd = ztest_op(HETLA_NO_TRANS, m, n, B0, ldb);
        ztest_gemm(m, n, ka, alpha, left ? T : Bd, left ? Bd : T, 0, Bw, Bw, ldb);
        test_real scale = cabs(alpha) * tn * ztest_norm(m, n, B0, ldb) * zmax1(ka);
        res = test_max(ztest_resid(lb, B, Bw, scale), ztest_resid(lb, B, Bc, scale));
    }
    if (alpha == 0)
        res = test_max(res, ztest_resid(lb, B, Bc, 1));
    test_case(r, res, "side=%c uplo=%c %c diag=%c m=%lld n=%lld alpha#%d", test_side_char(side),
              test_uplo_char(uplo), ztest_trans_char(trans), test_diag_char(diag), (long long)m,
              (long long)n, sc);
    test_free_all();
}

static void ztrm_all(test_result *r, bool solve)
{
    for (size_t s = 0; s < 2; s++)
        for (size_t u = 0; u < 2; u++)
            for (size_t t = 0; t < 3; t++)
                for (size_t d = 0; d < 2; d++)
                    for (size_t i = 0; i < COUNT(dims); i++)
                        for (size_t j = 0; j < COUNT(dims); j++)
                            for (int sc = 0; sc < 3; sc++)
                                ztrm_case(r, solve, sides[s], uplos[u], transes[t], diags[d],
                                          dims[i], dims[j], sc);
}

void test_ztrmm(test_result *r) { ztrm_all(r, false); }
void test_ztrsm(test_result *r) { ztrm_all(r, true); }

#if defined(COMPLEX)
void test_zsymm(test_result *r) { zsymm_all(r, false); }
void test_zsyrk(test_result *r) { zsyrk_all(r, false, false); }
void test_zsyr2k(test_result *r) { zsyrk_all(r, false, true); }
#endif
