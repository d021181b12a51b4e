/* Tests of the real-only level-1 routines (rotg, rotmg, rotm) of one
 * precision through hetla's public API, written for d.
 * @precisions normal d -> s
 */
#include "dtest_util.h"

#include <float.h>

#include "test_level1_api.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

l1_test_fn api1_drotg, api1_drotmg, api1_drotm;

/* ---- rotg and rotmg: scalars ---------------------------------------------- */

/* c^2 + s^2 = 1, [c s; -s c] [a; b] = [r; 0] relative to |(a, b)|, and z
 * rebuilds the rotation (|a| > |b|: z = s; else z = 1/c, or 1 if c = 0). */
static test_real drotg_resid(double a, double b, double c, double s, double r, double z)
{
    test_real eps = dtest_eps(), nrm = hypot(a, b);
    test_real res = test_abs(c * c + s * s - 1) / eps;
    if (nrm == 0)
        return test_max(res, r == 0 && c == 1 && s == 0 ? 0 : INFINITY);
    res = test_max(res, test_abs(c * a + s * b - r) / (nrm * eps));
    res = test_max(res, test_abs(-s * a + c * b) / (nrm * eps));
    double zw = fabs(a) > fabs(b) ? s : c != 0 ? 1 / c : 1;
    return test_max(res, test_abs(z - zw) / (test_max(1, test_abs(zw)) * eps));
}

void api1_drotg(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    double a = 1, b = 2, c = 9, s = 9;
#define UNTOUCHED (a == 1 && b == 2 && c == 9 && s == 9)
    l1_expect_arg(r, hetla_drotg(NULL, &a, &b, &c, &s), 1, UNTOUCHED, "ctx NULL");
    l1_expect_arg(r, hetla_drotg(ctx, NULL, &b, &c, &s), 2, UNTOUCHED, "a NULL");
    l1_expect_arg(r, hetla_drotg(ctx, &a, NULL, &c, &s), 3, UNTOUCHED, "b NULL");
    l1_expect_arg(r, hetla_drotg(ctx, &a, &b, NULL, &s), 4, UNTOUCHED, "c NULL");
    l1_expect_arg(r, hetla_drotg(ctx, &a, &b, &c, NULL), 5, UNTOUCHED, "s NULL");
#undef UNTOUCHED
    for (int t = 0; t < 40; t++) {
        double a0 = test_uniform(), b0 = test_uniform();
        if (t < 3) /* a = 0, b = 0, both 0 */
            a0 = t == 1 ? a0 : 0, b0 = t == 0 ? b0 : 0;
        double ra = a0, z = b0;
        hetla_status st = hetla_drotg(ctx, &ra, &z, &c, &s);
        test_case(r, test_max(l1_ok(st), drotg_resid(a0, b0, c, s, ra, z)), "drotg a=%g b=%g", a0, b0);
    }
}

/* H of a rotmg result, stored h11, h21, h12, h22: flag -1 stores all four,
 * 0 implies h11 = h22 = 1, 1 implies h21 = -1 and h12 = 1, -2 is H = I. */
static void dparam_to_h(const double p[5], double h[4])
{
    double flag = p[0];
    bool diag = flag == -1 || flag == 1, off = flag == -1 || flag == 0;
    h[0] = diag ? p[1] : 1;
    h[1] = off ? p[2] : flag == 1 ? -1 : 0;
    h[2] = off ? p[3] : flag == 1 ? 1 : 0;
    h[3] = diag ? p[4] : 1;
}

/* H [x1; y1] = [x1'; 0] and d1' x1'^2 = d1 x1^2 + d2 y1^2, relative. */
static test_real drotmg_resid(double d1, double d2, double x1, double y1, double D1, double D2, double X1,
                              const double p[5])
{
    test_real eps = dtest_eps();
    double h[4];
    dparam_to_h(p, h);
    test_real hx = test_abs(h[0] * x1) + test_abs(h[2] * y1), hy = test_abs(h[1] * x1) + test_abs(h[3] * y1);
    test_real res = test_abs(h[0] * x1 + h[2] * y1 - X1) / (8 * (hx + DBL_MIN) * eps);
    res = test_max(res, test_abs(h[1] * x1 + h[3] * y1) / (8 * (hy + DBL_MIN) * eps));
    test_real energy = (test_real)d1 * x1 * x1 + (test_real)d2 * y1 * y1;
    res = test_max(res, test_abs((test_real)D1 * X1 * X1 - energy) / (8 * energy * eps));
    return test_max(res, D2 >= 0 ? 0 : INFINITY);
}

void api1_drotmg(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    double d1 = 1, d2 = 2, x1 = 3, p[5] = {9, 9, 9, 9, 9};
#define UNTOUCHED (d1 == 1 && d2 == 2 && x1 == 3 && p[0] == 9)
    l1_expect_arg(r, hetla_drotmg(NULL, &d1, &d2, &x1, 4, p), 1, UNTOUCHED, "ctx NULL");
    l1_expect_arg(r, hetla_drotmg(ctx, NULL, &d2, &x1, 4, p), 2, UNTOUCHED, "d1 NULL");
    l1_expect_arg(r, hetla_drotmg(ctx, &d1, NULL, &x1, 4, p), 3, UNTOUCHED, "d2 NULL");
    l1_expect_arg(r, hetla_drotmg(ctx, &d1, &d2, NULL, 4, p), 4, UNTOUCHED, "x1 NULL");
    l1_expect_arg(r, hetla_drotmg(ctx, &d1, &d2, &x1, 4, NULL), 6, UNTOUCHED, "param NULL");
#undef UNTOUCHED
    const double mags[] = {1, 1e-6, 1e6};
    for (int t = 0; t < 45; t++) {
        double e1 = test_abs(test_uniform()) * mags[t % 3] + 1e-3, e2 = test_abs(test_uniform()) * mags[t / 3 % 3];
        double a = test_uniform(), b = t % 7 == 0 ? 0 : test_uniform();
        double D1 = e1, D2 = e2, X1 = a;
        hetla_status st = hetla_drotmg(ctx, &D1, &D2, &X1, b, p);
        test_case(r, test_max(l1_ok(st), drotmg_resid(e1, e2, a, b, D1, D2, X1, p)), "drotmg d1=%g d2=%g x1=%g y1=%g",
                  e1, e2, a, b);
    }
}

/* ---- rotm ------------------------------------------------------------------ */

static const hetla_int ns[] = {0, 1, 7, 33, 65};
static const hetla_int incs[] = {1, -2, 3, 0};

static void drotm_ref(hetla_int n, double *x, hetla_int incx, double *y, hetla_int incy, const double p[5])
{
    double h[4];
    dparam_to_h(p, h);
    for (hetla_int i = 0; i < n; i++) {
        double *xi = &x[test_pos(n, incx, i)], *yi = &y[test_pos(n, incy, i)], a = *xi, b = *yi;
        *xi = h[0] * a + h[2] * b;
        *yi = h[1] * a + h[3] * b;
    }
}

static void drotm_case(test_result *r, hetla_context *ctx, const double p[5], hetla_int n, hetla_int incx,
                       hetla_int incy, bool task)
{
    size_t lx = dtest_vlen(n, incx), ly = dtest_vlen(n, incy);
    double *x = dtest_vector(n, incx), *y = dtest_vector(n, incy);
    double *xw = dtest_copy(x, lx), *yw = dtest_copy(y, ly);
    drotm_ref(n, xw, incx, yw, incy, p);
    test_real scale = 2 * (dtest_vnorm(n, x, incx) + dtest_vnorm(n, y, incy)) * (incx && incy ? 1 : n + 1);
    hetla_status s;
    if (task) {
        hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_DOUBLE), *hy = l1_handle(ctx, y, n, incy, HETLA_DOUBLE);
        s = hx && hy ? hetla_drotm_task(ctx, NULL, hx, hy, p) : HETLA_ERR_INTERNAL;
        l1_unregister(hx, &s);
        l1_unregister(hy, &s);
    } else {
        s = hetla_drotm(ctx, n, x, incx, y, incy, p);
    }
    test_real res = test_max(dtest_resid(lx, x, xw, scale), dtest_resid(ly, y, yw, scale));
    test_case(r, test_max(l1_ok(s), res), "drotm%s n=%lld incx=%lld incy=%lld flag=%g", task ? "_task" : "",
              (long long)n, (long long)incx, (long long)incy, (double)p[0]);
}

static void drotm_bad_args(test_result *r, hetla_context *ctx)
{
    double *x = dtest_vector(4, 1), *y = dtest_vector(4, 1), *x0 = dtest_copy(x, 4), *y0 = dtest_copy(y, 4);
    double p[5] = {-1, 1, 2, 3, 4};
#define UNTOUCHED (l1_same(x, x0, 4 * sizeof *x) && l1_same(y, y0, 4 * sizeof *y))
    l1_expect_arg(r, hetla_drotm(NULL, 4, x, 1, y, 1, p), 1, UNTOUCHED, "ctx NULL");
    l1_expect_arg(r, hetla_drotm(ctx, -1, x, 1, y, 1, p), 2, UNTOUCHED, "n < 0");
    l1_expect_arg(r, hetla_drotm(ctx, 4, NULL, 1, y, 1, p), 3, UNTOUCHED, "x NULL");
    l1_expect_arg(r, hetla_drotm(ctx, 4, x, 1, NULL, 1, p), 5, UNTOUCHED, "y NULL");
    l1_expect_arg(r, hetla_drotm(ctx, 4, x, 1, y, 1, NULL), 7, UNTOUCHED, "param NULL");
    hetla_data *hx = l1_handle(ctx, x, 4, 1, HETLA_DOUBLE), *hy = l1_handle(ctx, y, 4, 1, HETLA_DOUBLE);
    l1_expect_arg(r, hetla_drotm_task(NULL, NULL, hx, hy, p), 1, true, "task: ctx NULL");
    l1_expect_arg(r, hetla_drotm_task(ctx, NULL, hx, NULL, p), 4, true, "task: y NULL");
    l1_expect_arg(r, hetla_drotm_task(ctx, NULL, hx, hy, NULL), 5, true, "task: param NULL");
    hetla_status s = HETLA_SUCCESS;
    l1_unregister(hx, &s);
    l1_unregister(hy, &s);
    test_case(r, test_max(l1_ok(s), UNTOUCHED ? 0 : INFINITY), "drotm task forms: nothing written");
#undef UNTOUCHED
}

static void drotm_unsupported(test_result *r, hetla_context *ctx)
{
    double *x = dtest_vector(7, 1), *y = dtest_vector(7, 1), *x0 = dtest_copy(x, 7), *y0 = dtest_copy(y, 7);
    double p[5] = {-1, 1, 2, 3, 4}, identity[5] = {-2, 0, 0, 0, 0};
    hetla_status s = hetla_drotm(ctx, 7, x, 1, y, 1, p);
    l1_expect_unsupported(r, s, l1_same(x, x0, 7 * sizeof *x) && l1_same(y, y0, 7 * sizeof *y), "drotm");
    test_case(r, l1_ok(hetla_drotm(ctx, 7, x, 1, y, 1, identity)), "drotm flag -2 on a setup without it");
}

void api1_drotm(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    drotm_bad_args(r, ctx);
    if (!l1_runs(ctx, "drotm")) {
        drotm_unsupported(r, ctx);
        return;
    }
    for (int flag = -2; flag <= 1; flag++) {
        double p[5] = {flag, test_uniform(), test_uniform(), test_uniform(), test_uniform()};
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t b = 0; b < COUNT(incs); b++)
                for (size_t d = 0; d < COUNT(incs); d++)
                    drotm_case(r, ctx, p, ns[a], incs[b], incs[d], false);
        drotm_case(r, ctx, p, 33, 1, 1, true);
        drotm_case(r, ctx, p, 7, 2, 3, true);
        test_free_all();
    }
}
