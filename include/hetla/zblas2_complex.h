/* hetla's complex-only level-2 BLAS, written for z (the build generates c):
 * the unconjugated rank-1 update. See blas2_z.h for the conventions.
 * @precisions normal z -> c
 */
#ifndef HETLA_ZBLAS2_COMPLEX_H
#define HETLA_ZBLAS2_COMPLEX_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A := alpha x y^T + A, A m x n (no conjugation; hetla_zgerc conjugates y). */
HETLA_NODISCARD hetla_status hetla_zgeru(hetla_context *ctx, hetla_layout layout, hetla_int m, hetla_int n,
                                         hetla_zcomplex alpha, const hetla_zcomplex *x, hetla_int incx,
                                         const hetla_zcomplex *y, hetla_int incy, hetla_zcomplex *A, hetla_int lda);
/** Task form of hetla_zgeru: A an m x n handle, x of m entries, y of n. */
HETLA_NODISCARD hetla_status hetla_zgeru_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_zcomplex alpha,
                                              hetla_data *x, hetla_data *y, hetla_data *A);

#ifdef __cplusplus
}
#endif
#endif
