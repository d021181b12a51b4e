/* hetla's real-only level-1 BLAS, written for d (conventions in blas1_z.h);
 * the mixed precision dot products come with them from blas1_mixed.h.
 * @precisions normal d -> s
 */
#ifndef HETLA_DBLAS1_REAL_H
#define HETLA_DBLAS1_REAL_H

#include "hetla/blas_types.h"
#include "hetla/task.h"
#include "hetla/blas1_mixed.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Givens rotation: computes c, s with c^2 + s^2 = 1 and
 *  [c s; -s c] [a; b] = [r; 0]; overwrites *a with r and *b with the
 *  reference BLAS's z (s if |a| > |b|, else 1/c, or 1 when c = 0), from
 *  which c and s can be rebuilt. Scalars only, so there is no task form:
 *  it is computed on the calling thread by hetla's own code, whatever the
 *  kernel policy.
 *  @param[in,out] a, b on entry a and b, on return r and z
 *  @param[out] c, s the rotation */
HETLA_NODISCARD hetla_status hetla_drotg(hetla_context *ctx, double *a, double *b, double *c, double *s);

/** Modified Givens rotation: computes H with H [x1; y1] = [x1'; 0] and
 *  new scale factors, d1' x1'^2 = d1 x1^2 + d2 y1^2, for the pair scaled
 *  by the square roots of d1 and d2. @p param receives flag, h11, h21,
 *  h12, h22 as in the reference BLAS (flag -1: H full; 0: h11 = h22 = 1;
 *  1: h12 = 1, h21 = -1; -2: H = I; the implied entries are not stored).
 *  Scalars only: no task form, computed on the calling thread by hetla's
 *  own code, whatever the kernel policy.
 *  @param[in,out] d1, d2 the scale factors
 *  @param[in,out] x1 on return x1'
 *  @param[in] y1
 *  @param[out] param 5 entries */
HETLA_NODISCARD hetla_status hetla_drotmg(hetla_context *ctx, double *d1, double *d2, double *x1, double y1,
                                          double *param);

/** Applies the modified rotation of @p param (as hetla_drotmg gives it):
 *  for i < n, (x_i, y_i) := (h11 x_i + h12 y_i, h21 x_i + h22 y_i).
 *  @param[in,out] x, y vectors, increments incx, incy (any sign, or 0)
 *  @param[in] param 5 entries: flag, h11, h21, h12, h22 */
HETLA_NODISCARD hetla_status hetla_drotm(hetla_context *ctx, hetla_int n, double *x, hetla_int incx, double *y,
                                         hetla_int incy, const double *param);
/** Task form of hetla_drotm; @p param is copied at insertion. */
HETLA_NODISCARD hetla_status hetla_drotm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y, const double *param);

#ifdef __cplusplus
}
#endif
#endif
