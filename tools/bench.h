/* The `hetla bench` frame: argument parsing shared by every benchmark and
 * one way to report a measurement (a table row, or a JSON object per line
 * with --json), so hetla and its peer always print side by side. */
#ifndef HETLA_TOOL_BENCH_H
#define HETLA_TOOL_BENCH_H

#include <lapacke.h>
#include <stddef.h>

#include "hetla.h"

typedef struct bench_opts {
    int json;
    const char *devices; /* NULL: HETLA_DEVICES or all */
    long n[16];          /* sizes from --n 512,1024 */
    int nn;
    long tasks;          /* --tasks, runtime bench */
    int workers;         /* --workers, 0 = all cores */
    int reps;            /* --reps */
    int nb;              /* --nb: tile size of the factorizations, 0 = the library's */
    long count;          /* --count: matrices per batch, batch benches (0 = 100 000) */
    long sizes[16];      /* --sizes 2,3,4: matrix orders, batch benches */
    int nsizes;
    int resident; /* --resident: GPU factorizations and variable batches device-resident only */
    char prec;    /* --prec: 'd' (the default), 's', 'c' or 'z', the batch and CPU vbatch benches only */
    long bs;      /* --bs: matrices a block of the blocked layout, batch benches (0 = hetla_batch_block_size) */
} bench_opts;

typedef struct bench_row {
    const char *operation; /* "gemm", "tasks-independent" */
    const char *precision; /* "d", "-" */
    char sizes[64];        /* "n=1024" */
    const char *devices;
    const char *impl;      /* "hetla", "starpu", "cblas(openblas)" */
    double seconds;
    double rate;           /* Gflop/s, or tasks/s for the runtime bench */
    const char *rate_unit; /* "Gflop/s", "tasks/s" */
    double residual;       /* in units of eps; negative = none */
    char note[128];
} bench_row;

void bench_print_header(const bench_opts *o);
void bench_print(const bench_opts *o, const bench_row *r);
/** Fills @p r's implementation, time, rate (@p flops over @p sec, Gflop/s;
 *  0 without flops) and residual, and a note of the bytes per second
 *  (with @p peak GB/s, its share of it) and @p where; prints it. */
void bench_print_rate(const bench_opts *o, bench_row *r, const char *impl, double sec, double flops, double bytes,
                      double peak, const char *where, double res);
/** Prints "ratio" lines: @p a's rate over @p b's. */
void bench_print_ratio(const bench_opts *o, const bench_row *a, const bench_row *b);

/** The routines of the batch benches: GEMM C := A B + C, GEMV y := A x + y
 *  (or A^T x + y), TRSM B := inv(A) B with A lower triangular (its
 *  diagonal read), Cholesky of the lower triangle, LU with partial
 *  pivoting. */
typedef enum { BENCH_GEMM, BENCH_GEMV, BENCH_TRSM, BENCH_POTRF, BENCH_GETRF } bench_kind;

/** hetla's fixed-size batched routine @p k in one precision, alpha = beta
 *  = 1: C := A B + C, y := A x + y (x and y in B and C), B := inv(A) B, A
 *  factored (LU's pivots into @p ipiv); info not asked for. */
typedef hetla_status bench_batch_fn(hetla_context *ctx, bench_kind k, const hetla_batch *A, const hetla_batch *B,
                                    const hetla_batch *C, hetla_int *ipiv);
/** hetla's variable-size batched routine @p k in one precision on @p count
 *  problems of orders @p n (leading dimensions @p ld), operands by address
 *  as bench_batch_fn's (GEMV transposed where @p trans), alpha = beta = 1
 *  (@p ones: @p count ones of the precision); LU's pivots into @p ipiv, the
 *  factorizations' infos into @p info. */
typedef hetla_status bench_vbatch_fn(hetla_context *ctx, bench_kind k, int trans, hetla_int count, const hetla_int *n,
                                     const hetla_int *ld, const void *ones, void *const *A, void *const *B,
                                     void *const *C, hetla_int *const *ipiv, hetla_int *info);
/** The peer's one-thread OpenBLAS or LAPACKE call for @p k on one problem
 *  of order @p n in one precision, operands as bench_batch_fn's (GEMV
 *  transposed where @p trans; leading dimensions n), LU's pivots into
 *  @p piv. */
typedef void bench_peer_fn(bench_kind k, int trans, int n, void *a, void *b, void *c, lapack_int *piv);

/* tools/bench_zbatch.c, generated for s, d and c */
bench_batch_fn bench_sbatch_run, bench_dbatch_run, bench_cbatch_run, bench_zbatch_run;
bench_vbatch_fn bench_sbatch_vrun, bench_dbatch_vrun, bench_cbatch_vrun, bench_zbatch_vrun;
bench_peer_fn bench_sbatch_peer, bench_dbatch_peer, bench_cbatch_peer, bench_zbatch_peer;

/** A precision of the batch benches and its calls. */
typedef struct bench_prec {
    const char *name; /* "s", "d", "c" or "z" */
    hetla_dtype type;
    int parts;  /* the reals an element holds: 1, or 2 (complex: re, im) */
    double eps; /* of its reals */
    bench_batch_fn *run;
    bench_vbatch_fn *vrun;
    bench_peer_fn *peer;
} bench_prec;

/** Precision @p prec ('s', 'd', 'c' or 'z'; NULL for any other). */
const bench_prec *bench_precision(char prec);
/** The flops of routine @p k on one problem of order @p n in precision
 *  @p p: GEMM 2 n^3, GEMV 2 n^2, TRSM n^3, Cholesky n^3 / 3, LU 2 n^3 / 3,
 *  four times as many in complex (a complex multiply and add are four
 *  real ones). */
double bench_flops(bench_kind k, double n, const bench_prec *p);

/** Monotonic seconds. */
double bench_now(void);
/** The median of @p n times (sorts @p t). */
double bench_median(double *t, int n);
/** Flushes the CPU's caches: writes more than any last-level cache holds. */
void bench_flush(void);
/** Real @p i of @p p, an array of precision @p prec (float for 's' and
 *  'c', double for 'd' and 'z'; a complex element is two reals, re and
 *  im), as a double. */
double bench_get(char prec, const void *p, size_t i);
/** Real @p i of @p p, as bench_get's, := @p v. */
void bench_set(char prec, void *p, size_t i, double v);
/** max |X - Y| over n eps max |Y|, X and Y @p len elements of precision
 *  @p prec (|.| the modulus of complex elements) and eps its own: hetla's
 *  result against the peer's. */
double bench_diff_eps(char prec, const void *X, const void *Y, size_t len, double n);
/** A context on @p devices (NULL: the CPU) with @p workers CPU workers
 *  (0: one a core), or NULL with the error printed for bench @p name. */
struct hetla_context *bench_context(const char *devices, int workers, const char *name);
/** CPU cores as hetla sees them (the default worker count). */
int bench_cores(void);
/** The CPU workers a bench runs on: --workers, else bench_cores(). */
int bench_workers(const bench_opts *o);

/** Each benchmark takes the options and the name it was called by. */
int bench_runtime(const bench_opts *o, const char *name);
/** Level-3 routine @p name ("gemm", ..., or "blas3" for all of them). */
int bench_blas3(const bench_opts *o, const char *name);
/** Factorization or solver @p name ("potrf", ..., or "lapack" for all). */
int bench_lapack(const bench_opts *o, const char *name);
/** Batched routine @p name ("gemm-batch", "potrf-batch", ...). */
int bench_batch(const bench_opts *o, const char *name);
/** Variable batches: "gemm-vbatch", "gemv-vbatch", "trsm-vbatch", "potrf-vbatch", "getrf-vbatch" (on
 *  the CPU in any precision, on CUDA GPUs in double). */
int bench_vbatch(const bench_opts *o, const char *name);

#endif
