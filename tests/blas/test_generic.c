/* Test driver of the GENERIC kernel class: runs every BLAS routine in
 * every precision against an independent computation and against CBLAS.
 *
 *   test_generic [-v] [NAME...]   run all tests, or those whose name
 *                                 contains one of the NAMEs (e.g. gemm, zher);
 *                                 -v also names each routine's worst case
 *
 * Prints one line per routine and precision with the worst residual (in
 * units of machine epsilon; pass below TEST_THRESHOLD), then
 * "N passed, N failed"; exits 1 if any failed. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "testing.h"

/* Every test, in the order of the reference BLAS. */
#define HETLA_GENERIC_TESTS(X)                                                                     \
    X(srotg) X(drotg) X(crotg) X(zrotg) X(srotmg) X(drotmg) X(srotm) X(drotm)                      \
    X(srot) X(drot) X(csrot) X(zdrot) X(sswap) X(dswap) X(cswap) X(zswap)                          \
    X(sscal) X(dscal) X(cscal) X(zscal) X(csscal) X(zdscal)                                        \
    X(scopy) X(dcopy) X(ccopy) X(zcopy) X(saxpy) X(daxpy) X(caxpy) X(zaxpy)                        \
    X(sdot) X(ddot) X(cdotu) X(cdotc) X(zdotu) X(zdotc) X(sdsdot) X(dsdot)                         \
    X(snrm2) X(dnrm2) X(scnrm2) X(dznrm2) X(sasum) X(dasum) X(scasum) X(dzasum)                    \
    X(isamax) X(idamax) X(icamax) X(izamax)                                                        \
    X(sgemv) X(dgemv) X(cgemv) X(zgemv) X(sgbmv) X(dgbmv) X(cgbmv) X(zgbmv)                        \
    X(ssymv) X(dsymv) X(chemv) X(zhemv) X(ssbmv) X(dsbmv) X(chbmv) X(zhbmv)                        \
    X(sspmv) X(dspmv) X(chpmv) X(zhpmv)                                                            \
    X(strmv) X(dtrmv) X(ctrmv) X(ztrmv) X(stbmv) X(dtbmv) X(ctbmv) X(ztbmv)                        \
    X(stpmv) X(dtpmv) X(ctpmv) X(ztpmv) X(strsv) X(dtrsv) X(ctrsv) X(ztrsv)                        \
    X(stbsv) X(dtbsv) X(ctbsv) X(ztbsv) X(stpsv) X(dtpsv) X(ctpsv) X(ztpsv)                        \
    X(sger) X(dger) X(cgeru) X(cgerc) X(zgeru) X(zgerc)                                            \
    X(ssyr) X(dsyr) X(cher) X(zher) X(sspr) X(dspr) X(chpr) X(zhpr)                                \
    X(ssyr2) X(dsyr2) X(cher2) X(zher2) X(sspr2) X(dspr2) X(chpr2) X(zhpr2)                        \
    X(sgemm) X(dgemm) X(cgemm) X(zgemm)                                                            \
    X(ssymm) X(dsymm) X(csymm) X(zsymm) X(chemm) X(zhemm)                                          \
    X(ssyrk) X(dsyrk) X(csyrk) X(zsyrk) X(cherk) X(zherk)                                          \
    X(ssyr2k) X(dsyr2k) X(csyr2k) X(zsyr2k) X(cher2k) X(zher2k)                                    \
    X(strmm) X(dtrmm) X(ctrmm) X(ztrmm) X(strsm) X(dtrsm) X(ctrsm) X(ztrsm)

#define DECLARE(name) test_fn test_##name;
HETLA_GENERIC_TESTS(DECLARE)

#define ENTRY(name) {#name, test_##name},
static const struct {
    const char *name;
    test_fn *fn;
} tests[] = {HETLA_GENERIC_TESTS(ENTRY)};

static bool selected(const char *name, int argc, char **argv)
{
    bool any = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            continue;
        any = true;
        if (strstr(name, argv[i]))
            return true;
    }
    return !any;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    bool verbose = false;
    for (int i = 1; i < argc; i++)
        verbose |= strcmp(argv[i], "-v") == 0;
    for (size_t t = 0; t < sizeof tests / sizeof *tests; t++) {
        if (!selected(tests[t].name, argc, argv))
            continue;
        test_result r = {0};
        clock_t start = clock();
        tests[t].fn(&r);
        double secs = (double)(clock() - start) / CLOCKS_PER_SEC;
        bool ok = r.failed == 0 && r.cases > 0;
        printf("%-8s worst %9.3g  %6ld cases  %6.2fs  %s%s%s\n", tests[t].name, r.worst, r.cases,
               secs, ok ? "ok" : "FAILED", r.failed ? "  first: " : "", r.failed ? r.first : "");
        if (verbose)
            printf("         worst case: %s\n", r.worst_case);
        if (ok)
            passed++;
        else
            failed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
