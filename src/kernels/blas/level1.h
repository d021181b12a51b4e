/* Level-1 operations: the argument blocks their tasks carry (real scalars
 * as double, complex ones as double complex, so one block serves every
 * precision), vector helpers, the checks the synchronous calls share, and
 * the registration functions. */
#ifndef HETLA_BLAS_LEVEL1_H
#define HETLA_BLAS_LEVEL1_H

#include "kernels/blas/blas_ops.h"

/* ---- argument blocks (buffers in the order of the comments) ------------ */

/** x: one vector; nrm2, asum, iamax also a 1 x 1 result. */
typedef struct hetla__vec1_args {
    hetla__vec_arg x;
} hetla__vec1_args;

/** x, y: swap, copy; dot, dotu also a 1 x 1 result. */
typedef struct hetla__vec2_args {
    hetla__vec_arg x, y;
} hetla__vec2_args;

/** x: scal, dscal (real alpha in the real part). */
typedef struct hetla__scal_args {
    hetla__vec_arg x;
    hetla_zcomplex alpha;
} hetla__scal_args;

/** x, y: axpy; x, y and a 1 x 1 result: sdsdot, dsdot (alpha is sdsdot's sb,
 *  0 for dsdot). */
typedef struct hetla__axpy_args {
    hetla__vec_arg x, y;
    hetla_zcomplex alpha;
} hetla__axpy_args;

/** x, y: rot. */
typedef struct hetla__rot_args {
    hetla__vec_arg x, y;
    double c, s;
} hetla__rot_args;

/** x, y: rotm. */
typedef struct hetla__rotm_args {
    hetla__vec_arg x, y;
    double param[5];
} hetla__rotm_args;

/* ---- vectors as the kernels see them ----------------------------------- */

/** Where logical element 0 of vector @p v in buffer @p b lies: the far
 *  end for a negative increment. CBLAS takes the lowest address (b->ptr)
 *  instead; BLIS walks from element 0 whatever the sign of the stride. */
static inline void *hetla__vec_first(const hetla_buffer *b, hetla__vec_arg v)
{
    hetla_int inc = hetla__vec_inc(b, v.dir);
    if (inc >= 0 || v.n < 1)
        return b->ptr;
    return (char *)b->ptr + (size_t)((v.n - 1) * -inc) * hetla_dtype_size(b->type);
}

/* ---- the synchronous calls ---------------------------------------------- */

/** Checks ctx (argument 1) and n (argument 2) of a synchronous call. */
hetla_status hetla__l1_check(const char *fn, const hetla_context *ctx, hetla_int n);

/** Checks that vector @p x (argument @p pos) is there when n > 0. */
hetla_status hetla__l1_check_vec(const char *fn, int pos, const char *name, const void *x, hetla_int n);

/** Checks a pointer that must never be NULL (results, scalars). */
hetla_status hetla__l1_check_ptr(const char *fn, int pos, const char *name, const void *p);

/* ---- the task forms ----------------------------------------------------- */

/** Checks ctx (argument 1) of a task form and reads its vector handle
 *  @p x (argument @p pos). */
hetla_status hetla__l1_task_vec(const char *fn, const hetla_context *ctx, int pos, hetla_data *x, hetla_dtype type,
                                hetla__vec_arg *ax);
/** The same for two vector handles: @p x (argument @p pos) and @p y
 *  (argument @p pos + 1), of equal length. */
hetla_status hetla__l1_task_vec2(const char *fn, const hetla_context *ctx, int pos, hetla_data *x, hetla_data *y,
                                 hetla_dtype type, hetla__vec_arg *ax, hetla__vec_arg *ay);

/** Checks the 1 x 1 result handle @p r (argument @p pos) of a task form. */
hetla_status hetla__l1_task_result(const char *fn, int pos, hetla_data *r, hetla_dtype type);

/** The reductions (asum, nrm2, i?amax): runs operation @p op on the
 *  caller's vector into @p result (one element of @p rtype), arguments
 *  checked and quick returns taken by the caller. */
hetla_status hetla__l1_reduce(hetla_context *ctx, const char *op, const void *x, hetla_int n, hetla_int incx,
                              hetla_dtype xtype, void *result, hetla_dtype rtype);
/** Their task form: checks vector handle @p x and the 1 x 1 handle
 *  @p result (arguments 3 and 4 of @p fn) and inserts the task. */
hetla_status hetla__l1_reduce_task(const char *fn, hetla_context *ctx, const hetla_task_opts *opts, const char *op,
                                   hetla_data *x, hetla_dtype xtype, hetla_data *result, hetla_dtype rtype);

/* ---- registration ------------------------------------------------------- */

/* Real twins of rot, dotc and nrm2 and asum carry the BLAS's names
 * (scripts/precgen.py): drot, ddot, dnrm2, dasum. */
hetla_status hetla__srot_register(hetla_context *ctx);
hetla_status hetla__drot_register(hetla_context *ctx);
hetla_status hetla__csrot_register(hetla_context *ctx);
hetla_status hetla__zdrot_register(hetla_context *ctx);
HETLA__REGISTER_DECL(swap)
HETLA__REGISTER_DECL(scal)
hetla_status hetla__csscal_register(hetla_context *ctx);
hetla_status hetla__zdscal_register(hetla_context *ctx);
HETLA__REGISTER_DECL(copy)
HETLA__REGISTER_DECL(axpy)
hetla_status hetla__sdot_register(hetla_context *ctx);
hetla_status hetla__ddot_register(hetla_context *ctx);
hetla_status hetla__cdotc_register(hetla_context *ctx);
hetla_status hetla__zdotc_register(hetla_context *ctx);
hetla_status hetla__cdotu_register(hetla_context *ctx);
hetla_status hetla__zdotu_register(hetla_context *ctx);
hetla_status hetla__sdsdot_register(hetla_context *ctx);
hetla_status hetla__dsdot_register(hetla_context *ctx);
hetla_status hetla__snrm2_register(hetla_context *ctx);
hetla_status hetla__dnrm2_register(hetla_context *ctx);
hetla_status hetla__scnrm2_register(hetla_context *ctx);
hetla_status hetla__dznrm2_register(hetla_context *ctx);
hetla_status hetla__sasum_register(hetla_context *ctx);
hetla_status hetla__dasum_register(hetla_context *ctx);
hetla_status hetla__scasum_register(hetla_context *ctx);
hetla_status hetla__dzasum_register(hetla_context *ctx);
hetla_status hetla__isamax_register(hetla_context *ctx);
hetla_status hetla__idamax_register(hetla_context *ctx);
hetla_status hetla__icamax_register(hetla_context *ctx);
hetla_status hetla__izamax_register(hetla_context *ctx);
hetla_status hetla__srotm_register(hetla_context *ctx);
hetla_status hetla__drotm_register(hetla_context *ctx);

#endif
