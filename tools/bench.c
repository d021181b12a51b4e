/* `hetla bench`: option parsing, the benchmark table, report printing. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "commands.h"
#include "hetla.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

void bench_flush(void)
{
    static char *junk;
    static const size_t bytes = (size_t)512 << 20;
    if (!junk)
        junk = malloc(bytes);
    if (junk)
        memset(junk, (int)(bench_now() * 1000) & 0x7f, bytes);
}

const bench_prec *bench_precision(char prec)
{
    static const bench_prec precs[] = {
        {"s", HETLA_FLOAT, 1, FLT_EPSILON, bench_sbatch_run, bench_sbatch_vrun, bench_sbatch_peer},
        {"d", HETLA_DOUBLE, 1, DBL_EPSILON, bench_dbatch_run, bench_dbatch_vrun, bench_dbatch_peer},
        {"c", HETLA_COMPLEX, 2, FLT_EPSILON, bench_cbatch_run, bench_cbatch_vrun, bench_cbatch_peer},
        {"z", HETLA_ZCOMPLEX, 2, DBL_EPSILON, bench_zbatch_run, bench_zbatch_vrun, bench_zbatch_peer},
    };
    for (size_t i = 0; i < sizeof precs / sizeof *precs; i++)
        if (prec == precs[i].name[0])
            return &precs[i];
    return NULL;
}

double bench_flops(bench_kind k, double n, const bench_prec *p)
{
    double real = k == BENCH_GEMM    ? 2 * n * n * n
                  : k == BENCH_GEMV  ? 2 * n * n
                  : k == BENCH_TRSM  ? n * n * n
                  : k == BENCH_POTRF ? n * n * n / 3
                                     : 2 * n * n * n / 3;
    return p->parts == 2 ? 4 * real : real;
}

double bench_get(char prec, const void *p, size_t i)
{
    return prec == 's' || prec == 'c' ? (double)((const float *)p)[i] : ((const double *)p)[i];
}

void bench_set(char prec, void *p, size_t i, double v)
{
    if (prec == 's' || prec == 'c')
        ((float *)p)[i] = (float)v;
    else
        ((double *)p)[i] = v;
}

double bench_diff_eps(char prec, const void *X, const void *Y, size_t len, double n)
{
    const bench_prec *p = bench_precision(prec);
    size_t parts = (size_t)p->parts;
    double d = 0, m = 0;
    for (size_t i = 0; i < len * parts; i += parts) {
        /* hypot(x, 0) is |x|: real elements take the complex path with im 0 */
        double yr = bench_get(prec, Y, i), yi = parts > 1 ? bench_get(prec, Y, i + 1) : 0;
        double xi = parts > 1 ? bench_get(prec, X, i + 1) : 0;
        double e = hypot(bench_get(prec, X, i) - yr, xi - yi), y = hypot(yr, yi);
        d = e > d || isnan(e) ? e : d, m = y > m ? y : m;
    }
    return d / (n * p->eps * (m > 0 ? m : 1));
}

hetla_context *bench_context(const char *devices, int workers, const char *name)
{
    hetla_config cfg;
    hetla_context *ctx;
    if (hetla_config_init(&cfg))
        return NULL;
    cfg.devices = devices ? devices : "cpu";
    cfg.cpu_workers = workers;
    if (hetla_context_create(&cfg, &ctx)) {
        fprintf(stderr, "hetla bench %s: %s\n", name, hetla_error_detail());
        return NULL;
    }
    return ctx;
}

int bench_cores(void)
{
    hetla_config cfg;
    hetla_context *ctx;
    hetla_device_desc d = {.workers = 1};
    if (hetla_config_init(&cfg))
        return 1;
    cfg.devices = "cpu";
    if (hetla_context_create(&cfg, &ctx))
        return 1;
    if (hetla_device_info(ctx, 0, &d))
        d.workers = 1;
    return hetla_context_destroy(ctx) ? 1 : d.workers;
}

int bench_workers(const bench_opts *o)
{
    return o->workers ? o->workers : bench_cores();
}

void bench_print_header(const bench_opts *o)
{
    if (!o->json)
        printf("%-18s %-4s %-24s %-10s %-14s %10s %12s %-8s %9s  %s\n", "operation", "prec", "sizes", "devices",
               "implementation", "seconds", "rate", "unit", "resid/eps", "note");
}

void bench_print(const bench_opts *o, const bench_row *r)
{
    if (o->json) {
        printf("{\"operation\":\"%s\",\"precision\":\"%s\",\"sizes\":\"%s\",\"devices\":\"%s\","
               "\"implementation\":\"%s\",\"seconds\":%.6g,\"rate\":%.6g,\"unit\":\"%s\"",
               r->operation, r->precision, r->sizes, r->devices, r->impl, r->seconds, r->rate, r->rate_unit);
        if (r->residual >= 0)
            printf(",\"residual\":%.3g", r->residual);
        if (r->note[0])
            printf(",\"note\":\"%s\"", r->note);
        printf("}\n");
    } else {
        char resid[32] = "-";
        if (r->residual >= 0)
            snprintf(resid, sizeof resid, "%.3g", r->residual);
        printf("%-18s %-4s %-24s %-10s %-14s %10.4g %12.5g %-8s %9s  %s\n", r->operation, r->precision, r->sizes,
               r->devices, r->impl, r->seconds, r->rate, r->rate_unit, resid, r->note);
    }
    fflush(stdout);
}

void bench_print_rate(const bench_opts *o, bench_row *r, const char *impl, double sec, double flops, double bytes,
                      double peak, const char *where, double res)
{
    r->impl = impl, r->seconds = sec, r->residual = res;
    r->rate = sec > 0 && flops > 0 ? flops / sec * 1e-9 : 0;
    double gbs = sec > 0 ? bytes / sec * 1e-9 : 0;
    if (peak > 0)
        snprintf(r->note, sizeof r->note, "%.4g GB/s, %.1f%% of %.0f GB/s, %s", gbs, 100 * gbs / peak, peak, where);
    else
        snprintf(r->note, sizeof r->note, "%.4g GB/s, %s", gbs, where);
    bench_print(o, r);
}

void bench_print_ratio(const bench_opts *o, const bench_row *a, const bench_row *b)
{
    double ratio = b->rate > 0 ? a->rate / b->rate : 0;
    if (o->json)
        printf("{\"operation\":\"%s\",\"precision\":\"%s\",\"sizes\":\"%s\",\"ratio\":%.4f,\"of\":\"%s\","
               "\"over\":\"%s\"}\n",
               a->operation, a->precision, a->sizes, ratio, a->impl, b->impl);
    else
        printf("%-18s %-4s %-24s ratio %s / %s = %.3f\n", a->operation, a->precision, a->sizes, a->impl, b->impl,
               ratio);
    fflush(stdout);
}

static int parse_list(const char *s, long *out, int max)
{
    int n = 0;
    for (char *end; *s && n < max; s = *end ? end + 1 : end) {
        long v = strtol(s, &end, 10);
        if (end == s || v < 0 || (*end && *end != ','))
            return -1;
        out[n++] = v;
    }
    return n;
}

static const struct {
    const char *name;
    int (*run)(const bench_opts *o, const char *name);
    const char *what;
} benches[] = {
    {"runtime", bench_runtime, "empty-task throughput, independent and chained, beside StarPU"},
    {"gemm", bench_blas3, "synchronous dgemm beside cblas (1 thread: overhead; all cores: tiling), or "
                           "cublasDgemm with --devices cuda, CLBlastDgemm with --devices opencl"},
    {"symm", bench_blas3, "dsymm beside cblas, as gemm"},
    {"syrk", bench_blas3, "dsyrk beside cblas, as gemm"},
    {"syr2k", bench_blas3, "dsyr2k beside cblas, as gemm"},
    {"trmm", bench_blas3, "dtrmm beside cblas, as gemm"},
    {"trsm", bench_blas3, "dtrsm beside cblas, as gemm"},
    {"blas3", bench_blas3, "all of the level-3 routines above"},
    {"potrf", bench_lapack, "dpotrf (Cholesky) beside LAPACKE over multithreaded OpenBLAS, residuals of both; "
                            "with --devices cuda beside cusolverDnDpotrf, on several GPUs beside cusolverMgPotrf"},
    {"getrf", bench_lapack, "dgetrf (LU, partial pivoting) beside LAPACKE, as potrf"},
    {"getrf_nopiv", bench_lapack, "LU without pivoting (diagonally dominant matrix) beside LAPACKE's dgetrf, as potrf"},
    {"geqrf", bench_lapack, "dgeqrf (QR) beside LAPACKE, as potrf"},
    {"gesv", bench_lapack, "dgesv (LU and solve, 16 right-hand sides) beside LAPACKE, as potrf"},
    {"posv", bench_lapack, "dposv (Cholesky and solve, 16 right-hand sides) beside LAPACKE, as potrf"},
    {"lapack", bench_lapack, "all of the factorizations and solvers above"},
    {"gemm-batch", bench_batch, "dgemm (--prec s|c|z: the others) on --count tiny matrices of each of --sizes "
                                "(100 000 of 2..32), block-interleaved, beside a loop of OpenBLAS calls over all "
                                "cores and libxsmm (real only)"},
    {"gemv-batch", bench_batch, "dgemv on tiny matrices, as gemm-batch (beside the OpenBLAS loop)"},
    {"trsm-batch", bench_batch, "dtrsm on tiny matrices, as gemm-batch (beside the OpenBLAS loop)"},
    {"gemm-vbatch", bench_vbatch, "dgemm (--prec s|c|z: the others, CPU only) on a variable batch, orders 1..max "
                                  "of each max of --sizes (8, 16, 32), beside the OpenBLAS loop, or "
                                  "cublasDgemmGroupedBatched with --devices cuda"},
    {"gemv-vbatch", bench_vbatch, "dgemv on a variable batch beside the OpenBLAS loop, or with --devices cuda "
                                  "cublasDgemvBatched called once per order"},
    {"gemvt-vbatch", bench_vbatch, "dgemv with A transposed (y := A^T x + y) on a variable batch, as gemv-vbatch"},
    {"trsm-vbatch", bench_vbatch, "dtrsm on a variable batch beside the OpenBLAS loop, or with --devices cuda "
                                  "cublasDtrsmBatched called once per order"},
    {"potrf-vbatch", bench_vbatch, "dpotrf on a variable batch beside the LAPACKE loop, or with --devices cuda "
                                   "cusolverDnDpotrfBatched called once per order"},
    {"getrf-vbatch", bench_vbatch, "dgetrf on a variable batch beside the LAPACKE loop, or with --devices cuda "
                                   "cublasDgetrfBatched called once per order"},
    {"potrf-batch", bench_batch, "dpotrf on tiny matrices beside a loop of LAPACKE calls over all cores"},
    {"getrf-batch", bench_batch, "dgetrf on tiny matrices beside a loop of LAPACKE calls over all cores"},
};

/* The benches that run in the other precisions too (bench_batch's and,
 * on the CPU, bench_vbatch's). */
#define PREC_BENCHES "gemm-batch, gemv-batch, trsm-batch, potrf-batch, getrf-batch and (on the CPU) the *-vbatch ones"

static void usage(void)
{
    fprintf(stderr, "usage: hetla bench WHAT [--json] [--devices LIST] [--n N,N..] [--tasks T] [--workers W] "
                    "[--reps R] [--nb NB] [--count C] [--sizes N,N..] [--bs B] [--resident] [--prec s|d|c|z]\n"
                    "--prec: the precision, d (default), s, c or z; other than d for " PREC_BENCHES
                    " only\nWHAT:\n");
    for (size_t i = 0; i < sizeof benches / sizeof *benches; i++)
        fprintf(stderr, "  %-10s %s\n", benches[i].name, benches[i].what);
}

int cmd_bench(int argc, char **argv)
{
    if (argc < 1) {
        usage();
        return 2;
    }
    bench_opts o = {.reps = 3, .prec = 'd'};
    for (int a = 1; a < argc; a++) {
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(argv[a], "--json"))
            o.json = 1;
        else if (!strcmp(argv[a], "--devices") && v)
            o.devices = argv[++a];
        else if (!strcmp(argv[a], "--n") && v && (o.nn = parse_list(argv[++a], o.n, 16)) > 0)
            ;
        else if (!strcmp(argv[a], "--tasks") && v)
            o.tasks = atol(argv[++a]);
        else if (!strcmp(argv[a], "--workers") && v)
            o.workers = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--reps") && v)
            o.reps = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--nb") && v)
            o.nb = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--resident"))
            o.resident = 1;
        else if (!strcmp(argv[a], "--count") && v)
            o.count = atol(argv[++a]);
        else if (!strcmp(argv[a], "--bs") && v)
            o.bs = atol(argv[++a]);
        else if (!strcmp(argv[a], "--sizes") && v && (o.nsizes = parse_list(argv[++a], o.sizes, 16)) > 0)
            ;
        else if (!strcmp(argv[a], "--prec") && v) {
            if (strlen(v) != 1 || !bench_precision(v[0])) {
                fprintf(stderr, "hetla bench: --prec takes s, d, c or z, not '%s'\n", v);
                return 2;
            }
            o.prec = argv[++a][0];
        } else {
            fprintf(stderr, "hetla bench: bad option '%s'\n", argv[a]);
            usage();
            return 2;
        }
    }
    if (o.reps < 1 || o.tasks < 0 || o.workers < 0 || o.nb < 0 || o.bs < 0) {
        fprintf(stderr, "hetla bench: --reps must be >= 1, --tasks, --workers, --nb and --bs >= 0\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof benches / sizeof *benches; i++) {
        if (strcmp(argv[0], benches[i].name))
            continue;
        if (o.prec != 'd' && benches[i].run != bench_batch && benches[i].run != bench_vbatch) {
            fprintf(stderr, "hetla bench %s: --prec %c: only " PREC_BENCHES " take it; %s runs in double\n",
                    argv[0], o.prec, argv[0]);
            return 2;
        }
        return benches[i].run(&o, argv[0]);
    }
    fprintf(stderr, "hetla bench: unknown benchmark '%s'\n", argv[0]);
    usage();
    return 2;
}
