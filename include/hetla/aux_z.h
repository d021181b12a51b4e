/* Auxiliary matrix operations (LAPACK's lacpy, laset-like scaling) used by
 * examples and tiled algorithms; same two forms as the BLAS (blas3_z.h).
 * @precisions normal z -> s d c
 */
#ifndef HETLA_AUX_Z_H
#define HETLA_AUX_Z_H

#include "hetla/blas_types.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** B := A, both m x n (column-major handles of the same shape); on the
 *  device that runs it, so a copy between device-resident matrices never
 *  passes through the host. */
HETLA_NODISCARD hetla_status hetla_zlacpy_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_data *A,
                                               hetla_data *B);

/** A := alpha A (alpha = 0 writes zeros, whatever A held). */
HETLA_NODISCARD hetla_status hetla_zgescal_task(hetla_context *ctx, const hetla_task_opts *opts,
                                                hetla_zcomplex alpha, hetla_data *A);

#ifdef __cplusplus
}
#endif
#endif
