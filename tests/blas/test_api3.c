/* Test driver of hetla's public level-3 BLAS on one setup of check.h:
 *
 *   test_api3 [-v] [SETUP [NAME...]] SETUP: generic, openblas, blis or sim
 *                                    (none: every setup); run the tests
 *                                    whose name contains one of the NAMEs
 *                                    (e.g. herk, ztrsm_tiles), or all; -v
 *                                    also names the worst cases
 *
 * Prints one line per test with the worst residual (in units of machine
 * epsilon; pass below TEST_THRESHOLD), then "N passed, N failed"; exits 1
 * if any failed, 2 on bad usage. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "test_api3.h"

#define HETLA_API3_ENTRY(name) {#name, api3_##name}, {#name "_tiles", api3_##name##_tiles},
static const struct {
    const char *name;
    api3_fn *fn;
} tests[] = {HETLA_API3_ROUTINES(HETLA_API3_ENTRY)};

static int setup_index(const char *name)
{
    for (int i = 0; i < CHECK_NSETUPS; i++)
        if (strcmp(name, check_setup_name(i)) == 0)
            return i;
    return -1;
}

static bool selected(const char *name, int argc, char **argv, int first)
{
    bool any = false;
    for (int i = first; i < argc; i++) {
        any = true;
        if (strstr(name, argv[i]))
            return true;
    }
    return !any;
}

/* Runs the selected tests (names from argv[first] on) on one setup. */
static void run_setup(int setup, int argc, char **argv, int first, bool verbose, int *passed, int *failed)
{
    hetla_context *ctx = check_setup(setup);
    for (size_t t = 0; t < sizeof tests / sizeof *tests; t++) {
        if (!selected(tests[t].name, argc, argv, first))
            continue;
        test_result r = {0};
        clock_t start = clock();
        tests[t].fn(&r, ctx);
        double secs = (double)(clock() - start) / CLOCKS_PER_SEC;
        bool ok = r.failed == 0 && r.cases > 0;
        printf("%-8s %-13s worst %9.3g  %5ld cases  %6.2fs  %s%s%s\n", check_setup_name(setup), tests[t].name,
               r.worst, r.cases, secs, ok ? "ok" : "FAILED", r.failed ? "  first: " : "", r.failed ? r.first : "");
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
    int a = 1;
    bool verbose = a < argc && strcmp(argv[a], "-v") == 0;
    a += verbose;
    if (a == argc) { /* no setup named: all of them */
        int passed = 0, failed = 0;
        for (int setup = 0; setup < CHECK_NLOCAL; setup++)
            run_setup(setup, argc, argv, a, verbose, &passed, &failed);
        printf("%d passed, %d failed\n", passed, failed);
        return failed ? 1 : 0;
    }
    int setup = setup_index(argv[a]);
    if (setup < 0) {
        fprintf(stderr, "usage: %s [-v] [generic|openblas|blis|sim [NAME...]]\n", argv[0]);
        return 2;
    }
    int passed = 0, failed = 0;
    run_setup(setup, argc, argv, a + 1, verbose, &passed, &failed);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
