/* Tests of sdsdot and dsdot: single precision data, double accumulation. */
#include "stest_util.h"

test_fn test_sdsdot, test_dsdot;

static void dsdot_case(test_result *r, bool with_sb, hetla_int n, hetla_int incx, hetla_int incy)
{
    float *x = stest_vector(n, incx), *y = stest_vector(n, incy), sb = (float)test_uniform();
    double want = with_sb ? sb : 0, norms = stest_vnorm(n, x, incx) * stest_vnorm(n, y, incy);
    for (hetla_int i = 0; i < n; i++)
        want += (double)x[test_pos(n, incx, i)] * y[test_pos(n, incy, i)];
    /* sdsdot rounds its result to float. OpenBLAS 0.3.21's dsdot loses
     * the double accumulation on x86 (its error is of float size), so it
     * is held to float accuracy; our dsdot to double by the reference. */
    double got, cb, eps, cb_eps = stest_eps();
    if (with_sb) {
        got = hetla__generic_sdsdot(n, sb, x, incx, y, incy);
        cb = cblas_sdsdot(n, sb, x, incx, y, incy);
        eps = stest_eps();
        norms += fabs(sb);
    } else {
        got = hetla__generic_dsdot(n, x, incx, y, incy);
        cb = cblas_dsdot(n, x, incx, y, incy);
        eps = 0x1p-52;
    }
    double scale = (norms > 0 ? norms : 1) * (n > 0 ? n : 1);
    double res = test_max(fabs(got - want) / (scale * eps), fabs(got - cb) / (scale * cb_eps));
    test_case(r, res, "n=%lld incx=%lld incy=%lld", (long long)n, (long long)incx, (long long)incy);
    test_free_all();
}

static void dsdot_all(test_result *r, bool with_sb)
{
    static const hetla_int ns[] = {0, 1, 7, 33, 65};
    static const hetla_int incs[] = {1, -2, 3, 0};
    for (size_t a = 0; a < sizeof ns / sizeof *ns; a++)
        for (size_t b = 0; b < sizeof incs / sizeof *incs; b++)
            for (size_t d = 0; d < sizeof incs / sizeof *incs; d++)
                dsdot_case(r, with_sb, ns[a], incs[b], incs[d]);
}

void test_sdsdot(test_result *r) { dsdot_all(r, true); }
void test_dsdot(test_result *r) { dsdot_all(r, false); }
