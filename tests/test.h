/* A small test harness shared by hetla's test drivers: checks that report
 * file and line, a routine table, and the closing "N passed, N failed". */
#ifndef HETLA_TEST_H
#define HETLA_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetla.h"

extern int test_failures;

#define CHECK(cond)                                                                                                \
    do {                                                                                                           \
        if (!(cond)) {                                                                                             \
            fprintf(stderr, "  %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                            \
            test_failures++;                                                                                       \
        }                                                                                                          \
    } while (0)

/* Expects status @p want from @p call, printing the library's detail when not. */
#define CHECK_STATUS(call, want)                                                                                   \
    do {                                                                                                           \
        hetla_status st_ = (call);                                                                                 \
        if (st_ != (want)) {                                                                                       \
            fprintf(stderr, "  %s:%d: %s returned %d (%s: %s), expected %d\n", __FILE__, __LINE__, #call, st_,    \
                    hetla_status_string(st_), hetla_error_detail(), (int)(want));                                  \
            test_failures++;                                                                                       \
        }                                                                                                          \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, HETLA_SUCCESS)

typedef struct test_case {
    const char *name;
    void (*run)(void);
    int long_tier; /* only with --long */
} test_case;

/** Runs the tests named on the command line (all quick ones if none,
 *  all with --long); @return the process exit code. */
int test_main(int argc, char **argv, const test_case *tests, int ntests);

/** A context on @p devices with @p workers CPU workers; exits the test on failure. */
hetla_context *test_context(const char *devices, int workers);

#endif
