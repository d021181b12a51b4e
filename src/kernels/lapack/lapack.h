/* Tile kernels of the factorizations (the LAPACK side of the kernel layer):
 * the argument blocks their tasks carry, one block for all four
 * precisions, panels over a column of tiles, numerical info, and the
 * registration functions. */
#ifndef HETLA_KERNELS_LAPACK_H
#define HETLA_KERNELS_LAPACK_H

#include <stdatomic.h>

#include "kernels/blas/level3.h"

/* ---- numerical info --------------------------------------------------------- */

/** Records @p value (> 0, 1-based) in the LAPACK-style *info of a call
 *  unless a smaller one is there: tasks of one call may find problems in
 *  any order, LAPACK reports the first. */
static inline void hetla__info_set(hetla_int *info, hetla_int value)
{
    _Atomic hetla_int *a = (_Atomic hetla_int *)info;
    hetla_int old = atomic_load(a);
    while ((old == 0 || old > value) && !atomic_compare_exchange_weak(a, &old, value))
        ;
}

/** "info_check": a task (any device) that fails with HETLA_NUMERICAL when
 *  *info > 0, so that the later tasks of its sequence are skipped (a solve
 *  after a singular factorization). Its data arguments only order it. */
typedef struct hetla__info_args {
    const hetla_int *info;
} hetla__info_args;

/* ---- argument blocks ---------------------------------------------------- */

/** Tile Cholesky of buffer 0 (uplo triangle); a failure at its column j
 *  sets *info to offset + j + 1 and fails the task (HETLA_NUMERICAL). */
typedef struct hetla__potrf_args {
    hetla_uplo uplo;
    hetla_int offset;
    hetla_int *info;
} hetla__potrf_args;

/** LU of a panel: the column of tiles in buffers 0 .. nbuf-1 (top to
 *  bottom, one matrix whose first row is row @p offset of the whole and
 *  whose first column is column @p offset), with partial pivoting
 *  (ipiv != NULL: ipiv[offset + i] = offset + the 1-based row swapped
 *  with row i) or without (ipiv NULL, one buffer). A zero pivot in its
 *  column j sets *info to offset + j + 1; the factorization goes on, as
 *  LAPACK's, and the task succeeds.
 *  "zgetrf_step" does the panel's columns col0 .. col0+width-1 only (see
 *  zgetrf.c), "zgetrf_update" that step's update of one tile below the
 *  first (buffers: the tile, then the panel's first tile). */
typedef struct hetla__getrf_args {
    hetla_int offset;
    hetla_int *ipiv;
    hetla_int *info;
    hetla_int col0, width;
} hetla__getrf_args;

/** Row interchanges ipiv[first .. last-1] (forward, or backward if
 *  @p backward) on the column of tiles in buffers 1 .. nbuf-1, whose
 *  first row is row @p row0 of the whole matrix; rows are 0-based here,
 *  ipiv 1-based as LAPACK. Buffer 0 is the diagonal tile of the panel that
 *  wrote the pivots: it orders the task after that panel and is not
 *  used. */
typedef struct hetla__laswp_args {
    const hetla_int *ipiv;
    hetla_int first, last, row0;
    int backward;
} hetla__laswp_args;

/** "ztrtri": W := A^-1 for the @p uplo triangle of buffer 0 (with a unit
 *  diagonal if @p diag is HETLA_UNIT: A's diagonal is not read and W's is
 *  1), out of place into buffer 1 (A's size), whose other triangle is set
 *  to zero. A must be nonsingular, as for a triangular solve; no class
 *  checks it. The Cholesky factorization's panel solves multiply by it
 *  where an accelerator runs it (zpotrf.c). */
typedef struct hetla__trtri_args {
    hetla_uplo uplo;
    hetla_diag diag;
} hetla__trtri_args;

/** Columns per step of a panel factored in narrow steps: the panel's
 *  critical path shrinks with it, the tile updates of a step get thinner. */
enum { HETLA__LU_STEP = 64 };

/* ---- panels: a column of tiles as one matrix --------------------------------- */

/** A column of tiles seen as one column-major matrix: the tiles' own
 *  memory when they lie one below the other with one leading dimension
 *  (tiles over a caller's matrix, on the host), else a gathered copy. */
typedef struct hetla__panel {
    void *ptr;
    size_t m, n, ld;
    int copied;
} hetla__panel;

/** Opens buffers @p b[0 .. nb-1] of @p esize-byte elements as a panel. */
hetla_status hetla__panel_open(const hetla_buffer *b, int nb, size_t esize, hetla__panel *p);
/** Writes a gathered copy back (if @p write) and frees it. */
void hetla__panel_close(const hetla_buffer *b, int nb, size_t esize, hetla__panel *p, int write);

/** Flops per multiply-add in the element type of @p b: 2 real, 8 complex. */
static inline hetla__flops hetla__fma_flops(const hetla_buffer *b)
{
    return b->type == HETLA_FLOAT || b->type == HETLA_DOUBLE ? 2 : 8;
}

/** Flop counts of the tile kernels, from their buffers. */
hetla__flops hetla__potrf_flops(const hetla_exec *x);
hetla__flops hetla__getrf_flops(const hetla_exec *x);
hetla__flops hetla__trtri_flops(const hetla_exec *x);

/* ---- QR ---------------------------------------------------------------------- */

/** "zgeqrt": Householder QR of a panel, the column of tiles in buffers
 *  0 .. nbuf-2 (one matrix whose first row and column are row and column
 *  @p offset of the whole): R on and above the diagonal, the reflectors V
 *  below it (unit diagonal implied), and in buffer nbuf-1 the k x k upper
 *  triangular T of Q = I - V T V^H, k = min(rows, columns), whose
 *  diagonal is LAPACK's tau. An exactly zero R(j,j) sets *info, if @p info
 *  is not NULL, to offset + j + 1 (a least-squares solve cannot go on);
 *  the task succeeds. */
typedef struct hetla__geqrt_args {
    hetla_int offset;
    hetla_int *info;
} hetla__geqrt_args;

/** The two steps of applying a panel's Q = I - V T V^H that touch its
 *  diagonal tile, buffer 0, whose part below the diagonal is the top of V
 *  (unit lower trapezoidal: k = min(rows, columns) columns; R above it is
 *  not read). With C the tile of the matrix Q is applied to that faces it:
 *  "zlarfb_w": W := V^H C (left) or C V (right), buffers C then W;
 *  "zlarfb_c": C -= V W (left) or W V^H (right), buffers W, C, then a
 *  scratch buffer at least W's size. */
typedef struct hetla__larfb_args {
    hetla_side side;
} hetla__larfb_args;

/* "zlarft" (no argument block): T (buffer nbuf-1) of the panel of
 * reflectors in buffers 0 .. nbuf-3, as "zgeqrt" writes it, from their
 * scalars tau (buffer nbuf-2, a k x 1 column): the T of LAPACK's geqrf
 * output.
 * "ztrsm_lead" (hetla__trxm_args, side left): B := alpha op(R)^-1 B on
 * the leading k rows of buffer 1, R the k x k triangle leading buffer 0,
 * k its column count (it may have more rows): the last diagonal tile of
 * an R that ends inside a tile row. */

/* ---- registration ------------------------------------------------------- */

HETLA__REGISTER_DECL(potrf)
HETLA__REGISTER_DECL(getrf)
HETLA__REGISTER_DECL(getrf_nopiv)
HETLA__REGISTER_DECL(laswp)
HETLA__REGISTER_DECL(trtri)
/* QR */
HETLA__REGISTER_DECL(geqrt)
HETLA__REGISTER_DECL(larft)
HETLA__REGISTER_DECL(larfb_w)
HETLA__REGISTER_DECL(larfb_c)
HETLA__REGISTER_DECL(trsm_lead)

/** Registers every factorization tile kernel in every class built in. */
hetla_status hetla__lapack_register(hetla_context *ctx);

#endif
