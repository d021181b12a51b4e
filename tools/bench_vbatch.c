/* `hetla bench gemm-vbatch|potrf-vbatch|getrf-vbatch`: a variable batch
 * of --count square matrices (100 000) whose orders are drawn uniformly
 * from 1..max, for each max of --sizes (8, 16, 32); caches flushed before
 * each run. GEMM computes C := A B + C, Cholesky factors the lower
 * triangle of SPD matrices, LU pivots partially. On the CPU:
 * hetla_d?_vbatch on the caller's matrices beside an OpenMP loop of
 * single-threaded OpenBLAS / LAPACKE calls over the same matrices (best of
 * --reps). With --devices cuda: hetla's kernels for packed variable
 * batches beside the vendor called once per order
 * (cublasDgemmGroupedBatched with a group per order,
 * cusolverDnDpotrfBatched, cublasDgetrfBatched), both device-resident,
 * a copy of the same bytes, and the call host to host. hetla's results
 * are checked against the peer's. */
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
 * each matrix's A, B and C one after the other (GEMM) or its A alone,
 * in data; data0 their pristine copy. */
typedef struct vjob {
    const char *what; /* "gemm", "potrf", "getrf" */
    hetla_int count, max;
    int *order;
    hetla_int *n, *ld, *info, *piv, **ipiv;
    lapack_int *lpiv;
    double *one, *data, *data0, **A, **B, **C;
    size_t elems;
    double flops, bytes;
} vjob;

static void vjob_free(vjob *j)
{
    free(j->order), free(j->n), free(j->ld), free(j->info), free(j->piv), free(j->ipiv), free(j->lpiv);
    free(j->one), free(j->data), free(j->data0), free(j->A), free(j->B), free(j->C);
}

/* Random operands: SPD (Cholesky) or with n on the diagonal (LU). */
static void vjob_fill(vjob *j)
{
    for (hetla_int t = 0; t < j->count; t++) {
        hetla_int n = j->n[t], ops = strcmp(j->what, "gemm") ? 1 : 3;
        double *a = j->data0 + (j->A[t] - j->data);
        for (hetla_int e = 0; e < ops * n * n; e++)
            a[e] = (double)rand() / RAND_MAX - 0.5;
        for (hetla_int c = 0; c < n && ops == 1; c++) {
            for (hetla_int r = 0; r < c && !strcmp(j->what, "potrf"); r++)
                a[r + c * n] = a[c + r * n];
            a[c + c * n] = (double)n;
        }
    }
}

static int vjob_new(vjob *j, const char *what, hetla_int count, hetla_int max)
{
    *j = (vjob){.what = what, .count = count, .max = max};
    size_t c = (size_t)count;
    int gemm = !strcmp(what, "gemm");
    j->order = malloc(c * sizeof *j->order), j->n = malloc(c * sizeof *j->n), j->ld = malloc(c * sizeof *j->ld);
    j->info = malloc(c * sizeof *j->info), j->ipiv = malloc(c * sizeof *j->ipiv);
    j->one = malloc(c * sizeof *j->one), j->A = malloc(c * sizeof *j->A), j->B = malloc(c * sizeof *j->B);
    j->C = malloc(c * sizeof *j->C);
    if (!j->order || !j->n || !j->ld || !j->info || !j->ipiv || !j->one || !j->A || !j->B || !j->C)
        return 1;
    size_t pivots = 0;
    for (size_t t = 0; t < c; t++) {
        hetla_int n = 1 + rand() % max;
        double d = (double)n;
        j->order[t] = (int)n, j->n[t] = j->ld[t] = n, j->one[t] = 1, pivots += (size_t)n;
        j->elems += (size_t)((gemm ? 3 : 1) * n * n);
        j->flops += gemm ? 2 * d * d * d : !strcmp(what, "potrf") ? d * d * d / 3 : 2 * d * d * d / 3;
        j->bytes += (gemm ? 4 : 2) * 8 * d * d;
    }
    j->data = malloc(j->elems * sizeof(double)), j->data0 = malloc(j->elems * sizeof(double));
    j->piv = malloc(pivots * sizeof *j->piv), j->lpiv = malloc(pivots * sizeof *j->lpiv);
    if (!j->data || !j->data0 || !j->piv || !j->lpiv)
        return 1;
    double *p = j->data;
    for (size_t t = 0, q = 0; t < c; t++) {
        size_t nn = (size_t)(j->n[t] * j->n[t]);
        j->A[t] = p, j->B[t] = p + nn, j->C[t] = p + 2 * nn, p += (gemm ? 3 : 1) * nn;
        j->ipiv[t] = j->piv + q, q += (size_t)j->n[t];
    }
    vjob_fill(j);
    return 0;
}

static hetla_status hetla_run(hetla_context *ctx, const vjob *j)
{
    if (!strcmp(j->what, "potrf"))
        return hetla_dpotrf_vbatch(ctx, HETLA_LOWER, j->n, j->A, j->ld, j->count, j->info);
    if (!strcmp(j->what, "getrf"))
        return hetla_dgetrf_vbatch(ctx, j->n, j->n, j->A, j->ld, j->ipiv, j->count, j->info);
    return hetla_dgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, j->n, j->n, j->n, j->one, j->A, j->ld, j->B, j->ld,
                              j->one, j->C, j->ld, j->count, NULL);
}

/* Best of @p reps runs of the call from the pristine data, the last run's
 * data into @p out; -1 on failure. */
static double api_run(const bench_opts *o, hetla_context *ctx, vjob *j, double *out)
{
    double best = 1e30;
    for (int rep = 0; rep < o->reps; rep++) {
        memcpy(j->data, j->data0, j->elems * sizeof(double));
        bench_flush();
        double t0 = bench_now();
        if (hetla_run(ctx, j) < 0)
            return -1;
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    memcpy(out, j->data, j->elems * sizeof(double));
    return best;
}

/* Matrix t by OpenBLAS or LAPACKE, one thread. */
static void peer_one(const vjob *j, hetla_int t)
{
    int n = j->order[t];
    if (!strcmp(j->what, "potrf"))
        LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, j->A[t], n);
    else if (!strcmp(j->what, "getrf"))
        LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, j->A[t], n, j->lpiv + (j->ipiv[t] - j->piv));
    else
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, j->A[t], n, j->B[t], n, 1, j->C[t], n);
}

static int cpu_size(const bench_opts *o, hetla_context *ctx, vjob *j, bench_row *r, int cores)
{
    double *got = malloc(j->elems * sizeof(double)), best = 1e30;
    double th = got ? api_run(o, ctx, j, got) : -1;
    if (th < 0) {
        fprintf(stderr, "hetla bench %s-vbatch: %s\n", j->what, got ? hetla_error_detail() : "out of memory");
        free(got);
        return 1;
    }
    for (int rep = 0; rep < o->reps; rep++) {
        memcpy(j->data, j->data0, j->elems * sizeof(double));
        bench_flush();
        double t0 = bench_now();
#pragma omp parallel for schedule(dynamic, 256) num_threads(cores)
        for (hetla_int t = 0; t < j->count; t++)
            peer_one(j, t);
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    char where[48];
    snprintf(where, sizeof where, "hetla_d%s_vbatch", j->what);
    bench_print_rate(o, r, "hetla", th, j->flops, j->bytes, 0, where,
                     bench_diff_eps(got, j->data, j->elems, (double)j->max));
    bench_row h = *r;
    bench_print_rate(o, r, strcmp(j->what, "gemm") ? "loop(lapacke)" : "loop(openblas)", best, j->flops, j->bytes, 0,
                     "OpenMP loop of one-thread calls", -1);
    bench_print_ratio(o, &h, r);
    free(got);
    return 0;
}

typedef int (*gpu_vbatch_fn)(const char *what, int device, long long count, const int *order, const double *data,
                             size_t elems, int reps, double *out_h, double *out_v, double sec[3], double *peak_gbs,
                             char *err, size_t errlen);

static int gpu_size(const bench_opts *o, hetla_context *ctx, vjob *j, bench_row *r)
{
    gpu_vbatch_fn bench;
    *(void **)&bench = hetla__backend_symbol("cuda", "hetla_cuda_bench_dvbatch");
    if (!bench) {
        fprintf(stderr, "hetla bench %s-vbatch: the CUDA module or its batch kernels are not there\n", j->what);
        return 1;
    }
    size_t bytes = j->elems * sizeof(double);
    double *oh = malloc(bytes), *ov = malloc(bytes), *oa = malloc(bytes), sec[3], peak = 0;
    char err[256] = "";
    int rc = !oh || !ov || !oa ||
             bench(j->what, 0, (long long)j->count, j->order, j->data0, j->elems, o->reps, oh, ov, sec, &peak, err,
                   sizeof err);
    double ta = rc ? -1 : api_run(o, ctx, j, oa);
    if (rc || ta < 0)
        fprintf(stderr, "hetla bench %s-vbatch: %s\n", j->what,
                *err ? err
                : rc ? "out of memory"
                     : hetla_error_detail());
    else {
        static const char *const vendor[][2] = {{"cublas(grouped)", "GroupedBatched, a group per order"},
                                                {"cusolver(batched)", "DpotrfBatched, a call per order"},
                                                {"cublas(batched)", "DgetrfBatched, a call per order"}};
        int v = !strcmp(j->what, "potrf") ? 1 : !strcmp(j->what, "getrf") ? 2 : 0;
        double n = (double)j->max;
        bench_print_rate(o, r, "hetla(packed)", sec[0], j->flops, j->bytes, peak, "kernel, device-resident",
                         bench_diff_eps(oh, ov, j->elems, n));
        bench_row h = *r;
        bench_print_rate(o, r, vendor[v][0], sec[1], j->flops, j->bytes, peak, vendor[v][1], -1);
        bench_print_ratio(o, &h, r);
        bench_print_rate(o, r, "copy(same bytes)", sec[2], 0, j->bytes, peak,
                         "one cudaMemcpy moving what the call moves", -1);
        bench_print_rate(o, r, "hetla-api", ta, j->flops, j->bytes, peak, "the call, host to host",
                         bench_diff_eps(oa, ov, j->elems, n));
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
    hetla_context *ctx = bench_context(o->devices, name);
    if (!ctx)
        return 1;
    openblas_set_num_threads(1); /* the peer loop's threads call it one matrix each */
    bench_print_header(o);
    int rc = 0, cores = bench_cores();
    for (int s = 0; s < nmax && !rc; s++) {
        vjob j = {0};
        if (max[s] < 1 || vjob_new(&j, what, o->count > 0 ? (hetla_int)o->count : 100000, (hetla_int)max[s])) {
            fprintf(stderr, "hetla bench %s: bad size %ld or out of memory\n", name, max[s]);
            rc = 1;
        } else {
            bench_row r = {
                .operation = name, .precision = "d", .devices = on_gpu ? "cuda" : "cpu", .rate_unit = "Gflop/s"};
            snprintf(r.sizes, sizeof r.sizes, "n=1..%ld count=%lld", max[s], (long long)j.count);
            rc = on_gpu ? gpu_size(o, ctx, &j, &r) : cpu_size(o, ctx, &j, &r, cores);
        }
        vjob_free(&j);
    }
    return hetla_context_destroy(ctx) || rc;
}
