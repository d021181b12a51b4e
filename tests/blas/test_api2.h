/* Precision-free pieces of the level-2 public-API tests: the context a test
 * runs on, the status a call must give there, and bad-argument checks. */
#ifndef HETLA_TESTS_BLAS_TEST_API2_H
#define HETLA_TESTS_BLAS_TEST_API2_H

#include <stdbool.h>

#include "hetla.h"
#include "testing.h"

typedef struct api2_env {
    hetla_context *ctx;
    const char *setup; /* check_setup_name() */
} api2_env;

typedef void api2_fn(test_result *r, const api2_env *e);

/** Records a bad-argument case: status @p s must be HETLA_ERR_ARG naming
 *  position @p pos, and the @p bytes at @p out must equal @p saved. */
void api2_bad(test_result *r, hetla_status s, int pos, const void *out, const void *saved, size_t bytes,
              const char *what);

/** Records a case whose status must be @p want; @return whether it was. */
bool api2_status(test_result *r, hetla_status s, hetla_status want, const char *what);

static inline hetla_uplo api2_flip(hetla_uplo u) { return u == HETLA_UPPER ? HETLA_LOWER : HETLA_UPPER; }
static inline char api2_layout_char(hetla_layout l) { return l == HETLA_ROW_MAJOR ? 'R' : 'C'; }
static inline char api2_uplo_char(hetla_uplo u) { return u == HETLA_UPPER ? 'U' : 'L'; }

#endif
