/* The batched routines' shared machinery, for every precision: how a batch
 * operand looks inside a task, the argument blocks of the batch
 * operations, the run of a batched call as chunk tasks, and the argument
 * checks the APIs share. */
#ifndef HETLA_BATCH_INTERNAL_H
#define HETLA_BATCH_INTERNAL_H

#include "kernels/blas/blas_ops.h"

/* A batch operand as a task sees it: the buffer holds a chunk of the
 * batch's matrices and this says how (hetla_batch less the memory, which
 * comes from the buffer so that a device replica may be compact):
 * P2P: the buffer is the chunk's address array (INT64, one per matrix);
 * STRIDED: one matrix per column of the buffer (buffer ld = the stride);
 * INTERLEAVED: one matrix per row, one element (i + j ld) per column
 * (buffer ld = the lane stride); BLOCKED: blocks of bs rows of that form,
 * one after the other. */
typedef struct hetla__bop {
    hetla_batch_layout layout;
    hetla_int rows, cols, ld, bs;
} hetla__bop;

/** Matrix @p t of a chunk: its element (0, 0), and in @p s the distance in
 *  elements between element i and i + 1 (1, or the lane stride). */
static inline char *hetla__bop_at(const hetla__bop *o, const hetla_buffer *b, hetla_int t, size_t esize, size_t *s)
{
    switch (o->layout) {
    case HETLA_BATCH_P2P:
        *s = 1;
        return ((char **)b->ptr)[t];
    case HETLA_BATCH_STRIDED:
        *s = 1;
        return (char *)b->ptr + (size_t)t * b->ld * esize;
    case HETLA_BATCH_INTERLEAVED:
        *s = b->ld;
        return (char *)b->ptr + (size_t)t * esize;
    default:
        *s = b->ld;
        return (char *)b->ptr +
               ((size_t)(t / o->bs) * (size_t)(o->ld * o->cols) * b->ld + (size_t)(t % o->bs)) * esize;
    }
}

/* ---- argument blocks: one per operation, for all precisions ------------------- */

enum { HETLA__BATCH_MAXOPS = 3 };

/** What every batch operation's block starts with: the matrices of the
 *  task's chunk and the layout of each batch operand (buffers 0 .. nops-1,
 *  then info, then ipiv when the operation has them). */
typedef struct hetla__batch_head {
    hetla_int count;
    int nops;
    hetla__bop op[HETLA__BATCH_MAXOPS];
    int info_buf, piv_buf; /* buffer indices, -1 if none */
    hetla_int piv;         /* pivots per matrix */
    int workers;           /* the context's CPU workers: library calls that may run at once */
} hetla__batch_head;

/** @p t as the device kernels take it: 0, 1, 2 = none, transpose,
 *  conjugate transpose. */
static inline int hetla__trans_code(hetla_trans t)
{
    return t == HETLA_NO_TRANS ? 0 : t == HETLA_TRANS ? 1 : 2;
}

/** Copies one matrix element by element; @p es (bytes per element) is a
 *  constant where it is inlined, so each copy is one move. */
static inline __attribute__((always_inline)) void hetla__copy_matrix(char *d, size_t sd, hetla_int ldd,
                                                                     const char *s, size_t ss, hetla_int lds,
                                                                     hetla_int rows, hetla_int cols, size_t es)
{
    for (hetla_int j = 0; j < cols; j++)
        for (hetla_int i = 0; i < rows; i++)
            memcpy(d + (size_t)(i + j * ldd) * sd * es, s + (size_t)(i + j * lds) * ss * es, es);
}

/** hetla__copy_matrix for the element sizes of the four precisions. */
static inline void hetla__copy_matrix_es(char *d, size_t sd, hetla_int ldd, const char *s, size_t ss, hetla_int lds,
                                         hetla_int rows, hetla_int cols, size_t es)
{
    switch (es) {
    case 4: hetla__copy_matrix(d, sd, ldd, s, ss, lds, rows, cols, 4); break;
    case 8: hetla__copy_matrix(d, sd, ldd, s, ss, lds, rows, cols, 8); break;
    default: hetla__copy_matrix(d, sd, ldd, s, ss, lds, rows, cols, 16); break;
    }
}

typedef struct hetla__gemm_batch_args {
    hetla__batch_head h;
    hetla_trans transa, transb;
    hetla_int m, n, k;
    hetla_zcomplex alpha, beta;
} hetla__gemm_batch_args;

typedef struct hetla__gemv_batch_args {
    hetla__batch_head h;
    hetla_trans trans;
    hetla_int m, n;
    hetla_zcomplex alpha, beta;
} hetla__gemv_batch_args;

typedef struct hetla__trsm_batch_args {
    hetla__batch_head h;
    hetla_side side;
    hetla_uplo uplo;
    hetla_trans trans;
    hetla_diag diag;
    hetla_int m, n;
    hetla_zcomplex alpha;
} hetla__trsm_batch_args;

/** Cholesky and LU (factor and solve): n (m x n for getrf), nrhs for the
 *  solves, pivoting or not, uplo or trans. Buffers: A [, B], info [, ipiv]. */
typedef struct hetla__lapack_batch_args {
    hetla__batch_head h;
    hetla_uplo uplo;
    hetla_trans trans;
    hetla_int m, n, nrhs;
    int pivot;
} hetla__lapack_batch_args;

/** Layout conversion: buffer 0 into buffer 1, @p esize bytes an element. */
typedef struct hetla__convert_batch_args {
    hetla__batch_head h;
    size_t esize;
} hetla__convert_batch_args;

/** The gather of a P2P operand's chunk into a strided staging buffer
 *  (buffer 0, one matrix per column, ld = rows) or its scatter back: the
 *  caller's matrices ptrs[0 .. count-1], @p esize bytes an element. */
typedef struct hetla__stage_args {
    void *const *ptrs;
    hetla_int count, rows, cols, ld;
    size_t esize;
} hetla__stage_args;

/** The operations of variable-size batches. */
typedef enum { HETLA__VGEMM, HETLA__VGEMV, HETLA__VTRSM, HETLA__VPOTRF, HETLA__VGETRF } hetla__vkind;

/** A variable-size batch: matrices first .. first+count-1 of arrays held
 *  by the caller. Without an accelerator the tasks have no buffers and
 *  read the caller's memory; else each chunk is packed into staging
 *  buffers (hetla__vmat). */
typedef struct hetla__vbatch_args {
    hetla__vkind kind;
    hetla_dtype type;
    hetla_int first, count;
    hetla_side side;
    hetla_uplo uplo;
    hetla_trans transa, transb;
    hetla_diag diag;
    const hetla_int *m, *n, *k, *lda, *ldb, *ldc;
    const void *alpha, *beta;
    void *const *A, *const *B, *const *C;
    hetla_int *const *ipiv;
    hetla_int *info;
    hetla_int top; /* the largest order (but TRSM's), set by hetla__vbatch_check */
} hetla__vbatch_args;

/** One matrix of a packed chunk of a variable batch, in the chunk's
 *  metadata buffer (INT64 words: the chunk's hetla__vmat, then the
 *  pivots): its sizes (the call's m, n, k), where its operands A, B, C
 *  (x and y of GEMV) start in the data buffer (elements) and their
 *  leading dimensions (the rows), its pivots' first word in the metadata
 *  buffer (-1: none), the info the computation sets, its scalars. The
 *  CUDA kernels read the same layout (hetla__cuda_vmat). */
typedef struct hetla__vmat {
    hetla_int m, n, k;
    hetla_int off[3], ld[3];
    hetla_int piv, info;
    hetla_zcomplex alpha, beta;
} hetla__vmat;

/** The operation on a packed chunk (buffers: the data, the metadata). */
typedef struct hetla__vpacked_args {
    hetla__vkind kind;
    hetla_int count;
    hetla_side side;
    hetla_uplo uplo;
    hetla_trans transa, transb;
    hetla_diag diag;
    hetla_int top; /* the largest order of the batch (0: not known) */
} hetla__vpacked_args;

/** Operand j (A, B, C) of a matrix of a variable batch: the caller's
 *  matrix, its shape (0 x 0 where the operation has none) and whether the
 *  operation writes it. */
typedef struct hetla__vop {
    void *ptr;
    hetla_int rows, cols, ld;
    int written;
} hetla__vop;

/** The operation of @p a's chunk (its kind, options and count) as the
 *  packed operations take it. */
hetla__vpacked_args hetla__vbatch_options(const hetla__vbatch_args *a);
/** The operands of matrix @p i of @p a, and in @p npiv its pivots. */
void hetla__vbatch_operands(const hetla__vbatch_args *a, hetla_int i, hetla__vop op[3], hetla_int *npiv);
/** The packed layout of matrices first .. first+count-1 of @p a: fills
 *  @p meta (sizes, offsets, leading dimensions, pivots, info 0; not the
 *  scalars) unless NULL; @p elems gets the elements of the data buffer,
 *  @p words the INT64 words of the metadata buffer. */
void hetla__vbatch_layout(const hetla__vbatch_args *a, hetla__vmat *meta, size_t *elems, size_t *words);

/* ---- running a call as chunk tasks ------------------------------------------- */

/** A staging operation (stage.c): gather, scatter, pack, unpack. */
typedef struct hetla__stage_op hetla__stage_op;

/** The staging operations (stage.c): a P2P operand's chunk gathered into
 *  its strided buffer or scattered back (arguments hetla__stage_args,
 *  buffer: the staging buffer), a variable batch's chunk packed or
 *  unpacked (hetla__vbatch_args; buffers: the data, the metadata). */
extern const hetla__stage_op hetla__stage_gather, hetla__stage_scatter, hetla__stage_vpack, hetla__stage_vunpack;
/** The CPU operation of @p op ("batch_gather", ...), whose tasks run a
 *  whole chunk on a CPU worker. */
const char *hetla__stage_name(const hetla__stage_op *op);
/** Runs @p op on the chunk of @p x, on host memory, in the calling thread
 *  and, where the chunk is large enough, the crew of @p ctx, each thread a
 *  part of its matrices. */
void hetla__stage_host(hetla_context *ctx, const hetla__stage_op *op, const hetla_exec *x);
/** Registers the CPU operations of the staging. */
hetla_status hetla__stage_register(hetla_context *ctx);

/** A staging operation the calling thread runs itself at the call's end
 *  (a context without CPU workers): the operation, its handles and
 *  copied arguments. */
typedef struct hetla__batch_later {
    const hetla__stage_op *op;
    hetla_task_arg d[2];
    int nd;
    void *args;
    size_t args_size;
} hetla__batch_later;

/** A batched call in flight: the handles its chunk tasks use, their
 *  sequence, and the staging left to its end. Calls insert one or more
 *  batches, then finish. */
typedef struct hetla__batch_run {
    hetla_context *ctx;
    hetla_sequence *seq;
    hetla_data **handles;
    int nhandles, caphandles;
    hetla__batch_later *later;
    int nlater, caplater;
} hetla__batch_run;

hetla_status hetla__batch_begin(hetla_context *ctx, hetla__batch_run *r);
/** Inserts the tasks of operation @p op over the batch operands @p ops
 *  (their count matrices), each with access @p modes, plus the per-matrix
 *  @p info (may be NULL) and @p ipiv (@p piv entries per matrix; NULL if
 *  none) with access @p piv_mode: one task per chunk of matrices, its
 *  argument block @p args (starting with a hetla__batch_head that this
 *  fills) of @p args_size bytes. Where an accelerator has @p op, a P2P
 *  operand's chunk goes through a strided staging buffer: a CPU task
 *  gathers the matrices read into it before the chunk's task
 *  ("batch_gather"), one scatters those written after ("batch_scatter";
 *  with no CPU worker the calling thread does both with the context's
 *  crew, the scatters at hetla__batch_end); else P2P chunks run on the
 *  CPU, in place. */
hetla_status hetla__batch_insert(hetla__batch_run *r, const char *op, const hetla_batch *const *ops,
                                 const hetla_access *modes, int nops, hetla_int *info, hetla_int *ipiv,
                                 hetla_int piv, hetla_access piv_mode, void *args, size_t args_size);
/** Inserts the tasks of variable-size operation @p op over matrices
 *  0 .. count-1 of @p args (first and count set per chunk): where an
 *  accelerator has "<op>_packed", per chunk a CPU task packing it into
 *  staging buffers ("batch_vpack"), that operation, and one unpacking
 *  the written operands, info and pivots ("batch_vunpack"; with no CPU
 *  worker the calling thread packs with the context's crew, and unpacks
 *  at hetla__batch_end);
 *  else tasks on the caller's memory, on the CPU. */
hetla_status hetla__vbatch_insert(hetla__batch_run *r, const char *op, hetla__vbatch_args *args,
                                  hetla_int count);
/** Runs the staging left to the call's end (unless @p s failed; each
 *  after its chunk's task), waits for the tasks, unregisters the
 *  handles; @return the first failure, @p s included. */
hetla_status hetla__batch_end(hetla__batch_run *r, hetla_status s);

/** The status of a factorization from its info array: HETLA_NUMERICAL if
 *  some entry is > 0. */
hetla_status hetla__batch_info_status(const char *fn, const hetla_int *info, hetla_int count);

/** Registers the batch operations once per context (GENERIC and
 *  CPU_NATIVE classes); later device classes add theirs under the same
 *  names ("dgemm_batch", ...). */
hetla_status hetla__batch_register(hetla_context *ctx);
/** The registration of each precision's operations, and of the layout
 *  conversion. */
hetla_status hetla__sbatch_register(hetla_context *ctx);
hetla_status hetla__dbatch_register(hetla_context *ctx);
hetla_status hetla__cbatch_register(hetla_context *ctx);
hetla_status hetla__zbatch_register(hetla_context *ctx);
hetla_status hetla__batch_convert_register(hetla_context *ctx);

/* ---- argument checks --------------------------------------------------------- */

/** Checks batch operand @p b (argument @p pos, @p name, of @p fn) of element
 *  type @p t: layout, sizes, leading dimension, stride, block size, memory. */
hetla_status hetla__batch_check(const char *fn, int pos, const char *name, const hetla_batch *b, hetla_dtype t);
/** Checks that @p b is @p rows x @p cols with @p count matrices. */
hetla_status hetla__batch_conform(const char *fn, int pos, const char *name, const hetla_batch *b, hetla_int rows,
                                  hetla_int cols, hetla_int count);
/** Sets info[0 .. count-1] to -hetla_error_arg() after an argument error
 *  @p s (info may be NULL); @return @p s. */
hetla_status hetla__batch_fail(hetla_status s, hetla_int *info, hetla_int count);

/** Per-matrix checks of variable batches: @p bad is the position of the
 *  first bad argument of matrix @p i (0 if none); the first bad matrix's
 *  argument is reported. */
typedef struct hetla__vcheck {
    const char *fn;
    hetla_int *info;
    int first_pos;
    hetla_int first_i;
    const char *first_name;
    char why[96];
    hetla_int top; /* the largest order checked (but TRSM's) */
} hetla__vcheck;

/** Starts the checks of @p count matrices (info zeroed). */
void hetla__vcheck_begin(hetla__vcheck *c, const char *fn, hetla_int *info, hetla_int count);
/** Matrix @p i's argument @p pos (@p name) is bad: @p why. */
void hetla__vcheck_mark(hetla__vcheck *c, hetla_int i, int pos, const char *name, const char *why);
/** Ends the checks: HETLA_ERR_ARG naming the first bad matrix's argument,
 *  or success. */
hetla_status hetla__vcheck_end(const hetla__vcheck *c);
/* The checks of one argument of matrix i (argument pos, name): inline,
 * as every matrix of a batch takes several. */
/** Size @p v is not negative. */
static inline void hetla__vcheck_size(hetla__vcheck *c, hetla_int i, int pos, const char *name, hetla_int v)
{
    if (v < 0)
        hetla__vcheck_mark(c, i, pos, name, "is negative");
}
/** Leading dimension @p ld is at least max(1, @p rows). */
static inline void hetla__vcheck_ld(hetla__vcheck *c, hetla_int i, int pos, const char *name, hetla_int ld,
                                    hetla_int rows)
{
    if (ld < (rows > 1 ? rows : 1))
        hetla__vcheck_mark(c, i, pos, name, "is less than max(1, rows)");
}
/** Operand @p p is not NULL where it has @p elems elements. */
static inline void hetla__vcheck_ptr(hetla__vcheck *c, hetla_int i, int pos, const char *name, const void *p,
                                     hetla_int elems)
{
    if (!p && elems > 0)
        hetla__vcheck_mark(c, i, pos, name, "is NULL");
}
/** The per-matrix checks of variable batch @p a (its kind's arguments:
 *  sizes, leading dimensions, operands, at the positions of the calls
 *  hetla_?gemm_vbatch, ...) over matrices 0 .. @p count-1, info (may be
 *  NULL) set for each, split among the CPU workers as tasks of @p r when
 *  the batch is large; sets the largest order (@p a's top; TRSM's is
 *  left 0); @return HETLA_ERR_ARG naming the first bad matrix's argument (of
 *  @p fn), or success. */
hetla_status hetla__vbatch_check(hetla__batch_run *r, const char *fn, hetla__vbatch_args *a, hetla_int count,
                                 hetla_int *info);

/* ---- the SIMD driver ----------------------------------------------------------- */

/** The next lane group's operands, each one contiguous region, to be
 *  brought into L2 a cache line at a time while a kernel works on the
 *  group before: spread over the computation the requests overlap it;
 *  issued all at once before it (run.c, for small groups) they queue up
 *  and stall the first loads. The kernel sets the pace
 *  (hetla__prefetch_pace) and calls hetla__prefetch_step in its inner
 *  loop; a plan of no lines makes both no-ops. */
typedef struct hetla__prefetch {
    const char *p[HETLA__BATCH_MAXOPS];
    size_t len[HETLA__BATCH_MAXOPS], off[HETLA__BATCH_MAXOPS];
    int nops, next;
    size_t left, lines, steps, acc; /* lines left; lines per steps calls, as a running sum */
} hetla__prefetch;

/** Spreads the plan's lines evenly over @p steps calls of hetla__prefetch_step. */
static inline void hetla__prefetch_pace(hetla__prefetch *f, size_t steps)
{
    f->lines = f->left;
    f->steps = steps ? steps : 1;
    f->acc = 0;
}

/** Prefetches the lines due at this step, taking the operands in turn. */
static inline __attribute__((always_inline)) void hetla__prefetch_step(hetla__prefetch *f)
{
    for (f->acc += f->lines; f->acc >= f->steps && f->left; f->acc -= f->steps) {
        int i = f->next;
        while (f->off[i] >= f->len[i])
            i = i + 1 < f->nops ? i + 1 : 0;
        __builtin_prefetch(f->p[i] + f->off[i], 0, 2);
        f->off[i] += 64, f->left--, f->next = i + 1 < f->nops ? i + 1 : 0;
    }
}

/** Runs a SIMD kernel on one group of `lanes` interleaved matrices: @p p,
 *  @p s, @p ld give each batch operand's lane 0 (element (i, j) of lane l
 *  at p[(i + j ld) s + l]), @p piv and @p info the interleaved pivots
 *  (piv[i lanes + l]) and infos of the group, @p pf the next group's
 *  operands (no lines where there is none, or the kernel is not paced). */
typedef void (*hetla__lanes_fn)(const void *args, void *const *p, const size_t *s, const hetla_int *ld, hetla_int *piv,
                                hetla_int *info, hetla__prefetch *pf);

/** Runs @p fn over the chunk of task @p x in groups of @p lanes matrices:
 *  in place where every operand is interleaved (or block-interleaved in
 *  blocks of a multiple of @p lanes), else through copies in a workspace
 *  (the P2P and strided layouts, the last partial group); operands in
 *  bit mask @p written are copied back, pivots too if @p piv_written.
 *  With @p paced, @p fn steps the next group's prefetch plan itself;
 *  else small groups are prefetched at once before it runs. */
hetla_status hetla__lanes_run(const hetla_exec *x, const hetla__batch_head *h, const void *args, int lanes,
                              size_t esize, unsigned written, int piv_written, int paced, hetla__lanes_fn fn);

/** Whether operand @p o is in a layout the SIMD kernels read in place
 *  (interleaved, or blocked by a multiple of @p lanes). */
static inline int hetla__bop_lanes(const hetla__bop *o, int lanes)
{
    return o->layout == HETLA_BATCH_INTERLEAVED || (o->layout == HETLA_BATCH_BLOCKED && o->bs % lanes == 0);
}

#endif
