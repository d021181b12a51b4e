/* Level-2 operations: the argument blocks their tasks carry (scalars held
 * as double complex so one block serves all four precisions), the call
 * descriptions through which every precision shares its argument checks and
 * row-major mapping (level2_call.c), and the registration functions. */
#ifndef HETLA_BLAS_LEVEL2_H
#define HETLA_BLAS_LEVEL2_H

#include "kernels/blas/level1.h" /* hetla__vec_first */

/* ---- argument blocks ---------------------------------------------------- */

/** y := alpha op(A) x + beta y: gemv, gbmv (trans; kl, ku for the band)
 *  and hemv, hbmv, hpmv (uplo; k for the band). */
typedef struct hetla__mv_args {
    hetla_trans trans;
    hetla_uplo uplo;
    hetla_int kl, ku, k;
    hetla_zcomplex alpha, beta;
    hetla__vec_arg x, y;
} hetla__mv_args;

/** x := op(A) x or op(A)^-1 x, A triangular: trmv, trsv, and their band
 *  (k off-diagonals) and packed forms. */
typedef struct hetla__tri_args {
    hetla_uplo uplo;
    hetla_trans trans;
    hetla_diag diag;
    hetla_int k;
    hetla__vec_arg x;
} hetla__tri_args;

/** Rank-1 and rank-2 updates: ger, geru, gerc (uplo unused), her, hpr
 *  (alpha real, y unused), her2, hpr2. */
typedef struct hetla__update_args {
    hetla_uplo uplo;
    hetla_zcomplex alpha;
    hetla__vec_arg x, y;
} hetla__update_args;

/** Flops of one multiply-add on elements of buffer @p b. */
static inline hetla__flops hetla__fma_flops(const hetla_buffer *b)
{
    return b->type == HETLA_COMPLEX || b->type == HETLA_ZCOMPLEX ? 8 : 2;
}

/** Entries of an m x n band with kl sub- and ku superdiagonals. */
hetla__flops hetla__band_entries(hetla_int m, hetla_int n, hetla_int kl, hetla_int ku);

/* ---- calls shared by all precisions (level2_call.c) --------------------- */

/** How a matrix argument is stored. */
typedef enum hetla__storage {
    HETLA__FULL,   /**< lda x n array */
    HETLA__BAND,   /**< (bands + 1) x n array, leading dimension lda */
    HETLA__PACKED, /**< one triangle, column by column, n(n+1)/2 entries */
} hetla__storage;

/** What a z<routine>.c file tells the shared code about itself. */
typedef struct hetla__l2_routine {
    const char *fn; /**< public name, for argument errors */
    const char *op; /**< the operation it runs */
    hetla_dtype type;
    hetla__storage storage;
} hetla__l2_routine;

/** A synchronous gemv, gbmv, hemv, hbmv or hpmv call as the caller made it
 *  (@p general: gemv and gbmv, which take trans, m, kl and ku). */
typedef struct hetla__mv_call {
    hetla__l2_routine r;
    int general;
    hetla_layout layout;
    hetla__mv_args a; /**< options and scalars; vectors are filled in */
    hetla_int m, n;
    const void *A;
    hetla_int lda;
    const void *x;
    hetla_int incx;
    void *y;
    hetla_int incy;
} hetla__mv_call;

/** A synchronous trmv, tbmv, tpmv, trsv, tbsv or tpsv call. */
typedef struct hetla__tri_call {
    hetla__l2_routine r;
    hetla_layout layout;
    hetla__tri_args a;
    hetla_int n;
    const void *A;
    hetla_int lda;
    void *x;
    hetla_int incx;
} hetla__tri_call;

/** A synchronous ger, geru or gerc call. A row-major call updates A^T,
 *  which for gerc takes the unconjugated operation @p op_u on a
 *  conjugated copy of y. */
typedef struct hetla__ger_call {
    hetla__l2_routine r;
    const char *op_u;
    int conjugated; /**< gerc (ignored for real types) */
    hetla_layout layout;
    hetla_int m, n;
    hetla_zcomplex alpha;
    const void *x;
    hetla_int incx;
    const void *y;
    hetla_int incy;
    void *A;
    hetla_int lda;
} hetla__ger_call;

/** A synchronous her, hpr (alpha real, no y), her2 or hpr2 call. */
typedef struct hetla__her_call {
    hetla__l2_routine r;
    int two; /**< her2, hpr2 */
    hetla_layout layout;
    hetla_uplo uplo;
    hetla_int n;
    hetla_zcomplex alpha;
    const void *x;
    hetla_int incx;
    const void *y;
    hetla_int incy;
    void *A;
    hetla_int lda;
} hetla__her_call;

/** Check the arguments as the reference CBLAS does (positions counting
 *  ctx as 1), take the BLAS quick returns, map row-major onto column-major
 *  and run the operation. */
hetla_status hetla__mv_sync(hetla_context *ctx, const hetla__mv_call *c);
hetla_status hetla__tri_sync(hetla_context *ctx, const hetla__tri_call *c);
hetla_status hetla__ger_sync(hetla_context *ctx, const hetla__ger_call *c);
hetla_status hetla__her_sync(hetla_context *ctx, const hetla__her_call *c);

/** Task forms: the same operations on data handles, sizes read from the
 *  handles and checked. Vectors are contiguous (n x 1) or strided (1 x n,
 *  ld the increment); a packed matrix is an n(n+1)/2 x 1 handle. */
typedef struct hetla__mv_task {
    hetla__l2_routine r;
    int general;
    hetla__mv_args a;
    hetla_data *A, *x, *y;
} hetla__mv_task;

typedef struct hetla__tri_task {
    hetla__l2_routine r;
    hetla__tri_args a;
    hetla_data *A, *x;
} hetla__tri_task;

/** ger, geru, gerc (@p ger; uplo unused) and her, hpr, her2, hpr2; @p two
 *  when the update takes a y (ger's and the rank-2 ones). */
typedef struct hetla__update_task {
    hetla__l2_routine r;
    int ger, two;
    hetla__update_args a;
    hetla_data *x, *y, *A;
} hetla__update_task;

hetla_status hetla__mv_task_insert(hetla_context *ctx, const hetla_task_opts *opts, const hetla__mv_task *t);
hetla_status hetla__tri_task_insert(hetla_context *ctx, const hetla_task_opts *opts, const hetla__tri_task *t);
hetla_status hetla__update_task_insert(hetla_context *ctx, const hetla_task_opts *opts,
                                       const hetla__update_task *t);

/* ---- registration (level2.c) -------------------------------------------- */


/* Real twins of the hermitian routines carry the symmetric names, and
 * zgerc's the plain ger (scripts/precgen.py). */
#define HETLA__REGISTER_DECL_RC(real, cplx)                                                                        \
    hetla_status hetla__s##real##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__d##real##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__c##cplx##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__z##cplx##_register(hetla_context *ctx);

HETLA__REGISTER_DECL(gemv)
HETLA__REGISTER_DECL(gbmv)
HETLA__REGISTER_DECL_RC(symv, hemv)
HETLA__REGISTER_DECL_RC(sbmv, hbmv)
HETLA__REGISTER_DECL_RC(spmv, hpmv)
HETLA__REGISTER_DECL(trmv)
HETLA__REGISTER_DECL(tbmv)
HETLA__REGISTER_DECL(tpmv)
HETLA__REGISTER_DECL(trsv)
HETLA__REGISTER_DECL(tbsv)
HETLA__REGISTER_DECL(tpsv)
HETLA__REGISTER_DECL_RC(ger, gerc)
hetla_status hetla__cgeru_register(hetla_context *ctx);
hetla_status hetla__zgeru_register(hetla_context *ctx);
HETLA__REGISTER_DECL_RC(syr, her)
HETLA__REGISTER_DECL_RC(spr, hpr)
HETLA__REGISTER_DECL_RC(syr2, her2)
HETLA__REGISTER_DECL_RC(spr2, hpr2)

#endif
