/* The setups every BLAS routine is checked on through the public API: one
 * context per CPU kernel class (policy "cpu=generic", "cpu=openblas,generic",
 * "cpu=blis,generic": the library first, generic only where it lacks an
 * operation) and one whose only device is a simulated accelerator, so the
 * task path registers, moves and writes back the caller's data; and
 * "opencl" and "cuda": the CPU beside an OpenCL device or a GPU under the
 * default policy, so both take tasks (skipped, exit 77, where no such
 * device is found). HETLA_TEST_DEVICES, when set, replaces the device list
 * of "opencl" and "cuda" (as "cuda" for the GPUs alone, "cuda:0,cuda:1"). */
#ifndef HETLA_TESTS_BLAS_CHECK_H
#define HETLA_TESTS_BLAS_CHECK_H

#include "hetla.h"

/* CHECK_NLOCAL first setups need nothing beyond the CPU: a driver called
 * without a setup runs those. */
enum { CHECK_NSETUPS = 6, CHECK_NLOCAL = 4 };
/** "generic", "openblas", "blis", "sim", "opencl", "cuda" */
const char *check_setup_name(int i);
/** A new context for setup @p i; exits the test program if it fails (with
 *  77, "skipped", if its device is not there). */
hetla_context *check_setup(int i);

#endif
