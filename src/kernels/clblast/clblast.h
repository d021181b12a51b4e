/* The OPENCL_CLBLAST kernel class: what its routine files share, and their
 * registration. Compiled into libhetla_opencl.so, never into the core. A
 * routine family is one z<family>_clblast.c (tagged @precisions), one
 * declaration below, one row in clblast.c's table and the CLBlast names in
 * scripts/precgen.py's table. */
#ifndef HETLA_KERNELS_CLBLAST_H
#define HETLA_KERNELS_CLBLAST_H

#include <clblast_c.h>

#include "devices/opencl/opencl_queue.h"
#include "kernels/clblast/clblast_gemm.h"
#include "kernels/blas/level2.h"

/* hetla's option enums carry the CBLAS values, as CLBlast's do. */
_Static_assert((int)HETLA_CONJ_TRANS == (int)CLBlastTransposeConjugate && (int)HETLA_LOWER == (int)CLBlastTriangleLower &&
                   (int)HETLA_UNIT == (int)CLBlastDiagonalUnit && (int)HETLA_RIGHT == (int)CLBlastSideRight,
               "option values differ from CLBlast's");
#define HETLA__CLB_COL CLBlastLayoutColMajor
static inline CLBlastTranspose hetla__clb_trans(hetla_trans t) { return (CLBlastTranspose)t; }
static inline CLBlastTriangle hetla__clb_uplo(hetla_uplo u) { return (CLBlastTriangle)u; }
static inline CLBlastDiagonal hetla__clb_diag(hetla_diag d) { return (CLBlastDiagonal)d; }
static inline CLBlastSide hetla__clb_side(hetla_side s) { return (CLBlastSide)s; }

/* CLBlast's increments are size_t and never zero: a vector it takes runs
 * forward (dir 1) from offset 0 of its buffer; the wrappers send the others
 * (BLAS's negative and zero increments) to the generic kernel on the host. */
static inline int hetla__clb_forward(hetla__vec_arg v)
{
    return v.dir == 1;
}
static inline size_t hetla__clb_inc(const hetla_buffer *b)
{
    return (size_t)hetla__vec_inc(b, 1);
}

/** HETLA_SUCCESS for CLBlastSuccess; else HETLA_ERR_BACKEND naming
 *  @p call, the device of @p q and CLBlast's status. */
hetla_status hetla__clblast_check(CLBlastStatusCode st, const char *call, const hetla__ocl_queue *q);

/** Adds @p fn as the OPENCL_CLBLAST implementation of the operation @p op,
 *  which the core has registered already. */
hetla_status hetla__clblast_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn);

/** One OPENCL_CLBLAST implementation, and the adding of a family's. */
typedef struct hetla__clb_op {
    const char *op;
    hetla_kernel_fn fn;
} hetla__clb_op;
hetla_status hetla__clblast_add_ops(hetla_context *ctx, const hetla__clb_op *ops, size_t n);

/** Zeros the whole of buffer @p b on @p q's queue. */
hetla_status hetla__clblast_zero(const hetla__ocl_queue *q, const hetla_buffer *b);

/* The level-1 routines that differ in type only, run by one function for
 * every precision: CLBlast's signatures of swap and copy, of the dot
 * products, of nrm2 and asum. */
typedef CLBlastStatusCode (*hetla__clb_pair_fn)(size_t n, cl_mem x, size_t x_offset, size_t x_inc, cl_mem y,
                                                size_t y_offset, size_t y_inc, cl_command_queue *queue,
                                                cl_event *event);
typedef CLBlastStatusCode (*hetla__clb_dot_fn)(size_t n, cl_mem r, size_t r_offset, cl_mem x, size_t x_offset,
                                               size_t x_inc, cl_mem y, size_t y_offset, size_t y_inc,
                                               cl_command_queue *queue, cl_event *event);
typedef CLBlastStatusCode (*hetla__clb_reduce_fn)(size_t n, cl_mem r, size_t r_offset, cl_mem x, size_t x_offset,
                                                  size_t x_inc, cl_command_queue *queue, cl_event *event);

/** swap, copy (hetla__vec2_args; buffers x, y) as @p call; @p op is the
 *  operation, for the host fallback. */
hetla_status hetla__clblast_pair(const hetla_exec *x, const char *op, hetla__clb_pair_fn fn, const char *call);
/** dot, dotu, dotc (hetla__vec2_args; buffers x, y, 1 x 1 result). */
hetla_status hetla__clblast_dot(const hetla_exec *x, const char *op, hetla__clb_dot_fn fn, const char *call);
/** nrm2, asum (hetla__vec1_args; buffers x, 1 x 1 result), where CLBlast
 *  writes @p clb_bytes of result: the result's size, or a complex number
 *  (the real result in its real part). A result
 *  below @p lo (not checked if 0) or infinite is computed again on the
 *  host: nrm2, which CLBlast takes as the root of an unscaled sum. */
hetla_status hetla__clblast_reduce(const hetla_exec *x, const char *op, hetla__clb_reduce_fn fn, const char *call,
                                   size_t clb_bytes, double lo);

/* The level-2 wrappers' cases before CLBlast: 1 if CLBlast is to run, else
 * 0 with *s the status to return (a BLAS quick return, or the generic
 * kernel of @p op on the host where CLBlast refuses or differs). */
/** y := alpha op(A) x + beta y (buffers A, x, y). */
int hetla__clblast_mv_prep(const hetla_exec *x, const hetla__mv_args *a, const char *op, hetla_status *s);
/** x := op(A) x, op(A)^-1 x (buffers A, x). */
int hetla__clblast_tri_prep(const hetla_exec *x, const hetla__tri_args *a, const char *op, hetla_status *s);
/** The rank-1 and rank-2 updates of an m x n A (buffers x, [y,] A; @p two
 *  when there is a y). */
int hetla__clblast_update_prep(const hetla_exec *x, const hetla__update_args *a, size_t m, size_t n, int two,
                               const char *op, hetla_status *s);

/** Registers one family in one precision. */
HETLA__REGISTER_DECL(gemm_clblast)
HETLA__REGISTER_DECL(level1_clblast)
HETLA__REGISTER_DECL(level2_clblast)
hetla_status hetla__csymm_clblast_register(hetla_context *ctx);
hetla_status hetla__zsymm_clblast_register(hetla_context *ctx);

/** Every family in every precision. */
hetla_status hetla__clblast_register(hetla_context *ctx);

#endif
