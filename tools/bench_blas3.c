/* `hetla bench gemm|symm|syrk|syr2k|trmm|trsm|blas3`: the synchronous
 * level-3 calls beside the vendor library in the same run, on the same data.
 * On CPUs, beside cblas_dgemm of OpenBLAS:
 *  - overhead: hetla with one CPU worker (the call runs on the calling
 *    thread) against single-threaded OpenBLAS;
 *  - tiling: hetla over all CPU workers against OpenBLAS's own threads.
 * With --devices naming a GPU or an OpenCL device, beside cublasDgemm or
 * CLBlastDgemm, the two taking turns in blocks of products: host to host
 * (the matrices start and end in host memory, copies included on both
 * sides) and device-resident (hetla's task form on data already on the
 * device), hetla with the class its policy selects (on an OpenCL GPU
 * its own gen.cl GEMM); on OpenCL also hetla with that class, and with
 * CLBlast's, each beside the class's kernel called directly on hetla's
 * own buffers and queue as the class calls it: what is left between the
 * two is the runtime's own cost. */
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
    int cores = bench_workers(o);
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

/* A vendor peer of hetla's dgemm, called one product at a time (the
 * modules' *_peer.c): open for n x n on a device, run host to host
 * (@p host 1) or device-resident, seconds or negative on failure; close. */
typedef int (*peer_open_fn)(int device, int n, void **peer, char *err, size_t errlen);
typedef double (*peer_run_fn)(void *peer, const double *A, const double *B, double *C, int host);
typedef void (*peer_close_fn)(void *peer);
/* A kernel class's call on the device buffers of hetla's own replicas of
 * A, B and C (device-resident runs only), made as hetla's implementation
 * of class @p cls makes it (on OpenCL: "clblast", CLBlast with a temporary
 * buffer kept; "opencl_gen", gen.cl's kernel). */
typedef int (*peer_replicas_fn)(hetla_context *ctx, hetla_data *A, hetla_data *B, hetla_data *C, const char *cls,
                                void **peer, char *err, size_t errlen);

/* The accelerator backends whose vendor library `hetla bench gemm
 * --devices ...` puts beside hetla, each through the symbols its module
 * exports (the command links no GPU library): PREFIX_open, _run, _close,
 * and _replicas where the module has it. */
typedef struct accel_peer {
    const char *backend, *prefix, *impl;
    hetla_device_type type;
    long sizes[3];
    int replicas;
} accel_peer;

static const accel_peer accel_peers[] = {
    {"cuda", "hetla_cuda_peer_dgemm", "cublas", HETLA_DEVICE_CUDA, {4096, 8192, 16384}, 0},
    {"opencl", "hetla_opencl_peer_dgemm", "clblast", HETLA_DEVICE_OPENCL, {1024, 2048, 0}, 1},
};

typedef struct peer_fns {
    peer_open_fn open;
    peer_run_fn run;
    peer_close_fn close;
    peer_replicas_fn replicas;
} peer_fns;

static void *peer_symbol(const accel_peer *a, const char *suffix)
{
    char name[96];
    snprintf(name, sizeof name, "%s_%s", a->prefix, suffix);
    return hetla__backend_symbol(a->backend, name);
}

/* The sides of one comparison: hetla, the peer on its own buffers and, on
 * OpenCL device-resident, the peer on hetla's. */
enum { HETLA_SIDE, PEER_SIDE, SAME_SIDE };

/* The most products one side times in one comparison. */
enum { MAX_SAMPLES = 1024 };

typedef struct comparison {
    hetla_context *ctx;
    problem *p;
    const peer_fns *fn;
    void *peer, *same;
    hetla_data *a, *b, *c; /* registered: device-resident */
    int host;
    double t[2][MAX_SAMPLES];
} comparison;

/* One timed product by side @p side, seconds, negative on failure;
 * hetla's host to host is the CPU bench's synchronous call (h_gemm). */
static double once(comparison *q, int side)
{
    problem *p = q->p;
    if (side == PEER_SIDE)
        return q->fn->run(q->peer, p->A, p->B, p->C, q->host);
    if (side == SAME_SIDE)
        return q->fn->run(q->same, NULL, NULL, NULL, 0);
    double t0 = bench_now();
    hetla_status st = q->host
                          ? h_gemm(q->ctx, p)
                          : hetla_dgemm_task(q->ctx, NULL, HETLA_NO_TRANS, HETLA_NO_TRANS, 1.0, q->a, q->b, 0.0, q->c);
    if (!st && !q->host)
        st = hetla_data_wait(q->c);
    return st ? -1 : bench_now() - t0;
}

/* How two sides take turns: @p count turns of @p block products a side. */
typedef struct turns {
    int block, count;
} turns;

/* Blocks of at least @p span seconds (1 product if 0) and turns for about
 * @p budget seconds of a side's products (at least --reps), given one of
 * @p s seconds; MAX_SAMPLES products a side at most. */
static turns turns_for(const bench_opts *o, double budget, double span, double s)
{
    turns t = {1, o->reps < MAX_SAMPLES ? o->reps : MAX_SAMPLES};
    if (s <= 0)
        return t;
    if (span > s)
        t.block = (int)(span / s) < MAX_SAMPLES / t.count ? (int)(span / s) : MAX_SAMPLES / t.count;
    double c = budget / (t.block * s);
    if (c > t.count)
        t.count = c < MAX_SAMPLES / t.block ? (int)c : MAX_SAMPLES / t.block;
    return t;
}

/* Sides @p x and @p y take turns, a block of products each, in an order
 * that flips every turn, so that the drift of clocks and of the memory
 * system over seconds reaches both alike; each side's median into
 * @p med[0] and @p med[1], and into @p med[2] the median over the turns
 * of y's time over x's in the turn (block medians): paired, the ratio
 * is not moved by a drift slower than a turn, which on NVIDIA's OpenCL
 * moves a block's median dgemm by up to 5 % (n = 1024, H100).
 * Blocks of many short products keep a device from switching between two
 * contexts (hetla's and the peer's) at every product, which slows both on
 * NVIDIA's OpenCL; sides in one context (hetla and the peer on its
 * buffers) take turns in blocks too: there the submitting thread changes
 * (hetla's worker, the caller) and product by product the ratio moved by
 * 15 % from run to run at n = 2048, in blocks by 6 %. */
static int take_turns(comparison *q, int x, int y, turns tr, double med[3])
{
    const int side[2] = {x, y};
    double pair[MAX_SAMPLES];
    for (int r = 0; r < tr.count; r++) {
        for (int k = 0; k < 2; k++) {
            int i = (r & 1) ^ k;
            for (int b = 0; b < tr.block; b++)
                if ((q->t[i][r * tr.block + b] = once(q, side[i])) < 0)
                    return 1;
        }
        double tx = bench_median(q->t[0] + r * tr.block, tr.block);
        pair[r] = bench_median(q->t[1] + r * tr.block, tr.block) / tx;
    }
    med[2] = bench_median(pair, tr.count);
    med[0] = bench_median(q->t[0], tr.count * tr.block);
    med[1] = bench_median(q->t[1], tr.count * tr.block);
    return 0;
}

/* A pair of rows and their ratios: hetla and the peer (@p impl), with
 * notes; the ratio of the medians, then the paired one (take_turns). */
static void print_pair(const bench_opts *o, const char *sizes, const char *impl, const char *label, size_t n,
                       const double med[3], double resid_h, double resid_p, const char *note_h, turns tr,
                       const char *note_p)
{
    bench_row h, c;
    row(&h, "gemm", 2, sizes, "hetla", o->devices, med[0], n, resid_h);
    row(&c, "gemm", 2, sizes, impl, label, med[1], n, resid_p);
    snprintf(h.note, sizeof h.note, "%s, %d turns of %d", note_h, tr.count, tr.block);
    snprintf(c.note, sizeof c.note, "%s", note_p);
    bench_print(o, &h), bench_print(o, &c), bench_print_ratio(o, &h, &c);
    if (o->json)
        printf("{\"operation\":\"gemm\",\"sizes\":\"%s\",\"paired_ratio\":%.4f,\"of\":\"hetla\",\"over\":\"%s\"}\n",
               sizes, med[2], impl);
    else
        printf("%-18s %-4s %-24s paired ratio hetla / %s = %.3f (median over %d turns)\n", "gemm", "d", sizes, impl,
               med[2], tr.count);
    fflush(stdout);
}

/* The name of the class of hetla's dgemm on @p a's devices in @p ctx into
 * @p name. */
static int class_of(hetla_context *ctx, const accel_peer *a, char *name, size_t len)
{
    hetla_kernel *k;
    if (hetla_kernel_find(ctx, "dgemm", &k))
        return 1;
    for (int d = 0; d < hetla_device_count(ctx); d++) {
        hetla_device_desc desc;
        if (hetla_device_info(ctx, d, &desc))
            return 1;
        if (desc.type == a->type)
            snprintf(name, len, "%s", hetla_kernel_class_name(hetla_kernel_selected(k, d)));
    }
    return !*name;
}

/* Makes class @p cls hetla's dgemm on @p a's devices in @p ctx. */
static int use_class(hetla_context *ctx, const accel_peer *a, const char *cls)
{
    char spec[96];
    snprintf(spec, sizeof spec, "dgemm:%s=%s", a->backend, cls);
    return hetla_policy_set(ctx, spec) != HETLA_SUCCESS;
}

static int bench_accel_size(const bench_opts *o, hetla_context *ctx, const accel_peer *a, const peer_fns *fn,
                            int device, size_t n)
{
    problem p;
    comparison *q = calloc(1, sizeof *q);
    if (!q || problem_init(&p, n))
        return free(q), 1;
    char sizes[64], err[256] = "", label[32];
    snprintf(sizes, sizeof sizes, "n=%zu", n);
    snprintf(label, sizeof label, "%s:%d", a->backend, device);
    *q = (comparison){.ctx = ctx, .p = &p, .fn = fn, .host = 1};
    double resid_peer = -1, resid_h = -1, resid_r = -1, med_h[3] = {0}, med_r[3] = {0};
    /* the peer's warm-up, host to host, puts A and B in its buffers for its
     * device-resident turns */
    int rc = fn->open(device, (int)n, &q->peer, err, sizeof err);
    if (!rc && (rc = once(q, PEER_SIDE) < 0))
        snprintf(err, sizeof err, "%s run failed", a->impl);
    if (!rc)
        resid_peer = residual(&p);
    /* device-resident: A and B move to the device in hetla's warm-up */
    q->host = 0;
    hetla_status st = rc ? HETLA_SUCCESS : hetla_matrix_register(ctx, p.A, n, n, n, HETLA_DOUBLE, &q->a);
    if (!rc && !st)
        st = hetla_matrix_register(ctx, p.B, n, n, n, HETLA_DOUBLE, &q->b);
    if (!rc && !st)
        st = hetla_matrix_register(ctx, p.C, n, n, n, HETLA_DOUBLE, &q->c);
    double warm = rc || st || once(q, HETLA_SIDE) < 0 ? -1 : once(q, HETLA_SIDE);
    rc = rc || st || warm < 0;
    turns resident = turns_for(o, 1.0, 0.02, warm);
    rc = rc || take_turns(q, HETLA_SIDE, PEER_SIDE, resident, med_r);
    /* the runtime's own cost: hetla with the class its policy picks, and
     * with the peer's, each beside that class's kernel called directly on
     * hetla's buffers and queue */
    char cls[2][32] = {"", ""};
    double med_s[2][3] = {{0}};
    int ncls = 0;
    if (!rc && fn->replicas) {
        rc = class_of(ctx, a, cls[0], sizeof cls[0]);
        snprintf(cls[1], sizeof cls[1], "%s", a->impl);
        ncls = strcmp(cls[0], cls[1]) ? 2 : 1;
        for (int i = 0; i < ncls && !rc; i++) {
            rc = use_class(ctx, a, cls[i]) || fn->replicas(ctx, q->a, q->b, q->c, cls[i], &q->same, err, sizeof err) ||
                 take_turns(q, HETLA_SIDE, SAME_SIDE, resident, med_s[i]);
            fn->close(q->same);
        }
        rc = use_class(ctx, a, cls[0]) || rc;
    }
    /* hetla's product last, for its residual */
    rc = rc || once(q, HETLA_SIDE) < 0;
    hetla_data *reg[] = {q->c, q->b, q->a};
    for (int i = 0; i < 3; i++)
        if (reg[i] && hetla_data_unregister(reg[i]))
            rc = 1;
    if (!rc)
        resid_r = residual(&p);
    /* host to host */
    q->host = 1;
    warm = rc ? -1 : once(q, HETLA_SIDE);
    rc = rc || warm < 0;
    if (!rc)
        resid_h = residual(&p);
    turns h2h = turns_for(o, 1.0, 0.02, warm);
    rc = rc || take_turns(q, HETLA_SIDE, PEER_SIDE, h2h, med_h);
    fn->close(q->peer);
    if (rc)
        fprintf(stderr, "hetla bench gemm: %s\n", *err ? err : hetla_error_detail());
    else {
        print_pair(o, sizes, a->impl, label, n, med_h, resid_h, resid_peer, "host to host", h2h, "host to host");
        print_pair(o, sizes, a->impl, label, n, med_r, resid_r, -1, "device-resident", resident, "device-resident");
        /* the one comparison no context, buffer or queue of the peer's own blurs */
        for (int i = 0; i < ncls; i++) {
            char note_h[96];
            snprintf(note_h, sizeof note_h, "device-resident, class %s", cls[i]);
            print_pair(o, sizes, cls[i], label, n, med_s[i], resid_r, -1, note_h, resident,
                       "device-resident, the class's kernel called on hetla's buffers and queue as the class calls it");
        }
    }
    problem_free(&p);
    free(q);
    return rc;
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
    peer_fns fn;
    *(void **)&fn.open = peer_symbol(a, "open");
    *(void **)&fn.run = peer_symbol(a, "run");
    *(void **)&fn.close = peer_symbol(a, "close");
    *(void **)&fn.replicas = a->replicas ? peer_symbol(a, "replicas") : NULL;
    int rc = !fn.open || !fn.run || !fn.close || (a->replicas && !fn.replicas);
    if (rc)
        fprintf(stderr, "hetla bench gemm: the %s module has no %s peer\n", a->backend, a->impl);
    bench_print_header(o);
    int count = o->nn ? o->nn : a->sizes[2] ? 3 : 2;
    for (int i = 0; i < count && !rc; i++)
        rc = bench_accel_size(o, ctx, a, &fn, device, (size_t)(o->nn ? o->n[i] : a->sizes[i]));
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
