/* hetla's complex-only level-1 BLAS, written for z (conventions in
 * blas1_z.h).
 * @precisions normal z -> c
 */
#ifndef HETLA_ZBLAS1_COMPLEX_H
#define HETLA_ZBLAS1_COMPLEX_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Complex Givens rotation: computes real c and complex s, |c|^2 + |s|^2 = 1,
 *  with [c s; -conj(s) c] [a; b] = [r; 0], and overwrites *a with r.
 *  Scalars only, so there is no task form: it is computed on the calling
 *  thread by hetla's own code, whatever the kernel policy.
 *  @param[in,out] a on entry a, on return r
 *  @param[in] b
 *  @param[out] c, s the rotation */
HETLA_NODISCARD hetla_status hetla_zrotg(hetla_context *ctx, hetla_zcomplex *a, hetla_zcomplex b, double *c,
                                         hetla_zcomplex *s);

/** x := alpha x with real alpha; incx <= 0 leaves x untouched, as in the
 *  reference BLAS. */
HETLA_NODISCARD hetla_status hetla_zdscal(hetla_context *ctx, hetla_int n, double alpha, hetla_zcomplex *x,
                                          hetla_int incx);
/** Task form of hetla_zdscal. */
HETLA_NODISCARD hetla_status hetla_zdscal_task(hetla_context *ctx, const hetla_task_opts *opts, double alpha,
                                               hetla_data *x);

/** *result := sum_{i<n} x_i y_i, no conjugation (0 for n = 0). */
HETLA_NODISCARD hetla_status hetla_zdotu(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *result);
/** Task form of hetla_zdotu; @p result is a 1 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_zdotu_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y, hetla_data *result);

#ifdef __cplusplus
}
#endif
#endif
