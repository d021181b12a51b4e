/* Tests of the level-1 routines of one precision that update vectors (rot,
 * swap, copy, axpy, scal) through hetla's public API, written for z: the
 * synchronous call and the task form against the BLAS definition applied
 * entry by entry, bad arguments, and a chain of task calls.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_util.h"

#include <string.h>

#include "test_level1_api.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

l1_test_fn api1_zdrot, api1_zswap, api1_zcopy, api1_zaxpy, api1_zscal, api1_zaxpy_chain;

static const hetla_int ns[] = {0, 1, 7, 33, 65};
/* every sign of increment: the reference BLAS allows them all here */
static const hetla_int incs[] = {1, -2, 3, 0};
/* handles have positive increments (n x 1, or 1 x n with ld) */
static const hetla_int task_ns[] = {1, 7, 65};
static const hetla_int task_incs[] = {1, 2};

/* ---- the two-vector updates: rot, swap, copy, axpy ---------------------- */

typedef enum { ZROT, ZSWAP, ZCOPY, ZAXPY } zpair_kind;

typedef struct zpair {
    zpair_kind kind;
    const char *op; /* the operation's name, as l1_runs looks it up */
    hetla_zcomplex alpha;
    double c, s;
} zpair;

/* The BLAS definition in logical order, so that zero increments pile the
 * updates onto one entry as the reference BLAS does. */
static void zpair_ref(const zpair *p, hetla_int n, hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y,
                      hetla_int incy)
{
    if (p->kind == ZAXPY && p->alpha == 0)
        return;
    for (hetla_int i = 0; i < n; i++) {
        hetla_zcomplex *xi = &x[test_pos(n, incx, i)], *yi = &y[test_pos(n, incy, i)], a = *xi, b = *yi;
        if (p->kind == ZROT)
            *xi = p->c * a + p->s * b, *yi = p->c * b - p->s * a;
        else if (p->kind == ZSWAP)
            *xi = b, *yi = a;
        else if (p->kind == ZCOPY)
            *yi = a;
        else
            *yi = b + p->alpha * a;
    }
}

static hetla_status zpair_sync(hetla_context *ctx, const zpair *p, hetla_int n, hetla_zcomplex *x, hetla_int incx,
                               hetla_zcomplex *y, hetla_int incy)
{
    switch (p->kind) {
    case ZROT:
        return hetla_zdrot(ctx, n, x, incx, y, incy, p->c, p->s);
    case ZSWAP:
        return hetla_zswap(ctx, n, x, incx, y, incy);
    case ZCOPY:
        return hetla_zcopy(ctx, n, x, incx, y, incy);
    default:
        return hetla_zaxpy(ctx, n, p->alpha, x, incx, y, incy);
    }
}

static hetla_status zpair_task(hetla_context *ctx, const zpair *p, hetla_data *x, hetla_data *y)
{
    switch (p->kind) {
    case ZROT:
        return hetla_zdrot_task(ctx, NULL, x, y, p->c, p->s);
    case ZSWAP:
        return hetla_zswap_task(ctx, NULL, x, y);
    case ZCOPY:
        return hetla_zcopy_task(ctx, NULL, x, y);
    default:
        return hetla_zaxpy_task(ctx, NULL, p->alpha, x, y);
    }
}

/* Residual scale: swap and copy move data exactly; rot and axpy round,
 * n times over on one entry when an increment is zero. */
static test_real zpair_scale(const zpair *p, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                             const hetla_zcomplex *y, hetla_int incy)
{
    if (p->kind == ZSWAP || p->kind == ZCOPY)
        return 1;
    test_real s = (p->kind == ZROT ? 1 : cabs(p->alpha)) * ztest_vnorm(n, x, incx) + ztest_vnorm(n, y, incy);
    return s * ((incx == 0 || incy == 0) && n > 0 ? (test_real)n : 1);
}

/* Inputs of a case: x is NaN where it must not be read (axpy with
 * alpha = 0), y where it is only written (copy). */
static void zpair_inputs(const zpair *p, hetla_int n, hetla_int incx, hetla_int incy, hetla_zcomplex **x,
                         hetla_zcomplex **y)
{
    *x = p->kind == ZAXPY && p->alpha == 0 ? ztest_nans(ztest_vlen(n, incx)) : ztest_vector(n, incx);
    *y = p->kind == ZCOPY ? ztest_nans(ztest_vlen(n, incy)) : ztest_vector(n, incy);
}

static void zpair_sync_case(test_result *r, hetla_context *ctx, const zpair *p, hetla_int n, hetla_int incx,
                            hetla_int incy)
{
    size_t lx = ztest_vlen(n, incx), ly = ztest_vlen(n, incy);
    hetla_zcomplex *x, *y;
    zpair_inputs(p, n, incx, incy, &x, &y);
    hetla_zcomplex *xw = ztest_copy(x, lx), *yw = ztest_copy(y, ly);
    zpair_ref(p, n, xw, incx, yw, incy);
    test_real scale = zpair_scale(p, n, x, incx, y, incy);
    hetla_status s = zpair_sync(ctx, p, n, x, incx, y, incy);
    test_real res = test_max(ztest_resid(lx, x, xw, scale), ztest_resid(ly, y, yw, scale));
    test_case(r, test_max(l1_ok(s), res), "%s n=%lld incx=%lld incy=%lld alpha=%g%+gi c=%g", p->op, (long long)n,
              (long long)incx, (long long)incy, (double)creal(p->alpha), (double)cimag(p->alpha), (double)p->c);
}

static void zpair_task_case(test_result *r, hetla_context *ctx, const zpair *p, hetla_int n, hetla_int inc)
{
    size_t len = ztest_vlen(n, inc);
    hetla_zcomplex *x, *y;
    zpair_inputs(p, n, inc, inc, &x, &y);
    hetla_zcomplex *xw = ztest_copy(x, len), *yw = ztest_copy(y, len);
    zpair_ref(p, n, xw, inc, yw, inc);
    test_real scale = zpair_scale(p, n, x, inc, y, inc);
    hetla_data *hx = l1_handle(ctx, x, n, inc, HETLA_ZCOMPLEX), *hy = l1_handle(ctx, y, n, inc, HETLA_ZCOMPLEX);
    hetla_status s = hx && hy ? zpair_task(ctx, p, hx, hy) : HETLA_ERR_INTERNAL;
    l1_unregister(hx, &s);
    l1_unregister(hy, &s);
    test_real res = test_max(ztest_resid(len, x, xw, scale), ztest_resid(len, y, yw, scale));
    test_case(r, test_max(l1_ok(s), res), "%s_task n=%lld inc=%lld", p->op, (long long)n, (long long)inc);
}

/* Bad arguments of both forms: the status names the argument, and
 * nothing is written. */
static void zpair_bad_args(test_result *r, hetla_context *ctx, const zpair *p)
{
    enum { N = 5 };
    int px = p->kind == ZAXPY ? 4 : 3; /* axpy's alpha comes before x */
    hetla_zcomplex *x = ztest_vector(N, 1), *y = ztest_vector(N, 1);
    hetla_zcomplex *x0 = ztest_copy(x, N), *y0 = ztest_copy(y, N);
    size_t bytes = N * sizeof *x;
#define UNTOUCHED (l1_same(x, x0, bytes) && l1_same(y, y0, bytes))
    l1_expect_arg(r, zpair_sync(NULL, p, N, x, 1, y, 1), 1, UNTOUCHED, "ctx NULL");
    l1_expect_arg(r, zpair_sync(ctx, p, -1, x, 1, y, 1), 2, UNTOUCHED, "n < 0");
    l1_expect_arg(r, zpair_sync(ctx, p, N, NULL, 1, y, 1), px, UNTOUCHED, "x NULL");
    l1_expect_arg(r, zpair_sync(ctx, p, N, x, 1, NULL, 1), px + 2, UNTOUCHED, "y NULL");
    hetla_data *hx = l1_handle(ctx, x, N, 1, HETLA_ZCOMPLEX), *hy = l1_handle(ctx, y, N, 1, HETLA_ZCOMPLEX);
    hetla_data *short_y = l1_handle(ctx, ztest_vector(N - 1, 1), N - 1, 1, HETLA_ZCOMPLEX);
    hetla_data *ints = l1_wrong_type(ctx, N);
    /* the task forms have opts in n's place: x keeps its position, y follows it */
    l1_expect_arg(r, zpair_task(NULL, p, hx, hy), 1, true, "task: ctx NULL");
    l1_expect_arg(r, zpair_task(ctx, p, NULL, hy), px, true, "task: x NULL");
    l1_expect_arg(r, zpair_task(ctx, p, hx, NULL), px + 1, true, "task: y NULL");
    l1_expect_arg(r, zpair_task(ctx, p, ints, hy), px, true, "task: x of another type");
    l1_expect_arg(r, zpair_task(ctx, p, hx, short_y), px + 1, true, "task: y shorter than x");
    hetla_status s = HETLA_SUCCESS;
    l1_unregister(hx, &s);
    l1_unregister(hy, &s);
    l1_unregister(short_y, &s);
    l1_unregister(ints, &s);
    test_case(r, test_max(l1_ok(s), UNTOUCHED ? 0 : INFINITY), "%s task forms: nothing written", p->op);
#undef UNTOUCHED
}

/* A setup without the routine: the call fails cleanly, quick returns
 * still succeed. */
static void zpair_unsupported(test_result *r, hetla_context *ctx, const zpair *p)
{
    hetla_zcomplex *x = ztest_vector(7, 1), *y = ztest_vector(7, 1);
    hetla_zcomplex *x0 = ztest_copy(x, 7), *y0 = ztest_copy(y, 7);
    hetla_status s = zpair_sync(ctx, p, 7, x, 1, y, 1);
    l1_expect_unsupported(r, s, l1_same(x, x0, sizeof *x * 7) && l1_same(y, y0, sizeof *y * 7), p->op);
    test_case(r, l1_ok(zpair_sync(ctx, p, 0, x, 1, y, 1)), "%s n=0 on a setup without it", p->op);
}

static void zpair_all(test_result *r, hetla_context *ctx, const zpair *p)
{
    zpair_bad_args(r, ctx, p);
    if (!l1_runs(ctx, p->op)) {
        zpair_unsupported(r, ctx, p);
        return;
    }
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zpair_sync_case(r, ctx, p, ns[a], incs[b], incs[d]);
    for (size_t a = 0; a < COUNT(task_ns); a++)
        for (size_t b = 0; b < COUNT(task_incs); b++)
            zpair_task_case(r, ctx, p, task_ns[a], task_incs[b]);
    test_free_all();
}

void api1_zdrot(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    for (int t = 0; t < 3; t++) {
        double theta = t == 0 ? 0 : 3 * test_uniform(); /* t = 0: the identity */
        zpair p = {.kind = ZROT, .op = "zdrot", .c = cos(theta), .s = sin(theta)};
        zpair_all(r, ctx, &p);
    }
}

void api1_zswap(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zpair_all(r, ctx, &(zpair){.kind = ZSWAP, .op = "zswap"});
}

void api1_zcopy(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zpair_all(r, ctx, &(zpair){.kind = ZCOPY, .op = "zcopy"});
}

void api1_zaxpy(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    const hetla_zcomplex alphas[] = {ztest_rand(), 0, 1};
    for (size_t a = 0; a < COUNT(alphas); a++)
        zpair_all(r, ctx, &(zpair){.kind = ZAXPY, .op = "zaxpy", .alpha = alphas[a]});
}

/* ---- scal ---------------------------------------------------------------- */

/* non-positive increments leave x untouched (the reference BLAS) */
static const hetla_int scal_incs[] = {1, 2, 3, 0, -1};

static void zscal_case(test_result *r, hetla_context *ctx, hetla_zcomplex alpha, hetla_int n, hetla_int incx,
                       bool task)
{
    size_t len = ztest_vlen(n, incx);
    hetla_zcomplex *x = ztest_vector(n, incx), *xw = ztest_copy(x, len);
    for (hetla_int i = 0; i < n && incx > 0; i++)
        xw[i * incx] *= alpha;
    test_real scale = test_max(cabs(alpha), 1) * ztest_vnorm(n, x, incx);
    hetla_status s;
    if (task) {
        hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_ZCOMPLEX);
        s = hx ? hetla_zscal_task(ctx, NULL, alpha, hx) : HETLA_ERR_INTERNAL;
        l1_unregister(hx, &s);
    } else {
        s = hetla_zscal(ctx, n, alpha, x, incx);
    }
    test_case(r, test_max(l1_ok(s), ztest_resid(len, x, xw, scale)), "zscal%s n=%lld incx=%lld alpha=%g%+gi",
              task ? "_task" : "", (long long)n, (long long)incx, (double)creal(alpha), (double)cimag(alpha));
}

static void zscal_bad_args(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *x = ztest_vector(4, 1), *x0 = ztest_copy(x, 4), alpha = 2;
    size_t bytes = 4 * sizeof *x;
    l1_expect_arg(r, hetla_zscal(NULL, 4, alpha, x, 1), 1, l1_same(x, x0, bytes), "ctx NULL");
    l1_expect_arg(r, hetla_zscal(ctx, -1, alpha, x, 1), 2, l1_same(x, x0, bytes), "n < 0");
    l1_expect_arg(r, hetla_zscal(ctx, 4, alpha, NULL, 1), 4, true, "x NULL");
    hetla_data *ints = l1_wrong_type(ctx, 4);
    l1_expect_arg(r, hetla_zscal_task(NULL, NULL, alpha, ints), 1, true, "task: ctx NULL");
    l1_expect_arg(r, hetla_zscal_task(ctx, NULL, alpha, NULL), 4, true, "task: x NULL");
    l1_expect_arg(r, hetla_zscal_task(ctx, NULL, alpha, ints), 4, true, "task: x of another type");
    hetla_status s = HETLA_SUCCESS;
    l1_unregister(ints, &s);
    test_case(r, l1_ok(s), "zscal: handles unregistered");
}

void api1_zscal(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zscal_bad_args(r, ctx);
    const hetla_zcomplex alphas[] = {ztest_rand(), 0, 1};
    for (size_t c = 0; c < COUNT(alphas); c++) {
        for (size_t a = 0; a < COUNT(ns); a++)
            for (size_t b = 0; b < COUNT(scal_incs); b++)
                zscal_case(r, ctx, alphas[c], ns[a], scal_incs[b], false);
        for (size_t a = 0; a < COUNT(task_ns); a++)
            for (size_t b = 0; b < COUNT(task_incs); b++)
                zscal_case(r, ctx, alphas[c], task_ns[a], task_incs[b], true);
        test_free_all();
    }
}

/* ---- a chain: y := alpha x + y, then r := x^H y, without the host ------- */

void api1_zaxpy_chain(test_result *r, hetla_context *ctx, int setup)
{
    const hetla_int n = 65, incy = 2;
    hetla_zcomplex alpha = ztest_rand(), *x = ztest_vector(n, 1), *y = ztest_vector(n, incy), got = ztest_nan();
    hetla_zcomplex *yw = ztest_copy(y, ztest_vlen(n, incy)), want = 0;
    test_real scale = 0;
    for (hetla_int i = 0; i < n; i++) {
        yw[i * incy] += alpha * x[i];
        want += conj(x[i]) * yw[i * incy];
        scale += cabs(x[i]) * cabs(yw[i * incy]);
    }
    hetla_data *hx = l1_handle(ctx, x, n, 1, HETLA_ZCOMPLEX), *hy = l1_handle(ctx, y, n, incy, HETLA_ZCOMPLEX);
    hetla_data *hr = l1_handle(ctx, &got, 1, 1, HETLA_ZCOMPLEX);
    hetla_status s = hx && hy && hr ? hetla_stats_reset(ctx) : HETLA_ERR_INTERNAL;
    if (!s)
        s = hetla_zaxpy_task(ctx, NULL, alpha, hx, hy);
    if (!s)
        s = hetla_zdotc_task(ctx, NULL, hx, hy, hr);
    if (!s)
        s = hetla_wait_all(ctx);
    test_real stats = s ? INFINITY : l1_chain_stats(ctx, setup, 2);
    l1_unregister(hx, &s);
    l1_unregister(hy, &s);
    l1_unregister(hr, &s);
    test_real res = test_max(ztest_resid(ztest_vlen(n, incy), y, yw, scale), ztest_resid(1, &got, &want, scale));
    test_case(r, test_max(test_max(l1_ok(s), stats), res), "zaxpy_task then zdotc_task, n=%lld", (long long)n);
}
