/* The OPENCL_CLBLAST kernel class: what its routine files share, and their
 * registration. Compiled into libhetla_opencl.so, never into the core. A
 * routine family is one z<family>_clblast.c (tagged @precisions), one
 * declaration below, one row in clblast.c's table and the CLBlast names in
 * scripts/precgen.py's table. */
#ifndef HETLA_KERNELS_CLBLAST_H
#define HETLA_KERNELS_CLBLAST_H

#include <clblast_c.h>

#include "devices/opencl/opencl_queue.h"
#include "kernels/blas/blas_ops.h"

/* hetla's option enums carry the CBLAS values, as CLBlast's do. */
_Static_assert((int)HETLA_CONJ_TRANS == (int)CLBlastTransposeConjugate && (int)HETLA_LOWER == (int)CLBlastTriangleLower &&
                   (int)HETLA_UNIT == (int)CLBlastDiagonalUnit && (int)HETLA_RIGHT == (int)CLBlastSideRight,
               "option values differ from CLBlast's");
#define HETLA__CLB_COL CLBlastLayoutColMajor
static inline CLBlastTranspose hetla__clb_trans(hetla_trans t) { return (CLBlastTranspose)t; }
static inline CLBlastTriangle hetla__clb_uplo(hetla_uplo u) { return (CLBlastTriangle)u; }
static inline CLBlastDiagonal hetla__clb_diag(hetla_diag d) { return (CLBlastDiagonal)d; }
static inline CLBlastSide hetla__clb_side(hetla_side s) { return (CLBlastSide)s; }

/** HETLA_SUCCESS for CLBlastSuccess; else HETLA_ERR_BACKEND naming
 *  @p call, the device of @p q and CLBlast's status. */
hetla_status hetla__clblast_check(CLBlastStatusCode st, const char *call, const hetla__ocl_queue *q);

/** Adds @p fn as the OPENCL_CLBLAST implementation of the operation @p op,
 *  which the core has registered already. */
hetla_status hetla__clblast_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn);

/** Registers one family in one precision. */
HETLA__REGISTER_DECL(gemm_clblast)
hetla_status hetla__csymm_clblast_register(hetla_context *ctx);
hetla_status hetla__zsymm_clblast_register(hetla_context *ctx);

/** Every family in every precision. */
hetla_status hetla__clblast_register(hetla_context *ctx);

#endif
