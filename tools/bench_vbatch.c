/* `hetla bench gemm-vbatch|gemv-vbatch|gemvt-vbatch|trsm-vbatch|potrf-vbatch|getrf-vbatch`:
 * a variable batch of --count problems (100 000) whose orders n are drawn
 * uniformly from 1..max, for each max of --sizes (8, 16, 32); caches
 * flushed before each run. GEMM computes C := A B + C, GEMV y := A x + y
 * (gemvt: y := A^T x + y),
 * TRSM B := inv(A) B (A lower triangular, its diagonal read; B n x n),
 * Cholesky factors the lower triangle of SPD matrices, LU pivots
 * partially. On the CPU, in double precision or s, c, z with --prec:
 * hetla_??_vbatch on the caller's matrices beside an OpenMP loop of
 * single-threaded OpenBLAS / LAPACKE calls over the same matrices (best
 * of --reps). With --devices cuda, in double precision: hetla's kernels
 * for packed variable batches beside the vendor called once per order
 * (cublasDgemmGroupedBatched with a group per order, cublasDgemvBatched,
 * cublasDtrsmBatched, cusolverDnDpotrfBatched, cublasDgetrfBatched), both
 * device-resident, a copy of the same bytes, and (not with --resident)
 * the call host to host.
 * hetla's results are checked against the peer's. */
#include <cblas.h>
#include <lapacke.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "devices/device.h"
#include "hetla.h"

/* The batch, laid out as the library packs a variable batch for a GPU:
 * each problem's operands one after the other (GEMM: A, B, C; GEMV: A, x,
 * y in A, B, C; TRSM: A, B; the factorizations: A), in data (elems
 * elements of the precision, esize bytes each); data0 their pristine copy.
 * The routines from TRSM on take an A with n on its diagonal. */
typedef struct vjob {
    const char *what; /* "gemm", "gemv", "gemvt", "trsm", "potrf", "getrf" */
    bench_kind kind;
    const bench_prec *p;
    int trans; /* gemvt: GEMV with A transposed */
    hetla_int count, max;
    int *order;
    hetla_int *n, *ld, *info, *piv, **ipiv;
    lapack_int *lpiv;
    void *one, *data, *data0, **A, **B, **C;
    size_t elems, esize;
    double flops, bytes;
} vjob;

static void vjob_free(vjob *j)
{
    free(j->order), free(j->n), free(j->ld), free(j->info), free(j->piv), free(j->ipiv), free(j->lpiv);
    free(j->one), free(j->data), free(j->data0), free(j->A), free(j->B), free(j->C);
}

/* A problem of order n: its elements, and its flops and bytes moved (the
 * operands read, those written once more; TRSM reads A's lower triangle,
 * as trsm-batch counts it) in precision @p p. */
static size_t costs(bench_kind k, hetla_int n, const bench_prec *p, double *flops, double *bytes)
{
    double d = (double)n, esize = (double)hetla_dtype_size(p->type);
    size_t nn = (size_t)(n * n);
    *flops = bench_flops(k, d, p);
    switch (k) {
    case BENCH_GEMM:
        *bytes = 4 * d * d * esize;
        return 3 * nn;
    case BENCH_GEMV:
        *bytes = (d * d + 3 * d) * esize;
        return nn + 2 * (size_t)n;
    case BENCH_TRSM:
        *bytes = (d * (d + 1) / 2 + 2 * d * d) * esize;
        return 2 * nn;
    default: /* A read and written */
        *bytes = 2 * d * d * esize;
        return nn;
    }
}

/* Random operands (complex ones in both parts); A Hermitian positive
 * definite (Cholesky) or with n on its diagonal (TRSM, LU), the diagonal
 * real. */
static void vjob_fill(vjob *j)
{
    char prec = *j->p->name;
    size_t parts = (size_t)j->p->parts;
    for (size_t e = 0; e < j->elems * parts; e++)
        bench_set(prec, j->data0, e, (double)rand() / RAND_MAX - 0.5);
    for (hetla_int t = 0; t < j->count && j->kind >= BENCH_TRSM; t++) {
        size_t n = (size_t)j->n[t];
        void *a = (char *)j->data0 + ((char *)j->A[t] - (char *)j->data);
        for (size_t c = 0; c < n; c++) {
            for (size_t r = 0; r < c && j->kind == BENCH_POTRF; r++) /* A(r, c) := conj(A(c, r)) */
                for (size_t q = 0; q < parts; q++) {
                    double v = bench_get(prec, a, (c + r * n) * parts + q);
                    bench_set(prec, a, (r + c * n) * parts + q, q ? -v : v);
                }
            for (size_t q = 0; q < parts; q++)
                bench_set(prec, a, (c + c * n) * parts + q, q ? 0 : (double)n);
        }
    }
}

static int vjob_new(vjob *j, const char *what, char prec, hetla_int count, hetla_int max)
{
    static const char *const names[] = {[BENCH_GEMM] = "gemm",
                                        [BENCH_GEMV] = "gemv",
                                        [BENCH_TRSM] = "trsm",
                                        [BENCH_POTRF] = "potrf",
                                        [BENCH_GETRF] = "getrf"};
    *j = (vjob){.what = what, .p = bench_precision(prec), .count = count, .max = max, .trans = !strcmp(what, "gemvt")};
    while (j->kind < BENCH_GETRF && strcmp(j->trans ? "gemv" : what, names[j->kind]))
        j->kind++;
    size_t c = (size_t)count, parts = (size_t)j->p->parts;
    j->esize = hetla_dtype_size(j->p->type);
    j->order = malloc(c * sizeof *j->order), j->n = malloc(c * sizeof *j->n), j->ld = malloc(c * sizeof *j->ld);
    j->info = malloc(c * sizeof *j->info), j->ipiv = malloc(c * sizeof *j->ipiv);
    j->one = malloc(c * j->esize), j->A = malloc(c * sizeof *j->A), j->B = malloc(c * sizeof *j->B);
    j->C = malloc(c * sizeof *j->C);
    if (!j->order || !j->n || !j->ld || !j->info || !j->ipiv || !j->one || !j->A || !j->B || !j->C)
        return 1;
    size_t pivots = 0;
    for (size_t t = 0; t < c; t++) {
        hetla_int n = 1 + rand() % max;
        double flops, bytes;
        j->order[t] = (int)n, j->n[t] = j->ld[t] = n, pivots += (size_t)n;
        for (size_t q = 0; q < parts; q++)
            bench_set(prec, j->one, t * parts + q, q ? 0 : 1);
        j->elems += costs(j->kind, n, j->p, &flops, &bytes);
        j->flops += flops, j->bytes += bytes;
    }
    j->data = malloc(j->elems * j->esize), j->data0 = malloc(j->elems * j->esize);
    j->piv = malloc(pivots * sizeof *j->piv), j->lpiv = malloc(pivots * sizeof *j->lpiv);
    if (!j->data || !j->data0 || !j->piv || !j->lpiv)
        return 1;
    char *p = j->data;
    double flops, bytes;
    for (size_t t = 0, q = 0; t < c; t++) {
        hetla_int n = j->n[t];
        size_t nn = (size_t)(n * n);
        /* C (GEMV's y) follows B (x); the routines without them point past their operands */
        j->A[t] = p, j->B[t] = p + nn * j->esize;
        j->C[t] = (char *)j->B[t] + (j->kind == BENCH_GEMV ? (size_t)n : nn) * j->esize;
        p += costs(j->kind, n, j->p, &flops, &bytes) * j->esize;
        j->ipiv[t] = j->piv + q, q += (size_t)n;
    }
    vjob_fill(j);
    return 0;
}

static hetla_status hetla_run(hetla_context *ctx, const vjob *j)
{
    return j->p->vrun(ctx, j->kind, j->trans, j->count, j->n, j->ld, j->one, j->A, j->B, j->C, j->ipiv, j->info);
}

/* Best of @p reps runs of the call from the pristine data, the last run's
 * data into @p out; -1 on failure. */
static double api_run(const bench_opts *o, hetla_context *ctx, vjob *j, void *out)
{
    double best = 1e30;
    for (int rep = 0; rep < o->reps; rep++) {
        memcpy(j->data, j->data0, j->elems * j->esize);
        bench_flush();
        double t0 = bench_now();
        if (hetla_run(ctx, j) < 0)
            return -1;
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    memcpy(out, j->data, j->elems * j->esize);
    return best;
}

static int cpu_size(const bench_opts *o, hetla_context *ctx, vjob *j, bench_row *r, int cores)
{
    void *got = malloc(j->elems * j->esize);
    double best = 1e30, th = got ? api_run(o, ctx, j, got) : -1;
    if (th < 0) {
        fprintf(stderr, "hetla bench %s-vbatch: %s\n", j->what, got ? hetla_error_detail() : "out of memory");
        free(got);
        return 1;
    }
    for (int rep = 0; rep < o->reps; rep++) {
        memcpy(j->data, j->data0, j->elems * j->esize);
        bench_flush();
        double t0 = bench_now();
#pragma omp parallel for schedule(dynamic, 256) num_threads(cores)
        for (hetla_int t = 0; t < j->count; t++)
            j->p->peer(j->kind, j->trans, j->order[t], j->A[t], j->B[t], j->C[t], j->lpiv + (j->ipiv[t] - j->piv));
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    char where[48];
    snprintf(where, sizeof where, "hetla_%s%s_vbatch%s", j->p->name, j->trans ? "gemv" : j->what,
             j->trans ? ", A^T" : "");
    bench_print_rate(o, r, "hetla", th, j->flops, j->bytes, 0, where,
                     bench_diff_eps(*j->p->name, got, j->data, j->elems, (double)j->max));
    bench_row h = *r;
    bench_print_rate(o, r, j->kind >= BENCH_POTRF ? "loop(lapacke)" : "loop(openblas)", best, j->flops, j->bytes, 0,
                     "OpenMP loop of one-thread calls", -1);
    bench_print_ratio(o, &h, r);
    free(got);
    return 0;
}

typedef int (*gpu_vbatch_fn)(const char *what, int device, long long count, const int *order, const double *data,
                             size_t elems, double bytes, int reps, double *out_h, double *out_v, double sec[3],
                             double *peak_gbs, char *err, size_t errlen);

static int gpu_size(const bench_opts *o, hetla_context *ctx, vjob *j, bench_row *r)
{
    gpu_vbatch_fn bench;
    *(void **)&bench = hetla__backend_symbol("cuda", "hetla_cuda_bench_dvbatch");
    if (!bench) {
        fprintf(stderr, "hetla bench %s-vbatch: the CUDA module or its batch kernels are not there\n", j->what);
        return 1;
    }
    size_t bytes = j->elems * sizeof(double); /* the GPU bench runs in double only */
    double *oh = malloc(bytes), *ov = malloc(bytes), *oa = malloc(bytes), sec[3], peak = 0;
    char err[256] = "";
    int rc = !oh || !ov || !oa ||
             bench(j->what, 0, (long long)j->count, j->order, j->data0, j->elems, j->bytes, o->reps, oh, ov, sec, &peak,
                   err, sizeof err);
    double ta = rc ? -1 : o->resident ? 0 : api_run(o, ctx, j, oa);
    if (rc || ta < 0)
        fprintf(stderr, "hetla bench %s-vbatch: %s\n", j->what,
                *err ? err
                : rc ? "out of memory"
                     : hetla_error_detail());
    else {
        static const char *const vendor[][2] = {
            [BENCH_GEMM] = {"cublas(grouped)", "GroupedBatched, a group per order"},
            [BENCH_GEMV] = {"cublas(batched)", "DgemvBatched, a call per order"},
            [BENCH_TRSM] = {"cublas(batched)", "DtrsmBatched, a call per order"},
            [BENCH_POTRF] = {"cusolver(batched)", "DpotrfBatched, a call per order"},
            [BENCH_GETRF] = {"cublas(batched)", "DgetrfBatched, a call per order"},
            [BENCH_GETRF + 1] = {"cublas(batched)", "DgemvBatched transposed, a call per order"}};
        const char *const *v = vendor[j->trans ? BENCH_GETRF + 1 : j->kind];
        double n = (double)j->max;
        bench_print_rate(o, r, "hetla(packed)", sec[0], j->flops, j->bytes, peak, "kernel, device-resident",
                         bench_diff_eps('d', oh, ov, j->elems, n));
        bench_row h = *r;
        bench_print_rate(o, r, v[0], sec[1], j->flops, j->bytes, peak, v[1], -1);
        bench_print_ratio(o, &h, r);
        bench_print_rate(o, r, "copy(same bytes)", sec[2], 0, j->bytes, peak,
                         "one cudaMemcpy moving what the call moves", -1);
        if (!o->resident)
            bench_print_rate(o, r, "hetla-api", ta, j->flops, j->bytes, peak, "the call, host to host",
                             bench_diff_eps('d', oa, ov, j->elems, n));
    }
    free(oh), free(ov), free(oa);
    return rc || ta < 0;
}

int bench_vbatch(const bench_opts *o, const char *name)
{
    static const long default_max[] = {8, 16, 32};
    const long *max = o->nsizes > 0 ? o->sizes : default_max;
    int nmax = o->nsizes > 0 ? o->nsizes : 3, on_gpu = o->devices && strstr(o->devices, "cuda");
    char what[8];
    snprintf(what, sizeof what, "%.*s", (int)strcspn(name, "-"), name);
    if (on_gpu && o->prec != 'd') {
        fprintf(stderr, "hetla bench %s --devices cuda: the GPU variable batches run in double only, not --prec %c\n",
                name, o->prec);
        return 1;
    }
    hetla_context *ctx = bench_context(o->devices, o->workers, name);
    if (!ctx)
        return 1;
    openblas_set_num_threads(1); /* the peer loop's threads call it one matrix each */
    bench_print_header(o);
    int rc = 0, cores = bench_workers(o);
    for (int s = 0; s < nmax && !rc; s++) {
        vjob j = {0};
        if (max[s] < 1 || vjob_new(&j, what, o->prec, o->count > 0 ? (hetla_int)o->count : 100000, (hetla_int)max[s])) {
            fprintf(stderr, "hetla bench %s: bad size %ld or out of memory\n", name, max[s]);
            rc = 1;
        } else {
            bench_row r = {
                .operation = name, .precision = j.p->name, .devices = on_gpu ? "cuda" : "cpu", .rate_unit = "Gflop/s"};
            snprintf(r.sizes, sizeof r.sizes, "n=1..%ld count=%lld", max[s], (long long)j.count);
            rc = on_gpu ? gpu_size(o, ctx, &j, &r) : cpu_size(o, ctx, &j, &r, cores);
        }
        vjob_free(&j);
    }
    return hetla_context_destroy(ctx) || rc;
}
