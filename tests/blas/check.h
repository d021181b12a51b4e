/* The setups every BLAS routine is checked on through the public API: one
 * context per CPU kernel class (policy "cpu=generic", "cpu=openblas,generic",
 * "cpu=blis,generic": the library first, generic only where it lacks an
 * operation) and one whose only device is a simulated accelerator, so the
 * task path registers, moves and writes back the caller's data. */
#ifndef HETLA_TESTS_BLAS_CHECK_H
#define HETLA_TESTS_BLAS_CHECK_H

#include "hetla.h"

enum { CHECK_NSETUPS = 4 };
/** "generic", "openblas", "blis", "sim" */
const char *check_setup_name(int i);
/** A new context for setup @p i; exits the test program if it fails. */
hetla_context *check_setup(int i);

#endif
