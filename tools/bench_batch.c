/* `hetla bench gemm-batch|gemv-batch|trsm-batch|potrf-batch|getrf-batch`:
 * batched routines on many tiny matrices (double precision, or s, c, z
 * with --prec; --count of each of --sizes), caches flushed before every
 * run, beside a loop of single-threaded OpenBLAS / LAPACKE calls over all
 * cores (OpenMP) and, for real GEMM, libxsmm's batch interface (it has no
 * complex GEMM). hetla runs on block-interleaved operands; converting them
 * from the strided layout the peers read is timed and reported on a row of
 * its own. With --devices cuda: GEMM, hetla's CUDA kernels beside
 * cublas[SDCZ]gemmStridedBatched, device-resident, and hetla's API host
 * to host; POTRF and GETRF, hetla's kernels beside
 * cusolverDn[SDCZ]potrfBatched and cublas[SDCZ]getrfBatched,
 * device-resident. */
#include <cblas.h>
#include <lapacke.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HETLA_BENCH_LIBXSMM
#include <libxsmm.h>
#endif

#include "bench.h"
#include "devices/device.h"
#include "hetla.h"

typedef struct job {
    bench_kind kind;
    const bench_prec *p;
    hetla_int n, count;
    hetla_batch A, B, C; /* strided: what the peers read */
    hetla_int *ipiv;
    lapack_int *lpiv;
    void **pa, **pb, **pc; /* the matrices' addresses, for the peer loop and libxsmm */
} job;

typedef struct slice {
    const job *j;
    int tid, nthreads;
} slice;

static void *mat(const hetla_batch *b, hetla_int k)
{
    return (char *)b->ptr + (size_t)k * (size_t)b->stride * hetla_dtype_size(b->type);
}

/* The peer: one library call per matrix, matrices dealt to threads in ranges. */
static void *peer_loop(void *arg)
{
    const slice *s = arg;
    const job *j = s->j;
    hetla_int lo = j->count * s->tid / s->nthreads, hi = j->count * (s->tid + 1) / s->nthreads;
    for (hetla_int k = lo; k < hi; k++)
        j->p->peer(j->kind, 0, (int)j->n, j->pa[k], j->pb[k], j->pc[k], j->lpiv + k * j->n);
    return NULL;
}

#ifdef HETLA_BENCH_LIBXSMM
static void *xsmm_loop(void *arg)
{
    const slice *s = arg;
    const job *j = s->j;
    /* index_stride 0: arrays of matrix addresses, walked in steps of stride bytes */
    libxsmm_blasint n = (libxsmm_blasint)j->n, stride = (libxsmm_blasint)sizeof(void *);
    int sp = j->p->type == HETLA_FLOAT; /* else double: libxsmm has no complex GEMM */
    libxsmm_gemm_precision p = sp ? LIBXSMM_GEMM_PRECISION_F32 : LIBXSMM_GEMM_PRECISION_F64;
    double one = 1;
    float onef = 1;
    const void *alpha = sp ? (const void *)&onef : (const void *)&one;
    libxsmm_mmbatch(p, p, "N", "N", n, n, n, alpha, j->pa, &n, j->pb, &n, alpha, j->pc, &n, 0, 0, &stride, &stride,
                    &stride, (libxsmm_blasint)j->count, s->tid, s->nthreads);
    return NULL;
}
#endif

/* A run of @p fn over an OpenMP team of @p nthreads, each thread its
 * range: the team's threads live on between runs, as those of an OpenMP
 * loop over the matrices do (starting 16 threads for every run cost the
 * loop about 1 ms on an H200's host, more than half its time at order 2). */
static double run_threads(const job *j, int nthreads, void *(*fn)(void *))
{
    bench_flush();
    double t0 = bench_now();
#pragma omp parallel num_threads(nthreads)
    {
        slice sl = {j, omp_get_thread_num(), omp_get_num_threads()};
        fn(&sl);
    }
    return bench_now() - t0;
}

/* Random operands (complex ones random in both parts); Hermitian positive
 * definite (potrf) and diagonally dominant (the solves) matrices, their
 * diagonals real. */
static void fill(job *j)
{
    size_t n = (size_t)j->n, parts = (size_t)j->p->parts;
    char prec = *j->p->name;
    for (hetla_int k = 0; k < j->count; k++) {
        void *a = mat(&j->A, k), *b = mat(&j->B, k), *c = mat(&j->C, k);
        for (size_t i = 0; i < n * n * parts; i++)
            bench_set(prec, a, i, (double)rand() / RAND_MAX - 0.5);
        for (size_t i = 0; i < (size_t)(j->B.rows * j->B.cols) * parts; i++) /* n x 1 for gemv */
            bench_set(prec, b, i, (double)rand() / RAND_MAX), bench_set(prec, c, i, (double)rand() / RAND_MAX);
        for (size_t i = 0; i < n; i++) /* A(i, q) := conj(A(q, i)) for q < i */
            for (size_t q = 0; q < i && j->kind == BENCH_POTRF; q++)
                for (size_t r = 0; r < parts; r++) {
                    double v = bench_get(prec, a, (q + i * n) * parts + r);
                    bench_set(prec, a, (i + q * n) * parts + r, r ? -v : v);
                }
        for (size_t i = 0; i < n; i++)
            for (size_t r = 0; r < parts; r++)
                bench_set(prec, a, i * (n + 1) * parts + r, r ? 0 : (double)n);
    }
}

/* flops and bytes moved per matrix of order n in precision @p p */
static void costs(bench_kind k, double n, const bench_prec *p, double *flops, double *bytes)
{
    double esize = (double)hetla_dtype_size(p->type);
    *flops = bench_flops(k, n, p);
    switch (k) {
    case BENCH_GEMM:
        *bytes = 4 * n * n * esize;
        break;
    case BENCH_GEMV:
        *bytes = (n * n + 3 * n) * esize;
        break;
    case BENCH_TRSM:
        *bytes = (n * (n + 1) / 2 + 2 * n * n) * esize;
        break;
    case BENCH_POTRF:
        *bytes = n * (n + 1) * esize;
        break;
    default:
        *bytes = 2 * n * n * esize;
        break;
    }
}

static void report(const bench_opts *o, bench_row *r, const char *impl, double sec, double flops, double bytes)
{
    r->impl = impl;
    r->seconds = sec;
    r->rate = sec > 0 ? flops / sec * 1e-9 : 0;
    snprintf(r->note, sizeof r->note, "%.3g GB/s", sec > 0 ? bytes / sec * 1e-9 : 0);
    bench_print(o, r);
}

/* The operands the routine uses, in @p layout; with @p sec, the seconds
 * the conversions took, caches flushed after the allocations (zeroing
 * fresh pages on one thread is not the conversion's cost). */
static int convert_in(hetla_context *ctx, const job *j, hetla_batch *out, hetla_batch_layout layout, hetla_int bs,
                      double *sec)
{
    const hetla_batch *src[] = {&j->A, &j->B, &j->C};
    for (int i = 0; i < 3; i++)
        if (hetla_batch_alloc(layout, j->p->type, src[i]->rows, src[i]->cols, j->count, bs, &out[i]))
            return -1;
    if (sec)
        bench_flush();
    double t0 = bench_now();
    for (int i = 0; i < 3; i++)
        if (hetla_batch_convert(ctx, src[i], &out[i]))
            return -1;
    if (sec)
        *sec = bench_now() - t0;
    return 0;
}

/* The routine bench @p op times */
static bench_kind kind_of(const char *op)
{
    static const char *const names[] = {[BENCH_GEMM] = "gemm-batch",
                                        [BENCH_GEMV] = "gemv-batch",
                                        [BENCH_TRSM] = "trsm-batch",
                                        [BENCH_POTRF] = "potrf-batch",
                                        [BENCH_GETRF] = "getrf-batch"};
    bench_kind k = BENCH_GEMM;
    while (k < BENCH_GETRF && strcmp(op, names[k]))
        k++;
    return k;
}

/* The operand a routine writes: C (gemm, gemv), B (trsm), A (the factorizations). */
static int written(bench_kind k) { return k == BENCH_GEMM || k == BENCH_GEMV ? 2 : k == BENCH_TRSM ? 1 : 0; }

/* hetla's result (@p got, any layout) against the peer's (@p want,
 * strided) in units of n eps of precision @p prec; -1 if it could not be
 * read back. */
static double agreement(hetla_context *ctx, char prec, const hetla_batch *got, const hetla_batch *want, hetla_int n)
{
    hetla_batch s;
    if (hetla_batch_alloc(HETLA_BATCH_STRIDED, want->type, want->rows, want->cols, want->count, 0, &s))
        return -1;
    double d = -1;
    if (!hetla_batch_convert(ctx, got, &s) && s.stride == want->stride)
        d = bench_diff_eps(prec, s.ptr, want->ptr, (size_t)want->count * (size_t)want->stride, n);
    return hetla_batch_free(&s) ? -1 : d;
}

static int one_size(const bench_opts *o, hetla_context *ctx, const char *op, hetla_int n, hetla_int count,
                    int nthreads)
{
    job j = {.kind = kind_of(op), .p = bench_precision(o->prec), .n = n, .count = count};
    hetla_int cols = j.kind == BENCH_GEMV ? 1 : n;
    if (hetla_batch_alloc(HETLA_BATCH_STRIDED, j.p->type, n, n, count, 0, &j.A) ||
        hetla_batch_alloc(HETLA_BATCH_STRIDED, j.p->type, n, cols, count, 0, &j.B) ||
        hetla_batch_alloc(HETLA_BATCH_STRIDED, j.p->type, n, cols, count, 0, &j.C))
        return 1;
    j.ipiv = malloc((size_t)(n * count) * sizeof *j.ipiv);
    j.lpiv = malloc((size_t)(n * count) * sizeof *j.lpiv);
    j.pa = malloc((size_t)count * sizeof *j.pa), j.pb = malloc((size_t)count * sizeof *j.pb);
    j.pc = malloc((size_t)count * sizeof *j.pc);
    for (hetla_int k = 0; k < count; k++)
        j.pa[k] = mat(&j.A, k), j.pb[k] = mat(&j.B, k), j.pc[k] = mat(&j.C, k);
    fill(&j);
    double flops, bytes;
    costs(j.kind, (double)n, j.p, &flops, &bytes);
    flops *= (double)count, bytes *= (double)count;
    bench_row r = {.operation = op, .precision = j.p->name, .devices = "cpu", .rate_unit = "Gflop/s", .residual = -1};
    snprintf(r.sizes, sizeof r.sizes, "n=%lld count=%lld", (long long)n, (long long)count);
    double best_h = 1e30, best_c = 1e30, best_p = 1e30, best_x = 1e30, best_p2p = 1e30, res_h = -1, res_p2p = -1;
    hetla_batch blk[3], p2p[3], *ops[] = {&j.A, &j.B, &j.C}, *peer_out = ops[written(j.kind)];
    for (int rep = 0; rep < o->reps; rep++) {
        double tc;
        if (convert_in(ctx, &j, blk, HETLA_BATCH_BLOCKED, o->bs, &tc))
            return 1;
        best_c = tc < best_c ? tc : best_c;
        bench_flush();
        double t0 = bench_now();
        if (j.p->run(ctx, j.kind, &blk[0], &blk[1], &blk[2], j.ipiv) < 0)
            return 1;
        double t1 = bench_now();
        best_h = t1 - t0 < best_h ? t1 - t0 : best_h;
        if (convert_in(ctx, &j, p2p, HETLA_BATCH_P2P, 0, NULL))
            return 1;
        bench_flush();
        t0 = bench_now();
        if (j.p->run(ctx, j.kind, &p2p[0], &p2p[1], &p2p[2], j.ipiv) < 0)
            return 1;
        t1 = bench_now();
        best_p2p = t1 - t0 < best_p2p ? t1 - t0 : best_p2p;
        double tp = run_threads(&j, nthreads, peer_loop);
        best_p = tp < best_p ? tp : best_p;
        /* the peer's result now in place: hetla's against it, once */
        if (rep == o->reps - 1) {
            res_h = agreement(ctx, *j.p->name, &blk[written(j.kind)], peer_out, n);
            res_p2p = agreement(ctx, *j.p->name, &p2p[written(j.kind)], peer_out, n);
        }
        for (int i = 0; i < 3; i++)
            if (hetla_batch_free(&blk[i]) || hetla_batch_free(&p2p[i]))
                return 1;
#ifdef HETLA_BENCH_LIBXSMM
        if (j.kind == BENCH_GEMM && j.p->parts == 1) {
            double tx = run_threads(&j, nthreads, xsmm_loop);
            best_x = tx < best_x ? tx : best_x;
        }
#endif
        fill(&j); /* factorizations need their matrices back */
    }
    r.residual = res_h;
    report(o, &r, "hetla(blocked)", best_h, flops, bytes);
    bench_row h = r;
    r.residual = res_p2p;
    report(o, &r, "hetla(p2p)", best_p2p, flops, bytes);
    bench_row hp = r;
    r.residual = -1;
    report(o, &r, "convert-in", best_c, 0, bytes);
    report(o, &r, j.kind < BENCH_POTRF ? "loop(openblas)" : "loop(lapacke)", best_p, flops, bytes);
    bench_row p = r;
    bench_print_ratio(o, &h, &p);
    bench_print_ratio(o, &hp, &p);
    if (best_x < 1e30) {
        report(o, &r, "libxsmm", best_x, flops, bytes);
        bench_print_ratio(o, &h, &r);
    }
    if (hetla_batch_free(&j.A) || hetla_batch_free(&j.B) || hetla_batch_free(&j.C))
        return 1;
    free(j.ipiv), free(j.lpiv), free(j.pa), free(j.pb), free(j.pc);
    return 0;
}

/* ---- GPU (--devices cuda, GEMM) --------------------------------------------------- */

typedef int (*gpu_peer_fn)(char prec, int device, int n, long long count, const void *A, const void *B, const void *C,
                           int reps, void *Cout, double *sec, double *peak_gbs, char *err, size_t errlen);
typedef int (*gpu_native_fn)(char prec, int device, int n, long long count, long long bs, const void *A, const void *B,
                             const void *C, int reps, void *const out[4], double sec[6], char *err, size_t errlen);

static int gpu_job_free(job *j)
{
    int rc = 0;
    hetla_batch *ops[] = {&j->A, &j->B, &j->C};
    for (int i = 0; i < 3; i++)
        rc |= hetla_batch_free(ops[i]) != HETLA_SUCCESS;
    return rc;
}

/* The operands of a GPU bench: count n x n matrices each of precision
 * @p prec, strided n*n apart (what the GPU side reads), filled as the CPU
 * bench's. */
static int gpu_job_new(job *j, const char *op, char prec, hetla_int n, hetla_int count)
{
    /* (a zeroed batch frees as a no-op) */
    *j = (job){.kind = kind_of(op), .p = bench_precision(prec), .n = n, .count = count};
    hetla_batch *ops[] = {&j->A, &j->B, &j->C};
    for (int i = 0; i < 3; i++) {
        if (hetla_batch_alloc(HETLA_BATCH_STRIDED, j->p->type, n, n, count, 0, ops[i]))
            return gpu_job_free(j), 1;
        ops[i]->stride = n * n;
    }
    fill(j);
    return 0;
}

/* The kernel rows of a GPU bench: hetla's kernels on interleaved (t[2],
 * result Ri) and strided (t[0], Rs) operands, the conversion between them
 * (t[1], moving @p convert_bytes), the vendor (tv, Rv), and the two
 * ratios; hetla's results checked against the vendor's, in precision
 * @p prec. @p r is left holding the vendor's row. */
static void gpu_kernel_rows(const bench_opts *o, bench_row *r, char prec, const double t[3], const void *Ri,
                            const void *Rs, double tv, const void *Rv, const char *vendor, const char *vendor_note,
                            double flops, double bytes, double convert_bytes, double peak, size_t len, hetla_int n)
{
    bench_print_rate(o, r, "hetla(interleaved)", t[2], flops, bytes, peak, "kernel, device-resident",
                     bench_diff_eps(prec, Ri, Rv, len, n));
    bench_row hi = *r;
    bench_print_rate(o, r, "hetla(strided)", t[0], flops, bytes, peak, "kernel, device-resident",
                     bench_diff_eps(prec, Rs, Rv, len, n));
    bench_row hs = *r;
    bench_print_rate(o, r, "convert-in", t[1], 0, convert_bytes, peak, "strided -> interleaved on the GPU", -1);
    bench_print_rate(o, r, vendor, tv, flops, bytes, peak, vendor_note, -1);
    bench_print_ratio(o, &hi, r);
    bench_print_ratio(o, &hs, r);
}

/* The full API path on host memory: hetla_?gemm_batch on @p ctx with the
 * chunks copied to the GPU and back by the runtime; best of the runs. The
 * operands are converted on @p host (the conversion has CPU classes only). */
static double api_run(const bench_opts *o, hetla_context *ctx, hetla_context *host, const job *j,
                      hetla_batch_layout layout)
{
    hetla_batch b[3];
    if (convert_in(host, j, b, layout, 0, NULL))
        return -1;
    double best = 1e30;
    for (int rep = 0; rep < o->reps; rep++) {
        double t0 = bench_now();
        if (j->p->run(ctx, j->kind, &b[0], &b[1], &b[2], j->ipiv) < 0)
            return -1;
        double t = bench_now() - t0;
        best = t < best ? t : best;
    }
    for (int i = 0; i < 3; i++)
        if (hetla_batch_free(&b[i]))
            return -1;
    return best;
}

static int gpu_size(const bench_opts *o, hetla_context *ctx, hetla_context *host, hetla_int n, hetla_int count)
{
    gpu_native_fn native;
    gpu_peer_fn peer;
    *(void **)&native = hetla__backend_symbol("cuda", "hetla_cuda_native_gemm_batch");
    *(void **)&peer = hetla__backend_symbol("cuda", "hetla_cuda_peer_gemm_batch");
    if (!native || !peer) {
        fprintf(stderr, "hetla bench gemm-batch: the CUDA module or its batch kernels are not there\n");
        return 1;
    }
    job j;
    if (gpu_job_new(&j, "gemm-batch", o->prec, n, count))
        return 1;
    char prec = *j.p->name;
    size_t len = (size_t)(n * n * count), esize = hetla_dtype_size(j.p->type), bytes = len * esize;
    /* the block-interleaved rows in the CPU's lane blocks (one layout for
     * both), or in --bs */
    hetla_int bs = o->bs ? o->bs : hetla_batch_block_size(j.p->type);
    void *Cb = malloc(bytes), *out[4];
    double tb = 0, peak = 0, t[6];
    int rc = !Cb;
    for (int i = 0; i < 4; i++)
        rc |= !(out[i] = malloc(bytes));
    char err[256] = "";
    rc = rc || peer(prec, 0, (int)n, count, j.A.ptr, j.B.ptr, j.C.ptr, o->reps, Cb, &tb, &peak, err, sizeof err) ||
         native(prec, 0, (int)n, count, bs, j.A.ptr, j.B.ptr, j.C.ptr, o->reps, out, t, err, sizeof err);
    if (rc)
        fprintf(stderr, "hetla bench gemm-batch: %s\n", *err ? err : "out of memory");
    double flops, mbytes;
    costs(BENCH_GEMM, (double)n, j.p, &flops, &mbytes);
    flops *= (double)count, mbytes *= (double)count;
    bench_row r = {.operation = "gemm-batch", .precision = j.p->name, .devices = "cuda", .rate_unit = "Gflop/s"};
    snprintf(r.sizes, sizeof r.sizes, "n=%lld count=%lld", (long long)n, (long long)count);
    char api[40];
    snprintf(api, sizeof api, "hetla_%sgemm_batch, host to host", j.p->name);
    if (!rc) {
        /* the conversion reads and writes A, B and C: 6 n^2 elements a matrix */
        gpu_kernel_rows(o, &r, prec, t, out[1], out[0], tb, Cb, "cublas(strided)", "StridedBatched, device-resident",
                        flops, mbytes, 1.5 * mbytes, peak, len, n);
        bench_row v = r;
        char name[48];
        if (t[3] > 0) {
            bench_print_rate(o, &r, "hetla(interleaved,staged)", t[3], flops, mbytes, peak,
                             "kernel, device-resident; the library takes the unrolled one",
                             bench_diff_eps(prec, out[2], Cb, len, n));
            bench_print_ratio(o, &r, &v);
        }
        snprintf(name, sizeof name, "hetla(blocked,bs=%lld)", (long long)bs);
        bench_print_rate(o, &r, name, t[4], flops, mbytes, peak, "kernel, device-resident",
                         bench_diff_eps(prec, out[3], Cb, len, n));
        bench_print_ratio(o, &r, &v);
        bench_print_rate(o, &r, "copy(same bytes)", t[5], 0, mbytes, peak,
                         "one cudaMemcpy moving what the GEMM moves: the bandwidth a transfer this size gets", -1);
        double ts = api_run(o, ctx, host, &j, HETLA_BATCH_STRIDED);
        double ta = api_run(o, ctx, host, &j, HETLA_BATCH_INTERLEAVED);
        rc = ts < 0 || ta < 0;
        if (!rc) {
            bench_print_rate(o, &r, "hetla-api(strided)", ts, flops, mbytes, peak, api, -1);
            bench_print_rate(o, &r, "hetla-api(interleaved)", ta, flops, mbytes, peak, api, -1);
        }
    }
    free(Cb);
    for (int i = 0; i < 4; i++)
        free(out[i]);
    return gpu_job_free(&j) || rc;
}

typedef int (*gpu_factor_peer_fn)(char prec, const char *what, int device, int n, long long count, const void *A,
                                  int reps, void *out, double *sec, double *peak_gbs, char *err, size_t errlen);
typedef int (*gpu_factor_native_fn)(char prec, const char *what, int device, int n, long long count, const void *A,
                                    int reps, void *Fs, void *Fi, double sec[3], char *err, size_t errlen);

/* potrf-batch / getrf-batch on the GPU: hetla's kernels (interleaved,
 * strided, and the conversion) beside the vendor's batched routine on the
 * same matrices, device-resident; residuals: hetla's factors against the
 * vendor's. */
static int gpu_factor_size(const bench_opts *o, const char *op, hetla_int n, hetla_int count)
{
    const char *what = kind_of(op) == BENCH_POTRF ? "potrf" : "getrf";
    gpu_factor_native_fn native;
    gpu_factor_peer_fn peer;
    *(void **)&native = hetla__backend_symbol("cuda", "hetla_cuda_native_factor_batch");
    *(void **)&peer = hetla__backend_symbol("cuda", "hetla_cuda_peer_factor_batch");
    if (!native || !peer) {
        fprintf(stderr, "hetla bench %s: the CUDA module or its batch kernels are not there\n", op);
        return 1;
    }
    job j;
    if (gpu_job_new(&j, op, o->prec, n, count))
        return 1;
    char prec = *j.p->name;
    size_t len = (size_t)(n * n * count), esize = hetla_dtype_size(j.p->type), bytes = len * esize;
    void *Fv = malloc(bytes), *Fs = malloc(bytes), *Fi = malloc(bytes);
    double tv = 0, peak = 0, t[3];
    char err[256] = "";
    int rc = !Fv || !Fs || !Fi ||
             peer(prec, what, 0, (int)n, count, j.A.ptr, o->reps, Fv, &tv, &peak, err, sizeof err) ||
             native(prec, what, 0, (int)n, count, j.A.ptr, o->reps, Fs, Fi, t, err, sizeof err);
    if (rc)
        fprintf(stderr, "hetla bench %s: %s\n", op, *err ? err : "out of memory");
    double flops, mbytes;
    costs(j.kind, (double)n, j.p, &flops, &mbytes);
    flops *= (double)count, mbytes *= (double)count;
    bench_row r = {.operation = op, .precision = j.p->name, .devices = "cuda", .rate_unit = "Gflop/s"};
    snprintf(r.sizes, sizeof r.sizes, "n=%lld count=%lld", (long long)n, (long long)count);
    if (!rc) /* the conversion reads and writes A: 2 n^2 elements a matrix */
        gpu_kernel_rows(o, &r, prec, t, Fi, Fs, tv, Fv, what[0] == 'p' ? "cusolver(batched)" : "cublas(batched)",
                        "pointer array, device-resident", flops, mbytes,
                        (double)count * 2 * (double)(n * n) * (double)esize, peak, len, n);
    free(Fv), free(Fs), free(Fi);
    return gpu_job_free(&j) || rc;
}

int bench_batch(const bench_opts *o, const char *name)
{
    static const long default_sizes[] = {2, 3, 4, 8, 16, 32}, gpu_sizes[] = {2, 4, 8, 16, 32};
    long count = o->count > 0 ? o->count : 100000;
    int on_gpu = o->devices && strstr(o->devices, "cuda");
    int nsizes = o->nsizes > 0 ? o->nsizes : on_gpu ? 5 : 6;
    const long *sizes = o->nsizes > 0 ? o->sizes : on_gpu ? gpu_sizes : default_sizes;
    int nthreads = bench_workers(o);
    hetla_context *ctx = bench_context(o->devices, o->workers, name);
    if (!ctx)
        return 1;
#ifdef HETLA_BENCH_LIBXSMM
    libxsmm_init();
    if (!strcmp(name, "gemm-batch") && !on_gpu && bench_precision(o->prec)->parts == 2 && !o->json)
        printf("# no libxsmm row: libxsmm has no complex GEMM\n");
#else
    if (!strcmp(name, "gemm-batch") && !o->json)
        printf("# libxsmm peer not built (libxsmm-dev not found at configure time)\n");
#endif
    openblas_set_num_threads(1); /* the peer loop's threads call it one matrix each */
    /* the GPU bench converts its host operands on a CPU context of its own */
    hetla_context *host = NULL;
    int rc = 0;
    int gpu_factor = !strcmp(name, "potrf-batch") || !strcmp(name, "getrf-batch");
    if (on_gpu && strcmp(name, "gemm-batch") && !gpu_factor) {
        fprintf(stderr, "hetla bench %s --devices cuda: gemm-batch, potrf-batch and getrf-batch have GPU benches\n",
                name);
        rc = 1;
    } else if (on_gpu && !(host = bench_context("cpu", o->workers, name)))
        rc = 1;
    if (!rc)
        bench_print_header(o);
    for (int s = 0; s < nsizes && !rc; s++) {
        rc = on_gpu && gpu_factor ? gpu_factor_size(o, name, (hetla_int)sizes[s], (hetla_int)count)
             : on_gpu             ? gpu_size(o, ctx, host, (hetla_int)sizes[s], (hetla_int)count)
                                  : one_size(o, ctx, name, (hetla_int)sizes[s], (hetla_int)count, nthreads);
        if (rc)
            fprintf(stderr, "hetla bench %s: %s\n", name, hetla_error_detail());
    }
    if (host)
        rc |= hetla_context_destroy(host) != HETLA_SUCCESS;
    return hetla_context_destroy(ctx) || rc;
}
