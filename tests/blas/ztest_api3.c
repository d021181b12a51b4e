/* Tests of the synchronous level-3 calls of one precision, written for z:
 * each routine through the public API on the context under test, against
 * CBLAS on the same inputs in the same layout (row- and column-major),
 * with NaN in padding rows, in unreferenced triangles and diagonals and in
 * C when beta = 0; sizes 0, 1, 2, 7, 33, 65, and sizes just large enough
 * to run tiled (tiles of 256 not dividing them); then every bad argument.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <stdio.h>
#include <string.h>

#include "ztest_api3.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

static const hetla_int dims[] = {0, 1, 2, 7, 33};
static const hetla_layout layouts[] = {HETLA_COL_MAJOR, HETLA_ROW_MAJOR};
static const hetla_trans transes[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
static const hetla_uplo uplos[] = {HETLA_UPPER, HETLA_LOWER};
static const hetla_side sides[] = {HETLA_LEFT, HETLA_RIGHT};
static const hetla_diag diags[] = {HETLA_NON_UNIT, HETLA_UNIT};

/* ---- helpers (ztest_api3.h) ------------------------------------------------- */

void ztest_api3_scalars(int c, hetla_zcomplex *alpha, hetla_zcomplex *beta)
{
    *alpha = c == 2 || c >= 4 ? 0 : c == 3 ? 1 : ztest_rand();
    *beta = c == 1 ? 0 : c == 3 || c == 4 ? 1 : ztest_rand();
}

void ztest_api3_poison(int c, int nin, hetla_zcomplex *const *in, hetla_zcomplex *const *in0, const size_t *lens)
{
    for (int i = 0; i < nin && c == 5; i++)
        for (size_t l = 0; l < lens[i]; l++)
            in[i][l] = in0[i][l] = ztest_nan();
}

hetla_int ztest_api3_ld(hetla_layout lay, hetla_int m, hetla_int n, hetla_int pad)
{
    hetla_int rows = lay == HETLA_COL_MAJOR ? m : n;
    return (rows > 1 ? rows : 1) + pad;
}

size_t ztest_api3_len(hetla_layout lay, hetla_int m, hetla_int n, hetla_int ld)
{
    return (size_t)(ld * (lay == HETLA_COL_MAJOR ? n : m));
}

hetla_zcomplex *ztest_api3_matrix(hetla_layout lay, hetla_int m, hetla_int n, hetla_int ld, bool nan)
{
    if (nan)
        return ztest_nans(ztest_api3_len(lay, m, n, ld) + 1);
    return lay == HETLA_COL_MAJOR ? ztest_matrix(m, n, ld) : ztest_matrix(n, m, ld);
}

test_real ztest_api3_norm(hetla_layout lay, hetla_int m, hetla_int n, const hetla_zcomplex *A, hetla_int ld)
{
    return lay == HETLA_COL_MAJOR ? ztest_norm(m, n, A, ld) : ztest_norm(n, m, A, ld);
}

hetla_zcomplex *ztest_api3_triangle(hetla_layout lay, hetla_uplo uplo, hetla_diag diag, bool solve, hetla_int n,
                                    hetla_int ld)
{
    /* a row-major triangle is stored as the other triangle of A^T */
    hetla_uplo stored = lay == HETLA_COL_MAJOR ? uplo : api3_flip(uplo);
    hetla_zcomplex *A = ztest_triangle(stored, n, ld);
    if (solve)
        ztest_condition(stored, n, A, ld);
    for (hetla_int j = 0; j < n && diag == HETLA_UNIT; j++)
        A[j + j * ld] = ztest_nan();
    return A;
}

test_real ztest_api3_resid(hetla_status s, size_t len, const hetla_zcomplex *got, const hetla_zcomplex *want,
                           test_real scale, int nin, hetla_zcomplex *const *in, hetla_zcomplex *const *in0,
                           const size_t *lens)
{
    if (s != HETLA_SUCCESS) {
        fprintf(stderr, "  call failed: %s\n", hetla_error_detail());
        return INFINITY;
    }
    for (int i = 0; i < nin; i++)
        if (lens[i] && memcmp(in[i], in0[i], lens[i] * sizeof *in[i]) != 0)
            return INFINITY;
    return ztest_resid(len, got, want, scale);
}

void ztest_api3_expect_arg(test_result *r, hetla_status s, int pos, const hetla_zcomplex *out,
                           const hetla_zcomplex *out0, size_t len, const char *what)
{
    int got = hetla_error_arg();
    bool ok = s == HETLA_ERR_ARG && got == pos && memcmp(out, out0, len * sizeof *out) == 0;
    test_case(r, ok ? 0 : INFINITY, "%s: status %d, argument %d named, want %d (%s)", what, (int)s, got, pos,
              hetla_error_detail());
}

/* ---- GEMM ------------------------------------------------------------------------ */

static void zgemm_case(test_result *r, hetla_context *ctx, hetla_layout lay, hetla_trans ta, hetla_trans tb,
                       hetla_int m, hetla_int n, hetla_int k, int sc)
{
    hetla_zcomplex alpha, beta;
    ztest_api3_scalars(sc, &alpha, &beta);
    bool na = ta == HETLA_NO_TRANS, nb = tb == HETLA_NO_TRANS;
    hetla_int ar = na ? m : k, ac = na ? k : m, br = nb ? k : n, bc = nb ? n : k;
    hetla_int lda = ztest_api3_ld(lay, ar, ac, 1), ldb = ztest_api3_ld(lay, br, bc, 2);
    hetla_int ldc = ztest_api3_ld(lay, m, n, 3);
    size_t lens[2] = {ztest_api3_len(lay, ar, ac, lda), ztest_api3_len(lay, br, bc, ldb)};
    size_t lc = ztest_api3_len(lay, m, n, ldc);
    hetla_zcomplex *in[2] = {ztest_api3_matrix(lay, ar, ac, lda, false), ztest_api3_matrix(lay, br, bc, ldb, false)};
    hetla_zcomplex *in0[2] = {ztest_copy(in[0], lens[0]), ztest_copy(in[1], lens[1])};
    hetla_zcomplex *C0 = ztest_api3_matrix(lay, m, n, ldc, beta == 0), *C = ztest_copy(C0, lc);
    hetla_zcomplex *Cw = ztest_copy(C0, lc);
    cblas_zgemm((enum CBLAS_ORDER)lay, CB_TRANS(ta), CB_TRANS(tb), m, n, k, CB(alpha), in[0], lda, in[1], ldb,
                CB(beta), Cw, ldc);
    hetla_status s = hetla_zgemm(ctx, lay, ta, tb, m, n, k, alpha, in[0], lda, in[1], ldb, beta, C, ldc);
    test_real scale = (cabs(alpha) * ztest_api3_norm(lay, ar, ac, in[0], lda) *
                           ztest_api3_norm(lay, br, bc, in[1], ldb) +
                       cabs(beta) * ztest_api3_norm(lay, m, n, C0, ldc)) * test_max(1, k);
    test_case(r, ztest_api3_resid(s, lc, C, Cw, scale, 2, in, in0, lens), "%s %c%c m=%lld n=%lld k=%lld scalars#%d",
              api3_layout_name(lay), ztest_trans_char(ta), ztest_trans_char(tb), (long long)m, (long long)n,
              (long long)k, sc);
    test_free_all();
}

/* One call per argument position, that argument bad and the others the
 * smallest valid (a 4 x 3 C, k = 2). */
static void zgemm_bad(test_result *r, hetla_context *ctx, hetla_layout lay)
{
    static const int pos[] = {1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15};
    int col = lay == HETLA_COL_MAJOR;
    hetla_zcomplex A[16], B[16], C[16], C0[16];
    for (int i = 0; i < 16; i++)
        A[i] = B[i] = C[i] = C0[i] = ztest_rand();
    for (size_t i = 0; i < COUNT(pos); i++) {
        int p = pos[i];
        hetla_int lda = col ? 4 : 2, ldb = col ? 2 : 3, ldc = col ? 4 : 3;
        hetla_status s = hetla_zgemm(p == 1 ? NULL : ctx, p == 2 ? (hetla_layout)0 : lay,
                                     p == 3 ? (hetla_trans)0 : HETLA_NO_TRANS, p == 4 ? (hetla_trans)0 : HETLA_NO_TRANS,
                                     p == 5 ? -1 : 4, p == 6 ? -1 : 3, p == 7 ? -1 : 2, 1, p == 9 ? NULL : A,
                                     lda - (p == 10), p == 11 ? NULL : B, ldb - (p == 12), 0, p == 14 ? NULL : C,
                                     ldc - (p == 15));
        ztest_api3_expect_arg(r, s, p, C, C0, 16, api3_layout_name(lay));
    }
}

void api3_zgemm(test_result *r, hetla_context *ctx)
{
    for (size_t y = 0; y < 2; y++)
        for (size_t t = 0; t < 9; t++)
            for (size_t i = 0; i < COUNT(dims); i++)
                for (size_t j = 0; j < COUNT(dims); j++)
                    for (size_t l = 0; l < COUNT(dims); l++)
                        zgemm_case(r, ctx, layouts[y], transes[t / 3], transes[t % 3], dims[i], dims[j], dims[l],
                                   (int)((y + t + i + j + l) % 5));
    zgemm_case(r, ctx, HETLA_COL_MAJOR, HETLA_NO_TRANS, HETLA_CONJ_TRANS, 65, 33, 65, 0);
    zgemm_case(r, ctx, HETLA_COL_MAJOR, HETLA_NO_TRANS, HETLA_TRANS, 260, 200, 150, 0);
    zgemm_case(r, ctx, HETLA_ROW_MAJOR, HETLA_CONJ_TRANS, HETLA_NO_TRANS, 150, 260, 200, 1);
    zgemm_bad(r, ctx, HETLA_COL_MAJOR);
    zgemm_bad(r, ctx, HETLA_ROW_MAJOR);
}

/* ---- HEMM / SYMM ------------------------------------------------------------------- */

static hetla_status zhemm_call(hetla_context *ctx, bool herm, hetla_layout lay, hetla_side side, hetla_uplo uplo,
                               hetla_int m, hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A,
                               hetla_int lda, const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                               hetla_zcomplex *C, hetla_int ldc)
{
    (void)herm; /* real twins are symmetric only */
#if defined(COMPLEX)
    if (!herm)
        return hetla_zsymm(ctx, lay, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
#endif
    return hetla_zhemm(ctx, lay, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
}

static void zhemm_ref(bool herm, hetla_layout lay, hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n,
                      hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B,
                      hetla_int ldb, hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    enum CBLAS_ORDER o = (enum CBLAS_ORDER)lay;
    (void)herm;
#if defined(COMPLEX)
    if (!herm) {
        cblas_zsymm(o, CB_SIDE(side), CB_UPLO(uplo), m, n, CB(alpha), A, lda, B, ldb, CB(beta), C, ldc);
        return;
    }
#endif
    cblas_zhemm(o, CB_SIDE(side), CB_UPLO(uplo), m, n, CB(alpha), A, lda, B, ldb, CB(beta), C, ldc);
}

static void zhemm_case(test_result *r, hetla_context *ctx, bool herm, hetla_layout lay, hetla_side side,
                       hetla_uplo uplo, hetla_int m, hetla_int n, int sc)
{
    hetla_zcomplex alpha, beta;
    ztest_api3_scalars(sc, &alpha, &beta);
    hetla_int ka = side == HETLA_LEFT ? m : n, lda = (ka > 1 ? ka : 1) + 2;
    hetla_int ldb = ztest_api3_ld(lay, m, n, 1), ldc = ztest_api3_ld(lay, m, n, 3);
    size_t lens[2] = {(size_t)(lda * ka), ztest_api3_len(lay, m, n, ldb)}, lc = ztest_api3_len(lay, m, n, ldc);
    hetla_zcomplex *in[2] = {ztest_api3_triangle(lay, uplo, HETLA_NON_UNIT, false, ka, lda),
                             ztest_api3_matrix(lay, m, n, ldb, false)};
    hetla_zcomplex *in0[2] = {ztest_copy(in[0], lens[0]), ztest_copy(in[1], lens[1])};
    hetla_zcomplex *C0 = ztest_api3_matrix(lay, m, n, ldc, beta == 0), *C = ztest_copy(C0, lc);
    hetla_zcomplex *Cw = ztest_copy(C0, lc);
    zhemm_ref(herm, lay, side, uplo, m, n, alpha, in[0], lda, in[1], ldb, beta, Cw, ldc);
    ztest_api3_poison(sc, 2, in, in0, lens);
    hetla_status s = zhemm_call(ctx, herm, lay, side, uplo, m, n, alpha, in[0], lda, in[1], ldb, beta, C, ldc);
    test_real scale = (cabs(alpha) * 2 * ztest_norm(ka, ka, in[0], lda) * ztest_api3_norm(lay, m, n, in[1], ldb) +
                       cabs(beta) * ztest_api3_norm(lay, m, n, C0, ldc)) * test_max(1, ka);
    test_case(r, ztest_api3_resid(s, lc, C, Cw, scale, 2, in, in0, lens),
              "%s side=%d uplo=%d m=%lld n=%lld scalars#%d", api3_layout_name(lay), (int)side, (int)uplo,
              (long long)m, (long long)n, sc);
    test_free_all();
}

static void zhemm_bad(test_result *r, hetla_context *ctx, bool herm, hetla_layout lay)
{
    static const int pos[] = {1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14};
    int col = lay == HETLA_COL_MAJOR;
    hetla_zcomplex A[16], B[16], C[16], C0[16];
    for (int i = 0; i < 16; i++)
        A[i] = B[i] = C[i] = C0[i] = ztest_rand();
    for (size_t i = 0; i < COUNT(pos); i++) {
        int p = pos[i];
        hetla_int ld = col ? 4 : 3; /* m = 4, n = 3, side left: lda >= 4 */
        hetla_status s = zhemm_call(p == 1 ? NULL : ctx, herm, p == 2 ? (hetla_layout)0 : lay,
                                    p == 3 ? (hetla_side)0 : HETLA_LEFT, p == 4 ? (hetla_uplo)0 : HETLA_UPPER,
                                    p == 5 ? -1 : 4, p == 6 ? -1 : 3, 1, p == 8 ? NULL : A, 4 - (p == 9),
                                    p == 10 ? NULL : B, ld - (p == 11), 0, p == 13 ? NULL : C, ld - (p == 14));
        ztest_api3_expect_arg(r, s, p, C, C0, 16, api3_layout_name(lay));
    }
}

static void zhemm_all(test_result *r, hetla_context *ctx, bool herm)
{
    for (size_t y = 0; y < 2; y++)
        for (size_t t = 0; t < 4; t++)
            for (size_t i = 0; i < COUNT(dims); i++)
                for (size_t j = 0; j < COUNT(dims); j++)
                    zhemm_case(r, ctx, herm, layouts[y], sides[t / 2], uplos[t % 2], dims[i], dims[j],
                               (int)((y + t + i + j) % 5));
    zhemm_case(r, ctx, herm, HETLA_COL_MAJOR, HETLA_RIGHT, HETLA_LOWER, 33, 65, 0);
    zhemm_case(r, ctx, herm, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_UPPER, 260, 110, 0);
    zhemm_case(r, ctx, herm, HETLA_ROW_MAJOR, HETLA_RIGHT, HETLA_LOWER, 110, 260, 1);
    zhemm_case(r, ctx, herm, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_LOWER, 7, 33, 5);
    zhemm_case(r, ctx, herm, HETLA_ROW_MAJOR, HETLA_RIGHT, HETLA_UPPER, 33, 7, 5);
    zhemm_bad(r, ctx, herm, HETLA_COL_MAJOR);
    zhemm_bad(r, ctx, herm, HETLA_ROW_MAJOR);
}

void api3_zhemm(test_result *r, hetla_context *ctx) { zhemm_all(r, ctx, true); }

/* ---- HERK / SYRK, HER2K / SYR2K ---------------------------------------------------- */

/* The hermitian routines (and the real ones) take a real beta, herk a real
 * alpha too. */
static void zrank_scalars(int sc, bool herm, bool two, hetla_zcomplex *alpha, hetla_zcomplex *beta)
{
    ztest_api3_scalars(sc, alpha, beta);
    if (herm)
        *beta = creal(*beta);
    if (herm && !two)
        *alpha = creal(*alpha);
}

static hetla_status zrank_call(hetla_context *ctx, bool herm, bool two, hetla_layout lay, hetla_uplo uplo,
                               hetla_trans trans, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                               const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B, hetla_int ldb,
                               hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    (void)herm;
#if defined(COMPLEX)
    if (!herm && !two)
        return hetla_zsyrk(ctx, lay, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);
    if (!herm)
        return hetla_zsyr2k(ctx, lay, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
#endif
    if (!two)
        return hetla_zherk(ctx, lay, uplo, trans, n, k, creal(alpha), A, lda, creal(beta), C, ldc);
    return hetla_zher2k(ctx, lay, uplo, trans, n, k, alpha, A, lda, B, ldb, creal(beta), C, ldc);
}

static void zrank_ref(bool herm, bool two, hetla_layout lay, hetla_uplo uplo, hetla_trans trans, hetla_int n,
                      hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                      const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc)
{
    enum CBLAS_ORDER o = (enum CBLAS_ORDER)lay;
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    enum CBLAS_TRANSPOSE t = CB_TRANS(trans);
    (void)herm;
#if defined(COMPLEX)
    if (!herm && !two) {
        cblas_zsyrk(o, u, t, n, k, CB(alpha), A, lda, CB(beta), C, ldc);
        return;
    }
    if (!herm) {
        cblas_zsyr2k(o, u, t, n, k, CB(alpha), A, lda, B, ldb, CB(beta), C, ldc);
        return;
    }
#endif
    if (!two)
        cblas_zherk(o, u, t, n, k, creal(alpha), A, lda, creal(beta), C, ldc);
    else
        cblas_zher2k(o, u, t, n, k, CB(alpha), A, lda, B, ldb, creal(beta), C, ldc);
}

static void zrank_case(test_result *r, hetla_context *ctx, bool herm, bool two, hetla_layout lay, hetla_uplo uplo,
                       hetla_trans trans, hetla_int n, hetla_int k, int sc)
{
    hetla_zcomplex alpha, beta;
    zrank_scalars(sc, herm, two, &alpha, &beta);
    bool nt = trans == HETLA_NO_TRANS;
    hetla_int ar = nt ? n : k, ac = nt ? k : n;
    hetla_int lda = ztest_api3_ld(lay, ar, ac, 1), ldb = ztest_api3_ld(lay, ar, ac, 2);
    hetla_int ldc = ztest_api3_ld(lay, n, n, 2);
    size_t lens[2] = {ztest_api3_len(lay, ar, ac, lda), ztest_api3_len(lay, ar, ac, ldb)};
    size_t lc = ztest_api3_len(lay, n, n, ldc);
    hetla_zcomplex *in[2] = {ztest_api3_matrix(lay, ar, ac, lda, false), ztest_api3_matrix(lay, ar, ac, ldb, false)};
    hetla_zcomplex *in0[2] = {ztest_copy(in[0], lens[0]), ztest_copy(in[1], lens[1])};
    hetla_zcomplex *C0 = ztest_api3_matrix(lay, n, n, ldc, beta == 0), *C = ztest_copy(C0, lc);
    hetla_zcomplex *Cw = ztest_copy(C0, lc);
    zrank_ref(herm, two, lay, uplo, trans, n, k, alpha, in[0], lda, in[1], ldb, beta, Cw, ldc);
    ztest_api3_poison(sc, 2, in, in0, lens);
    hetla_status s = zrank_call(ctx, herm, two, lay, uplo, trans, n, k, alpha, in[0], lda, in[1], ldb, beta, C, ldc);
    test_real an = ztest_api3_norm(lay, ar, ac, in[0], lda), bn = two ? ztest_api3_norm(lay, ar, ac, in[1], ldb) : an;
    test_real scale = ((two ? 2 : 1) * cabs(alpha) * an * bn + cabs(beta) * ztest_api3_norm(lay, n, n, C0, ldc)) *
                      test_max(1, k);
    test_case(r, ztest_api3_resid(s, lc, C, Cw, scale, two ? 2 : 1, in, in0, lens),
              "%s uplo=%d %c n=%lld k=%lld scalars#%d", api3_layout_name(lay), (int)uplo, ztest_trans_char(trans),
              (long long)n, (long long)k, sc);
    test_free_all();
}

static void zrank_bad(test_result *r, hetla_context *ctx, bool herm, bool two, hetla_layout lay)
{
    static const int pos2[] = {1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14}, pos1[] = {1, 2, 3, 4, 5, 6, 8, 9, 11, 12};
    int col = lay == HETLA_COL_MAJOR, cpos = two ? 13 : 11;
    hetla_zcomplex A[16], B[16], C[16], C0[16];
    for (int i = 0; i < 16; i++)
        A[i] = B[i] = C[i] = C0[i] = ztest_rand();
    for (size_t i = 0; i < (two ? COUNT(pos2) : COUNT(pos1)); i++) {
        int p = two ? pos2[i] : pos1[i];
        hetla_int lda = col ? 3 : 2; /* n = 3, k = 2, no transposition */
        hetla_status s = zrank_call(p == 1 ? NULL : ctx, herm, two, p == 2 ? (hetla_layout)0 : lay,
                                    p == 3 ? (hetla_uplo)0 : HETLA_LOWER, p == 4 ? (hetla_trans)0 : HETLA_NO_TRANS,
                                    p == 5 ? -1 : 3, p == 6 ? -1 : 2, 1, p == 8 ? NULL : A, lda - (p == 9),
                                    two && p == 10 ? NULL : B, lda - (two && p == 11), 0, p == cpos ? NULL : C,
                                    3 - (p == cpos + 1));
        ztest_api3_expect_arg(r, s, p, C, C0, 16, api3_layout_name(lay));
    }
#if defined(COMPLEX)
    /* complex routines take only their own transpose */
    hetla_trans other = herm ? HETLA_TRANS : HETLA_CONJ_TRANS;
    hetla_status s = zrank_call(ctx, herm, two, lay, HETLA_LOWER, other, 3, 2, 1, A, 3, B, 3, 0, C, 3);
    ztest_api3_expect_arg(r, s, 4, C, C0, 16, "the other transpose");
#endif
}

static void zrank_all(test_result *r, hetla_context *ctx, bool herm, bool two)
{
    /* hermitian: N and C; complex symmetric: N and T; real: all three */
#if defined(COMPLEX)
    const hetla_trans ts[] = {HETLA_NO_TRANS, herm ? HETLA_CONJ_TRANS : HETLA_TRANS};
#else
    const hetla_trans ts[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
#endif
    for (size_t y = 0; y < 2; y++)
        for (size_t u = 0; u < 2; u++)
            for (size_t t = 0; t < COUNT(ts); t++)
                for (size_t i = 0; i < COUNT(dims); i++)
                    for (size_t l = 0; l < COUNT(dims); l++)
                        zrank_case(r, ctx, herm, two, layouts[y], uplos[u], ts[t], dims[i], dims[l],
                                   (int)((y + u + t + i + l) % 5));
    zrank_case(r, ctx, herm, two, HETLA_ROW_MAJOR, HETLA_UPPER, ts[1], 65, 33, 0);
    zrank_case(r, ctx, herm, two, HETLA_COL_MAJOR, HETLA_LOWER, HETLA_NO_TRANS, 260, two ? 110 : 220, 0);
    zrank_case(r, ctx, herm, two, HETLA_ROW_MAJOR, HETLA_UPPER, ts[1], 270, two ? 100 : 200, 1);
    zrank_case(r, ctx, herm, two, HETLA_COL_MAJOR, HETLA_LOWER, ts[1], 33, 7, 5);
    zrank_case(r, ctx, herm, two, HETLA_ROW_MAJOR, HETLA_UPPER, HETLA_NO_TRANS, 7, 33, 5);
    zrank_bad(r, ctx, herm, two, HETLA_COL_MAJOR);
    zrank_bad(r, ctx, herm, two, HETLA_ROW_MAJOR);
}

void api3_zherk(test_result *r, hetla_context *ctx) { zrank_all(r, ctx, true, false); }
void api3_zher2k(test_result *r, hetla_context *ctx) { zrank_all(r, ctx, true, true); }

/* ---- TRMM, TRSM -------------------------------------------------------------------- */

static hetla_status ztrxm_call(hetla_context *ctx, bool solve, hetla_layout lay, hetla_side side, hetla_uplo uplo,
                               hetla_trans trans, hetla_diag diag, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                               const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B, hetla_int ldb)
{
    return solve ? hetla_ztrsm(ctx, lay, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb)
                 : hetla_ztrmm(ctx, lay, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);
}

/* Solves are compared by forward error: the triangles are well
 * conditioned, so it stays within a small multiple of n eps ||X||. */
static void ztrxm_case(test_result *r, hetla_context *ctx, bool solve, hetla_layout lay, hetla_side side,
                       hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int m, hetla_int n, int sc)
{
    hetla_zcomplex alpha = sc == 0 ? ztest_rand() : sc == 2 ? 1 : 0; /* 3: A must not be read either */
    hetla_int ka = side == HETLA_LEFT ? m : n, lda = (ka > 1 ? ka : 1) + 1, ldb = ztest_api3_ld(lay, m, n, 2);
    size_t lens[1] = {(size_t)(lda * ka)}, lb = ztest_api3_len(lay, m, n, ldb);
    hetla_zcomplex *in[1] = {ztest_api3_triangle(lay, uplo, diag, solve, ka, lda)};
    hetla_zcomplex *in0[1] = {ztest_copy(in[0], lens[0])};
    hetla_zcomplex *B0 = ztest_api3_matrix(lay, m, n, ldb, alpha == 0), *B = ztest_copy(B0, lb);
    hetla_zcomplex *Bw = ztest_copy(B0, lb);
    enum CBLAS_ORDER o = (enum CBLAS_ORDER)lay;
    if (solve)
        cblas_ztrsm(o, CB_SIDE(side), CB_UPLO(uplo), CB_TRANS(trans), CB_DIAG(diag), m, n, CB(alpha), in[0], lda, Bw,
                    ldb);
    else
        cblas_ztrmm(o, CB_SIDE(side), CB_UPLO(uplo), CB_TRANS(trans), CB_DIAG(diag), m, n, CB(alpha), in[0], lda, Bw,
                    ldb);
    ztest_api3_poison(sc == 3 ? 5 : 0, 1, in, in0, lens);
    hetla_status s = ztrxm_call(ctx, solve, lay, side, uplo, trans, diag, m, n, alpha, in[0], lda, B, ldb);
    test_real tn = ztest_norm(ka, ka, in[0], lda) + (diag == HETLA_UNIT ? sqrt((test_real)ka) : 0);
    test_real scale = solve ? ztest_api3_norm(lay, m, n, Bw, ldb)
                            : cabs(alpha) * tn * ztest_api3_norm(lay, m, n, B0, ldb);
    test_case(r, ztest_api3_resid(s, lb, B, Bw, scale * test_max(1, ka), 1, in, in0, lens),
              "%s side=%d uplo=%d %c diag=%d m=%lld n=%lld alpha#%d", api3_layout_name(lay), (int)side, (int)uplo,
              ztest_trans_char(trans), (int)diag, (long long)m, (long long)n, sc);
    test_free_all();
}

static void ztrxm_bad(test_result *r, hetla_context *ctx, bool solve, hetla_layout lay)
{
    static const int pos[] = {1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13};
    hetla_zcomplex A[16], B[16], B0[16];
    for (int i = 0; i < 16; i++)
        A[i] = B[i] = B0[i] = ztest_rand();
    for (size_t i = 0; i < COUNT(pos); i++) {
        int p = pos[i];
        hetla_int ldb = lay == HETLA_COL_MAJOR ? 4 : 3; /* m = 4, n = 3, side left: lda >= 4 */
        hetla_status s = ztrxm_call(p == 1 ? NULL : ctx, solve, p == 2 ? (hetla_layout)0 : lay,
                                    p == 3 ? (hetla_side)0 : HETLA_LEFT, p == 4 ? (hetla_uplo)0 : HETLA_UPPER,
                                    p == 5 ? (hetla_trans)0 : HETLA_NO_TRANS, p == 6 ? (hetla_diag)0 : HETLA_UNIT,
                                    p == 7 ? -1 : 4, p == 8 ? -1 : 3, 1, p == 10 ? NULL : A, 4 - (p == 11),
                                    p == 12 ? NULL : B, ldb - (p == 13));
        ztest_api3_expect_arg(r, s, p, B, B0, 16, api3_layout_name(lay));
    }
}

static void ztrxm_all(test_result *r, hetla_context *ctx, bool solve)
{
    for (size_t y = 0; y < 2; y++)
        for (size_t f = 0; f < 24; f++) /* side, uplo, trans, diag */
            for (size_t i = 0; i < COUNT(dims); i++)
                for (size_t j = 0; j < COUNT(dims); j++)
                    ztrxm_case(r, ctx, solve, layouts[y], sides[f / 12], uplos[f / 6 % 2], transes[f / 2 % 3],
                               diags[f % 2], dims[i], dims[j], (int)((y + f + i + j) % 3));
    ztrxm_case(r, ctx, solve, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_LOWER, HETLA_CONJ_TRANS, HETLA_UNIT, 65, 7, 0);
    ztrxm_case(r, ctx, solve, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_UPPER, HETLA_NO_TRANS, HETLA_NON_UNIT, 260, 220, 0);
    ztrxm_case(r, ctx, solve, HETLA_ROW_MAJOR, HETLA_RIGHT, HETLA_LOWER, HETLA_TRANS, HETLA_UNIT, 220, 260, 0);
    ztrxm_case(r, ctx, solve, HETLA_COL_MAJOR, HETLA_RIGHT, HETLA_UPPER, HETLA_CONJ_TRANS, HETLA_NON_UNIT, 7, 33, 3);
    ztrxm_case(r, ctx, solve, HETLA_ROW_MAJOR, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_UNIT, 33, 7, 3);
    ztrxm_bad(r, ctx, solve, HETLA_COL_MAJOR);
    ztrxm_bad(r, ctx, solve, HETLA_ROW_MAJOR);
}

void api3_ztrmm(test_result *r, hetla_context *ctx) { ztrxm_all(r, ctx, false); }
void api3_ztrsm(test_result *r, hetla_context *ctx) { ztrxm_all(r, ctx, true); }

#if defined(COMPLEX)
void api3_zsymm(test_result *r, hetla_context *ctx) { zhemm_all(r, ctx, false); }
void api3_zsyrk(test_result *r, hetla_context *ctx) { zrank_all(r, ctx, false, false); }
void api3_zsyr2k(test_result *r, hetla_context *ctx) { zrank_all(r, ctx, false, true); }
#endif
