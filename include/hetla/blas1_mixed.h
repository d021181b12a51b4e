/* hetla's mixed precision level-1 BLAS: single precision data, double
 * precision accumulation (conventions in blas1_z.h). Outside the precision
 * generator, which would turn double into float in the s twins; included
 * by dblas1_real.h. Only the GENERIC kernel class runs them (OpenBLAS
 * 0.3.21 accumulates in float; BLIS has no such routine): under a policy
 * without it they fail with HETLA_ERR_NOT_SUPPORTED. */
#ifndef HETLA_BLAS1_MIXED_H
#define HETLA_BLAS1_MIXED_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** *result := alpha + sum_{i<n} x_i y_i, accumulated in double and
 *  rounded to float (alpha alone for n = 0). */
HETLA_NODISCARD hetla_status hetla_sdsdot(hetla_context *ctx, hetla_int n, float alpha, const float *x,
                                          hetla_int incx, const float *y, hetla_int incy, float *result);
/** Task form of hetla_sdsdot; @p result is a 1 x 1 HETLA_FLOAT handle. */
HETLA_NODISCARD hetla_status hetla_sdsdot_task(hetla_context *ctx, const hetla_task_opts *opts, float alpha,
                                               hetla_data *x, hetla_data *y, hetla_data *result);

/** *result := sum_{i<n} x_i y_i, float data accumulated in double. */
HETLA_NODISCARD hetla_status hetla_dsdot(hetla_context *ctx, hetla_int n, const float *x, hetla_int incx,
                                         const float *y, hetla_int incy, double *result);
/** Task form of hetla_dsdot; @p result is a 1 x 1 HETLA_DOUBLE handle. */
HETLA_NODISCARD hetla_status hetla_dsdot_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y, hetla_data *result);

#ifdef __cplusplus
}
#endif
#endif
