/* hetla's GENERIC kernel class: the reference BLAS in plain C, all four
 * precisions, the fallback for every device that has no library.
 *
 * Conventions shared by every hetla__generic_* function:
 * - Column-major storage only; the public layer maps row-major calls onto it.
 * - Arguments in Fortran BLAS order, options as the enums of blas_types.h,
 *   scalars by value (complex as C99 _Complex), results returned.
 * - Arguments are already validated by the caller: the functions return void
 *   and never report errors. Semantics follow the reference BLAS, including
 *   its quick returns: beta = 0 means the output is not read (NaN there does
 *   not propagate), alpha = 0 means the inputs it scales are not read.
 * - Increments: level 2 takes any non-zero increment. Level 1 takes any,
 *   zero included, where the reference BLAS does (rot, rotm, swap, copy,
 *   axpy, the dots, nrm2); scal, asum and i?amax treat incx <= 0 as an
 *   empty vector. A negative increment walks the vector from its far end,
 *   as in the reference BLAS: element i lives at x[(n-1-i)*|incx|].
 * - i?amax returns a 0-based index, and 0 when n <= 0 or incx <= 0, as CBLAS
 *   does, so that every kernel class gives the same answer.
 * - Reentrant, no allocation; gemm keeps one block of op(A) on the stack
 *   (64 KiB for complex double, 16 KiB for float).
 *
 * The prototypes are written once, for z (or d for real-only routines), in
 * zgeneric.h, zgeneric_complex.h and dgeneric_real.h; the build generates
 * the other precisions next to the generated sources (scripts/precgen.py),
 * so that directory must be on the include path too. */
#ifndef HETLA_KERNELS_GENERIC_H
#define HETLA_KERNELS_GENERIC_H

#include <complex.h>
#include <stdbool.h>

#include "hetla/blas_types.h" /* also hetla_zcomplex, hetla_ccomplex */

#include "zgeneric.h"
#include "cgeneric.h"
#include "dgeneric.h"
#include "sgeneric.h"
#include "zgeneric_complex.h"
#include "cgeneric_complex.h"
#include "dgeneric_real.h"
#include "sgeneric_real.h"

/** sdsdot = sb + sum_i x_i y_i and dsdot = sum_i x_i y_i, single precision
 *  data accumulated in double (sdsdot rounds the result to float). */
float hetla__generic_sdsdot(hetla_int n, float sb, const float *x, hetla_int incx, const float *y,
                            hetla_int incy);
double hetla__generic_dsdot(hetla_int n, const float *x, hetla_int incx, const float *y,
                            hetla_int incy);

#endif
