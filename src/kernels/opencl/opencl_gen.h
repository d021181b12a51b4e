/* The OPENCL_GEN kernel class: hetla's own OpenCL C kernels (tile.cl,
 * embedded at build time) and their registration. Compiled into
 * libhetla_opencl.so, never into the core. */
#ifndef HETLA_KERNELS_OPENCL_GEN_H
#define HETLA_KERNELS_OPENCL_GEN_H

#include "devices/opencl/opencl_queue.h"
#include "kernels/blas/blas_ops.h"

/** tile.cl's text. */
extern const char hetla__ocl_tile_source[];

/** Adds @p fn as the OPENCL_GEN implementation of the operation @p op,
 *  which the core has registered already. */
hetla_status hetla__ocl_gen_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn);

/** The tile operations (gescal, lacpy) in one precision. */
HETLA__REGISTER_DECL(gescal_opencl)

/** Every OPENCL_GEN operation in every precision. */
hetla_status hetla__ocl_gen_register(hetla_context *ctx);

#endif
