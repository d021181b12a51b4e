/* `hetla bench gemm-vbatch|gemv-vbatch|gemvt-vbatch|trsm-vbatch|potrf-vbatch|getrf-vbatch`:
 * a variable batch of --count problems (100 000) whose orders n are drawn
 * uniformly from 1..max, for each max of --sizes (8, 16, 32); caches
 * flushed before each run. GEMM computes C := A B + C, GEMV y := A x + y
 * (gemvt: y := A^T x + y),
 * TRSM B := inv(A) B (A lower triangular, its diagonal read; B n x n),
 * Cholesky factors the lower triangle of SPD matrices, LU pivots
 * partially. On the CPU: hetla_d?_vbatch on the caller's matrices beside
 * an OpenMP loop of single-threaded OpenBLAS / LAPACKE calls over the
 * same matrices (best of --reps). With --devices cuda: hetla's kernels
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

/* The routines; those from TRSM on take an A with n on its diagonal. */
typedef enum { GEMM, GEMV, TRSM, POTRF, GETRF } vkind;

/* The batch, laid out as the library packs a variable batch for a GPU:
 * each problem's operands one after the other (GEMM: A, B, C; GEMV: A, x,
 * y in A, B, C; TRSM: A, B; the factorizations: A), in data; data0 their
 * pristine copy. */
typedef struct vjob {
    const char *what; /* "gemm", "gemv", "gemvt", "trsm", "potrf", "getrf" */
    vkind kind;
    int trans; /* gemvt: GEMV with A transposed */
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

/* A problem of order n: its elements, and its flops and bytes moved (the
 * operands read, those written once more; TRSM reads A's lower triangle,
 * as trsm-batch counts it). */
static size_t costs(vkind k, hetla_int n, double *flops, double *bytes)
{
    double d = (double)n;
    size_t nn = (size_t)(n * n);
    switch (k) {
    case GEMM:
        *flops = 2 * d * d * d, *bytes = 4 * d * d * 8;
        return 3 * nn;
    case GEMV:
        *flops = 2 * d * d, *bytes = (d * d + 3 * d) * 8;
        return nn + 2 * (size_t)n;
    case TRSM:
        *flops = d * d * d, *bytes = (d * (d + 1) / 2 + 2 * d * d) * 8;
        return 2 * nn;
    default: /* A read and written */
        *flops = (k == POTRF ? 1.0 / 3 : 2.0 / 3) * d * d * d, *bytes = 2 * d * d * 8;
        return nn;
    }
}

/* Random operands; A SPD (Cholesky) or with n on its diagonal (TRSM, LU). */
static void vjob_fill(vjob *j)
{
    for (size_t e = 0; e < j->elems; e++)
        j->data0[e] = (double)rand() / RAND_MAX - 0.5;
    for (hetla_int t = 0; t < j->count && j->kind >= TRSM; t++) {
        hetla_int n = j->n[t];
        double *a = j->data0 + (j->A[t] - j->data);
        for (hetla_int c = 0; c < n; c++) {
            for (hetla_int r = 0; r < c && j->kind == POTRF; r++)
                a[r + c * n] = a[c + r * n];
            a[c + c * n] = (double)n;
        }
    }
}

static int vjob_new(vjob *j, const char *what, hetla_int count, hetla_int max)
{
    static const char *const names[] = {"gemm", "gemv", "trsm", "potrf", "getrf"};
    *j = (vjob){.what = what, .count = count, .max = max, .trans = !strcmp(what, "gemvt")};
    while (j->kind < GETRF && strcmp(j->trans ? "gemv" : what, names[j->kind]))
        j->kind++;
    size_t c = (size_t)count;
    j->order = malloc(c * sizeof *j->order), j->n = malloc(c * sizeof *j->n), j->ld = malloc(c * sizeof *j->ld);
    j->info = malloc(c * sizeof *j->info), j->ipiv = malloc(c * sizeof *j->ipiv);
    j->one = malloc(c * sizeof *j->one), j->A = malloc(c * sizeof *j->A), j->B = malloc(c * sizeof *j->B);
    j->C = malloc(c * sizeof *j->C);
    if (!j->order || !j->n || !j->ld || !j->info || !j->ipiv || !j->one || !j->A || !j->B || !j->C)
        return 1;
    size_t pivots = 0;
    for (size_t t = 0; t < c; t++) {
        hetla_int n = 1 + rand() % max;
        double flops, bytes;
        j->order[t] = (int)n, j->n[t] = j->ld[t] = n, j->one[t] = 1, pivots += (size_t)n;
        j->elems += costs(j->kind, n, &flops, &bytes);
        j->flops += flops, j->bytes += bytes;
    }
    j->data = malloc(j->elems * sizeof(double)), j->data0 = malloc(j->elems * sizeof(double));
    j->piv = malloc(pivots * sizeof *j->piv), j->lpiv = malloc(pivots * sizeof *j->lpiv);
    if (!j->data || !j->data0 || !j->piv || !j->lpiv)
        return 1;
    double *p = j->data, flops, bytes;
    for (size_t t = 0, q = 0; t < c; t++) {
        hetla_int n = j->n[t];
        size_t nn = (size_t)(n * n);
        /* C (GEMV's y) follows B (x); the routines without them point past their operands */
        j->A[t] = p, j->B[t] = p + nn, j->C[t] = j->B[t] + (j->kind == GEMV ? (size_t)n : nn);
        p += costs(j->kind, n, &flops, &bytes);
        j->ipiv[t] = j->piv + q, q += (size_t)n;
    }
    vjob_fill(j);
    return 0;
}

static hetla_status hetla_run(hetla_context *ctx, const vjob *j)
{
    switch (j->kind) {
    case GEMM:
        return hetla_dgemm_vbatch(ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, j->n, j->n, j->n, j->one, j->A, j->ld, j->B,
                                  j->ld, j->one, j->C, j->ld, j->count, NULL);
    case GEMV:
        return hetla_dgemv_vbatch(ctx, j->trans ? HETLA_TRANS : HETLA_NO_TRANS, j->n, j->n, j->one, j->A, j->ld, j->B,
                                  j->one, j->C, j->count, NULL);
    case TRSM:
        return hetla_dtrsm_vbatch(ctx, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT, j->n, j->n, j->one,
                                  j->A, j->ld, j->B, j->ld, j->count, NULL);
    case POTRF:
        return hetla_dpotrf_vbatch(ctx, HETLA_LOWER, j->n, j->A, j->ld, j->count, j->info);
    default:
        return hetla_dgetrf_vbatch(ctx, j->n, j->n, j->A, j->ld, j->ipiv, j->count, j->info);
    }
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

/* Problem t by OpenBLAS or LAPACKE, one thread. */
static void peer_one(const vjob *j, hetla_int t)
{
    int n = j->order[t];
    switch (j->kind) {
    case GEMM:
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, j->A[t], n, j->B[t], n, 1, j->C[t], n);
        break;
    case GEMV:
        cblas_dgemv(CblasColMajor, j->trans ? CblasTrans : CblasNoTrans, n, n, 1, j->A[t], n, j->B[t], 1, 1, j->C[t],
                    1);
        break;
    case TRSM:
        cblas_dtrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, n, n, 1, j->A[t], n, j->B[t], n);
        break;
    case POTRF:
        LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, j->A[t], n);
        break;
    default:
        LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, j->A[t], n, j->lpiv + (j->ipiv[t] - j->piv));
        break;
    }
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
    snprintf(where, sizeof where, "hetla_d%s_vbatch%s", j->trans ? "gemv" : j->what, j->trans ? ", A^T" : "");
    bench_print_rate(o, r, "hetla", th, j->flops, j->bytes, 0, where,
                     bench_diff_eps('d', got, j->data, j->elems, (double)j->max));
    bench_row h = *r;
    bench_print_rate(o, r, j->kind >= POTRF ? "loop(lapacke)" : "loop(openblas)", best, j->flops, j->bytes, 0,
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
    size_t bytes = j->elems * sizeof(double);
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
        static const char *const vendor[][2] = {[GEMM] = {"cublas(grouped)", "GroupedBatched, a group per order"},
                                                [GEMV] = {"cublas(batched)", "DgemvBatched, a call per order"},
                                                [TRSM] = {"cublas(batched)", "DtrsmBatched, a call per order"},
                                                [POTRF] = {"cusolver(batched)", "DpotrfBatched, a call per order"},
                                                [GETRF] = {"cublas(batched)", "DgetrfBatched, a call per order"},
                                                [GETRF + 1] = {"cublas(batched)",
                                                               "DgemvBatched transposed, a call per order"}};
        const char *const *v = vendor[j->trans ? GETRF + 1 : j->kind];
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
