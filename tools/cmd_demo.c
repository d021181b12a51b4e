/* `hetla demo`: solves a dense system A X = B (tiled LU with partial
 * pivoting, then the solve, in one sequence) on every device present;
 * prints the devices, time, Gflop/s, the residual in units of epsilon and
 * where the trace (JSON and SVG) went. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "hetla.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double *random_matrix(size_t m, size_t n, unsigned seed)
{
    double *a = malloc(m * n * sizeof *a);
    srand(seed);
    for (size_t i = 0; a && i < m * n; i++)
        a[i] = 2.0 * rand() / RAND_MAX - 1.0;
    return a;
}

enum { NRHS = 4 };

/* max over the right-hand sides of ||b - A x||_1 / (||A||_1 ||x||_1 n eps). */
static double gesv_residual(size_t n, const double *A, const double *B, const double *X)
{
    double na = 0, worst = 0;
    for (size_t j = 0; j < n; j++) {
        double c = 0;
        for (size_t i = 0; i < n; i++)
            c += fabs(A[j * n + i]);
        na = fmax(na, c);
    }
    double *r = malloc(n * sizeof *r);
    for (size_t k = 0; r && k < NRHS; k++) {
        const double *x = X + k * n;
        double nx = 0, nr = 0;
        memcpy(r, B + k * n, n * sizeof *r);
        for (size_t j = 0; j < n; j++) {
            nx += fabs(x[j]);
            for (size_t i = 0; i < n; i++)
                r[i] -= A[j * n + i] * x[j];
        }
        for (size_t i = 0; i < n; i++)
            nr += fabs(r[i]);
        worst = fmax(worst, nr / (na * nx * (double)n * DBL_EPSILON));
    }
    free(r);
    return r ? worst : INFINITY;
}

static void print_devices(hetla_context *ctx)
{
    static const char *const types[] = {"cpu", "cuda", "opencl", "sim"};
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        if (!hetla_device_info(ctx, i, &d))
            printf("  device %d: %-6s %s, %d worker%s\n", i, types[d.type], d.name, d.workers,
                   d.workers == 1 ? "" : "s");
    }
}

static void print_stats(hetla_context *ctx)
{
    hetla_stats st;
    if (hetla_stats_get(ctx, &st))
        return;
    double busy = 0;
    for (int w = 0; w < st.workers; w++)
        busy += st.busy_s[w];
    printf("  tasks: %llu on %d workers, busy %.0f%%; transfers H2D %llu (%.1f MB), D2H %llu (%.1f MB), D2D %llu "
           "(%.1f MB)\n",
           (unsigned long long)st.tasks, st.workers, 100 * busy / (st.elapsed_s * st.workers),
           (unsigned long long)st.transfers[HETLA_H2D], st.transfer_bytes[HETLA_H2D] / 1e6,
           (unsigned long long)st.transfers[HETLA_D2H], st.transfer_bytes[HETLA_D2H] / 1e6,
           (unsigned long long)st.transfers[HETLA_D2D], st.transfer_bytes[HETLA_D2D] / 1e6);
}

static int run(size_t n, size_t nb, const char *trace)
{
    hetla_config cfg;
    hetla_context *ctx;
    if (hetla_config_init(&cfg))
        return 1;
    cfg.trace_file = trace;
    if (hetla_context_create(&cfg, &ctx)) {
        fprintf(stderr, "hetla demo: %s\n", hetla_error_detail());
        return 1;
    }
    printf("hetla demo: DGESV A X = B, n = %zu, %d right-hand sides, tiles of %zu\n", n, NRHS, nb);
    print_devices(ctx);
    double *A0 = random_matrix(n, n, 1), *B0 = random_matrix(n, NRHS, 2);
    double *A = malloc(n * n * sizeof *A), *X = malloc(n * NRHS * sizeof *X);
    hetla_int *ipiv = malloc(n * sizeof *ipiv), info = 0;
    hetla_tiled *ta = NULL, *tx = NULL;
    hetla_status s = !A0 || !B0 || !A || !X || !ipiv ? HETLA_ERR_NO_MEMORY : HETLA_SUCCESS;
    if (!s) {
        memcpy(A, A0, n * n * sizeof *A);
        memcpy(X, B0, n * NRHS * sizeof *X);
        s = hetla_tiled_create(ctx, A, n, n, n, nb, nb, HETLA_DOUBLE, &ta);
    }
    if (!s)
        s = hetla_tiled_create(ctx, X, n, NRHS, n, nb, nb, HETLA_DOUBLE, &tx);
    if (!s) /* statistics and trace cover the solve alone */
        s = hetla_stats_reset(ctx);
    double t0 = now();
    if (!s)
        s = hetla_dgesv_tiled(ta, ipiv, tx, &info, NULL);
    if (!s)
        s = hetla_tiled_flush(tx);
    if (!s)
        s = hetla_wait_all(ctx);
    double t = now() - t0;
    if (s) {
        fprintf(stderr, "hetla demo: %s: %s (info %lld)\n", hetla_status_string(s), hetla_error_detail(),
                (long long)info);
        return 1;
    }
    print_stats(ctx);
    if (hetla_tiled_destroy(ta) || hetla_tiled_destroy(tx) || hetla_context_destroy(ctx))
        return 1;
    double resid = gesv_residual(n, A0, B0, X);
    double flops = 2.0 / 3 * (double)n * (double)n * (double)n + 2.0 * (double)n * (double)n * NRHS;
    printf("  time %.3f s, %.1f Gflop/s, residual %.3g eps units (%s)\n", t, flops / t * 1e-9, resid,
           resid < 10 ? "ok" : "FAILED");
    free(A0), free(B0), free(A), free(X), free(ipiv);
    char svg[4096] = "", err[256] = "";
    int rc = trace_to_svg(trace, svg, sizeof svg, err, sizeof err);
    if (rc)
        fprintf(stderr, "hetla demo: could not draw the trace: %s\n", err);
    printf("  trace: %s (Chrome/Perfetto), %s (Gantt chart)\n", trace, svg);
    return resid < 10 && !rc ? 0 : 1;
}

int cmd_demo(int argc, char **argv)
{
    size_t n = 2048, nb = 256;
    const char *trace = "hetla-demo.json";
    for (int a = 0; a < argc; a++) {
        if (!strcmp(argv[a], "--n") && a + 1 < argc)
            n = strtoul(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--nb") && a + 1 < argc)
            nb = strtoul(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--trace") && a + 1 < argc)
            trace = argv[++a];
        else {
            fprintf(stderr, "usage: hetla demo [--n N] [--nb TILE] [--trace FILE.json]\n");
            return 2;
        }
    }
    if (n == 0 || nb == 0) {
        fprintf(stderr, "hetla demo: --n and --nb must be positive\n");
        return 2;
    }
    return run(n, nb, trace);
}
