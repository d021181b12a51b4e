/* Tests of sdsdot and dsdot (single precision data, double accumulation)
 * through hetla's public API. */
#include "stest_util.h"

#include "test_level1_api.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

l1_test_fn api1_sdsdot, api1_dsdot;

static const hetla_int ns[] = {0, 1, 7, 33, 65};
static const hetla_int incs[] = {1, -2, 3, 0};

/* The sum is held to double accuracy, and sdsdot's to its rounding to
 * float: a float accumulation fails either. */
static double mixed_resid(bool with_sb, double got, double want, double scale)
{
    double eps = with_sb ? stest_eps() : 0x1p-52;
    if (with_sb)
        scale = test_max(scale, test_abs(want));
    return got == want ? 0 : test_abs(got - want) / ((scale > 0 ? scale : 1) * eps);
}

static hetla_status mixed_sync(hetla_context *ctx, bool with_sb, hetla_int n, float sb, const float *x,
                               hetla_int incx, const float *y, hetla_int incy, double *got)
{
    float g = (float)*got; /* sdsdot's result, untouched on error */
    hetla_status s = with_sb ? hetla_sdsdot(ctx, n, sb, x, incx, y, incy, &g)
                             : hetla_dsdot(ctx, n, x, incx, y, incy, got);
    if (with_sb)
        *got = g;
    return s;
}

static hetla_status mixed_task(hetla_context *ctx, bool with_sb, hetla_int n, float sb, float *x, hetla_int incx,
                               float *y, hetla_int incy, double *got)
{
    float g = NAN;
    hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_FLOAT), *hy = l1_handle(ctx, y, n, incy, HETLA_FLOAT);
    hetla_data *hr = with_sb ? l1_handle(ctx, &g, 1, 1, HETLA_FLOAT) : l1_handle(ctx, got, 1, 1, HETLA_DOUBLE);
    hetla_status s = !hx || !hy || !hr ? HETLA_ERR_INTERNAL
                     : with_sb         ? hetla_sdsdot_task(ctx, NULL, sb, hx, hy, hr)
                                       : hetla_dsdot_task(ctx, NULL, hx, hy, hr);
    l1_unregister(hx, &s);
    l1_unregister(hy, &s);
    l1_unregister(hr, &s);
    if (with_sb)
        *got = g;
    return s;
}

static void mixed_case(test_result *r, hetla_context *ctx, bool with_sb, hetla_int n, hetla_int incx,
                       hetla_int incy, bool task)
{
    float *x = stest_vector(n, incx), *y = stest_vector(n, incy), sb = with_sb ? (float)test_uniform() : 0;
    double want = sb, scale = test_abs(sb), got = NAN;
    for (hetla_int i = 0; i < n; i++) {
        double a = x[test_pos(n, incx, i)], b = y[test_pos(n, incy, i)];
        want += a * b;
        scale += test_abs(a * b);
    }
    if (with_sb)
        want = (float)want;
    hetla_status s = task ? mixed_task(ctx, with_sb, n, sb, x, incx, y, incy, &got)
                          : mixed_sync(ctx, with_sb, n, sb, x, incx, y, incy, &got);
    test_case(r, test_max(l1_ok(s), mixed_resid(with_sb, got, want, scale)), "%s%s n=%lld incx=%lld incy=%lld",
              with_sb ? "sdsdot" : "dsdot", task ? "_task" : "", (long long)n, (long long)incx, (long long)incy);
}

/* Argument positions: sdsdot's alpha comes before x. */
static void mixed_bad_args(test_result *r, hetla_context *ctx, bool with_sb)
{
    float *x = stest_vector(4, 1), *y = stest_vector(4, 1);
    double got = 7;
    int px = with_sb ? 4 : 3;
    const char *name = with_sb ? "sdsdot" : "dsdot";
    l1_expect_arg(r, mixed_sync(NULL, with_sb, 4, 1, x, 1, y, 1, &got), 1, got == 7, name);
    l1_expect_arg(r, mixed_sync(ctx, with_sb, -1, 1, x, 1, y, 1, &got), 2, got == 7, name);
    l1_expect_arg(r, mixed_sync(ctx, with_sb, 4, 1, NULL, 1, y, 1, &got), px, got == 7, name);
    l1_expect_arg(r, mixed_sync(ctx, with_sb, 4, 1, x, 1, NULL, 1, &got), px + 2, got == 7, name);
    hetla_status s = with_sb ? hetla_sdsdot(ctx, 4, 1, x, 1, y, 1, NULL) : hetla_dsdot(ctx, 4, x, 1, y, 1, NULL);
    l1_expect_arg(r, s, px + 4, true, name);
    hetla_data *hx = l1_handle(ctx, x, 4, 1, HETLA_FLOAT), *hy = l1_handle(ctx, y, 3, 1, HETLA_FLOAT);
    hetla_data *ints = l1_wrong_type(ctx, 1);
    s = with_sb ? hetla_sdsdot_task(ctx, NULL, 1, hx, hy, ints) : hetla_dsdot_task(ctx, NULL, hx, hy, ints);
    l1_expect_arg(r, s, px + 1, true, name); /* y shorter than x; opts takes n's place */
    s = with_sb ? hetla_sdsdot_task(ctx, NULL, 1, hx, hx, ints) : hetla_dsdot_task(ctx, NULL, hx, hx, ints);
    l1_expect_arg(r, s, px + 2, true, name);
    s = HETLA_SUCCESS;
    l1_unregister(hx, &s);
    l1_unregister(hy, &s);
    l1_unregister(ints, &s);
    test_case(r, l1_ok(s), "%s: handles unregistered", name);
}

static void mixed_all(test_result *r, hetla_context *ctx, bool with_sb)
{
    mixed_bad_args(r, ctx, with_sb);
    if (!l1_runs(ctx, with_sb ? "sdsdot" : "dsdot")) {
        float *x = stest_vector(7, 1), *y = stest_vector(7, 1);
        double got = 7;
        hetla_status s = mixed_sync(ctx, with_sb, 7, 1, x, 1, y, 1, &got);
        l1_expect_unsupported(r, s, got == 7, with_sb ? "sdsdot" : "dsdot");
        return;
    }
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                mixed_case(r, ctx, with_sb, ns[a], incs[b], incs[d], false);
    mixed_case(r, ctx, with_sb, 65, 1, 1, true);
    mixed_case(r, ctx, with_sb, 33, 2, 3, true);
    test_free_all();
}

void api1_sdsdot(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    mixed_all(r, ctx, true);
}

void api1_dsdot(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    mixed_all(r, ctx, false);
}
