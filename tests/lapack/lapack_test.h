/* The factorization tests: each family (lu, qr, sparse) is one program of
 * driver.c and a table of its tests, run on the setups of check.h (one
 * context per CPU kernel class, and a simulated accelerator). */
#ifndef HETLA_TESTS_LAPACK_TEST_H
#define HETLA_TESTS_LAPACK_TEST_H

#include "hetla.h"
#include "testing.h"

typedef void lapack_test_fn(test_result *r, hetla_context *ctx);

typedef struct lapack_test {
    const char *name;
    lapack_test_fn *fn;
} lapack_test;

/** The family's tests, defined beside them. */
extern const lapack_test lapack_tests[];
extern const int lapack_ntests;

#endif
