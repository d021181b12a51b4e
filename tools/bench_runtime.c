/* `hetla bench runtime`: throughput of empty tasks (each adds 1 to its
 * handle's counter) on CPU workers, independent and in chains, for hetla
 * and StarPU doing the same graph in the same run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_starpu.h"
#include "hetla.h"

static hetla_status k_increment(const hetla_exec *x)
{
    ++*(int64_t *)x->buf[0].ptr;
    return HETLA_SUCCESS;
}

/* One run of the graph: step-major insertion, as the StarPU side does. */
static hetla_status run_graph(hetla_context *ctx, hetla_kernel *k, hetla_data **h, long nchains, long chain_len,
                              double *insert_s, double *total_s)
{
    double t0 = bench_now();
    for (long step = 0; step < chain_len; step++)
        for (long c = 0; c < nchains; c++) {
            hetla_task_arg a = {h[c], HETLA_RW};
            hetla_status s = hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = &a, .ndata = 1});
            if (s)
                return s;
        }
    double t1 = bench_now();
    hetla_status s = hetla_wait_all(ctx);
    *insert_s = t1 - t0;
    *total_s = bench_now() - t0;
    return s;
}

static int bench_hetla(int workers, long ntasks, long chain_len, double *insert_s, double *total_s)
{
    hetla_config cfg;
    hetla_context *ctx;
    if (hetla_config_init(&cfg))
        return 1;
    cfg.devices = "cpu";
    cfg.cpu_workers = workers;
    if (hetla_context_create(&cfg, &ctx)) {
        fprintf(stderr, "hetla: %s\n", hetla_error_detail());
        return 1;
    }
    long nchains = ntasks / chain_len;
    int64_t *counters = calloc((size_t)nchains, sizeof *counters);
    hetla_data **h = calloc((size_t)nchains, sizeof *h);
    hetla_kernel *k;
    hetla_status s = counters && h ? hetla_kernel_create(ctx, "empty", &k) : HETLA_ERR_NO_MEMORY;
    if (!s)
        s = hetla_kernel_add(k, HETLA_CLASS_CPU_NATIVE, k_increment);
    long registered = 0;
    for (; !s && registered < nchains; registered++)
        s = hetla_vector_register(ctx, &counters[registered], 1, HETLA_INT64, &h[registered]);
    double warm_insert, warm_total;
    if (!s)
        s = run_graph(ctx, k, h, nchains, chain_len, &warm_insert, &warm_total);
    if (!s)
        s = run_graph(ctx, k, h, nchains, chain_len, insert_s, total_s);
    for (long c = 0; c < registered; c++)
        if (hetla_data_unregister(h[c]) && !s)
            s = HETLA_ERR_INTERNAL;
    for (long c = 0; !s && c < nchains; c++)
        if (counters[c] != 2 * chain_len)
            s = HETLA_ERR_INTERNAL;
    if (s)
        fprintf(stderr, "hetla bench runtime: %s %s\n", hetla_status_string(s), hetla_error_detail());
    free(counters);
    free(h);
    return hetla_context_destroy(ctx) || s;
}

static void report(const bench_opts *o, bench_row *r, const char *op, long chain_len, int workers, const char *impl,
                   long ntasks, double insert_s, double total_s)
{
    *r = (bench_row){.operation = op, .precision = "-", .devices = "cpu", .impl = impl, .seconds = total_s,
                     .rate = (double)ntasks / total_s, .rate_unit = "tasks/s", .residual = -1};
    snprintf(r->sizes, sizeof r->sizes, "T=%ld,chain=%ld,w=%d", ntasks, chain_len, workers);
    snprintf(r->note, sizeof r->note, "insert %.3f us/task", 1e6 * insert_s / (double)ntasks);
    bench_print(o, r);
}

int bench_runtime(const bench_opts *o, const char *name)
{
    (void)name;
    long ntasks = o->tasks ? o->tasks : 200000;
    int workers = bench_workers(o);
    /* StarPU, as Debian builds it, drives at most STARPU_MAXCPUS workers:
     * the comparison uses the same count for both. */
    int peer_workers = workers < bench_starpu_max_workers() ? workers : bench_starpu_max_workers();
    bench_print_header(o);
    int rc = 0;
    static const long chains[] = {1, 100};
    for (size_t i = 0; i < 2; i++) {
        long chain_len = chains[i];
        long n = ntasks / chain_len * chain_len;
        const char *op = chain_len == 1 ? "tasks-independent" : "tasks-chained";
        double hi, ht, si, st;
        char err[256] = "";
        bench_row rh, rs;
        if (bench_hetla(peer_workers, n, chain_len, &hi, &ht))
            return 1;
        report(o, &rh, op, chain_len, peer_workers, "hetla", n, hi, ht);
        if (bench_starpu_empty_tasks(peer_workers, n, chain_len, &si, &st, err, sizeof err)) {
            fprintf(stderr, "hetla bench runtime: StarPU failed: %s\n", err);
            rc = 1;
            continue;
        }
        report(o, &rs, op, chain_len, peer_workers, "starpu", n, si, st);
        bench_print_ratio(o, &rh, &rs);
        if (workers != peer_workers) {
            if (bench_hetla(workers, n, chain_len, &hi, &ht))
                return 1;
            report(o, &rh, op, chain_len, workers, "hetla", n, hi, ht);
        }
    }
    return rc;
}
