/* The level-1 and level-2 BLAS tests of each precision on the OpenCL
 * device (ztest_opencl_blas.c and its twins): the routines on @p ocl, an
 * OpenCL-only context, against the same calls on @p cpu's generic kernels.
 * Every level-1 routine, gemv and ger(c/u); with @p all, every level-2
 * routine. PoCL compiles each routine's kernels once per precision, which
 * on a cold cache costs the most: the double precisions run all, the single
 * ones (the same wrappers, generated) the routines whose scalar and result
 * types differ. */
#ifndef HETLA_TEST_OPENCL_BLAS_H
#define HETLA_TEST_OPENCL_BLAS_H

#include "hetla.h"

void stest_opencl_blas(hetla_context *ocl, hetla_context *cpu, int all);
void dtest_opencl_blas(hetla_context *ocl, hetla_context *cpu, int all);
void ctest_opencl_blas(hetla_context *ocl, hetla_context *cpu, int all);
void ztest_opencl_blas(hetla_context *ocl, hetla_context *cpu, int all);

#endif
