/* hetla's level-1 BLAS in all four precisions, written for z (see
 * blas3_z.h for the two forms of a routine).
 *
 * Vectors: n logical entries x_i stored at x[i*inc] (inc > 0), at
 * x[(n-1-i)*|inc|] (inc < 0, the reference BLAS's rule: x points at the
 * lowest address), or all at x[0] (inc = 0), wherever the reference BLAS
 * allows that increment. n < 0 is an argument error (the reference BLAS
 * returns silently). Scalar results are written through a pointer given
 * as the last argument; nothing is written when an argument is wrong.
 *
 * Task forms take vector handles, n x 1 or 1 x n (the ld of a 1 x n handle
 * is the increment), all of one length; scalar results go into a 1 x 1
 * handle, so they chain on a device.
 *
 * @precisions normal z -> s d c
 */
#ifndef HETLA_BLAS1_Z_H
#define HETLA_BLAS1_Z_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Plane rotation with real c and s: for i < n,
 *  (x_i, y_i) := (c x_i + s y_i, c y_i - s x_i).
 *  @param[in] n length of x and y, >= 0
 *  @param[in,out] x, y vectors, increments incx, incy (any sign, or 0) */
HETLA_NODISCARD hetla_status hetla_zdrot(hetla_context *ctx, hetla_int n, hetla_zcomplex *x, hetla_int incx,
                                         hetla_zcomplex *y, hetla_int incy, double c, double s);
/** Task form of hetla_zdrot on vector handles @p x and @p y. */
HETLA_NODISCARD hetla_status hetla_zdrot_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y, double c, double s);

/** x <-> y: for i < n, x_i and y_i trade values.
 *  @param[in,out] x, y vectors, increments incx, incy (any sign, or 0) */
HETLA_NODISCARD hetla_status hetla_zswap(hetla_context *ctx, hetla_int n, hetla_zcomplex *x, hetla_int incx,
                                         hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zswap. */
HETLA_NODISCARD hetla_status hetla_zswap_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y);

/** x := alpha x. As in the reference BLAS, incx <= 0 leaves x untouched;
 *  alpha = 0 may write zeros without reading x (NaN in x then need not
 *  survive, depending on the kernel class). */
HETLA_NODISCARD hetla_status hetla_zscal(hetla_context *ctx, hetla_int n, hetla_zcomplex alpha, hetla_zcomplex *x,
                                         hetla_int incx);
/** Task form of hetla_zscal. */
HETLA_NODISCARD hetla_status hetla_zscal_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha,
                                              hetla_data *x);

/** y := x: y_i := x_i for i < n.
 *  @param[in] x increment incx (any sign, or 0: every y_i := x_0)
 *  @param[out] y increment incy (any sign, or 0) */
HETLA_NODISCARD hetla_status hetla_zcopy(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                         hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zcopy. */
HETLA_NODISCARD hetla_status hetla_zcopy_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y);

/** y := alpha x + y; alpha = 0 returns at once (x is not read). */
HETLA_NODISCARD hetla_status hetla_zaxpy(hetla_context *ctx, hetla_int n, hetla_zcomplex alpha,
                                         const hetla_zcomplex *x, hetla_int incx, hetla_zcomplex *y, hetla_int incy);
/** Task form of hetla_zaxpy. */
HETLA_NODISCARD hetla_status hetla_zaxpy_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha,
                                              hetla_data *x, hetla_data *y);

/** *result := sum_{i<n} conj(x_i) y_i (0 for n = 0).
 *  @param[out] result one scalar, written last */
HETLA_NODISCARD hetla_status hetla_zdotc(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *result);
/** Task form of hetla_zdotc; @p result is a 1 x 1 handle. */
HETLA_NODISCARD hetla_status hetla_zdotc_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                              hetla_data *y, hetla_data *result);

/** *result := ||x||_2 = (sum_{i<n} |x_i|^2)^(1/2), free of spurious
 *  overflow and underflow. Any increment: the norm does not depend on the
 *  order, and incx = 0 gives n^(1/2) |x_0| (the reference BLAS since 3.10). */
HETLA_NODISCARD hetla_status hetla_dznrm2(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                          double *result);
/** Task form of hetla_dznrm2; @p result is a 1 x 1 handle of the real type. */
HETLA_NODISCARD hetla_status hetla_dznrm2_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                               hetla_data *result);

/** *result := sum_{i<n} |re x_i| + |im x_i|; 0 when incx <= 0, as in the
 *  reference BLAS. */
HETLA_NODISCARD hetla_status hetla_dzasum(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                          double *result);
/** Task form of hetla_dzasum; @p result is a 1 x 1 handle of the real type. */
HETLA_NODISCARD hetla_status hetla_dzasum_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                               hetla_data *result);

/** *result := the 0-based index of the first entry of largest
 *  |re x_i| + |im x_i| (as CBLAS); 0 when n = 0 or incx <= 0. */
HETLA_NODISCARD hetla_status hetla_izamax(hetla_context *ctx, hetla_int n, const hetla_zcomplex *x, hetla_int incx,
                                          hetla_int *result);
/** Task form of hetla_izamax; @p result is a 1 x 1 HETLA_INT64 handle. */
HETLA_NODISCARD hetla_status hetla_izamax_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *x,
                                               hetla_data *result);

#ifdef __cplusplus
}
#endif
#endif
