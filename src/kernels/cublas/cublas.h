/* The CUDA_CUBLAS and CUDA_CUSOLVER kernel classes: what their routine
 * files share, and their registration. Compiled into libhetla_cuda.so, never into the core. A
 * routine family is one z<family>_cublas.c (tagged @precisions), one
 * HETLA__REGISTER_DECL line below and one row in cublas.c's table. */
#ifndef HETLA_KERNELS_CUBLAS_H
#define HETLA_KERNELS_CUBLAS_H

#include "devices/cuda/cuda_queue.h"
#include "kernels/blas/blas_ops.h"

static inline cublasOperation_t hetla__cublas_op(hetla_trans t)
{
    /* cuBLAS's real routines read CUBLAS_OP_C as a transpose, as BLAS does. */
    return t == HETLA_NO_TRANS ? CUBLAS_OP_N : t == HETLA_TRANS ? CUBLAS_OP_T : CUBLAS_OP_C;
}

static inline cublasSideMode_t hetla__cublas_side(hetla_side s)
{
    return s == HETLA_LEFT ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
}
static inline cublasFillMode_t hetla__cublas_fill(hetla_uplo u)
{
    return u == HETLA_LOWER ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
}
static inline cublasDiagType_t hetla__cublas_diag(hetla_diag d)
{
    return d == HETLA_UNIT ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
}

/** Adds @p fn as the class @p cls implementation of the operation @p op,
 *  which the core has registered already. */
hetla_status hetla__cuda_add(hetla_context *ctx, const char *op, hetla_kernel_class cls, hetla_kernel_fn fn);
static inline hetla_status hetla__cublas_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn)
{
    return hetla__cuda_add(ctx, op, HETLA_CLASS_CUDA_CUBLAS, fn);
}

/** Copies between the tiles of a column (buffers 0 .. @p nbuf-1 of @p x,
 *  elements of @p es bytes) and the one matrix @p P they make (leading
 *  dimension @p m, the column's rows); @p in: tiles to P. On the task's
 *  stream: the panel kernels factor the column as one matrix. */
hetla_status hetla__cuda_panel_move(const hetla_exec *x, int nbuf, void *P, size_t m, size_t es, int in,
                                    const hetla__cuda_queue *q);

/** Registers one family in one precision (hetla__zgemm_cublas_register ...). */
HETLA__REGISTER_DECL(gemm_cublas)
HETLA__REGISTER_DECL(level1_cublas)
HETLA__REGISTER_DECL(level2_cublas)
HETLA__REGISTER_DECL(level3_cublas)
HETLA__REGISTER_DECL(potrf_cusolver)
HETLA__REGISTER_DECL(getrf_cusolver)
HETLA__REGISTER_DECL(geqrt_cusolver)

/** LU's row interchanges in the CUDA_NATIVE class, every precision, and
 *  the triangular inverse, one per precision (src/kernels/cuda, built
 *  where nvcc is). */
hetla_status hetla__laswp_cuda_register(hetla_context *ctx);
HETLA__REGISTER_DECL(trtri_cuda)

/** Every family in every precision: the backend's register_kernels hook. */
hetla_status hetla__cublas_register(hetla_context *ctx);

#endif
