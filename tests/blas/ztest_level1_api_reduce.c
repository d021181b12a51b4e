/* Tests of the level-1 routines of one precision that reduce vectors to a
 * scalar (dotc, nrm2, asum, iamax) through hetla's public API, written
 * for z: the synchronous call into a poisoned result and the task form
 * into a 1 x 1 handle, against sums in logical order, and bad arguments.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "ztest_util.h"

#include <float.h>

#include "test_level1_api.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

l1_test_fn api1_zdotc, api1_dznrm2, api1_dzasum, api1_izamax;

static const hetla_int ns[] = {0, 1, 7, 33, 65};
/* dot and nrm2 take every increment; asum and iamax answer 0 for incx <= 0 */
static const hetla_int incs[] = {1, -2, 3, 0};
static const hetla_int pos_incs[] = {1, 2, 3, 0, -1};
static const hetla_int task_ns[] = {1, 7, 65};
static const hetla_int task_incs[] = {1, 2};

/* |got - want| in units of eps |scale|; 0 when equal (also for scale 0). */
static test_real zrel(hetla_zcomplex got, hetla_zcomplex want, test_real scale)
{
    return ztest_resid(1, &got, &want, scale);
}

/* ---- dotc ------------------------------------------------------------------ */

static void zdotc_case(test_result *r, hetla_context *ctx, hetla_int n, hetla_int incx, hetla_int incy, bool task)
{
    hetla_zcomplex *x = ztest_vector(n, incx), *y = ztest_vector(n, incy), want = 0, got = ztest_nan();
    test_real scale = 0;
    for (hetla_int i = 0; i < n; i++) {
        hetla_zcomplex a = x[test_pos(n, incx, i)], b = y[test_pos(n, incy, i)];
        want += conj(a) * b;
        scale += cabs(a) * cabs(b);
    }
    hetla_status s;
    if (task) {
        hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_ZCOMPLEX), *hy = l1_handle(ctx, y, n, incy, HETLA_ZCOMPLEX);
        hetla_data *hr = l1_handle(ctx, &got, 1, 1, HETLA_ZCOMPLEX);
        s = hx && hy && hr ? hetla_zdotc_task(ctx, NULL, hx, hy, hr) : HETLA_ERR_INTERNAL;
        l1_unregister(hx, &s);
        l1_unregister(hy, &s);
        l1_unregister(hr, &s);
    } else {
        s = hetla_zdotc(ctx, n, x, incx, y, incy, &got);
    }
    test_case(r, test_max(l1_ok(s), zrel(got, want, scale)), "zdotc%s n=%lld incx=%lld incy=%lld",
              task ? "_task" : "", (long long)n, (long long)incx, (long long)incy);
}

/* x^H x with one array for both arguments */
static void zdotc_alias_case(test_result *r, hetla_context *ctx)
{
    const hetla_int n = 33;
    hetla_zcomplex *x = ztest_vector(n, 1), want = 0, got = ztest_nan();
    for (hetla_int i = 0; i < n; i++)
        want += conj(x[i]) * x[i];
    hetla_status s = hetla_zdotc(ctx, n, x, 1, x, 1, &got);
    test_case(r, test_max(l1_ok(s), zrel(got, want, creal(want))), "zdotc of x with itself");
}

static void zdotc_bad_args(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *x = ztest_vector(4, 1), *y = ztest_vector(4, 1), got = 7, *res = &got;
#define UNTOUCHED (got == 7)
    l1_expect_arg(r, hetla_zdotc(NULL, 4, x, 1, y, 1, res), 1, UNTOUCHED, "ctx NULL");
    l1_expect_arg(r, hetla_zdotc(ctx, -1, x, 1, y, 1, res), 2, UNTOUCHED, "n < 0");
    l1_expect_arg(r, hetla_zdotc(ctx, 4, NULL, 1, y, 1, res), 3, UNTOUCHED, "x NULL");
    l1_expect_arg(r, hetla_zdotc(ctx, 4, x, 1, NULL, 1, res), 5, UNTOUCHED, "y NULL");
    l1_expect_arg(r, hetla_zdotc(ctx, 0, x, 1, y, 1, NULL), 7, true, "result NULL");
    hetla_data *hx = l1_handle(ctx, x, 4, 1, HETLA_ZCOMPLEX), *hy = l1_handle(ctx, y, 3, 1, HETLA_ZCOMPLEX);
    hetla_data *h2 = l1_handle(ctx, ztest_vector(2, 1), 2, 1, HETLA_ZCOMPLEX), *ints = l1_wrong_type(ctx, 1);
    hetla_data *hr = l1_handle(ctx, res, 1, 1, HETLA_ZCOMPLEX);
    l1_expect_arg(r, hetla_zdotc_task(NULL, NULL, hx, hx, hr), 1, UNTOUCHED, "task: ctx NULL");
    l1_expect_arg(r, hetla_zdotc_task(ctx, NULL, NULL, hx, hr), 3, UNTOUCHED, "task: x NULL");
    l1_expect_arg(r, hetla_zdotc_task(ctx, NULL, hx, hy, hr), 4, UNTOUCHED, "task: y shorter than x");
    l1_expect_arg(r, hetla_zdotc_task(ctx, NULL, hx, hx, NULL), 5, UNTOUCHED, "task: result NULL");
    l1_expect_arg(r, hetla_zdotc_task(ctx, NULL, hx, hx, h2), 5, UNTOUCHED, "task: result 2 x 1");
    l1_expect_arg(r, hetla_zdotc_task(ctx, NULL, hx, hx, ints), 5, UNTOUCHED, "task: result of another type");
    hetla_status s = HETLA_SUCCESS;
    hetla_data *all[] = {hx, hy, h2, ints, hr};
    for (size_t i = 0; i < COUNT(all); i++)
        l1_unregister(all[i], &s);
    test_case(r, test_max(l1_ok(s), UNTOUCHED ? 0 : INFINITY), "zdotc task forms: nothing written");
#undef UNTOUCHED
}

void api1_zdotc(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zdotc_bad_args(r, ctx);
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < COUNT(incs); b++)
            for (size_t d = 0; d < COUNT(incs); d++)
                zdotc_case(r, ctx, ns[a], incs[b], incs[d], false);
    for (size_t a = 0; a < COUNT(task_ns); a++)
        for (size_t b = 0; b < COUNT(task_incs); b++)
            zdotc_case(r, ctx, task_ns[a], task_incs[b], 1, true);
    zdotc_alias_case(r, ctx);
}

/* ---- nrm2, asum, iamax: one vector, one result ---------------------------- */

typedef enum { ZNRM2, ZASUM, ZAMAX } zreduce_kind;
static const char *const zreduce_names[] = {"dznrm2", "dzasum", "izamax"};

/* The result of every kind, as a complex number (iamax's index too). */
static hetla_status zreduce_sync(hetla_context *ctx, zreduce_kind k, hetla_int n, const hetla_zcomplex *x,
                                 hetla_int incx, hetla_zcomplex *got)
{
    double v = ztest_nan();
    hetla_int i = -1;
    hetla_status s = k == ZNRM2   ? hetla_dznrm2(ctx, n, x, incx, &v)
                     : k == ZASUM ? hetla_dzasum(ctx, n, x, incx, &v)
                                  : hetla_izamax(ctx, n, x, incx, &i);
    *got = k == ZAMAX ? (hetla_zcomplex)i : (hetla_zcomplex)v;
    return s;
}

static hetla_status zreduce_task(hetla_context *ctx, zreduce_kind k, hetla_data *x, hetla_data *result)
{
    return k == ZNRM2   ? hetla_dznrm2_task(ctx, NULL, x, result)
           : k == ZASUM ? hetla_dzasum_task(ctx, NULL, x, result)
                        : hetla_izamax_task(ctx, NULL, x, result);
}

static hetla_status zreduce_task_run(hetla_context *ctx, zreduce_kind k, hetla_int n, hetla_zcomplex *x,
                                     hetla_int incx, hetla_zcomplex *got)
{
    double v = ztest_nan();
    hetla_int i = -1;
    hetla_data *hx = l1_handle(ctx, x, n, incx, HETLA_ZCOMPLEX);
    hetla_data *hr = k == ZAMAX ? l1_handle(ctx, &i, 1, 1, HETLA_INT64) : l1_handle(ctx, &v, 1, 1, HETLA_DOUBLE);
    hetla_status s = hx && hr ? zreduce_task(ctx, k, hx, hr) : HETLA_ERR_INTERNAL;
    l1_unregister(hx, &s);
    l1_unregister(hr, &s);
    *got = k == ZAMAX ? (hetla_zcomplex)i : (hetla_zcomplex)v;
    return s;
}

/* The norm in long double over the n logical entries (incx = 0: n copies
 * of one), so that the reference neither overflows nor underflows. */
static test_real znrm2_ref(hetla_int n, const hetla_zcomplex *x, hetla_int incx)
{
    test_real *parts = test_alloc((size_t)(2 * n + 1) * sizeof *parts);
    for (hetla_int i = 0; i < n; i++) {
        hetla_zcomplex v = x[test_pos(n, incx, i)];
        parts[2 * i] = creal(v);
        parts[2 * i + 1] = cimag(v);
    }
    return test_norm2((size_t)(2 * n), parts);
}

static hetla_int zamax_ref(hetla_int n, const hetla_zcomplex *x, hetla_int incx)
{
    hetla_int best = 0;
    for (hetla_int i = 1; i < n && incx > 0; i++)
        if (ztest_abs1(x[i * incx]) > ztest_abs1(x[best * incx]))
            best = i;
    return best;
}

/* The expected result, and the scale of its rounding error. */
static hetla_zcomplex zreduce_ref(zreduce_kind k, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                  test_real *scale)
{
    if (k == ZNRM2)
        return *scale = znrm2_ref(n, x, incx);
    if (k == ZAMAX) {
        *scale = 1;
        return (hetla_zcomplex)zamax_ref(n, x, incx);
    }
    test_real sum = 0;
    for (hetla_int i = 0; i < n && incx > 0; i++)
        sum += ztest_abs1(x[i * incx]);
    return *scale = sum;
}

static void zreduce_case(test_result *r, hetla_context *ctx, zreduce_kind k, hetla_int n, hetla_int incx,
                         test_real mag, bool task)
{
    hetla_zcomplex *x = ztest_vector(n, incx), got;
    hetla_int step = incx < 0 ? -incx : incx;
    for (hetla_int i = 0; i < n; i++)
        x[i * step] *= mag;
    test_real scale;
    hetla_zcomplex want = zreduce_ref(k, n, x, incx, &scale);
    hetla_status s = task ? zreduce_task_run(ctx, k, n, x, incx, &got) : zreduce_sync(ctx, k, n, x, incx, &got);
    /* an index must be exact */
    test_real res = k == ZAMAX ? (got == want ? 0 : INFINITY) : zrel(got, want, scale);
    test_case(r, test_max(l1_ok(s), res), "%s%s n=%lld incx=%lld mag=%g", zreduce_names[k], task ? "_task" : "",
              (long long)n, (long long)incx, (double)mag);
}

/* Entries 2 and 5 tie for the largest: the first one wins. */
static void zamax_tie_case(test_result *r, hetla_context *ctx)
{
    hetla_zcomplex *x = ztest_vector(9, 1), got;
    x[2] = 3, x[5] = -3;
    hetla_status s = zreduce_sync(ctx, ZAMAX, 9, x, 1, &got);
    test_case(r, test_max(l1_ok(s), got == 2 ? 0 : INFINITY), "izamax tie");
}

static void zreduce_bad_args(test_result *r, hetla_context *ctx, zreduce_kind k)
{
    hetla_zcomplex *x = ztest_vector(4, 1), got;
    const char *name = zreduce_names[k];
    double v = 7;
    hetla_int i = 7;
#define UNTOUCHED (v == 7 && i == 7)
    l1_expect_arg(r, zreduce_sync(NULL, k, 4, x, 1, &got), 1, true, name);
    l1_expect_arg(r, zreduce_sync(ctx, k, -1, x, 1, &got), 2, true, name);
    l1_expect_arg(r, zreduce_sync(ctx, k, 4, NULL, 1, &got), 3, true, name);
    hetla_status s = k == ZNRM2   ? hetla_dznrm2(ctx, 4, x, 1, NULL)
                     : k == ZASUM ? hetla_dzasum(ctx, 4, x, 1, NULL)
                                  : hetla_izamax(ctx, 4, x, 1, NULL);
    l1_expect_arg(r, s, 5, true, name);
    hetla_data *hx = l1_handle(ctx, x, 4, 1, HETLA_ZCOMPLEX), *ints = l1_wrong_type(ctx, 4);
    hetla_data *hr = k == ZAMAX ? l1_handle(ctx, &i, 1, 1, HETLA_INT64) : l1_handle(ctx, &v, 1, 1, HETLA_DOUBLE);
    hetla_data *wrong = l1_wrong_type(ctx, 1);
    l1_expect_arg(r, zreduce_task(NULL, k, hx, hr), 1, UNTOUCHED, name);
    l1_expect_arg(r, zreduce_task(ctx, k, NULL, hr), 3, UNTOUCHED, name);
    l1_expect_arg(r, zreduce_task(ctx, k, ints, hr), 3, UNTOUCHED, name);
    l1_expect_arg(r, zreduce_task(ctx, k, hx, NULL), 4, UNTOUCHED, name);
    l1_expect_arg(r, zreduce_task(ctx, k, hx, hx), 4, UNTOUCHED, name);
    l1_expect_arg(r, zreduce_task(ctx, k, hx, wrong), 4, UNTOUCHED, name);
    s = HETLA_SUCCESS;
    hetla_data *all[] = {hx, ints, hr, wrong};
    for (size_t j = 0; j < COUNT(all); j++)
        l1_unregister(all[j], &s);
    test_case(r, test_max(l1_ok(s), UNTOUCHED ? 0 : INFINITY), "%s task forms: nothing written", name);
#undef UNTOUCHED
}

static void zreduce_all(test_result *r, hetla_context *ctx, zreduce_kind k)
{
    zreduce_bad_args(r, ctx, k);
    const hetla_int *in = k == ZNRM2 ? incs : pos_incs;
    size_t nin = k == ZNRM2 ? COUNT(incs) : COUNT(pos_incs);
    for (size_t a = 0; a < COUNT(ns); a++)
        for (size_t b = 0; b < nin; b++)
            zreduce_case(r, ctx, k, ns[a], in[b], 1, false);
    for (size_t a = 0; a < COUNT(task_ns); a++)
        for (size_t b = 0; b < COUNT(task_incs); b++)
            zreduce_case(r, ctx, k, task_ns[a], task_incs[b], 1, true);
    test_free_all();
}

void api1_dznrm2(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zreduce_all(r, ctx, ZNRM2);
    /* squares of these would overflow or underflow: the norm must not */
    const test_real mags[] = {ldexp(1, DBL_MAX_EXP / 2 + 4), ldexp(1, DBL_MIN_EXP / 2 - 8)};
    for (size_t m = 0; m < COUNT(mags); m++)
        for (int task = 0; task < 2; task++)
            zreduce_case(r, ctx, ZNRM2, 33, 1, mags[m], task);
}

void api1_dzasum(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zreduce_all(r, ctx, ZASUM);
}

void api1_izamax(test_result *r, hetla_context *ctx, int setup)
{
    (void)setup;
    zreduce_all(r, ctx, ZAMAX);
    zamax_tie_case(r, ctx);
}
