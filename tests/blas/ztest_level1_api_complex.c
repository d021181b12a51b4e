/* Tests of the complex-only level-1 routines (rotg, dscal, dotu) of one
 * precision through hetla's public API, written for z.
 * @precisions normal z -> c
 */
#define COMPLEX
#include "ztest_util.h"

#include "test_level1_api.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

l1_test_fn api1_zrotg, api1_zdscal, api1_zdotu;

static const hetla_int ns[] = {0, 1, 7, 33, 65};
static const hetla_int incs[] = {1, -2, 3, 0};
static const hetla_int scal_incs[] = {1, 2, 3, 0, -1};
static const hetla_int task_ns[] = {1, 7, 65};
static const hetla_int task_incs[] = {1, 2};

/* ---- rotg ---------------------------------------------------------------- */

/* [c s; -conj(s) c] [a; b] = [r; 0] with c real in [0, 1] and
 * c^2 + |s|^2 = 1, relative to |(a, b)|. */
static test_real zrotg_resid(hetla_zcomplex a, hetla_zcomplex b, double c, hetla_zcomplex s, hetla_zcomplex r)
{
    test_real eps = ztest_eps(), nrm = hypot(cabs(a), cabs(b));
    test_real res = (c < 0 || c > 1) ? INFINITY : test_abs(c * c + creal(s * conj(s)) - 1) / eps;
    if (nrm == 0)
        return test_max(res, cabs(r) == 0 ? 0 : INFINITY);
    res = test_max(res, cabs(c * a + s * b - r) / (nrm * eps));
    return test_max(res, cabs(-conj(s) * a + c * b) / (nrm * eps));
}

static void zrotg_bad_args(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex a = 1, b = 2, s = 9;
    double c = 9;
#define UNTOUCHED (a == 1 && c == 9 && s == 9)
    l1_expect_arg(r, hetla_zrotg(NULL, &a, b, &c, &s), 1, UNTOUCHED, "ctx NULL");
    l1_expect_arg(r, hetla_zrotg(ctx, NULL, b, &c, &s), 2, UNTOUCHED, "a NULL");
    l1_expect_arg(r, hetla_zrotg(ctx, &a, b, NULL, &s), 4, UNTOUCHED, "c NULL");
    l1_expect_arg(r, hetla_zrotg(ctx, &a, b, &c, NULL), 5, UNTOUCHED, "s NULL");
#undef UNTOUCHED
}

void api1_zrotg(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zrotg_bad_args(r, ctx);
    for (int t = 0; t < 40; t++) {
        hetla_zcomplex a = ztest_rand(), b = ztest_rand(), ra, s;
        if (t < 3) /* a = 0, b = 0, both 0 */
            a = t == 1 ? a : 0, b = t == 0 ? b : 0;
        double c = ztest_nan();
        ra = a;
        hetla_status st = hetla_zrotg(ctx, &ra, b, &c, &s);
        test_case(r, test_max(l1_ok(st), zrotg_resid(a, b, c, s, ra)), "zrotg case %d", t);
    }
}

/* ---- dscal ----------------------------------------------------------------- */

static void zdscal_case(test_result *r, hetla_context *ctx, double alpha, hetla_int n, hetla_int incx, bool task)
{
    size_t len = ztest_vlen(n, incx);
    hetla_zcomplex *x = ztest_vector(n, incx), *xw = ztest_copy(x, len);
    for (hetla_int i = 0; i < n && incx > 0; i++)
        xw[i * incx] *= alpha;
    test_real scale = test_max(test_abs(alpha), 1) * ztest_vnorm(n, x, incx);
    hetla_status s;
    if (task) {
        hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_ZCOMPLEX);
        s = hx ? hetla_zdscal_task(ctx, NULL, alpha, hx) : HETLA_ERR_INTERNAL;
        l1_unregister(hx, &s);
    } else {
        s = hetla_zdscal(ctx, n, alpha, x, incx);
    }
    test_case(r, test_max(l1_ok(s), ztest_resid(len, x, xw, scale)), "zdscal%s n=%lld incx=%lld alpha=%g",
              task ? "_task" : "", (long long)n, (long long)incx, (double)alpha);
}

static void zdscal_bad_args(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *x = ztest_vector(4, 1), *x0 = ztest_copy(x, 4);
    size_t bytes = 4 * sizeof *x;
    l1_expect_arg(r, hetla_zdscal(NULL, 4, 2, x, 1), 1, l1_same(x, x0, bytes), "ctx NULL");
    l1_expect_arg(r, hetla_zdscal(ctx, -1, 2, x, 1), 2, l1_same(x, x0, bytes), "n < 0");
    l1_expect_arg(r, hetla_zdscal(ctx, 4, 2, NULL, 1), 4, true, "x NULL");
    hetla_data *ints = l1_wrong_type(ctx, 4);
    l1_expect_arg(r, hetla_zdscal_task(NULL, NULL, 2, ints), 1, true, "task: ctx NULL");
    l1_expect_arg(r, hetla_zdscal_task(ctx, NULL, 2, NULL), 4, true, "task: x NULL");
    l1_expect_arg(r, hetla_zdscal_task(ctx, NULL, 2, ints), 4, true, "task: x of another type");
    hetla_status s = HETLA_SUCCESS;
    l1_unregister(ints, &s);
    test_case(r, l1_ok(s), "zdscal: handles unregistered");
}

void api1_zdscal(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zdscal_bad_args(r, ctx);
    const double alphas[] = {test_uniform(), 0, 1};
    for (size_t c = 0; c < COUNT(alphas); c++) {
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t b = 0; b < COUNT(scal_incs); b++)
                zdscal_case(r, ctx, alphas[c], ns[a], scal_incs[b], false);
        for (size_t a = 0; a < COUNT(task_ns); a++)
            for (size_t b = 0; b < COUNT(task_incs); b++)
                zdscal_case(r, ctx, alphas[c], task_ns[a], task_incs[b], true);
        test_free_all();
    }
}

/* ---- dotu ------------------------------------------------------------------ */

static void zdotu_case(test_result *r, hetla_context *ctx, hetla_int n, hetla_int incx, hetla_int incy, bool task)
{
    hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy), want = 0, got = ztest_nan();
    test_real scale = 0;
    for (hetla_int i = 0; i < n; i++) {
        hetla_zcomplex a = x[test_pos(n, incx, i)], b = y[test_pos(n, incy, i)];
        want += a * b;
        scale += cabs(a) * cabs(b);
    }
    hetla_status s;
    if (task) {
        hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_ZCOMPLEX), *hy = l1_handle(ctx, y, n, incy, HETLA_ZCOMPLEX);
        hetla_data *hr = l1_handle(ctx, &got, 1, 1, HETLA_ZCOMPLEX);
        s = hx && hy && hr ? hetla_zdotu_task(ctx, NULL, hx, hy, hr) : HETLA_ERR_INTERNAL;
        l1_unregister(hx, &s);
        l1_unregister(hy, &s);
        l1_unregister(hr, &s);
    } else {
        s = hetla_zdotu(ctx, n, x, incx, y, incy, &got);
    }
    test_case(r, test_max(l1_ok(s), ztest_resid(1, &got, &want, scale)), "zdotu%s n=%lld incx=%lld incy=%lld",
              task ? "_task" : "", (long long)n, (long long)incx, (long long)incy);
}

static void zdotu_bad_args(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *x = ztest_vector(4, 1), *y = ztest_vector(4, 1), got = 7;
    l1_expect_arg(r, hetla_zdotu(NULL, 4, x, 1, y, 1, &got), 1, got == 7, "ctx NULL");
    l1_expect_arg(r, hetla_zdotu(ctx, -1, x, 1, y, 1, &got), 2, got == 7, "n < 0");
    l1_expect_arg(r, hetla_zdotu(ctx, 4, NULL, 1, y, 1, &got), 3, got == 7, "x NULL");
    l1_expect_arg(r, hetla_zdotu(ctx, 4, x, 1, NULL, 1, &got), 5, got == 7, "y NULL");
    l1_expect_arg(r, hetla_zdotu(ctx, 4, x, 1, y, 1, NULL), 7, true, "result NULL");
    hetla_data *hx = l1_handle(ctx, x, 4, 1, HETLA_ZCOMPLEX), *hr = l1_handle(ctx, &got, 1, 1, HETLA_ZCOMPLEX);
    l1_expect_arg(r, hetla_zdotu_task(ctx, NULL, hx, NULL, hr), 4, got == 7, "task: y NULL");
    l1_expect_arg(r, hetla_zdotu_task(ctx, NULL, hx, hx, hx), 5, got == 7, "task: result 4 x 1");
    hetla_status s = HETLA_SUCCESS;
    l1_unregister(hx, &s);
    l1_unregister(hr, &s);
    test_case(r, test_max(l1_ok(s), got == 7 ? 0 : INFINITY), "zdotu task forms: nothing written");
}

void api1_zdotu(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zdotu_bad_args(r, ctx);
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zdotu_case(r, ctx, ns[a], incs[b], incs[d], false);
    for (size_t a = 0; a < COUNT(task_ns); a++)
        for (size_t b = 0; b < COUNT(task_incs); b++)
            zdotu_case(r, ctx, task_ns[a], task_incs[b], 1, true);
}
