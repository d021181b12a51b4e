/* Tests of the real-only level-1 GENERIC kernels (rotg, rotmg, rotm) of
 * one precision, written for d.
 * @precisions normal d -> s
 */
#include "dtest_util.h"

#include <float.h>

#define COUNT(a) (sizeof(a) / sizeof *(a))

test_fn test_drotg, test_drotmg, test_drotm;

/* rotg must give c^2 + s^2 = 1, c a + s b = r, -s a + c b = 0, and a z
 * from which c and s can be rebuilt (|z| < 1: s = z; |z| > 1: c = 1/z;
 * z = 1: c = 0, s = 1); CBLAS must agree. */
void test_drotg(test_result *r)
{
    const double big = DBL_MAX / 8, tiny = DBL_MIN * 4;
    for (int t = 0; t < 60; t++) {
        double a = test_uniform(), b = test_uniform();
        if (t < 4)
            a = t & 1 ? 0 : a, b = t & 2 ? 0 : b;
        if (t == 4)
            b = -a;
        if (t == 5 || t == 6)
            a *= t == 5 ? big : tiny, b *= t == 5 ? big : tiny;
        double ra = a, z = b, c, s, rc = a, zc = b, cc = 0, sc = 0;
        hetla__generic_drotg(&ra, &z, &c, &s);
        /* OpenBLAS 0.3.21 overflows and underflows on the big and tiny
         * cases (5, 6): only the properties are checked there */
        if (t == 5 || t == 6)
            rc = ra, zc = z, cc = c, sc = s;
        else
            cblas_drotg(&rc, &zc, &cc, &sc);
        test_real eps = dtest_eps(), nrm = hypot(a, b);
        test_real res = fabs(c * c + s * s - 1) / eps;
        if (nrm > 0) {
            res = test_max(res, test_abs(c * (a / nrm) + s * (b / nrm) - ra / nrm) / eps);
            res = test_max(res, test_abs(-s * (a / nrm) + c * (b / nrm)) / eps);
        }
        double c2 = z == 1 ? 0 : fabs(z) < 1 ? sqrt(1 - z * z) : 1 / z;
        double s2 = z == 1 ? 1 : fabs(z) < 1 ? z : sqrt(1 - c2 * c2);
        res = test_max(res, (fabs(c2 - c) + fabs(s2 - s)) / (8 * eps));
        res = test_max(res, (fabs(c - cc) + fabs(s - sc)) / eps);
        res = test_max(res, fabs(z - zc) / ((fabs(zc) > 1 ? fabs(zc) : 1) * eps));
        res = test_max(res, ra == rc ? 0 : fabs(ra - rc) / (nrm * eps));
        test_case(r, res, "case %d", t);
    }
}

/* H built from param, stored as h11, h21, h12, h22. */
static void dparam_h(const double p[5], double h[4])
{
    h[0] = p[0] == 0 ? 1 : p[0] == -2 ? 1 : p[1];
    h[1] = p[0] == 1 ? -1 : p[0] == -2 ? 0 : p[2];
    h[2] = p[0] == 1 ? 1 : p[0] == -2 ? 0 : p[3];
    h[3] = p[0] == 0 ? 1 : p[0] == -2 ? 1 : p[4];
}

/* rotmg must give H [x1; y1] = [x1'; 0] and H^T D' H = D (what makes the
 * scaled rotation orthogonal), and agree with CBLAS. */
void test_drotmg(test_result *r)
{
    const double mags[] = {1, 1e-9, 1e9, 1e-20, 1e20};
    for (int t = 0; t < 200; t++) {
        double d1 = test_abs(test_uniform()) * mags[t % 5],
               d2 = test_abs(test_uniform()) * mags[(t / 5) % 5];
        double x1 = test_uniform(), y1 = test_uniform();
        if (t % 17 == 3)
            y1 = 0;
        if (t % 19 == 4)
            d1 = -d1;
        double D1 = d1, D2 = d2, X1 = x1, p[5] = {0}, c1 = d1, c2 = d2, cx = x1, pc[5] = {0};
        hetla__generic_drotmg(&D1, &D2, &X1, y1, p);
        cblas_drotmg(&c1, &c2, &cx, y1, pc);
        /* With d1 < 0 and y1 = 0 the reference BLAS zeroes H and d
         * (flag -1) where OpenBLAS 0.3.21 returns flag -2: use our result. */
        if (d1 < 0 && y1 == 0) {
            c1 = D1, c2 = D2, cx = X1;
            for (int i = 0; i < 5; i++)
                pc[i] = p[i];
        }
        test_real eps = dtest_eps(), res = 0;
        double h[4], hc[4];
        dparam_h(p, h);
        dparam_h(pc, hc);
        /* scale by magnitudes: H and d move by powers of gam */
        for (int i = 0; i < 4; i++)
            res = test_max(res, fabs(h[i] - hc[i]) / ((fabs(hc[i]) + eps) * 16 * eps));
        res = test_max(res, fabs(D1 - c1) / ((fabs(c1) + DBL_MIN) * 16 * eps));
        res = test_max(res, fabs(D2 - c2) / ((fabs(c2) + DBL_MIN) * 16 * eps));
        res = test_max(res, fabs(X1 - cx) / ((fabs(cx) + DBL_MIN) * 16 * eps));
        res = test_max(res, p[0] == pc[0] ? 0 : INFINITY);
        bool zeroed = p[0] == -1 && h[0] == 0 && h[1] == 0 && h[2] == 0 && h[3] == 0;
        if (d1 >= 0 && p[0] != -2 && !zeroed) {
            test_real hx = fabs(h[0] * x1) + fabs(h[2] * y1),
                      hy = fabs(h[1] * x1) + fabs(h[3] * y1);
            res = test_max(res, fabs(h[0] * x1 + h[2] * y1 - X1) / (8 * hx * eps));
            res = test_max(res, fabs(h[1] * x1 + h[3] * y1) / (8 * (hy + DBL_MIN) * eps));
            /* (H^T D' H)_{pq} against D, relative to the terms summed */
            for (int p_ = 0; p_ < 2; p_++)
                for (int q = 0; q < 2; q++) {
                    double a0 = h[p_ * 2], a1 = h[p_ * 2 + 1], b0 = h[q * 2], b1 = h[q * 2 + 1];
                    test_real v = a0 * D1 * b0 + a1 * D2 * b1, want = p_ == q ? (p_ ? d2 : d1) : 0;
                    test_real size = fabs(a0 * D1 * b0) + fabs(a1 * D2 * b1);
                    res = test_max(res, test_abs(v - want) / (8 * (size + DBL_MIN) * eps));
                }
        }
        test_case(r, res, "case %d d1=%g d2=%g x1=%g y1=%g", t, d1, d2, x1, y1);
    }
}

void test_drotm(test_result *r)
{
    static const hetla_int ns[] = {0, 1, 7, 33};
    static const hetla_int incs[] = {1, -2, 3, 0};
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                for (int flag = -2; flag <= 1; flag++) {
                    hetla_int n = ns[a], incx = incs[b], incy = incs[d];
                    double p[5] = {flag, test_uniform(), test_uniform(), test_uniform(),
                                   test_uniform()};
                    double h[4];
                    dparam_h(p, h);
                    size_t lx = dtest_vlen(n, incx), ly = dtest_vlen(n, incy);
                    double *x = dtest_vector(n, incx), *y = dtest_vector(n, incy);
                    double *xw = dtest_copy(x, lx), *yw = dtest_copy(y, ly);
                    double *xc = dtest_copy(x, lx), *yc = dtest_copy(y, ly);
                    test_real scale = 2 * (dtest_vnorm(n, x, incx) + dtest_vnorm(n, y, incy));
                    hetla__generic_drotm(n, x, incx, y, incy, p);
                    for (hetla_int i = 0; i < n; i++) {
                        size_t px = test_pos(n, incx, i), py = test_pos(n, incy, i);
                        double w = xw[px], z = yw[py];
                        xw[px] = h[0] * w + h[2] * z;
                        yw[py] = h[1] * w + h[3] * z;
                    }
                    cblas_drotm(n, xc, incx, yc, incy, p);
                    test_real res =
                        test_max(dtest_resid(lx, x, xw, scale), dtest_resid(ly, y, yw, scale));
                    res = test_max(res, test_max(dtest_resid(lx, x, xc, scale),
                                                 dtest_resid(ly, y, yc, scale)));
                    test_case(r, res, "n=%lld incx=%lld incy=%lld flag=%d", (long long)n,
                              (long long)incx, (long long)incy, flag);
                    test_free_all();
                }
}
