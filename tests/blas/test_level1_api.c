/* Test driver of hetla's level-1 BLAS through the public API: every routine
 * in every precision, synchronous call and task form, on every setup of
 * check.h, plus the helpers the per-precision sources share.
 *
 *   test_level1_api [-v] [SETUP|NAME...]   SETUPs (generic, openblas, blis,
 *                                          sim) choose the contexts, NAMEs
 *                                          the routines whose name contains
 *                                          one; -v names each worst case
 *
 * Prints one line per routine, precision and setup with the worst residual
 * (units of machine epsilon), then "N passed, N failed"; exits 1 if any
 * failed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_level1_api.h"

#define L1_TESTS(X)                                                                                                \
    X(srotg) X(drotg) X(crotg) X(zrotg) X(srotmg) X(drotmg) X(srot) X(drot) X(csrot) X(zdrot) X(srotm) X(drotm)   \
    X(sswap) X(dswap) X(cswap) X(zswap) X(sscal) X(dscal) X(cscal) X(zscal) X(csscal) X(zdscal) X(scopy)          \
    X(dcopy) X(ccopy) X(zcopy) X(saxpy) X(daxpy) X(caxpy) X(zaxpy) X(sdot) X(ddot) X(cdotu) X(zdotu) X(cdotc)     \
    X(zdotc) X(sdsdot) X(dsdot) X(snrm2) X(dnrm2) X(scnrm2) X(dznrm2) X(sasum) X(dasum) X(scasum) X(dzasum)       \
    X(isamax) X(idamax) X(icamax) X(izamax) X(saxpy_chain) X(daxpy_chain) X(caxpy_chain) X(zaxpy_chain)

#define DECLARE(name) l1_test_fn api1_##name;
L1_TESTS(DECLARE)

#define ENTRY(name) {#name, api1_##name},
static const struct {
    const char *name;
    l1_test_fn *fn;
} tests[] = {L1_TESTS(ENTRY)};

/* ---- helpers of the per-precision sources -------------------------------- */

bool l1_runs(hetla_context *ctx, const char *op)
{
    hetla_kernel *k;
    if (hetla_kernel_find(ctx, op, &k))
        return false;
    for (int d = 0; d < hetla_device_count(ctx); d++)
        if (hetla_kernel_selected(k, d) >= 0)
            return true;
    return false;
}

bool l1_is_sim(int setup) { return strcmp(check_setup_name(setup), "sim") == 0; }

hetla_data *l1_handle(hetla_context *ctx, void *x, hetla_int n, hetla_int inc, hetla_dtype t)
{
    hetla_data *d = NULL;
    hetla_status s = inc == 1 ? hetla_vector_register(ctx, x, (size_t)n, t, &d)
                              : hetla_matrix_register(ctx, x, 1, (size_t)n, (size_t)inc, t, &d);
    return s ? NULL : d;
}

hetla_data *l1_wrong_type(hetla_context *ctx, hetla_int n)
{
    return l1_handle(ctx, test_alloc((size_t)n * sizeof(int32_t)), n, 1, HETLA_INT32);
}

void l1_unregister(hetla_data *d, hetla_status *s)
{
    if (!d)
        return;
    hetla_status u = hetla_data_unregister(d);
    if (!*s)
        *s = u;
}

double l1_ok(hetla_status s) { return s == HETLA_SUCCESS ? 0 : INFINITY; }

void l1_expect_arg(test_result *r, hetla_status s, int pos, bool untouched, const char *what)
{
    bool ok = s == HETLA_ERR_ARG && hetla_error_arg() == pos && untouched;
    test_case(r, ok ? 0 : INFINITY, "%s: status %d, argument %d (want %d)%s", what, (int)s, hetla_error_arg(), pos,
              untouched ? "" : ", output changed");
}

void l1_expect_unsupported(test_result *r, hetla_status s, bool untouched, const char *what)
{
    bool ok = s == HETLA_ERR_NOT_SUPPORTED && untouched;
    test_case(r, ok ? 0 : INFINITY, "%s on a setup without it: status %d%s", what, (int)s,
              untouched ? "" : ", output changed");
}

bool l1_same(const void *a, const void *b, size_t bytes) { return bytes == 0 || memcmp(a, b, bytes) == 0; }

double l1_chain_stats(hetla_context *ctx, int setup, unsigned tasks)
{
    hetla_stats st;
    if (hetla_stats_get(ctx, &st))
        return INFINITY;
    if (st.tasks != tasks)
        return INFINITY;
    return l1_is_sim(setup) && st.transfers[HETLA_D2H] != 0 ? INFINITY : 0;
}

/* ---- the driver ----------------------------------------------------------- */

static int setup_named(const char *name)
{
    for (int i = 0; i < CHECK_NSETUPS; i++)
        if (strcmp(name, check_setup_name(i)) == 0)
            return i;
    return -1;
}

/* Selected by the command line: setups by name, routines by substring. */
static bool wanted(const char *name, int setup, int argc, char **argv)
{
    bool any_setup = false, any_name = false, setup_ok = false, name_ok = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            continue;
        int s = setup_named(argv[i]);
        if (s >= 0) {
            any_setup = true;
            setup_ok |= s == setup;
        } else {
            any_name = true;
            name_ok |= strstr(name, argv[i]) != NULL;
        }
    }
    return (any_setup ? setup_ok : setup < CHECK_NLOCAL) && (!any_name || name_ok);
}

static bool run_one(size_t t, int setup, hetla_context *ctx, bool verbose)
{
    test_result r = {0};
    tests[t].fn(&r, ctx, setup);
    test_free_all();
    bool ok = r.failed == 0 && r.cases > 0;
    printf("%-12s %-8s worst %9.3g  %5ld cases  %s%s%s\n", tests[t].name, check_setup_name(setup), r.worst, r.cases,
           ok ? "ok" : "FAILED", r.failed ? "  first: " : "", r.failed ? r.first : "");
    if (verbose)
        printf("             worst case: %s\n", r.worst_case);
    return ok;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    bool verbose = false;
    for (int i = 1; i < argc; i++)
        verbose |= strcmp(argv[i], "-v") == 0;
    for (int setup = 0; setup < CHECK_NSETUPS; setup++) {
        hetla_context *ctx = NULL;
        for (size_t t = 0; t < sizeof tests / sizeof *tests; t++) {
            if (!wanted(tests[t].name, setup, argc, argv))
                continue;
            if (!ctx)
                ctx = check_setup(setup);
            if (run_one(t, setup, ctx, verbose))
                passed++;
            else
                failed++;
        }
        if (ctx && hetla_context_destroy(ctx)) {
            printf("context '%s' failed to close: %s\n", check_setup_name(setup), hetla_error_detail());
            failed++;
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
