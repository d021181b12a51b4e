/* `hetla bench gemm|symm|syrk|syr2k|trmm|trsm|blas3`: the synchronous
 * level-3 calls beside the vendor library in the same run, on the same data.
 * On CPUs, beside cblas_dgemm of OpenBLAS:
 *  - overhead: hetla with one CPU worker (the call runs on the calling
 *    thread) against single-threaded OpenBLAS;
 *  - tiling: hetla over all CPU workers against OpenBLAS's own threads.
 * With --devices naming GPUs, beside cublasDgemm: host to host (the
 * matrices start and end in host memory, copies included on both sides)
 * and device-resident (hetla's task form on data already on the GPU). */
#include <cblas.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "devices/device.h"
#include "hetla.h"

typedef struct {
    size_t n;
    double *A, *B, *C, *T, *save; /* T: a well-conditioned triangle */
} problem;

static int problem_init(problem *p, size_t n)
{
    p->n = n;
    p->A = malloc(n * n * sizeof(double));
    p->B = malloc(n * n * sizeof(double));
    p->C = malloc(n * n * sizeof(double));
    p->T = malloc(n * n * sizeof(double));
    p->save = malloc(n * n * sizeof(double));
    if (!p->A || !p->B || !p->C || !p->T || !p->save)
        return 1;
    srand(11);
    for (size_t i = 0; i < n * n; i++) {
        p->A[i] = 2.0 * rand() / RAND_MAX - 1;
        p->B[i] = 2.0 * rand() / RAND_MAX - 1;
        p->T[i] = (2.0 * rand() / RAND_MAX - 1) / (double)n + (i % (n + 1) == 0 ? 2 : 0);
    }
    return 0;
}

static void problem_free(problem *p) { free(p->A), free(p->B), free(p->C), free(p->T), free(p->save); }

/* ||C - A B||_1 / (||A||_1 ||B||_1 n eps) estimated with a random vector. */
static double residual(const problem *p)
{
    size_t n = p->n;
    double *x = calloc(n, sizeof *x), *bx = calloc(n, sizeof *bx), *r = calloc(n, sizeof *r);
    if (!x || !bx || !r) {
        free(x), free(bx), free(r);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        x[i] = 2.0 * rand() / RAND_MAX - 1;
    cblas_dgemv(CblasColMajor, CblasNoTrans, (blasint)n, (blasint)n, 1, p->B, (blasint)n, x, 1, 0, bx, 1);
    cblas_dgemv(CblasColMajor, CblasNoTrans, (blasint)n, (blasint)n, 1, p->C, (blasint)n, x, 1, 0, r, 1);
    cblas_dgemv(CblasColMajor, CblasNoTrans, (blasint)n, (blasint)n, -1, p->A, (blasint)n, bx, 1, 1, r, 1);
    double na = 0, nb = 0;
    for (size_t j = 0; j < n; j++) {
        double ca = 0, cb = 0;
        for (size_t i = 0; i < n; i++)
            ca += fabs(p->A[j * n + i]), cb += fabs(p->B[j * n + i]);
        na = fmax(na, ca), nb = fmax(nb, cb);
    }
    double res = cblas_dasum((blasint)n, r, 1) / (na * nb * cblas_dasum((blasint)n, x, 1) * (double)n * DBL_EPSILON);
    free(x), free(bx), free(r);
    return res;
}

/* The CPU routines: one call of hetla and one of cblas on the same data
 * (n x n, left side, lower triangle, no transpose, non-unit diagonal). */
typedef struct routine {
    const char *name;
    double flops_per_n3;
    hetla_status (*hetla)(hetla_context *ctx, problem *p);
    void (*cblas)(problem *p);
} routine;

#define N ((hetla_int)p->n)
#define CB ((blasint)p->n)
static hetla_status h_gemm(hetla_context *ctx, problem *p)
{
    return hetla_dgemm(ctx, HETLA_COL_MAJOR, HETLA_NO_TRANS, HETLA_NO_TRANS, N, N, N, 1.0, p->A, N, p->B, N, 0.0,
                       p->C, N);
}
static void c_gemm(problem *p)
{
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, CB, CB, CB, 1.0, p->A, CB, p->B, CB, 0.0, p->C, CB);
}
static hetla_status h_symm(hetla_context *ctx, problem *p)
{
    return hetla_dsymm(ctx, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_LOWER, N, N, 1.0, p->A, N, p->B, N, 0.0, p->C, N);
}
static void c_symm(problem *p)
{
    cblas_dsymm(CblasColMajor, CblasLeft, CblasLower, CB, CB, 1.0, p->A, CB, p->B, CB, 0.0, p->C, CB);
}
static hetla_status h_syrk(hetla_context *ctx, problem *p)
{
    return hetla_dsyrk(ctx, HETLA_COL_MAJOR, HETLA_LOWER, HETLA_NO_TRANS, N, N, 1.0, p->A, N, 0.0, p->C, N);
}
static void c_syrk(problem *p)
{
    cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, CB, CB, 1.0, p->A, CB, 0.0, p->C, CB);
}
static hetla_status h_syr2k(hetla_context *ctx, problem *p)
{
    return hetla_dsyr2k(ctx, HETLA_COL_MAJOR, HETLA_LOWER, HETLA_NO_TRANS, N, N, 1.0, p->A, N, p->B, N, 0.0, p->C,
                        N);
}
static void c_syr2k(problem *p)
{
    cblas_dsyr2k(CblasColMajor, CblasLower, CblasNoTrans, CB, CB, 1.0, p->A, CB, p->B, CB, 0.0, p->C, CB);
}
/* trmm and trsm overwrite B: C holds a copy that each call starts from. */
static hetla_status h_trmm(hetla_context *ctx, problem *p)
{
    memcpy(p->C, p->B, p->n * p->n * sizeof(double));
    return hetla_dtrmm(ctx, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT, N, N, 1.0,
                       p->T, N, p->C, N);
}
static void c_trmm(problem *p)
{
    memcpy(p->C, p->B, p->n * p->n * sizeof(double));
    cblas_dtrmm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, CB, CB, 1.0, p->T, CB, p->C, CB);
}
static hetla_status h_trsm(hetla_context *ctx, problem *p)
{
    memcpy(p->C, p->B, p->n * p->n * sizeof(double));
    return hetla_dtrsm(ctx, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_NON_UNIT, N, N, 1.0,
                       p->T, N, p->C, N);
}
static void c_trsm(problem *p)
{
    memcpy(p->C, p->B, p->n * p->n * sizeof(double));
    cblas_dtrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, CB, CB, 1.0, p->T, CB, p->C, CB);
}
#undef N
#undef CB

static const routine routines[] = {
    {"gemm", 2, h_gemm, c_gemm},    {"symm", 2, h_symm, c_symm}, {"syrk", 1, h_syrk, c_syrk},
    {"syr2k", 2, h_syr2k, c_syr2k}, {"trmm", 1, h_trmm, c_trmm}, {"trsm", 1, h_trsm, c_trsm},
};

/* The most timed repetitions of one measurement. */
enum { MAX_REPS = 256 };

/* Median seconds of @p reps calls, after one warm-up call. */
static double time_hetla(const routine *r, hetla_context *ctx, problem *p, int reps, hetla_status *st)
{
    double t[MAX_REPS];
    reps = reps > MAX_REPS ? MAX_REPS : reps;
    for (int i = -1; i < reps; i++) {
        double t0 = bench_now();
        *st = r->hetla(ctx, p);
        if (i >= 0)
            t[i] = bench_now() - t0;
        if (*st)
            return 0;
    }
    return bench_median(t, reps);
}

static double time_cblas(const routine *r, problem *p, int reps)
{
    double t[MAX_REPS];
    reps = reps > MAX_REPS ? MAX_REPS : reps;
    for (int i = -1; i < reps; i++) {
        double t0 = bench_now();
        r->cblas(p);
        if (i >= 0)
            t[i] = bench_now() - t0;
    }
    return bench_median(t, reps);
}

/* ||C_hetla - C_cblas||_max / (||C_cblas||_max n eps): both computed the
 * same product; gemm is checked against the inputs (residual()) too. */
static double agreement(const double *h, const double *c, size_t n)
{
    double d = 0, m = 0;
    for (size_t i = 0; i < n * n; i++)
        d = fmax(d, fabs(h[i] - c[i])), m = fmax(m, fabs(c[i]));
    return d / (m * (double)n * DBL_EPSILON);
}

static hetla_context *cpu_context(int workers)
{
    hetla_config cfg;
    hetla_context *ctx = NULL;
    if (hetla_config_init(&cfg))
        return NULL;
    cfg.devices = "cpu";
    cfg.cpu_workers = workers;
    if (hetla_context_create(&cfg, &ctx))
        fprintf(stderr, "hetla bench gemm: %s\n", hetla_error_detail());
    return ctx;
}

static void row(bench_row *r, const char *op, double flops_per_n3, const char *sizes, const char *impl,
                const char *devices, double s, size_t n, double resid)
{
    *r = (bench_row){.operation = op, .precision = "d", .devices = devices, .impl = impl, .seconds = s,
                     .rate = flops_per_n3 * (double)n * (double)n * (double)n / s * 1e-9, .rate_unit = "Gflop/s",
                     .residual = resid};
    snprintf(r->sizes, sizeof r->sizes, "%s", sizes);
}

/* One routine and size on @p workers CPU workers, beside cblas with
 * @p peer_threads OpenBLAS threads. */
static int compare(const bench_opts *o, const routine *r, problem *p, int workers, int peer_threads, int reps)
{
    size_t n = p->n;
    char sizes[64], devices[32];
    snprintf(sizes, sizeof sizes, "n=%zu", n);
    snprintf(devices, sizeof devices, "cpu x%d", workers);
    hetla_context *ctx = cpu_context(workers); /* also sets OpenBLAS to one thread */
    if (!ctx)
        return 1;
    hetla_status st;
    double th = time_hetla(r, ctx, p, reps, &st);
    memcpy(p->save, p->C, n * n * sizeof(double));
    double gemm_res = st || strcmp(r->name, "gemm") ? -1 : residual(p);
    openblas_set_num_threads(peer_threads);
    double tc = time_cblas(r, p, reps);
    openblas_set_num_threads(1);
    if (hetla_context_destroy(ctx) || st)
        return fprintf(stderr, "hetla bench %s: %s\n", r->name, hetla_error_detail()), 1;
    bench_row h, c;
    row(&h, r->name, r->flops_per_n3, sizes, "hetla", devices, th, n,
        gemm_res >= 0 ? gemm_res : agreement(p->save, p->C, n));
    row(&c, r->name, r->flops_per_n3, sizes, peer_threads == 1 ? "cblas(openblas)" : "openblas-mt", devices, tc,
        n, -1);
    snprintf(h.note, sizeof h.note, "%s", gemm_res >= 0 ? "resid vs inputs" : "resid vs cblas");
    bench_print(o, &h), bench_print(o, &c), bench_print_ratio(o, &h, &c);
    return 0;
}

/* Overhead on one thread, then tiling over all workers against OpenBLAS's
 * own threads. */
static int bench_cpu(const bench_opts *o, const routine *r)
{
    static const long dflt[] = {64, 256, 1024, 2048};
    int cores = o->workers ? o->workers : bench_cores();
    for (int i = 0; i < (o->nn ? o->nn : 4); i++) {
        size_t n = (size_t)(o->nn ? o->n[i] : dflt[i]);
        problem p;
        if (problem_init(&p, n))
            return 1;
        int reps = n <= 256 ? o->reps * 20 : o->reps;
        int rc = compare(o, r, &p, 1, 1, reps) || compare(o, r, &p, cores, cores, reps);
        problem_free(&p);
        if (rc)
            return 1;
    }
    return 0;
}

/* A vendor peer: median seconds of @p reps runs host to host into
 * @p host_s and device-resident into @p dev_s (either NULL: not run). */
typedef int (*peer_dgemm_fn)(int device, int n, const double *A, const double *B, double *C, int reps,
                             double *host_s, double *dev_s, char *err, size_t errlen);

/* A vendor call on the device buffers of hetla's own replicas of A, B and
 * C: median seconds of @p reps into @p dev_s. */
typedef int (*replica_dgemm_fn)(hetla_context *ctx, hetla_data *A, hetla_data *B, hetla_data *C, int reps,
                                double *dev_s, char *err, size_t errlen);

/* Median seconds of hetla's task form on data already on the device: the
 * first (untimed) run moves A and B there; C is only written. With
 * @p same, the vendor's call on the same replicas then, into @p same_s. */
static double time_resident(hetla_context *ctx, problem *p, int reps, hetla_status *st, replica_dgemm_fn same,
                            double *same_s)
{
    double t[MAX_REPS];
    size_t n = p->n;
    hetla_data *a, *b, *c;
    reps = reps > MAX_REPS ? MAX_REPS : reps;
    *st = hetla_matrix_register(ctx, p->A, n, n, n, HETLA_DOUBLE, &a);
    if (!*st)
        *st = hetla_matrix_register(ctx, p->B, n, n, n, HETLA_DOUBLE, &b);
    if (!*st)
        *st = hetla_matrix_register(ctx, p->C, n, n, n, HETLA_DOUBLE, &c);
    for (int r = -1; r < reps && !*st; r++) {
        double t0 = bench_now();
        *st = hetla_dgemm_task(ctx, NULL, HETLA_NO_TRANS, HETLA_NO_TRANS, 1.0, a, b, 0.0, c);
        if (!*st)
            *st = hetla_data_wait(c);
        if (r >= 0)
            t[r] = bench_now() - t0;
    }
    char err[256];
    if (!*st && same && same(ctx, a, b, c, reps, same_s, err, sizeof err))
        *st = HETLA_ERR_BACKEND, fprintf(stderr, "hetla bench gemm: %s\n", err);
    if (!*st)
        *st = hetla_data_unregister(a);
    if (!*st)
        *st = hetla_data_unregister(b);
    if (!*st)
        *st = hetla_data_unregister(c);
    return *st ? 0 : bench_median(t, reps);
}

/* The accelerator backends whose vendor library `hetla bench gemm
 * --devices ...` puts beside hetla, each through the symbol its module
 * exports (the command links no GPU library). */
typedef struct accel_peer {
    const char *backend, *symbol, *impl;
    long sizes[3];
    const char *replica_symbol; /* the vendor call on hetla's own replicas, if the module has one */
} accel_peer;

static const accel_peer accel_peers[] = {
    {"cuda", "hetla_cuda_peer_dgemm", "cublas", {4096, 8192, 16384}, NULL},
    {"opencl", "hetla_opencl_peer_dgemm", "clblast", {1024, 2048, 0}, "hetla_opencl_peer_dgemm_replicas"},
};

static int bench_accel_size(const bench_opts *o, hetla_context *ctx, const accel_peer *a, peer_dgemm_fn peer,
                            int device, size_t n)
{
    problem p;
    if (problem_init(&p, n))
        return 1;
    char sizes[64], err[256] = "", label[32];
    snprintf(sizes, sizeof sizes, "n=%zu", n);
    snprintf(label, sizeof label, "%s:%d", a->backend, device);
    bench_row h, c, hr, cr;
    hetla_status st = HETLA_SUCCESS;
    /* The host's memory system (the copies) and the GPU's clocks drift
     * over seconds: hetla and the peer take turns, ROUNDS times
     * device-resident, then ROUNDS times host to host, and each side
     * reports the median of its rounds. */
    enum { ROUNDS = 5 };
    /* A product of a millisecond or less swings by tens of percent from
     * run to run on a GPU: enough repetitions (up to MAX_REPS) that each
     * median spans about 50 ms of hetla's device-resident runs (the
     * shorter ones), for both sides and both ways. */
    replica_dgemm_fn same = NULL;
    if (a->replica_symbol)
        *(void **)&same = hetla__backend_symbol(a->backend, a->replica_symbol);
    double once = time_resident(ctx, &p, 1, &st, NULL, NULL);
    if (st)
        return fprintf(stderr, "hetla bench gemm: %s\n", hetla_error_detail()), 1;
    int reps = o->reps;
    if (once > 0 && 0.05 / once > reps)
        reps = 0.05 / once < MAX_REPS ? (int)(0.05 / once) : MAX_REPS;
    double th[ROUNDS], tr[ROUNDS], ph[ROUNDS], pd[ROUNDS], ps[ROUNDS], resid_h = -1, resid_r = -1;
    for (int k = 0; k < 2 * ROUNDS; k++) {
        int host = k >= ROUNDS, r = k % ROUNDS;
        if (host)
            th[r] = time_hetla(&routines[0], ctx, &p, reps, &st);
        else
            tr[r] = time_resident(ctx, &p, reps, &st, same, &ps[r]);
        if (st)
            return fprintf(stderr, "hetla bench gemm: %s\n", hetla_error_detail()), 1;
        if (r == 0)
            *(host ? &resid_h : &resid_r) = residual(&p);
        if (peer(device, (int)n, p.A, p.B, p.C, reps, host ? &ph[r] : NULL, host ? NULL : &pd[r], err, sizeof err))
            return fprintf(stderr, "hetla bench gemm: %s\n", err), 1;
    }
    row(&h, "gemm", 2, sizes, "hetla", o->devices, bench_median(th, ROUNDS), n, resid_h);
    snprintf(h.note, sizeof h.note, "host to host");
    row(&c, "gemm", 2, sizes, a->impl, label, bench_median(ph, ROUNDS), n, residual(&p));
    snprintf(c.note, sizeof c.note, "host to host");
    row(&hr, "gemm", 2, sizes, "hetla", o->devices, bench_median(tr, ROUNDS), n, resid_r);
    row(&cr, "gemm", 2, sizes, a->impl, label, bench_median(pd, ROUNDS), n, -1);
    snprintf(hr.note, sizeof hr.note, "device-resident");
    snprintf(cr.note, sizeof cr.note, "device-resident");
    bench_print(o, &h), bench_print(o, &c), bench_print_ratio(o, &h, &c);
    bench_print(o, &hr), bench_print(o, &cr), bench_print_ratio(o, &hr, &cr);
    if (same) { /* the one comparison no context, buffer or queue of the peer's own blurs */
        bench_row sr;
        row(&sr, "gemm", 2, sizes, a->impl, label, bench_median(ps, ROUNDS), n, -1);
        snprintf(sr.note, sizeof sr.note, "device-resident, on hetla's buffers and queue");
        bench_print(o, &sr), bench_print_ratio(o, &hr, &sr);
    }
    problem_free(&p);
    return 0;
}

static int bench_gemm_accel(const bench_opts *o, const accel_peer *a)
{
    hetla_config cfg;
    hetla_context *ctx;
    if (hetla_config_init(&cfg))
        return 1;
    cfg.devices = o->devices;
    if (hetla_context_create(&cfg, &ctx))
        return fprintf(stderr, "hetla bench gemm: %s\n", hetla_error_detail()), 1;
    /* The peer runs on the device named ("opencl:1"), else the first. */
    const char *at = strstr(o->devices, a->backend) + strlen(a->backend);
    int device = *at == ':' ? atoi(at + 1) : 0;
    peer_dgemm_fn peer;
    *(void **)&peer = hetla__backend_symbol(a->backend, a->symbol);
    int rc = !peer;
    if (rc)
        fprintf(stderr, "hetla bench gemm: the %s module has no %s peer\n", a->backend, a->impl);
    bench_print_header(o);
    int count = o->nn ? o->nn : a->sizes[2] ? 3 : 2;
    for (int i = 0; i < count && !rc; i++)
        rc = bench_accel_size(o, ctx, a, peer, device, (size_t)(o->nn ? o->n[i] : a->sizes[i]));
    return hetla_context_destroy(ctx) || rc;
}

int bench_blas3(const bench_opts *o, const char *name)
{
    for (size_t i = 0; i < sizeof accel_peers / sizeof *accel_peers; i++)
        if (!strcmp(name, "gemm") && o->devices && strstr(o->devices, accel_peers[i].backend))
            return bench_gemm_accel(o, &accel_peers[i]);
    bench_print_header(o);
    for (size_t i = 0; i < sizeof routines / sizeof *routines; i++)
        if ((!strcmp(name, "blas3") || !strcmp(name, routines[i].name)) && bench_cpu(o, &routines[i]))
            return 1;
    return 0;
}
