/* `hetla bench potrf|getrf|geqrf|gesv|posv|lapack`: the synchronous
 * factorizations and solvers beside LAPACK (LAPACKE over OpenBLAS, with
 * OpenBLAS's threads on the same cores) in the same run, on the same
 * matrix, double precision. Each side's result is checked by a solve:
 * ||b - A x||_inf / (||A||_inf ||x||_inf n eps) with x from its factors
 * (the systems' own solution for gesv and posv), so the residuals of hetla
 * and of LAPACK print side by side. With --devices naming CUDA GPUs,
 * potrf, getrf and geqrf are put beside cuSOLVER instead, host to host and
 * device-resident (the peer of the CUDA module, found through
 * hetla__backend_symbol), with hetla's transfers by direction. */
#include <cblas.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "devices/device.h"
#include "hetla.h"

enum { NRHS = 16 }; /* right-hand sides of gesv and posv */

typedef struct problem {
    size_t n;
    double *A0, *A, *B0, *B, *tau;
    double anorm; /* ||A0||_inf */
    hetla_int *ipiv;
    lapack_int *lpiv;
} problem;

/* The matrices of a routine: general random, symmetric positive definite,
 * or diagonally dominant by columns (LU without pivoting is stable). */
typedef enum matrix_kind { GENERAL, SPD, DOMINANT } matrix_kind;

typedef struct routine {
    const char *name;
    matrix_kind kind;
    double flops_per_n3; /* leading term */
    hetla_status (*hetla)(hetla_context *ctx, problem *p, hetla_int *info);
    lapack_int (*lapack)(problem *p);
    int solves; /* B holds the solutions afterwards */
    /* the asynchronous form on a tiled matrix (T: QR's block reflectors);
     * NULL for the solvers */
    hetla_status (*tiled)(hetla_tiled *A, hetla_tiled *T, problem *p, hetla_int *info, hetla_sequence *seq);
} routine;

static hetla_status h_potrf(hetla_context *ctx, problem *p, hetla_int *info)
{
    return hetla_dpotrf(ctx, HETLA_LOWER, (hetla_int)p->n, p->A, (hetla_int)p->n, info);
}
static lapack_int l_potrf(problem *p)
{
    return LAPACKE_dpotrf(LAPACK_COL_MAJOR, 'L', (lapack_int)p->n, p->A, (lapack_int)p->n);
}
static hetla_status h_getrf(hetla_context *ctx, problem *p, hetla_int *info)
{
    hetla_int n = (hetla_int)p->n;
    return hetla_dgetrf(ctx, n, n, p->A, n, p->ipiv, info);
}
static lapack_int l_getrf(problem *p)
{
    lapack_int n = (lapack_int)p->n;
    return LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, p->A, n, p->lpiv);
}
static hetla_status h_getrf_nopiv(hetla_context *ctx, problem *p, hetla_int *info)
{
    hetla_int n = (hetla_int)p->n;
    return hetla_dgetrf_nopiv(ctx, n, n, p->A, n, info);
}
static hetla_status h_geqrf(hetla_context *ctx, problem *p, hetla_int *info)
{
    *info = 0;
    hetla_int n = (hetla_int)p->n;
    return hetla_dgeqrf(ctx, n, n, p->A, n, p->tau);
}
static lapack_int l_geqrf(problem *p)
{
    lapack_int n = (lapack_int)p->n;
    return LAPACKE_dgeqrf(LAPACK_COL_MAJOR, n, n, p->A, n, p->tau);
}
static hetla_status h_gesv(hetla_context *ctx, problem *p, hetla_int *info)
{
    hetla_int n = (hetla_int)p->n;
    return hetla_dgesv(ctx, n, NRHS, p->A, n, p->ipiv, p->B, n, info);
}
static lapack_int l_gesv(problem *p)
{
    lapack_int n = (lapack_int)p->n;
    return LAPACKE_dgesv(LAPACK_COL_MAJOR, n, NRHS, p->A, n, p->lpiv, p->B, n);
}
static hetla_status h_posv(hetla_context *ctx, problem *p, hetla_int *info)
{
    hetla_int n = (hetla_int)p->n;
    return hetla_dposv(ctx, HETLA_LOWER, n, NRHS, p->A, n, p->B, n, info);
}
static lapack_int l_posv(problem *p)
{
    lapack_int n = (lapack_int)p->n;
    return LAPACKE_dposv(LAPACK_COL_MAJOR, 'L', n, NRHS, p->A, n, p->B, n);
}

static hetla_status t_potrf(hetla_tiled *A, hetla_tiled *T, problem *p, hetla_int *info, hetla_sequence *seq)
{
    (void)T, (void)p;
    return hetla_dpotrf_tiled(HETLA_LOWER, A, info, seq);
}
static hetla_status t_getrf(hetla_tiled *A, hetla_tiled *T, problem *p, hetla_int *info, hetla_sequence *seq)
{
    (void)T;
    return hetla_dgetrf_tiled(A, p->ipiv, info, seq);
}
static hetla_status t_getrf_nopiv(hetla_tiled *A, hetla_tiled *T, problem *p, hetla_int *info, hetla_sequence *seq)
{
    (void)T, (void)p;
    return hetla_dgetrf_nopiv_tiled(A, info, seq);
}
static hetla_status t_geqrf(hetla_tiled *A, hetla_tiled *T, problem *p, hetla_int *info, hetla_sequence *seq)
{
    (void)p;
    *info = 0;
    return hetla_dgeqrf_tiled(A, T, seq);
}

/* getrf_nopiv has no LAPACK (nor cuSOLVER) counterpart: its peer is the
 * LU with partial pivoting (l_getrf) on the same matrix. */
static const routine routines[] = {
    {"potrf", SPD, 1.0 / 3, h_potrf, l_potrf, 0, t_potrf},
    {"getrf", GENERAL, 2.0 / 3, h_getrf, l_getrf, 0, t_getrf},
    {"getrf_nopiv", DOMINANT, 2.0 / 3, h_getrf_nopiv, l_getrf, 0, t_getrf_nopiv},
    {"geqrf", GENERAL, 4.0 / 3, h_geqrf, l_geqrf, 0, t_geqrf},
    {"gesv", GENERAL, 2.0 / 3, h_gesv, l_gesv, 1, NULL},
    {"posv", SPD, 1.0 / 3, h_posv, l_posv, 1, NULL},
};

static void problem_free(problem *p)
{
    free(p->A0), free(p->A), free(p->B0), free(p->B), free(p->tau), free(p->ipiv), free(p->lpiv);
}

/* Uniform in [-1, 1) from a SplitMix64 state: fast enough to fill the
 * largest matrices (rand() would take minutes at n = 65536). */
static double uniform(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (double)((z ^ (z >> 31)) >> 11) * 0x1p-52 - 1;
}

/* A random matrix of the routine's kind (SPD: symmetric with n added to
 * the diagonal, dominant: n added to the diagonal; both O(n^2) to make)
 * and NRHS random right-hand sides. */
static int problem_init(problem *p, size_t n, matrix_kind kind)
{
    *p = (problem){.n = n};
    p->A0 = malloc(n * n * sizeof(double));
    p->A = malloc(n * n * sizeof(double));
    p->B0 = malloc(n * NRHS * sizeof(double));
    p->B = malloc(n * NRHS * sizeof(double));
    p->tau = malloc(n * sizeof(double));
    p->ipiv = malloc(n * sizeof *p->ipiv);
    p->lpiv = malloc(n * sizeof *p->lpiv);
    double *rows = calloc(n, sizeof *rows);
    if (!p->A0 || !p->A || !p->B0 || !p->B || !p->tau || !p->ipiv || !p->lpiv || !rows)
        return free(rows), problem_free(p), 1;
    uint64_t state = 7;
    for (size_t j = 0; j < n; j++)
        for (size_t i = kind == SPD ? j : 0; i < n; i++)
            p->A0[i + j * n] = uniform(&state);
    for (size_t j = 0; j < n && kind != GENERAL; j++)
        p->A0[j + j * n] += (double)n;
    enum {
        B = 64
    }; /* the upper triangle from the lower, in blocks (a plain transpose misses the cache at every element) */
    for (size_t jb = 0; jb < n && kind == SPD; jb += B)
        for (size_t ib = 0; ib <= jb; ib += B)
            for (size_t j = jb; j < n && j < jb + B; j++)
                for (size_t i = ib; i < j && i < ib + B; i++)
                    p->A0[i + j * n] = p->A0[j + i * n];
    for (size_t i = 0; i < n * NRHS; i++)
        p->B0[i] = uniform(&state);
    for (size_t j = 0; j < n; j++) /* ||A0||_inf, column by column */
        for (size_t i = 0; i < n; i++)
            rows[i] += fabs(p->A0[i + j * n]);
    for (size_t i = 0; i < n; i++)
        p->anorm = fmax(p->anorm, rows[i]);
    free(rows);
    return 0;
}

/* The solutions x of A x = b (first column of B0) from the factors in A. */
static void solve(const routine *r, problem *p, int hetla_pivots, double *x)
{
    size_t n = p->n;
    memcpy(x, r->solves ? p->B : p->B0, n * sizeof(double));
    if (r->solves)
        return;
    if (r->kind == SPD) {
        cblas_dtrsv(CblasColMajor, CblasLower, CblasNoTrans, CblasNonUnit, (blasint)n, p->A, (blasint)n, x, 1);
        cblas_dtrsv(CblasColMajor, CblasLower, CblasTrans, CblasNonUnit, (blasint)n, p->A, (blasint)n, x, 1);
    } else if (!strncmp(r->name, "getrf", 5)) {
        int pivoted = !hetla_pivots || strcmp(r->name, "getrf_nopiv"); /* (its peer pivots) */
        for (size_t i = 0; i < n && pivoted; i++) {
            size_t q = (size_t)(hetla_pivots ? p->ipiv[i] : p->lpiv[i]) - 1;
            double t = x[i];
            x[i] = x[q], x[q] = t;
        }
        cblas_dtrsv(CblasColMajor, CblasLower, CblasNoTrans, CblasUnit, (blasint)n, p->A, (blasint)n, x, 1);
        cblas_dtrsv(CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, (blasint)n, p->A, (blasint)n, x, 1);
    } else { /* QR: x = R^-1 Q^T b */
        LAPACKE_dormqr(LAPACK_COL_MAJOR, 'L', 'T', (lapack_int)n, 1, (lapack_int)n, p->A, (lapack_int)n, p->tau, x,
                       (lapack_int)n);
        cblas_dtrsv(CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, (blasint)n, p->A, (blasint)n, x, 1);
    }
}

/* ||b - A x||_inf / (||A||_inf ||x||_inf n eps) for the first system. */
static double residual(const routine *r, problem *p, int hetla_pivots)
{
    size_t n = p->n;
    double *x = malloc(n * sizeof(double)), *res = malloc(n * sizeof(double));
    if (!x || !res)
        return free(x), free(res), -1;
    /* OpenBLAS's threads for the check (no task runs meanwhile; a live
     * context wants one thread per call, as it is left) */
    openblas_set_num_threads(bench_cores());
    solve(r, p, hetla_pivots, x);
    memcpy(res, p->B0, n * sizeof(double));
    cblas_dgemv(CblasColMajor, CblasNoTrans, (blasint)n, (blasint)n, -1, p->A0, (blasint)n, x, 1, 1, res, 1);
    openblas_set_num_threads(1);
    double rn = 0, xn = 0;
    for (size_t i = 0; i < n; i++)
        rn = fmax(rn, fabs(res[i])), xn = fmax(xn, fabs(x[i]));
    free(x), free(res);
    return rn / (p->anorm * xn * (double)n * DBL_EPSILON);
}

/* Fresh inputs before each run (not timed). */
static void reset(problem *p)
{
    memcpy(p->A, p->A0, p->n * p->n * sizeof(double));
    memcpy(p->B, p->B0, p->n * NRHS * sizeof(double));
}

/* reset(), or only A's leading @p n x @p n block when n is smaller. */
static void reset_leading(problem *p, size_t n)
{
    if (n == p->n) {
        reset(p);
        return;
    }
    for (size_t j = 0; j < n; j++)
        memcpy(p->A + j * p->n, p->A0 + j * p->n, n * sizeof(double));
}

enum { WARM_TILES = 8 }; /* tiles a side of a device-resident warm-up */

/* Median seconds of @p reps runs after a warm-up; hetla if @p ctx, else
 * LAPACK. @return -1 on failure. */
static double timed(const routine *r, hetla_context *ctx, problem *p, int reps)
{
    double t[64];
    reps = reps > 64 ? 64 : reps;
    for (int i = -1; i < reps; i++) {
        reset(p);
        hetla_int info = 0;
        if (ctx && hetla_stats_reset(ctx)) /* the transfers of the last run are reported */
            return -1;
        double t0 = bench_now();
        int failed = ctx ? r->hetla(ctx, p, &info) != HETLA_SUCCESS : r->lapack(p) != 0;
        if (i >= 0)
            t[i] = bench_now() - t0;
        if (failed) {
            fprintf(stderr, "hetla bench %s: %s failed: %s\n", r->name, ctx ? "hetla" : "LAPACK",
                    ctx ? hetla_error_detail() : "info != 0");
            return -1;
        }
    }
    return bench_median(t, reps);
}

static void row(bench_row *b, const routine *r, const char *sizes, const char *impl, const char *devices, double s,
                size_t n, double resid)
{
    double flops = r->flops_per_n3 * (double)n * (double)n * (double)n;
    if (r->solves)
        flops += 2.0 * (double)n * (double)n * NRHS;
    *b = (bench_row){.operation = r->name,
                     .precision = "d",
                     .devices = devices,
                     .impl = impl,
                     .seconds = s,
                     .rate = flops / s * 1e-9,
                     .rate_unit = "Gflop/s",
                     .residual = resid};
    snprintf(b->sizes, sizeof b->sizes, "%s", sizes);
    if (r->solves)
        snprintf(b->note, sizeof b->note, "nrhs=%d", NRHS);
}

static hetla_context *context(const bench_opts *o)
{
    hetla_config cfg;
    hetla_context *ctx = NULL;
    if (hetla_config_init(&cfg))
        return NULL;
    cfg.devices = o->devices;
    cfg.cpu_workers = o->workers;
    cfg.tile_size = o->nb;
    if (hetla_context_create(&cfg, &ctx))
        fprintf(stderr, "hetla bench: %s\n", hetla_error_detail());
    return ctx;
}

/* The first CUDA device of @p ctx, -1 if none. */
enum { MAX_GPUS = 16 };

/* The CUDA GPUs of @p ctx: hetla's device ids in @p ids, CUDA ordinals in
 * @p ord (at most MAX_GPUS). @return their count. */
static int gpus(hetla_context *ctx, int *ids, int *ord)
{
    int n = 0;
    for (int d = 0; d < hetla_device_count(ctx) && n < MAX_GPUS; d++) {
        hetla_device_desc desc;
        if (hetla_device_info(ctx, d, &desc) == HETLA_SUCCESS && desc.type == HETLA_DEVICE_CUDA)
            ids[n] = d, ord[n++] = desc.index;
    }
    return n;
}

/* Transfers @p st of a run, for the note of hetla's row. */
static void transfer_note(const hetla_stats *st, bench_row *b, const char *what)
{
    snprintf(b->note, sizeof b->note, "%s; H2D %llu (%.1f GB) D2H %llu (%.1f GB) D2D %llu (%.1f GB); naive %llu+%llu",
             what, (unsigned long long)st->transfers[HETLA_H2D], st->transfer_bytes[HETLA_H2D] * 1e-9,
             (unsigned long long)st->transfers[HETLA_D2H], st->transfer_bytes[HETLA_D2H] * 1e-9,
             (unsigned long long)st->transfers[HETLA_D2D], st->transfer_bytes[HETLA_D2D] * 1e-9,
             (unsigned long long)st->naive_transfers[HETLA_H2D], (unsigned long long)st->naive_transfers[HETLA_D2H]);
}

/* hetla's factorization with the matrix resident on the GPUs @p ids
 * (tile column j on GPU j mod @p ngpu, as cusolverMg lays out its column
 * blocks): its tiles are prefetched (not timed), the factorization is timed until its
 * sequence ends with the factors still on the device, then the factors
 * come home for the residual. Median seconds of @p reps runs, -1 on
 * failure; @p st: the transfers of the last run's factorization. */
static double timed_resident(const routine *r, hetla_context *ctx, problem *p, int ngpu, const int *ids, size_t nb,
                             int reps, hetla_stats *st)
{
    double t[64];
    reps = reps > 64 ? 64 : reps;
    for (int i = -1; i < reps; i++) {
        /* The warm-up (first calls into the libraries, the first rates
         * learnt) on the leading block of at most WARM_TILES tiles a side:
         * at n = 65536 a full-size warm-up costs more host time than the
         * factorization itself. */
        size_t n = i < 0 && p->n > WARM_TILES * nb ? WARM_TILES * nb : p->n;
        reset_leading(p, n);
        hetla_tiled *A = NULL, *T = NULL;
        hetla_sequence *seq = NULL;
        hetla_int info = 0;
        hetla_status s = hetla_tiled_create(ctx, p->A, n, n, p->n, nb, nb, HETLA_DOUBLE, &A);
        if (!s)
            s = hetla_tiled_create(ctx, NULL, nb, n, 0, nb, nb, HETLA_DOUBLE, &T);
        size_t mt = 0, nt = 0;
        if (!s)
            s = hetla_tiled_shape(A, NULL, NULL, NULL, NULL, &mt, &nt);
        for (size_t j = 0; j < nt && !s; j++)
            for (size_t k = 0; k < mt && !s; k++)
                s = hetla_data_prefetch(hetla_tiled_tile(A, k, j), ids[j % (size_t)ngpu], NULL);
        if (!s)
            s = hetla_wait_all(ctx);
        if (!s)
            s = hetla_stats_reset(ctx);
        if (!s)
            s = hetla_sequence_create(ctx, &seq);
        double t0 = bench_now();
        if (!s)
            s = r->tiled(A, T, p, &info, seq);
        if (!s)
            s = hetla_sequence_wait(seq);
        if (i >= 0)
            t[i] = bench_now() - t0;
        if (!s)
            s = hetla_stats_get(ctx, st);
        if (seq && hetla_sequence_destroy(seq) && !s)
            s = HETLA_ERR_INTERNAL;
        if (A && hetla_tiled_destroy(A) && !s)
            s = HETLA_ERR_INTERNAL;
        if (T && hetla_tiled_destroy(T) && !s)
            s = HETLA_ERR_INTERNAL;
        if (s || info) {
            fprintf(stderr, "hetla bench %s: device-resident hetla failed: %s\n", r->name,
                    s ? hetla_error_detail() : "info != 0");
            return -1;
        }
    }
    return bench_median(t, reps);
}

_Static_assert(sizeof(lapack_int) == sizeof(int), "the cuSOLVER peer's pivots are ints");

typedef int (*peer_factor_fn)(const char *what, int device, int n, const double *A, double *F, int *ipiv, double *tau,
                              int reps, int host, double *host_s, double *dev_s, char *err, size_t errlen);
typedef int (*peer_mg_fn)(const char *what, int ngpu, const int *gpus, int n, int nb, const double *A, double *F,
                          int *ipiv, int reps, int host, double *host_s, double *dev_s, char *err, size_t errlen);

/* cusolverMg's column blocks: it refuses 1024 on the H200s, and 512 was
 * its fastest at n = 49152 there. */
enum { MG_NB = 512 };

/* The vendor's factorization on the same GPUs: cuSOLVER's on one GPU
 * (getrf without pivots for getrf_nopiv), cusolverMg's on several (POTRF
 * and GETRF; it has neither QR nor LU without pivoting: getrf_nopiv is put
 * beside its LU with partial pivoting). The factors land in p->A (and
 * p->lpiv, p->tau); @p *pivoted: the vendor pivoted where hetla did not. */
static int vendor(const bench_opts *o, const routine *r, problem *p, int ngpu, const int *ord, double *hs, double *ds,
                  const char **name, int *pivoted)
{
    int mg = ngpu > 1 && strcmp(r->name, "geqrf");
    *pivoted = mg && !strcmp(r->name, "getrf_nopiv");
    const char *what = *pivoted ? "getrf" : r->name;
    char err[256] = "";
    peer_factor_fn dn;
    peer_mg_fn many;
    *(void **)&dn = hetla__backend_symbol("cuda", "hetla_cuda_peer_dfactor");
    *(void **)&many = hetla__backend_symbol("cuda", "hetla_cuda_peer_mg_dfactor");
    *name = mg ? "cusolverMg" : "cusolver";
    reset(p);
    int rc;
    if (mg ? !many : !dn)
        rc = 1, snprintf(err, sizeof err,
                         mg ? "this CUDA module was built without cusolverMg" : "the CUDA module is not there");
    else
        rc = mg ? many(what, ngpu, ord, (int)p->n, MG_NB, p->A0, p->A, p->lpiv, o->reps, !o->resident, hs, ds, err,
                       sizeof err)
                : dn(what, ord[0], (int)p->n, p->A0, p->A, p->lpiv, p->tau, o->reps, !o->resident, hs, ds, err,
                     sizeof err);
    for (size_t i = 0; i < p->n && !rc && !strcmp(what, "getrf_nopiv"); i++)
        p->lpiv[i] = (lapack_int)i + 1; /* (the residual's solve reads them) */
    if (rc)
        fprintf(stderr, "hetla bench %s: %s peer: %s\n", r->name, *name, err);
    return rc;
}

/* On GPUs: hetla beside the vendor (vendor() above) in the same run, host
 * to host (hetla's synchronous call; the ratio; not with --resident) and
 * device-resident (hetla's tiled call on prefetched tiles; the second
 * ratio). The CPU cores take part if the devices name them. */
static int cusolver_compare(const bench_opts *o, const routine *r, hetla_context *ctx, problem *p, const char *sizes,
                            const char *devices)
{
    int ids[MAX_GPUS], ord[MAX_GPUS], ngpu = gpus(ctx, ids, ord);
    size_t nb = o->nb ? (size_t)o->nb : 320;
    bench_row hh, hd, ch, cd;
    hetla_stats st = {0};
    double th = o->resident ? 0 : timed(r, ctx, p, o->reps);
    row(&hh, r, sizes, "hetla", devices, th, p->n, th > 0 ? residual(r, p, 1) : -1);
    if (th > 0 && hetla_stats_get(ctx, &st) == HETLA_SUCCESS)
        transfer_note(&st, &hh, "host to host");
    double td = th >= 0 && ngpu > 0 ? timed_resident(r, ctx, p, ngpu, ids, nb, o->reps, &st) : -1;
    /* (QR's tiled form leaves its reflectors in T, not in tau) */
    row(&hd, r, sizes, "hetla", devices, td, p->n, td > 0 && strcmp(r->name, "geqrf") ? residual(r, p, 1) : -1);
    transfer_note(&st, &hd, "device-resident");
    double hs = 0, ds = 0;
    const char *name;
    int pivoted;
    if (th < 0 || td < 0 || vendor(o, r, p, ngpu, ord, &hs, &ds, &name, &pivoted))
        return 1;
    /* the vendor's residual: its last run's factors */
    double rv = residual(r, p, 0);
    row(&ch, r, sizes, name, devices, hs, p->n, rv);
    row(&cd, r, sizes, name, devices, ds, p->n, rv);
    const char *pivots = pivoted ? "; with partial pivoting" : "";
    snprintf(ch.note, sizeof ch.note, "host to host%s", pivots);
    snprintf(cd.note, sizeof cd.note, "device-resident%s", pivots);
    if (!o->resident)
        bench_print(o, &hh), bench_print(o, &ch), bench_print_ratio(o, &hh, &ch);
    bench_print(o, &hd), bench_print(o, &cd), bench_print_ratio(o, &hd, &cd);
    return 0;
}

static int compare(const bench_opts *o, const routine *r, size_t n, int cores)
{
    problem p;
    if (problem_init(&p, n, r->kind))
        return fprintf(stderr, "hetla bench %s: out of memory at n = %zu\n", r->name, n), 1;
    hetla_context *ctx = context(o); /* also sets OpenBLAS to one thread while it lives */
    if (!ctx)
        return problem_free(&p), 1;
    char sizes[64], devices[64];
    if (o->nb)
        snprintf(sizes, sizeof sizes, "n=%zu nb=%d", n, o->nb);
    else /* the library's default for the routine */
        snprintf(sizes, sizeof sizes, "n=%zu nb=default", n);
    snprintf(devices, sizeof devices, "%s", o->devices ? o->devices : "all");
    if (o->devices && strstr(o->devices, "cuda") && r->tiled) {
        int rc = cusolver_compare(o, r, ctx, &p, sizes, devices);
        rc |= hetla_context_destroy(ctx) != HETLA_SUCCESS;
        problem_free(&p);
        return rc;
    }
    double th = timed(r, ctx, &p, o->reps);
    double rh = th > 0 ? residual(r, &p, 1) : -1;
    openblas_set_num_threads(cores);
    double tl = timed(r, NULL, &p, o->reps);
    double rl = tl > 0 ? residual(r, &p, 0) : -1;
    openblas_set_num_threads(1);
    int rc = hetla_context_destroy(ctx) != HETLA_SUCCESS || th < 0 || tl < 0;
    if (!rc) {
        bench_row h, l;
        char peer[32];
        snprintf(peer, sizeof peer, "lapacke x%d", cores);
        row(&h, r, sizes, "hetla", devices, th, n, rh);
        row(&l, r, sizes, peer, devices, tl, n, rl);
        if (r->kind == DOMINANT)
            snprintf(l.note, sizeof l.note, "with partial pivoting");
        bench_print(o, &h), bench_print(o, &l), bench_print_ratio(o, &h, &l);
    }
    problem_free(&p);
    return rc;
}

int bench_lapack(const bench_opts *o, const char *name)
{
    static const long dflt[] = {1024, 2048, 4096};
    int cores = bench_workers(o);
    bench_print_header(o);
    for (size_t k = 0; k < sizeof routines / sizeof *routines; k++) {
        const routine *r = &routines[k];
        if (strcmp(name, "lapack") && strcmp(name, r->name))
            continue;
        for (int i = 0; i < (o->nn ? o->nn : 3); i++)
            if (compare(o, r, (size_t)(o->nn ? o->n[i] : dflt[i]), cores))
                return 1;
    }
    return 0;
}
