/* Test driver of the public level-2 BLAS: every routine in every precision
 * on the setups of check.h (each CPU kernel class, and a simulated
 * accelerator), through the synchronous call in both layouts and the task
 * form, against a naive product and OpenBLAS's CBLAS; bad arguments.
 *
 *   test_api2 [-v] [SETUP] [NAME...]   on setup SETUP (generic, openblas,
 *                                       blis, sim; all if none), the tests
 *                                       whose name contains a NAME (zgemv,
 *                                       tr, chain ...; all if none); -v also
 *                                       names each test's worst case
 *
 * Prints one line per test and setup with the worst residual (units of
 * machine epsilon), then "N passed, N failed"; exits 1 if any failed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "test_api2.h"

#define API2_ROUTINES(X)                                                                                       \
    X(sgemv) X(dgemv) X(cgemv) X(zgemv) X(sgbmv) X(dgbmv) X(cgbmv) X(zgbmv)                                    \
    X(ssymv) X(dsymv) X(chemv) X(zhemv) X(ssbmv) X(dsbmv) X(chbmv) X(zhbmv)                                    \
    X(sspmv) X(dspmv) X(chpmv) X(zhpmv)                                                                        \
    X(strmv) X(dtrmv) X(ctrmv) X(ztrmv) X(stbmv) X(dtbmv) X(ctbmv) X(ztbmv)                                    \
    X(stpmv) X(dtpmv) X(ctpmv) X(ztpmv) X(strsv) X(dtrsv) X(ctrsv) X(ztrsv)                                    \
    X(stbsv) X(dtbsv) X(ctbsv) X(ztbsv) X(stpsv) X(dtpsv) X(ctpsv) X(ztpsv)                                    \
    X(sger) X(dger) X(cgerc) X(zgerc) X(cgeru) X(zgeru)                                                        \
    X(ssyr) X(dsyr) X(cher) X(zher) X(sspr) X(dspr) X(chpr) X(zhpr)                                            \
    X(ssyr2) X(dsyr2) X(cher2) X(zher2) X(sspr2) X(dspr2) X(chpr2) X(zhpr2)

#define DECLARE(name) api2_fn api2_##name;
API2_ROUTINES(DECLARE)
api2_fn stest_api2_chain, dtest_api2_chain, ctest_api2_chain, ztest_api2_chain;

#define ENTRY(name) {#name, api2_##name},
static const struct {
    const char *name;
    api2_fn *fn;
} tests[] = {API2_ROUTINES(ENTRY){"schain", stest_api2_chain},
             {"dchain", dtest_api2_chain},
             {"cchain", ctest_api2_chain},
             {"zchain", ztest_api2_chain}};

void api2_bad(test_result *r, hetla_status s, int pos, const void *out, const void *saved, size_t bytes,
              const char *what)
{
    int got = hetla_error_arg();
    bool ok = s == HETLA_ERR_ARG && got == pos && memcmp(out, saved, bytes) == 0;
    test_case(r, ok ? 0 : INFINITY, "%s: status %d, position %d (want %d), output %s", what, (int)s, got, pos,
              memcmp(out, saved, bytes) ? "changed" : "untouched");
}

bool api2_status(test_result *r, hetla_status s, hetla_status want, const char *what)
{
    if (s != want)
        test_case(r, INFINITY, "%s: status %d, want %d (%s)", what, (int)s, (int)want, hetla_error_detail());
    return s == want;
}

static int setup_index(const char *name)
{
    for (int i = 0; i < CHECK_NSETUPS; i++)
        if (strcmp(name, check_setup_name(i)) == 0)
            return i;
    return -1;
}

/* Arguments that are neither -v nor a setup name select tests. */
static bool selected(const char *name, int argc, char **argv)
{
    bool any = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0 || setup_index(argv[i]) >= 0)
            continue;
        any = true;
        if (strstr(name, argv[i]))
            return true;
    }
    return !any;
}

/* Runs the selected tests on setup @p s; counts into *passed, *failed. */
static void run_setup(int s, int argc, char **argv, bool verbose, int *passed, int *failed)
{
    api2_env e = {check_setup(s), check_setup_name(s)};
    for (size_t t = 0; t < sizeof tests / sizeof *tests; t++) {
        if (!selected(tests[t].name, argc, argv))
            continue;
        test_result r = {0};
        tests[t].fn(&r, &e);
        bool ok = r.failed == 0 && r.cases > 0;
        printf("%-7s %-8s worst %9.3g  %5ld cases  %s%s%s\n", tests[t].name, e.setup, r.worst, r.cases,
               ok ? "ok" : "FAILED", r.failed ? "  first: " : "", r.failed ? r.first : "");
        if (verbose)
            printf("        worst: %s\n", r.worst_case);
        *(ok ? passed : failed) += 1;
    }
    if (hetla_context_destroy(e.ctx)) {
        printf("context '%s' failed on destroy: %s\n", e.setup, hetla_error_detail());
        *failed += 1;
    }
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0, only = -1;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        verbose |= strcmp(argv[i], "-v") == 0;
        only = setup_index(argv[i]) >= 0 ? setup_index(argv[i]) : only;
    }
    for (int s = 0; s < CHECK_NSETUPS; s++)
        if ((only < 0 && s < CHECK_NLOCAL) || s == only)
            run_setup(s, argc, argv, verbose, &passed, &failed);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
