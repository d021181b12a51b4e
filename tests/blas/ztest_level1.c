/* Tests of the level-1 GENERIC kernels of one precision, written for z:
 * each against a plain loop of the BLAS definition and against CBLAS.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_util.h"

#include <float.h>

#define COUNT(a) (sizeof(a) / sizeof *(a))

static const hetla_int ns[] = {0, 1, 7, 33, 65};
/* zero is a valid increment for these routines: every entry is the same */
static const hetla_int incs[] = {1, -2, 3, 0};

static hetla_zcomplex zalpha(int c) { return c == 0 ? ztest_rand() : c == 1 ? 0 : 1; }

void test_zdrot(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++) {
                hetla_int n = ns[a], incx = incs[b], incy = incs[d];
                double theta = 3 * test_uniform(), c = cos(theta), s = sin(theta);
                size_t lx = ztest_vlen(n, incx), ly = ztest_vlen(n, incy);
                hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy);
                hetla_zcomplex *xw = ztest_copy(x, lx), *yw = ztest_copy(y, ly);
                hetla_zcomplex *xc = ztest_copy(x, lx), *yc = ztest_copy(y, ly);
                test_real scale = ztest_vnorm(n, x, incx) + ztest_vnorm(n, y, incy);
                hetla__generic_zdrot(n, x, incx, y, incy, c, s);
                for (hetla_int i = 0; i < n; i++) {
                    size_t px = test_pos(n, incx, i), py = test_pos(n, incy, i);
                    hetla_zcomplex t = c * xw[px] + s * yw[py];
                    yw[py] = c * yw[py] - s * xw[px];
                    xw[px] = t;
                }
                cblas_zdrot(n, xc, incx, yc, incy, c, s);
                test_real res =
                    test_max(ztest_resid(lx, x, xw, scale), ztest_resid(ly, y, yw, scale));
                res = test_max(
                    res, test_max(ztest_resid(lx, x, xc, scale), ztest_resid(ly, y, yc, scale)));
                test_case(r, res, "n=%lld incx=%lld incy=%lld", (long long)n, (long long)incx,
                          (long long)incy);
                test_free_all();
            }
}

/* swap and copy move data exactly, so any difference fails */
static void zmove_case(test_result *r, bool swap, hetla_int n, hetla_int incx, hetla_int incy)
{
    size_t lx = ztest_vlen(n, incx), ly = ztest_vlen(n, incy);
    hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy);
    hetla_zcomplex *xw = ztest_copy(x, lx), *yw = ztest_copy(y, ly);
    hetla_zcomplex *xc = ztest_copy(x, lx), *yc = ztest_copy(y, ly);
    for (hetla_int i = 0; i < n; i++) {
        size_t px = test_pos(n, incx, i), py = test_pos(n, incy, i);
        hetla_zcomplex t = yw[py];
        yw[py] = xw[px];
        if (swap)
            xw[px] = t;
    }
    if (swap) {
        hetla__generic_zswap(n, x, incx, y, incy);
        cblas_zswap(n, xc, incx, yc, incy);
    } else {
        hetla__generic_zcopy(n, x, incx, y, incy);
        cblas_zcopy(n, xc, incx, yc, incy);
    }
    test_real res = test_max(ztest_resid(lx, x, xw, 1), ztest_resid(ly, y, yw, 1));
    res = test_max(res, test_max(ztest_resid(lx, x, xc, 1), ztest_resid(ly, y, yc, 1)));
    test_case(r, res, "n=%lld incx=%lld incy=%lld", (long long)n, (long long)incx, (long long)incy);
    test_free_all();
}

void test_zswap(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zmove_case(r, true, ns[a], incs[b], incs[d]);
}

void test_zcopy(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zmove_case(r, false, ns[a], incs[b], incs[d]);
}

void test_zaxpy(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                for (int ac = 0; ac < 3; ac++) {
                    hetla_int n = ns[a], incx = incs[b], incy = incs[d];
                    hetla_zcomplex alpha = zalpha(ac);
                    size_t ly = ztest_vlen(n, incy);
                    hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy);
                    if (alpha == 0) /* x must not be read */
                        ztest_fill_nan(x, ztest_vlen(n, incx));
                    hetla_zcomplex *yw = ztest_copy(y, ly), *yc = ztest_copy(y, ly);
                    /* with incy = 0 all n updates pile onto one entry: the
                     * rounding grows with n */
                    test_real scale =
                        (cabs(alpha) * ztest_vnorm(n, x, incx) + ztest_vnorm(n, y, incy)) *
                        (incy == 0 && n > 0 ? n : 1);
                    hetla__generic_zaxpy(n, alpha, x, incx, y, incy);
                    for (hetla_int i = 0; i < n && alpha != 0; i++)
                        yw[test_pos(n, incy, i)] += alpha * x[test_pos(n, incx, i)];
                    /* CBLAS as a second reference, but not with a zero
                     * increment: OpenBLAS 0.3.21's fallback kernels get the
                     * double complex one wrong there */
                    int cblas_ref = incx != 0 && incy != 0;
                    if (cblas_ref)
                        cblas_zaxpy(n, CB(alpha), x, incx, yc, incy);
                    test_real res = test_max(ztest_resid(ly, y, yw, scale),
                                             cblas_ref ? ztest_resid(ly, y, yc, scale) : 0);
                    test_case(r, res, "n=%lld incx=%lld incy=%lld alpha#%d", (long long)n,
                              (long long)incx, (long long)incy, ac);
                    test_free_all();
                }
}

/* scal ignores non-positive increments (reference BLAS), so those cases
 * must leave x untouched */
static const hetla_int scal_incs[] = {1, 2, 3, 0, -1};

void test_zscal(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(scal_incs); b++)
            for (int ac = 0; ac < 3; ac++) {
                hetla_int n = ns[a], incx = scal_incs[b];
                hetla_zcomplex alpha = zalpha(ac);
                size_t lx = ztest_vlen(n, incx);
                hetla_zcomplex *x = ztest_vector(n, incx);
                hetla_zcomplex *xw = ztest_copy(x, lx), *xc = ztest_copy(x, lx);
                test_real scale = test_max(cabs(alpha), 1) * ztest_vnorm(n, x, incx);
                hetla__generic_zscal(n, alpha, x, incx);
                for (hetla_int i = 0; i < n && incx > 0; i++)
                    xw[i * incx] *= alpha;
                cblas_zscal(n, CB(alpha), xc, incx);
                test_real res =
                    test_max(ztest_resid(lx, x, xw, scale), ztest_resid(lx, x, xc, scale));
                test_case(r, res, "n=%lld incx=%lld alpha#%d", (long long)n, (long long)incx, ac);
                test_free_all();
            }
}

static void zdot_case(test_result *r, bool conjx, hetla_int n, hetla_int incx, hetla_int incy)
{
    hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy);
    hetla_zcomplex want = 0, got, cb;
    for (hetla_int i = 0; i < n; i++) {
        hetla_zcomplex xi = x[test_pos(n, incx, i)];
        want += (conjx ? conj(xi) : xi) * y[test_pos(n, incy, i)];
    }
#if defined(COMPLEX)
    got = conjx ? hetla__generic_zdotc(n, x, incx, y, incy)
                : hetla__generic_zdotu(n, x, incx, y, incy);
    /* OpenBLAS 0.3.21's complex dot kernels read past the end of y when
     * incx = 0, so there CBLAS is not asked */
    if (incx == 0)
        cb = got;
    else if (conjx)
        cblas_zdotc_sub(n, x, incx, y, incy, &cb);
    else
        cblas_zdotu_sub(n, x, incx, y, incy, &cb);
#else
    (void)conjx;
    got = hetla__generic_zdotc(n, x, incx, y, incy);
    cb = cblas_zdotc(n, x, incx, y, incy);
#endif
    test_real scale = ztest_vnorm(n, x, incx) * ztest_vnorm(n, y, incy) * (n > 0 ? n : 1);
    test_real res = test_max(ztest_resid(1, &got, &want, scale), ztest_resid(1, &got, &cb, scale));
    test_case(r, res, "n=%lld incx=%lld incy=%lld", (long long)n, (long long)incx, (long long)incy);
    test_free_all();
}

void test_zdotc(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zdot_case(r, true, ns[a], incs[b], incs[d]);
}

/* nrm2 must survive entries whose squares overflow or underflow; the
 * reference sums squares in long double, which has the range for it. */
void test_dznrm2(test_result *r)
{
    const double big = 4 * sqrt(DBL_MAX), tiny = sqrt(DBL_MIN) / 4;
    const double scales[] = {1, big, tiny};
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t sc = 0; sc < 4; sc++) {
                hetla_int n = ns[a], incx = incs[b];
                hetla_zcomplex *x = ztest_vector(n, incx);
                size_t step = (size_t)(incx < 0 ? -incx : incx);
                for (hetla_int i = 0; i < n; i++)
                    x[i * step] *= sc < 3 ? scales[sc] : (i == 0 ? big : 1);
                test_real *parts = test_alloc((size_t)(2 * n + 1) * sizeof *parts);
                for (hetla_int i = 0; i < n; i++) {
                    hetla_zcomplex xi = x[test_pos(n, incx, i)];
                    parts[2 * i] = creal(xi);
                    parts[2 * i + 1] = cimag(xi);
                }
                test_real want = test_norm2((size_t)(2 * n), parts);
                test_real got = hetla__generic_dznrm2(n, x, incx);
                test_real cb = cblas_dznrm2(n, x, incx);
                test_real scale = want * (n > 0 ? n : 1);
                test_real res = test_abs(got - want) / (scale * ztest_eps());
                if (sc == 0 && incx > 0) /* CBLAS implementations differ on the rest */
                    res = test_max(res, test_abs(got - cb) / (scale * ztest_eps()));
                test_case(r, got == want ? 0 : res, "n=%lld incx=%lld scale#%zu", (long long)n,
                          (long long)incx, sc);
                test_free_all();
            }
}

void test_dzasum(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(scal_incs); b++) {
            hetla_int n = ns[a], incx = scal_incs[b];
            hetla_zcomplex *x = ztest_vector(n, incx);
            test_real want = 0;
            for (hetla_int i = 0; i < n && incx > 0; i++)
                want += ztest_abs1(x[i * incx]);
            test_real got = hetla__generic_dzasum(n, x, incx), cb = cblas_dzasum(n, x, incx);
            test_real scale = want * (n > 0 ? n : 1) * ztest_eps();
            test_real res = got == want ? 0 : test_abs(got - want) / scale;
            res = test_max(res, got == cb ? 0 : test_abs(got - cb) / scale);
            test_case(r, res, "n=%lld incx=%lld", (long long)n, (long long)incx);
            test_free_all();
        }
}

static void zamax_case(test_result *r, hetla_int n, hetla_int incx, bool ties)
{
    hetla_zcomplex *x = ztest_vector(n, incx);
    /* the largest entry twice, at the end and somewhere before */
    if (ties && n > 1 && incx > 0) {
        x[(n - 1) * incx] = 2;
        x[(n / 2) * incx] = -2;
    }
    /* magnitudes in the working precision, so ties break as the kernel
     * sees them: the first wins */
    hetla_int want = 0;
    double big = -1;
    for (hetla_int i = 0; i < n && incx > 0; i++) {
        double m = ztest_abs1(x[i * incx]);
        if (m > big) {
            big = m;
            want = i;
        }
    }
    hetla_int got = hetla__generic_izamax(n, x, incx);
    hetla_int cb = (hetla_int)cblas_izamax(n, x, incx);
    test_case(r, got == want && got == cb ? 0 : INFINITY,
              "n=%lld incx=%lld ties=%d got %lld want %lld cblas %lld", (long long)n,
              (long long)incx, ties, (long long)got, (long long)want, (long long)cb);
    test_free_all();
}

void test_izamax(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(scal_incs); b++)
            for (int ties = 0; ties < 2; ties++)
                zamax_case(r, ns[a], scal_incs[b], ties);
}

#if defined(COMPLEX)
void test_zdotu(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zdot_case(r, false, ns[a], incs[b], incs[d]);
}

void test_zdscal(test_result *r)
{
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(scal_incs); b++)
            for (int ac = 0; ac < 3; ac++) {
                hetla_int n = ns[a], incx = scal_incs[b];
                double alpha = creal(zalpha(ac));
                size_t lx = ztest_vlen(n, incx);
                hetla_zcomplex *x = ztest_vector(n, incx);
                hetla_zcomplex *xw = ztest_copy(x, lx), *xc = ztest_copy(x, lx);
                test_real scale = test_max(fabs(alpha), 1) * ztest_vnorm(n, x, incx);
                hetla__generic_zdscal(n, alpha, x, incx);
                for (hetla_int i = 0; i < n && incx > 0; i++)
                    xw[i * incx] *= alpha;
                cblas_zdscal(n, alpha, xc, incx);
                test_real res =
                    test_max(ztest_resid(lx, x, xw, scale), ztest_resid(lx, x, xc, scale));
                test_case(r, res, "n=%lld incx=%lld alpha#%d", (long long)n, (long long)incx, ac);
                test_free_all();
            }
}

/* rotg is judged by what it must achieve, [c s; -conj(s) c] [a; b] = [r; 0]
 * with c real and c^2 + |s|^2 = 1, and against CBLAS where the two
 * reference versions agree (a != 0) and OpenBLAS does not overflow. */
void test_zrotg(test_result *r)
{
    /* sizes whose squares overflow or underflow */
    const double big = DBL_MAX / 8, tiny = DBL_MIN * 4;
    for (int t = 0; t < 40; t++) {
        hetla_zcomplex a = ztest_rand(), b = ztest_rand();
        if (t == 0)
            a = 0;
        if (t == 1)
            b = 0;
        if (t == 2)
            a = b = 0;
        if (t == 3 || t == 4)
            a *= t == 3 ? big : tiny;
        if (t == 5 || t == 6)
            b *= t == 5 ? big : tiny;
        hetla_zcomplex ra = a, s, sc, rc = a, bc = b;
        double c, cc;
        hetla__generic_zrotg(&ra, b, &c, &s);
        test_real nrm = hypot(cabs(a), cabs(b)), eps = ztest_eps();
        test_real res = test_abs(c * c + cabs(s) * cabs(s) - 1) / eps;
        if (nrm > 0) {
            /* the products c*a and s*b are formed on scaled data, since
             * at big they would overflow */
            hetla_zcomplex as = a / nrm, bs = b / nrm, rs = ra / nrm;
            res = test_max(res, cabs(c * as + s * bs - rs) / eps);
            res = test_max(res, cabs(-conj(s) * as + c * bs) / eps);
        } else {
            res = test_max(res, cabs(ra) + test_abs(c - 1) + cabs(s));
        }
        /* OpenBLAS 0.3.21 overflows on the big and tiny cases (3 to 6) */
        if (a != 0 && (t < 3 || t > 6)) {
            cblas_zrotg(&rc, &bc, &cc, &sc);
            res = test_max(res, (test_abs(c - cc) + cabs(s - sc)) / eps);
            res = test_max(res, cabs(ra - rc) / (nrm * eps));
        }
        test_case(r, c < 0 ? INFINITY : res, "case %d", t);
    }
    test_free_all();
}
#endif
