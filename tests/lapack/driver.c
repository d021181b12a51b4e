/* Test driver of one family of factorization tests (lapack_test.h):
 *
 *   test_<family> [-v] [SETUP [NAME...]]  SETUP: generic, openblas, blis or
 *                                         sim (none: every setup); run the
 *                                         tests whose name contains one of
 *                                         the NAMEs, or all; -v also names
 *                                         the worst cases
 *
 * Prints one line per test with the worst residual (in units of machine
 * epsilon; pass below TEST_THRESHOLD), then "N passed, N failed"; exits 1
 * if any failed or none ran, 2 on bad usage, 77 if the setup's device is
 * missing. Without a setup, the setups that need only the CPU run. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "lapack_test.h"

static bool selected(const char *name, int argc, char **argv, int first)
{
    for (int i = first; i < argc; i++)
        if (strstr(name, argv[i]))
            return true;
    return first == argc;
}

static void run_setup(int setup, int argc, char **argv, int first, bool verbose, int *passed, int *failed)
{
    hetla_context *ctx = check_setup(setup);
    for (int t = 0; t < lapack_ntests; t++) {
        if (!selected(lapack_tests[t].name, argc, argv, first))
            continue;
        test_result r = {0};
        clock_t start = clock();
        lapack_tests[t].fn(&r, ctx);
        test_free_all();
        double secs = (double)(clock() - start) / CLOCKS_PER_SEC;
        bool ok = r.failed == 0 && r.cases > 0;
        printf("%-8s %-18s worst %9.3g  %5ld cases  %6.2fs  %s%s%s\n", check_setup_name(setup),
               lapack_tests[t].name, r.worst, r.cases, secs, ok ? "ok" : "FAILED", r.failed ? "  first: " : "",
               r.failed ? r.first : "");
        if (verbose)
            printf("         worst case: %s\n", r.worst_case);
        ok ? (*passed)++ : (*failed)++;
    }
    if (hetla_context_destroy(ctx)) {
        fprintf(stderr, "context destroy failed: %s\n", hetla_error_detail());
        (*failed)++;
    }
}

int main(int argc, char **argv)
{
    int a = 1, passed = 0, failed = 0;
    bool verbose = a < argc && strcmp(argv[a], "-v") == 0;
    a += verbose;
    int setup = -1;
    if (a < argc) {
        for (int i = 0; i < CHECK_NSETUPS; i++)
            if (strcmp(argv[a], check_setup_name(i)) == 0)
                setup = i;
        if (setup < 0) {
            fprintf(stderr, "usage: %s [-v] [generic|openblas|blis|sim [NAME...]]\n", argv[0]);
            return 2;
        }
        a++;
    }
    for (int s = 0; s < CHECK_NSETUPS; s++)
        if ((setup < 0 && s < CHECK_NLOCAL) || s == setup)
            run_setup(s, argc, argv, a, verbose, &passed, &failed);
    printf("%d passed, %d failed\n", passed, failed);
    return failed || !passed ? 1 : 0; /* a run that tested nothing is no pass */
}
