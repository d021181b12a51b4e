/* Precision-free pieces of the BLAS test driver: results, random numbers,
 * and a per-case arena so the tests need not free what they allocate. */
#ifndef HETLA_TESTS_BLAS_TESTING_H
#define HETLA_TESTS_BLAS_TESTING_H

#include <stddef.h>

#include "hetla/blas_types.h"

/* Always double, whatever precision is under test: residuals and norms.
 * (In the z test sources `double` is the precision's real type, which the
 * generator turns into float for s and c.) */
typedef double test_real;

/* A case passes when its residual, in units of machine epsilon, is below
 * this (PLASMA's rule); real bugs give residuals of 1e10 and up. */
#define TEST_THRESHOLD 50.0

typedef struct test_result {
    double worst; /* largest residual seen */
    long cases;
    long failed;
    char first[200];      /* description of the first failing case */
    char worst_case[200]; /* description of the case with the worst residual */
} test_result;

typedef void test_fn(test_result *r);

/** Records one case; fmt describes it and is formatted only on failure.
 *  A NaN residual fails. */
void test_case(test_result *r, double resid, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Option letters for case descriptions. */
static inline char test_uplo_char(hetla_uplo u) { return u == HETLA_UPPER ? 'U' : 'L'; }
static inline char test_side_char(hetla_side s) { return s == HETLA_LEFT ? 'L' : 'R'; }
static inline char test_diag_char(hetla_diag d) { return d == HETLA_UNIT ? 'U' : 'N'; }

static inline test_real test_max(test_real a, test_real b) { return a > b ? a : b; }
static inline test_real test_abs(test_real a) { return a < 0 ? -a : a; }

/** Uniform in [-1, 1), from a fixed seed so runs repeat. */
double test_uniform(void);

/** Where logical entry i of an n-vector with increment inc is stored:
 *  from the far end when inc < 0, as the BLAS defines it. */
size_t test_pos(hetla_int n, hetla_int inc, hetla_int i);

/** sqrt(sum v_i^2) in long double, so that the reference is free of
 *  overflow and underflow for any double data. */
test_real test_norm2(size_t len, const test_real *v);

/** Zeroed memory that lives until test_free_all(); exits on exhaustion
 *  (a test program may). */
void *test_alloc(size_t bytes);
void test_free_all(void);

#endif
