/* Level-3 operations: the argument blocks their tasks carry (scalars held
 * as double complex so one block serves all four precisions), the call
 * descriptions through which every precision shares its argument checks,
 * row-major mapping and tiling (level3_call.c), and the registration
 * functions. */
#ifndef HETLA_BLAS_LEVEL3_H
#define HETLA_BLAS_LEVEL3_H

#include "kernels/blas/blas_ops.h"

/* ---- argument blocks ---------------------------------------------------- */

typedef struct hetla__gemm_args {
    hetla_trans transa, transb;
    hetla_zcomplex alpha, beta;
} hetla__gemm_args;

typedef struct hetla__scale_args {
    hetla_zcomplex alpha;
} hetla__scale_args;

/** C := alpha A B + beta C (left) or alpha B A + beta C (right), A
 *  hermitian or symmetric: hemm, symm. Buffers A, B, C. */
typedef struct hetla__symm_args {
    hetla_side side;
    hetla_uplo uplo;
    hetla_zcomplex alpha, beta;
} hetla__symm_args;

/** Rank-k and rank-2k updates of one triangle of C: herk, syrk (buffers
 *  A, C), her2k, syr2k (A, B, C); alpha real for herk, beta for both
 *  hermitian ones. A task holding C alone is the k = 0 update C := beta C
 *  (hetla__rank_k). */
typedef struct hetla__rank_args {
    hetla_uplo uplo;
    hetla_trans trans;
    hetla_zcomplex alpha, beta;
} hetla__rank_args;

/** B := alpha op(A) B, alpha B op(A) (trmm) or their solves (trsm), A
 *  triangular. Buffers A, B. */
typedef struct hetla__trxm_args {
    hetla_side side;
    hetla_uplo uplo;
    hetla_trans transa;
    hetla_diag diag;
    hetla_zcomplex alpha;
} hetla__trxm_args;

/** The inner dimension of a gemm task, read off op(A). */
static inline hetla_int hetla__gemm_k(const hetla__gemm_args *a, const hetla_buffer *A)
{
    return (hetla_int)(a->transa == HETLA_NO_TRANS ? A->n : A->m);
}

/** The buffers of a rank-k or rank-2k task and its k. With C alone (the
 *  k = 0 update) A and B point at C, whose ld is a valid lda for k = 0. */
typedef struct hetla__rank_bufs {
    const hetla_buffer *A, *B, *C;
    hetla_int k;
} hetla__rank_bufs;

static inline hetla__rank_bufs hetla__rank_k(const hetla_exec *x, hetla_trans trans)
{
    const hetla_buffer *C = &x->buf[x->nbuf - 1];
    if (x->nbuf == 1)
        return (hetla__rank_bufs){C, C, C, 0};
    const hetla_buffer *A = &x->buf[0];
    return (hetla__rank_bufs){A, &x->buf[x->nbuf - 2], C, (hetla_int)(trans == HETLA_NO_TRANS ? A->n : A->m)};
}

/* ---- calls shared by all precisions (level3_call.c) --------------------- */

/** What a z<routine>.c file tells the shared code about itself. Its public
 *  names are hetla_ + op (+ _task, _tiled). */
typedef struct hetla__l3_routine {
    const char *op;  /**< its operation, also the kernel of diagonal tiles */
    hetla_dtype type;
    hetla_trans star; /**< HETLA_CONJ_TRANS for hermitian routines (and the
                           real twins), HETLA_TRANS for complex symmetric
                           ones; unused by trmm and trsm */
} hetla__l3_routine;

/** A synchronous hemm or symm call as the caller made it. */
typedef struct hetla__symm_call {
    hetla_layout layout;
    hetla__symm_args a;
    hetla_int m, n;
    const void *A;
    hetla_int lda;
    const void *B;
    hetla_int ldb;
    void *C;
    hetla_int ldc;
} hetla__symm_call;

/** A synchronous herk, syrk (@p two = 0: no B) or her2k, syr2k call. */
typedef struct hetla__rank_call {
    int two;
    hetla_layout layout;
    hetla__rank_args a;
    hetla_int n, k;
    const void *A;
    hetla_int lda;
    const void *B;
    hetla_int ldb;
    void *C;
    hetla_int ldc;
} hetla__rank_call;

/** A synchronous trmm or trsm (@p solve) call. */
typedef struct hetla__trxm_call {
    int solve;
    hetla_layout layout;
    hetla__trxm_args a;
    hetla_int m, n;
    const void *A;
    hetla_int lda;
    void *B;
    hetla_int ldb;
} hetla__trxm_call;

/** Check the arguments as the reference CBLAS does (positions counting
 *  ctx as 1), take the BLAS quick returns, map row-major onto column-major
 *  and run the operation: tiled over every worker when large. */
hetla_status hetla__symm_sync(hetla_context *ctx, const hetla__l3_routine *r, const hetla__symm_call *c);
hetla_status hetla__rank_sync(hetla_context *ctx, const hetla__l3_routine *r, const hetla__rank_call *c);
hetla_status hetla__trxm_sync(hetla_context *ctx, const hetla__l3_routine *r, const hetla__trxm_call *c);

/** Task forms: the operation on column-major handles, sizes read from the
 *  handles and checked; rank-k updates (@p two = 0) take no @p B. */
hetla_status hetla__symm_task(hetla_context *ctx, const hetla_task_opts *opts, const hetla__l3_routine *r,
                              const hetla__symm_args *a, hetla_data *A, hetla_data *B, hetla_data *C);
hetla_status hetla__rank_task(hetla_context *ctx, const hetla_task_opts *opts, const hetla__l3_routine *r,
                              const hetla__rank_args *a, int two, hetla_data *A, hetla_data *B, hetla_data *C);
hetla_status hetla__trxm_task(hetla_context *ctx, const hetla_task_opts *opts, const hetla__l3_routine *r,
                              const hetla__trxm_args *a, hetla_data *A, hetla_data *B);

/* ---- pieces the call forms and tiled algorithms share (level3.c) -------- */

/** Names the bad argument of routine @p r's @p form ("", "_task" or
 *  "_tiled"), as hetla__arg_error does for a fixed name. */
hetla_status hetla__l3_error(const hetla__l3_routine *r, const char *form, int pos, const char *name, const char *fmt,
                             ...) __attribute__((format(printf, 5, 6)));

/** Check the options of each family; @p pos is the position of the first
 *  (side, or uplo for rank updates) in @p form. */
hetla_status hetla__symm_opts_check(const hetla__l3_routine *r, const char *form, int pos, const hetla__symm_args *a);
hetla_status hetla__rank_opts_check(const hetla__l3_routine *r, const char *form, int pos, const hetla__rank_args *a);
hetla_status hetla__trxm_opts_check(const hetla__l3_routine *r, const char *form, int pos, const hetla__trxm_args *a);

/** The gemm operation of element type @p t ("zgemm"), for off-diagonal
 *  tiles, and its tile scaling operation ("zgescal"). */
const char *hetla__l3_gemm_op(hetla_dtype t);
const char *hetla__l3_scale_op(hetla_dtype t);


/** Flop counts of the argument blocks above (any precision). */
hetla__flops hetla__symm_flops(const hetla_exec *x);
hetla__flops hetla__rank_flops(const hetla_exec *x);
hetla__flops hetla__trxm_flops(const hetla_exec *x);

/* ---- registration (level3.c) -------------------------------------------- */

/* The real twins of the hermitian routines carry the symmetric names; the
 * complex symmetric ones come from z -> c sources of their own. */
#define HETLA__REGISTER_DECL_CZ(name)                                                                              \
    hetla_status hetla__c##name##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__z##name##_register(hetla_context *ctx);

HETLA__REGISTER_DECL(gescal)
HETLA__REGISTER_DECL(gemm)
HETLA__REGISTER_DECL(symm)
HETLA__REGISTER_DECL_CZ(hemm)
HETLA__REGISTER_DECL(syrk)
HETLA__REGISTER_DECL_CZ(herk)
HETLA__REGISTER_DECL(syr2k)
HETLA__REGISTER_DECL_CZ(her2k)
HETLA__REGISTER_DECL(trmm)
HETLA__REGISTER_DECL(trsm)

#endif
