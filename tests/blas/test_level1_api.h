/* Precision-free pieces of the level-1 public API tests: the test table's
 * type, vector handles, and the checks of statuses, bad arguments and
 * routines a setup does not run. */
#ifndef HETLA_TESTS_BLAS_TEST_LEVEL1_API_H
#define HETLA_TESTS_BLAS_TEST_LEVEL1_API_H

#include <stdbool.h>

#include "check.h"
#include "testing.h"

/** One routine in one precision, on the context of setup @p setup. */
typedef void l1_test_fn(test_result *r, hetla_context *ctx, int setup);

/** True when some device of @p ctx runs operation @p op: a setup whose
 *  policy names one library only lacks the routines that library lacks. */
bool l1_runs(hetla_context *ctx, const char *op);

/** True on the setup whose device has its own memory node. */
bool l1_is_sim(int setup);

/** Registers the n-vector at @p x with increment @p inc > 0 as a handle:
 *  n x 1 when inc = 1, else 1 x n with ld = inc. NULL on failure. */
hetla_data *l1_handle(hetla_context *ctx, void *x, hetla_int n, hetla_int inc, hetla_dtype t);

/** A handle of @p n int32 entries: the wrong type for every routine. */
hetla_data *l1_wrong_type(hetla_context *ctx, hetla_int n);

/** Unregisters @p d (NULL is fine) and folds the status into @p s. */
void l1_unregister(hetla_data *d, hetla_status *s);

/** A status that should be HETLA_SUCCESS: infinite residual otherwise. */
double l1_ok(hetla_status s);

/** Records a bad-argument case: @p s must be HETLA_ERR_ARG naming
 *  argument @p pos (ctx = 1), and @p untouched must hold. */
void l1_expect_arg(test_result *r, hetla_status s, int pos, bool untouched, const char *what);

/** Records the case of a routine the setup does not run: @p s must be
 *  HETLA_ERR_NOT_SUPPORTED with the outputs @p untouched. */
void l1_expect_unsupported(test_result *r, hetla_status s, bool untouched, const char *what);

/** Exact equality of two byte ranges (outputs left untouched). */
bool l1_same(const void *a, const void *b, size_t bytes);

/** Statistics after a chain of @p tasks task calls: on a setup whose
 *  device has its own memory all tasks ran and nothing came back to the
 *  host before the handles are unregistered. */
double l1_chain_stats(hetla_context *ctx, int setup, unsigned tasks);

#endif
