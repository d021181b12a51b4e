/* Tests of the level-2 GENERIC kernels of one precision, written for z:
 * each against a dense naive product built from the stored operand, and
 * against CBLAS. Padding, gaps and unreferenced triangles hold NaN, so a
 * kernel that reads or writes them fails.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_util.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

static const hetla_int ns[] = {0, 1, 7, 33};
static const hetla_int incpairs[][2] = {{1, 1}, {-2, 3}, {3, -1}};
static const hetla_trans transes[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
static const hetla_uplo uplos[] = {HETLA_UPPER, HETLA_LOWER};
static const hetla_diag diags[] = {HETLA_NON_UNIT, HETLA_UNIT};

/* (alpha, beta): general, beta = 0 (y is NaN on entry), alpha = 0, both 1 */
static void zscalars(int c, hetla_zcomplex *alpha, hetla_zcomplex *beta)
{
    *alpha = c == 2 ? 0 : c == 3 ? 1 : ztest_rand();
    *beta = c == 1 ? 0 : c == 3 ? 1 : ztest_rand();
}

/* y0 for y := alpha M x + beta y0: NaN when beta = 0, which must not leak */
static hetla_zcomplex *zyvec(hetla_int n, hetla_int inc, hetla_zcomplex beta)
{
    return beta == 0 ? ztest_nans(ztest_vlen(n, inc)) : ztest_vector(n, inc);
}

/* Expected y (storage of y0 with entries replaced) for y := alpha M x + beta y0
 * with a dense rows-by-cols M; unchanged on the BLAS's quick return. */
static hetla_zcomplex *zwant_mv(bool quick, hetla_int rows, hetla_int cols, hetla_zcomplex alpha,
                                const hetla_zcomplex *M, const hetla_zcomplex *x, hetla_int incx,
                                hetla_zcomplex beta, const hetla_zcomplex *y0, hetla_int incy)
{
    hetla_zcomplex *yw = ztest_copy(y0, ztest_vlen(rows, incy));
    if (quick)
        return yw;
    hetla_zcomplex *xv = ztest_gather(cols, x, incx), *y0v = ztest_gather(rows, y0, incy);
    hetla_zcomplex *yv = test_alloc((size_t)(rows + 1) * sizeof *yv);
    ztest_gemm(rows, 1, cols, alpha, M, xv, beta, y0v, yv, rows);
    ztest_scatter(rows, yv, yw, incy);
    return yw;
}

static void zgemv_case(test_result *r, bool band, hetla_trans trans, hetla_int m, hetla_int n,
                       hetla_int kl, hetla_int ku, const hetla_int inc[2], int sc)
{
    hetla_zcomplex alpha, beta;
    zscalars(sc, &alpha, &beta);
    hetla_int lda = m + 2, ldab = kl + ku + 2, incx = inc[0], incy = inc[1];
    hetla_zcomplex *A = ztest_matrix(m, n, lda);
    hetla_zcomplex *AB = band ? ztest_to_gband(m, n, kl, ku, A, lda, ldab) : NULL;
    bool notrans = trans == HETLA_NO_TRANS;
    hetla_int leny = notrans ? m : n, lenx = notrans ? n : m;
    hetla_zcomplex *x = ztest_vector(lenx, incx), *y0 = zyvec(leny, incy, beta);
    hetla_zcomplex *Ause = band ? AB : ztest_copy(A, (size_t)(lda * n + 1));
    if (alpha == 0) /* A and x must not be read */
        ztest_fill_nan(Ause, (size_t)((band ? ldab : lda) * n)),
            ztest_fill_nan(x, ztest_vlen(lenx, incx));
    size_t ly = ztest_vlen(leny, incy);
    hetla_zcomplex *y = ztest_copy(y0, ly), *yc = ztest_copy(y0, ly);
    bool quick = m == 0 || n == 0 || (alpha == 0 && beta == 1);
    hetla_zcomplex *yw =
        zwant_mv(quick, leny, lenx, alpha, ztest_op(trans, m, n, A, lda), x, incx, beta, y0, incy);
    if (band) {
        hetla__generic_zgbmv(trans, m, n, kl, ku, alpha, Ause, ldab, x, incx, beta, y, incy);
        cblas_zgbmv(CblasColMajor, CB_TRANS(trans), m, n, kl, ku, CB(alpha), Ause, ldab, x, incx,
                    CB(beta), yc, incy);
    } else {
        hetla__generic_zgemv(trans, m, n, alpha, Ause, lda, x, incx, beta, y, incy);
        cblas_zgemv(CblasColMajor, CB_TRANS(trans), m, n, CB(alpha), Ause, lda, x, incx, CB(beta),
                    yc, incy);
    }
    test_real scale = (cabs(alpha) * ztest_norm(m, n, A, lda) * ztest_vnorm(lenx, x, incx) +
                       (beta == 0 ? 0 : cabs(beta) * ztest_vnorm(leny, y0, incy))) *
                      (lenx > 0 ? lenx : 1);
    test_real res = test_max(ztest_resid(ly, y, yw, scale), ztest_resid(ly, y, yc, scale));
    test_case(r, res, "%c m=%lld n=%lld kl=%lld ku=%lld incx=%lld incy=%lld scalars#%d",
              ztest_trans_char(trans), (long long)m, (long long)n, (long long)kl, (long long)ku,
              (long long)incx, (long long)incy, sc);
    test_free_all();
}

void test_zgemv(test_result *r)
{
    for (size_t t = 0; t < 3; t++)
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t b = 0; b < COUNT(ns); b++)
                for (size_t p = 0; p < COUNT(incpairs); p++)
                    for (int sc = 0; sc < 4; sc++)
                        zgemv_case(r, false, transes[t], ns[a], ns[b], 0, 0, incpairs[p], sc);
}

void test_zgbmv(test_result *r)
{
    static const hetla_int bands[][2] = {{0, 0}, {1, 2}, {3, 0}, {2, 40}};
    for (size_t t = 0; t < 3; t++)
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t b = 0; b < COUNT(ns); b++)
                for (size_t w = 0; w < COUNT(bands); w++)
                    for (int sc = 0; sc < 4; sc++)
                        zgemv_case(r, true, transes[t], ns[a], ns[b], bands[w][0], bands[w][1],
                                   incpairs[(a + b + w) % COUNT(incpairs)], sc);
}

/* storage schemes of a triangle: full, band (k off-diagonals), packed */
enum { FULL, BAND, PACKED };

/* A triangle in full storage (other triangle NaN) and its encoding in the
 * scheme; for the band, A is zeroed outside the band. */
static hetla_zcomplex *zencode(int scheme, hetla_uplo uplo, hetla_int n, hetla_int k,
                               hetla_zcomplex *A, hetla_int lda, hetla_int ldab)
{
    if (scheme == BAND)
        return ztest_to_band(uplo, n, k, A, lda, ldab);
    if (scheme == PACKED)
        return ztest_to_packed(uplo, n, A, lda);
    return A;
}

static void zhemv_case(test_result *r, int scheme, hetla_uplo uplo, hetla_int n, hetla_int k,
                       const hetla_int inc[2], int sc)
{
    hetla_zcomplex alpha, beta;
    zscalars(sc, &alpha, &beta);
    hetla_int lda = n + 1, ldab = k + 2, incx = inc[0], incy = inc[1];
    hetla_zcomplex *A = ztest_triangle(uplo, n, lda);
    hetla_zcomplex *S = zencode(scheme, uplo, n, k, A, lda, ldab);
    hetla_zcomplex *M = ztest_full_sym(true, uplo, n, A, lda);
    hetla_zcomplex *x = ztest_vector(n, incx), *y0 = zyvec(n, incy, beta);
    if (alpha == 0) { /* A and x must not be read */
        size_t ls = scheme == BAND     ? (size_t)(ldab * n)
                    : scheme == PACKED ? (size_t)(n * (n + 1) / 2)
                                       : (size_t)(lda * n);
        ztest_fill_nan(S, ls);
        ztest_fill_nan(x, ztest_vlen(n, incx));
    }
    size_t ly = ztest_vlen(n, incy);
    hetla_zcomplex *y = ztest_copy(y0, ly), *yc = ztest_copy(y0, ly);
    bool quick = n == 0 || (alpha == 0 && beta == 1);
    hetla_zcomplex *yw = zwant_mv(quick, n, n, alpha, M, x, incx, beta, y0, incy);
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    if (scheme == FULL) {
        hetla__generic_zhemv(uplo, n, alpha, S, lda, x, incx, beta, y, incy);
        cblas_zhemv(CblasColMajor, u, n, CB(alpha), S, lda, x, incx, CB(beta), yc, incy);
    } else if (scheme == BAND) {
        hetla__generic_zhbmv(uplo, n, k, alpha, S, ldab, x, incx, beta, y, incy);
        cblas_zhbmv(CblasColMajor, u, n, k, CB(alpha), S, ldab, x, incx, CB(beta), yc, incy);
    } else {
        hetla__generic_zhpmv(uplo, n, alpha, S, x, incx, beta, y, incy);
        cblas_zhpmv(CblasColMajor, u, n, CB(alpha), S, x, incx, CB(beta), yc, incy);
    }
    test_real scale = (cabs(alpha) * ztest_norm(n, n, M, n) * ztest_vnorm(n, x, incx) +
                       (beta == 0 ? 0 : cabs(beta) * ztest_vnorm(n, y0, incy))) *
                      (n > 0 ? n : 1);
    test_real res = test_max(ztest_resid(ly, y, yw, scale), ztest_resid(ly, y, yc, scale));
    test_case(r, res, "uplo=%c n=%lld k=%lld incx=%lld incy=%lld scalars#%d", test_uplo_char(uplo),
              (long long)n, (long long)k, (long long)incx, (long long)incy, sc);
    test_free_all();
}

static void zhemv_all(test_result *r, int scheme)
{
    static const hetla_int ks[] = {0, 1, 4};
    for (size_t u = 0; u < 2; u++)
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t w = 0; w < (scheme == BAND ? COUNT(ks) : 1); w++)
                for (size_t p = 0; p < COUNT(incpairs); p++)
                    for (int sc = 0; sc < 4; sc++)
                        zhemv_case(r, scheme, uplos[u], ns[a], scheme == BAND ? ks[w] : 0,
                                   incpairs[p], sc);
}

void test_zhemv(test_result *r) { zhemv_all(r, FULL); }
void test_zhbmv(test_result *r) { zhemv_all(r, BAND); }
void test_zhpmv(test_result *r) { zhemv_all(r, PACKED); }

/* Triangular product (solve = false) or solve. A product is checked
 * against the dense product; a solve by its backward error
 * ||op(T) x - b|| / (||T|| ||x|| n eps) (well-conditioned T); both
 * against CBLAS. With a unit diagonal the stored diagonal is NaN. */
static void ztr_case(test_result *r, bool solve, int scheme, hetla_uplo uplo, hetla_trans trans,
                     hetla_diag diag, hetla_int n, hetla_int k, hetla_int incx)
{
    hetla_int lda = n + 2, ldab = k + 3;
    hetla_zcomplex *A = ztest_triangle(uplo, n, lda);
    if (solve)
        ztest_condition(uplo, n, A, lda);
    for (hetla_int j = 0; j < n && diag == HETLA_UNIT; j++)
        A[j + j * lda] = ztest_nan();
    const hetla_zcomplex *S = zencode(scheme, uplo, n, k, A, lda, ldab);
    hetla_zcomplex *T = ztest_op(trans, n, n, ztest_full_tri(uplo, diag, n, A, lda), n);
    size_t lx = ztest_vlen(n, incx);
    hetla_zcomplex *b = ztest_vector(n, incx), *x = ztest_copy(b, lx), *xc = ztest_copy(b, lx);
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    enum CBLAS_TRANSPOSE t = CB_TRANS(trans);
    enum CBLAS_DIAG d = CB_DIAG(diag);
    if (scheme == FULL && !solve) {
        hetla__generic_ztrmv(uplo, trans, diag, n, S, lda, x, incx);
        cblas_ztrmv(CblasColMajor, u, t, d, n, S, lda, xc, incx);
    } else if (scheme == BAND && !solve) {
        hetla__generic_ztbmv(uplo, trans, diag, n, k, S, ldab, x, incx);
        cblas_ztbmv(CblasColMajor, u, t, d, n, k, S, ldab, xc, incx);
    } else if (!solve) {
        hetla__generic_ztpmv(uplo, trans, diag, n, S, x, incx);
        cblas_ztpmv(CblasColMajor, u, t, d, n, S, xc, incx);
    } else if (scheme == FULL) {
        hetla__generic_ztrsv(uplo, trans, diag, n, S, lda, x, incx);
        cblas_ztrsv(CblasColMajor, u, t, d, n, S, lda, xc, incx);
    } else if (scheme == BAND) {
        hetla__generic_ztbsv(uplo, trans, diag, n, k, S, ldab, x, incx);
        cblas_ztbsv(CblasColMajor, u, t, d, n, k, S, ldab, xc, incx);
    } else {
        hetla__generic_ztpsv(uplo, trans, diag, n, S, x, incx);
        cblas_ztpsv(CblasColMajor, u, t, d, n, S, xc, incx);
    }
    test_real tn = ztest_norm(n, n, T, n), nn = n > 0 ? n : 1, res;
    if (solve) {
        /* op(T) x - b, and x against CBLAS relative to ||x|| */
        hetla_zcomplex *bx = ztest_copy(b, lx);
        hetla_zcomplex *tx = zwant_mv(false, n, n, 1, T, x, incx, 0, bx, incx);
        test_real xn = ztest_vnorm(n, x, incx);
        res = ztest_resid(lx, tx, b, tn * xn * nn);
        res = test_max(res, ztest_resid(lx, x, xc, xn * nn));
    } else {
        hetla_zcomplex *xw = zwant_mv(false, n, n, 1, T, b, incx, 0, b, incx);
        test_real scale = tn * ztest_vnorm(n, b, incx) * nn;
        res = test_max(ztest_resid(lx, x, xw, scale), ztest_resid(lx, x, xc, scale));
    }
    test_case(r, res, "uplo=%c %c diag=%c n=%lld k=%lld incx=%lld", test_uplo_char(uplo),
              ztest_trans_char(trans), test_diag_char(diag), (long long)n, (long long)k,
              (long long)incx);
    test_free_all();
}

static void ztr_all(test_result *r, bool solve, int scheme)
{
    static const hetla_int ks[] = {0, 1, 4};
    static const hetla_int incs[] = {1, -2, 3};
    for (size_t u = 0; u < 2; u++)
        for (size_t t = 0; t < 3; t++)
            for (size_t d = 0; d < 2; d++)
                for (size_t a = 0; a < COUNT(ns); a++)
                    for (size_t w = 0; w < (scheme == BAND ? COUNT(ks) : 1); w++)
                        for (size_t i = 0; i < COUNT(incs); i++)
                            ztr_case(r, solve, scheme, uplos[u], transes[t], diags[d], ns[a],
                                     scheme == BAND ? ks[w] : 0, incs[i]);
}

void test_ztrmv(test_result *r) { ztr_all(r, false, FULL); }
void test_ztbmv(test_result *r) { ztr_all(r, false, BAND); }
void test_ztpmv(test_result *r) { ztr_all(r, false, PACKED); }
void test_ztrsv(test_result *r) { ztr_all(r, true, FULL); }
void test_ztbsv(test_result *r) { ztr_all(r, true, BAND); }
void test_ztpsv(test_result *r) { ztr_all(r, true, PACKED); }

/* A := alpha x y^H + A (or y^T) */
static void zger_case(test_result *r, bool conjy, hetla_int m, hetla_int n, const hetla_int inc[2],
                      int sc)
{
    hetla_zcomplex alpha = sc == 0 ? ztest_rand() : sc == 1 ? 0 : 1;
    hetla_int lda = m + 3, incx = inc[0], incy = inc[1];
    size_t la = (size_t)(lda * n + 1);
    hetla_zcomplex *A0 = ztest_matrix(m, n, lda), *x = ztest_vector(m, incx),
                   *y = ztest_vector(n, incy);
    if (alpha == 0) /* x and y must not be read */
        ztest_fill_nan(x, ztest_vlen(m, incx)), ztest_fill_nan(y, ztest_vlen(n, incy));
    hetla_zcomplex *A = ztest_copy(A0, la), *Ac = ztest_copy(A0, la), *Aw = ztest_copy(A0, la);
    hetla_zcomplex *xv = ztest_gather(m, x, incx), *yv = ztest_gather(n, y, incy);
    for (hetla_int j = 0; j < n && alpha != 0; j++)
        for (hetla_int i = 0; i < m; i++)
            Aw[i + j * lda] += alpha * xv[i] * (conjy ? conj(yv[j]) : yv[j]);
#if defined(COMPLEX)
    if (!conjy) {
        hetla__generic_zgeru(m, n, alpha, x, incx, y, incy, A, lda);
        cblas_zgeru(CblasColMajor, m, n, CB(alpha), x, incx, y, incy, Ac, lda);
    } else
#endif
    {
        hetla__generic_zgerc(m, n, alpha, x, incx, y, incy, A, lda);
        cblas_zgerc(CblasColMajor, m, n, CB(alpha), x, incx, y, incy, Ac, lda);
    }
    test_real scale =
        cabs(alpha) * ztest_vnorm(m, x, incx) * ztest_vnorm(n, y, incy) + ztest_norm(m, n, A0, lda);
    test_real res = test_max(ztest_resid(la, A, Aw, scale), ztest_resid(la, A, Ac, scale));
    test_case(r, res, "m=%lld n=%lld incx=%lld incy=%lld alpha#%d", (long long)m, (long long)n,
              (long long)incx, (long long)incy, sc);
    test_free_all();
}

static void zger_all(test_result *r, bool conjy)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(ns); b++)
            for (size_t p = 0; p < COUNT(incpairs); p++)
                for (int sc = 0; sc < 3; sc++)
                    zger_case(r, conjy, ns[a], ns[b], incpairs[p], sc);
}

void test_zgerc(test_result *r) { zger_all(r, true); }

/* Hermitian rank-1 (two = false, real alpha) and rank-2 updates of the
 * stored triangle, full or packed; the diagonal comes out real. */
static void zher_case(test_result *r, bool two, bool packed, hetla_uplo uplo, hetla_int n,
                      const hetla_int inc[2], int sc)
{
    hetla_zcomplex alpha = sc == 0 ? ztest_rand() : sc == 1 ? 0 : 1;
    double ralpha = creal(alpha);
    hetla_int lda = n + 2, incx = inc[0], incy = inc[1];
    size_t la = (size_t)(lda * n + 1);
    hetla_zcomplex *A0 = ztest_triangle(uplo, n, lda), *Aw = ztest_copy(A0, la);
    hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy);
    if (alpha == 0) /* x and y must not be read */
        ztest_fill_nan(x, ztest_vlen(n, incx)), ztest_fill_nan(y, ztest_vlen(n, incy));
    hetla_zcomplex *xv = ztest_gather(n, x, incx), *yv = ztest_gather(n, y, incy);
    bool work = n > 0 && (two ? alpha != 0 : ralpha != 0);
    for (hetla_int j = 0; j < n && work; j++)
        for (hetla_int i = uplo == HETLA_UPPER ? 0 : j; i < (uplo == HETLA_UPPER ? j + 1 : n);
             i++) {
            hetla_zcomplex *a = &Aw[i + j * lda];
            if (two)
                *a += alpha * xv[i] * conj(yv[j]) + conj(alpha) * yv[i] * conj(xv[j]);
            else
                *a += ralpha * xv[i] * conj(xv[j]);
            if (i == j)
                *a = creal(*a);
        }
    hetla_zcomplex *A = ztest_copy(A0, la);
    if (packed) {
        A = ztest_to_packed(uplo, n, A0, lda);
        Aw = ztest_to_packed(uplo, n, Aw, lda);
        la = (size_t)(n * (n + 1) / 2);
    }
    hetla_zcomplex *Ac = ztest_copy(A, la);
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    if (two && packed) {
        hetla__generic_zhpr2(uplo, n, alpha, x, incx, y, incy, A);
        cblas_zhpr2(CblasColMajor, u, n, CB(alpha), x, incx, y, incy, Ac);
    } else if (two) {
        hetla__generic_zher2(uplo, n, alpha, x, incx, y, incy, A, lda);
        cblas_zher2(CblasColMajor, u, n, CB(alpha), x, incx, y, incy, Ac, lda);
    } else if (packed) {
        hetla__generic_zhpr(uplo, n, ralpha, x, incx, A);
        cblas_zhpr(CblasColMajor, u, n, ralpha, x, incx, Ac);
    } else {
        hetla__generic_zher(uplo, n, ralpha, x, incx, A, lda);
        cblas_zher(CblasColMajor, u, n, ralpha, x, incx, Ac, lda);
    }
    test_real xn = ztest_vnorm(n, x, incx), yn = two ? ztest_vnorm(n, y, incy) : xn;
    test_real scale = 2 * cabs(alpha) * xn * yn + ztest_norm(n, n, A0, lda);
    test_real res = test_max(ztest_resid(la, A, Aw, scale), ztest_resid(la, A, Ac, scale));
    test_case(r, res, "uplo=%c n=%lld incx=%lld incy=%lld alpha#%d", test_uplo_char(uplo),
              (long long)n, (long long)incx, (long long)incy, sc);
    test_free_all();
}

static void zher_all(test_result *r, bool two, bool packed)
{
    for (size_t u = 0; u < 2; u++)
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t p = 0; p < COUNT(incpairs); p++)
                for (int sc = 0; sc < 3; sc++)
                    zher_case(r, two, packed, uplos[u], ns[a], incpairs[p], sc);
}

void test_zher(test_result *r) { zher_all(r, false, false); }
void test_zhpr(test_result *r) { zher_all(r, false, true); }
void test_zher2(test_result *r) { zher_all(r, true, false); }
void test_zhpr2(test_result *r) { zher_all(r, true, true); }

#if defined(COMPLEX)
void test_zgeru(test_result *r) { zger_all(r, false); }
#endif
