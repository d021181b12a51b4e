/* The `hetla bench` frame: argument parsing shared by every benchmark and
 * one way to report a measurement (a table row, or a JSON object per line
 * with --json), so hetla and its peer always print side by side. */
#ifndef HETLA_TOOL_BENCH_H
#define HETLA_TOOL_BENCH_H

#include <stddef.h>

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
    char prec;    /* --prec: 'd' (the default) or 's', the fixed batch benches only */
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

/** Monotonic seconds. */
double bench_now(void);
/** The median of @p n times (sorts @p t). */
double bench_median(double *t, int n);
/** Flushes the CPU's caches: writes more than any last-level cache holds. */
void bench_flush(void);
/** Element @p i of @p p, float (@p prec 's') or double ('d'), as a double. */
double bench_get(char prec, const void *p, size_t i);
/** max |X - Y| over n eps max |Y|, X and Y @p len elements of precision
 *  @p prec ('s' or 'd') and eps its own: hetla's result against the peer's. */
double bench_diff_eps(char prec, const void *X, const void *Y, size_t len, double n);
/** A context on @p devices (NULL: the CPU), or NULL with the error
 *  printed for bench @p name. */
struct hetla_context *bench_context(const char *devices, const char *name);
/** CPU cores as hetla sees them (the default worker count). */
int bench_cores(void);

/** Each benchmark takes the options and the name it was called by. */
int bench_runtime(const bench_opts *o, const char *name);
/** Level-3 routine @p name ("gemm", ..., or "blas3" for all of them). */
int bench_blas3(const bench_opts *o, const char *name);
/** Factorization or solver @p name ("potrf", ..., or "lapack" for all). */
int bench_lapack(const bench_opts *o, const char *name);
/** Batched routine @p name ("gemm-batch", "potrf-batch", ...). */
int bench_batch(const bench_opts *o, const char *name);
/** Variable batches: "gemm-vbatch", "gemv-vbatch", "trsm-vbatch", "potrf-vbatch", "getrf-vbatch". */
int bench_vbatch(const bench_opts *o, const char *name);

#endif
