/* The OPENCL_GEN kernel class: hetla's own OpenCL C kernels (gen.cl,
 * embedded at build time) and their registration. Compiled into
 * libhetla_opencl.so, never into the core. */
#ifndef HETLA_KERNELS_OPENCL_GEN_H
#define HETLA_KERNELS_OPENCL_GEN_H

#include "batch/batch.h"
#include "devices/opencl/opencl_queue.h"

/** gen.cl's text. */
extern const char hetla__ocl_gen_source[];

/** Adds @p fn as the OPENCL_GEN implementation of the operation @p op,
 *  which the core has registered already. */
hetla_status hetla__ocl_gen_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn);

/** The tile operations (gescal, lacpy) in one precision. */
HETLA__REGISTER_DECL(gescal_opencl)

/** A GEMM on a device: C := alpha op(A) op(B) + beta C, the task's
 *  buffers A, B, C; trans 0, 1, 2 = none, transpose, conjugate transpose;
 *  the scalars as the kernel's element type (@p scalar bytes each); k = 0
 *  reads neither A nor B (pass it for alpha = 0), @p use_c 0 (beta = 0)
 *  reads no C. @p precision: "-D PRECISION_z" etc. */
typedef struct hetla__ocl_gemm {
    const char *precision;
    int transa, transb;
    hetla_int m, n, k;
    const void *alpha, *beta;
    size_t scalar;
    int use_c;
} hetla__ocl_gemm;

hetla_status hetla__ocl_gemm_run(const hetla_exec *x, const hetla__ocl_gemm *g);

/** The same GEMM of every matrix of a batch task (buffers A, B, C, their
 *  layouts in @p h); GEMV is n = 1. */
hetla_status hetla__ocl_gemm_batch_run(const hetla_exec *x, const hetla__batch_head *h, const hetla__ocl_gemm *g);

/** GEMM in one precision. */
HETLA__REGISTER_DECL(gemm_opencl)

/** The batched GEMM and GEMV in one precision. */
HETLA__REGISTER_DECL(batch_opencl)

/** Every OPENCL_GEN operation in every precision. */
hetla_status hetla__ocl_gen_register(hetla_context *ctx);

#endif
