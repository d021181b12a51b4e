/* StarPU side of `hetla bench runtime`: empty-task graphs timed on StarPU 1.3
   with everything that is not task management (calibration, statistics,
   tracing, accelerators) switched off, so the comparison with hetla is fair. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv, clock_gettime */

#include "bench_starpu.h"

#include <starpu.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One untimed pass of the same graph: it pays for thread wake-up, first-touch
   page faults and StarPU's lazily built per-handle and per-codelet state. */
enum { BENCH_STARPU_WARMUP_RUNS = 1 };

/* eager rather than lws: both ignore performance models (so nothing to
   calibrate, no "missing perf model" warnings), and lws's per-worker queues
   only pay off when many workers fight over eager's one central queue.
   Debian's StarPU caps workers at STARPU_MAXCPUS = 4, too few for that
   contention to outweigh lws's queue selection and stealing. Median of 11
   runs of 100000 tasks on a 16-core Xeon: eager 4-20 % faster than lws for
   1, 2, 4 workers and chains of 1 and 100, bar one tie (4 workers, chains
   of 100); on a 2-core VM the two were within run-to-run noise. */
static const char bench_starpu_sched[] = "eager";

/* StarPU 1.3 has no starpu_conf field for these, only environment variables
   read by starpu_init. They add per-task bookkeeping or change submission
   (the submitted-task limits throttle starpu_task_insert), so a user's
   setting would skew the numbers. Unset, not "0": STARPU_ENABLE_STATS counts
   as enabled whenever it is present. */
static const char *const bench_starpu_env_unset[] = {
    "STARPU_ENABLE_STATS", "STARPU_STATS", "STARPU_MEMORY_STATS",
    "STARPU_BUS_STATS", "STARPU_WORKER_STATS", "STARPU_TASK_PROGRESS",
    "STARPU_WATCHDOG_TIMEOUT", "STARPU_LIMIT_MAX_SUBMITTED_TASKS",
    "STARPU_LIMIT_MIN_SUBMITTED_TASKS",
    /* starpu_init lets it override conf.sched_policy_name even when
       precedence_over_environment_variables is set (seen with 1.3.10). */
    "STARPU_SCHED",
};

static void bench_starpu_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err == NULL || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static double bench_starpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The increment keeps the task from being an empty call the runtime or the
   compiler could skip, and matches what hetla's empty task does. */
static void bench_starpu_increment(void *buffers[], void *arg)
{
    (void)arg;
    long *counter = (long *)STARPU_VARIABLE_GET_PTR(buffers[0]);
    ++*counter;
}

/* No perfmodel: eager and lws never consult one, and without it StarPU has
   nothing to calibrate or to warn about. */
static struct starpu_codelet bench_starpu_codelet = {
    .where = STARPU_CPU,
    .cpu_funcs = {bench_starpu_increment},
    .nbuffers = 1,
    .modes = {STARPU_RW},
    .name = "hetla_bench_empty",
};

static void bench_starpu_quiet_env(void)
{
    size_t n = sizeof bench_starpu_env_unset / sizeof bench_starpu_env_unset[0];
    for (size_t i = 0; i < n; i++)
        unsetenv(bench_starpu_env_unset[i]);
    /* Only an environment variable silences StarPU's notices, e.g. the
       "calibrating bus" lines of a first run; the bench's output must carry
       its results only. */
    setenv("STARPU_SILENT", "1", 1);
}

static void bench_starpu_fill_conf(struct starpu_conf *conf, int nworkers)
{
    starpu_conf_init(conf);
    /* A user's STARPU_NCPU, STARPU_SCHED, STARPU_CALIBRATE... must not
       change what is measured. */
    conf->precedence_over_environment_variables = 1;
    conf->sched_policy_name = bench_starpu_sched;
    conf->ncpus = nworkers;
    conf->reserve_ncpus = 0;
    conf->ncuda = 0;
    conf->nopencl = 0;
    conf->nmic = 0;
    conf->nmpi_ms = 0;
    conf->calibrate = 0;
    /* Stops re-sampling the bus; with no sampling file yet ($HOME/.starpu),
       starpu_init still samples it once, a few ms with CPUs only and
       outside the timed region. */
    conf->bus_calibrate = 0;
    /* The caller owns signal handling; StarPU hooks SIGINT, SIGSEGV and
       SIGTRAP only to finish FxT traces on a crash, and tracing is off. */
    conf->catch_signals = 0;
}

/* Checks that StarPU runs exactly what was asked: an environment variable
   or build option overriding a conf field would otherwise go unnoticed and
   the numbers would describe another setup. */
static int bench_starpu_check_setup(int nworkers, char *err, size_t errlen)
{
    unsigned ncpu = starpu_cpu_worker_get_count();
    if (ncpu != (unsigned)nworkers || starpu_worker_get_count() != ncpu) {
        bench_starpu_fail(err, errlen,
                          "StarPU started %u CPU workers (%u in all), not %d",
                          ncpu, starpu_worker_get_count(), nworkers);
        return -1;
    }
    /* Context 0 is the global one that starpu_init creates from conf. */
    struct starpu_sched_policy *policy = starpu_sched_ctx_get_sched_policy(0);
    if (policy == NULL || policy->policy_name == NULL ||
        strcmp(policy->policy_name, bench_starpu_sched) != 0) {
        bench_starpu_fail(err, errlen, "StarPU did not select scheduler %s",
                          bench_starpu_sched);
        return -1;
    }
    return 0;
}

static int bench_starpu_start(int nworkers, char *err, size_t errlen)
{
    struct starpu_conf conf;
    bench_starpu_quiet_env();
    bench_starpu_fill_conf(&conf, nworkers);
    /* Must precede starpu_init; a no-op where StarPU is built without FxT
       (Debian's build), but keeps tracing off where it is built with it. */
    starpu_fxt_autostart_profiling(0);
    int ret = starpu_init(&conf);
    if (ret != 0) {
        bench_starpu_fail(err, errlen, "starpu_init failed: %s",
                          strerror(-ret));
        return -1;
    }
    /* STARPU_PROFILING has this call as its API form; it makes every task
       record timestamps. */
    starpu_profiling_status_set(STARPU_PROFILING_DISABLE);
    if (bench_starpu_check_setup(nworkers, err, errlen) != 0) {
        starpu_shutdown();
        return -1;
    }
    return 0;
}

/* Inserts the graph step-major and waits for it. On an insert failure it
   still waits, so no task is left touching a handle about to be
   unregistered. */
static int bench_starpu_run(starpu_data_handle_t *handles, long nchains,
                            long chain_len, double *insert_s, double *total_s,
                            char *err, size_t errlen)
{
    int ret = 0;
    double t0 = bench_starpu_now();
    for (long k = 0; k < chain_len && ret == 0; k++)
        for (long c = 0; c < nchains && ret == 0; c++)
            ret = starpu_task_insert(&bench_starpu_codelet, STARPU_RW,
                                     handles[c], 0);
    double t1 = bench_starpu_now();
    int wret = starpu_task_wait_for_all();
    double t2 = bench_starpu_now();
    if (ret != 0) {
        bench_starpu_fail(err, errlen, "starpu_task_insert failed: %s",
                          strerror(-ret));
        return -1;
    }
    if (wret != 0) {
        bench_starpu_fail(err, errlen, "starpu_task_wait_for_all failed: %s",
                          strerror(-wret));
        return -1;
    }
    *insert_s = t1 - t0;
    *total_s = t2 - t0;
    return 0;
}

/* Registers one handle per chain, runs warm-up then the timed graph, and
   unregisters every handle (which also brings the counters home). */
static int bench_starpu_measure(long *counters, starpu_data_handle_t *handles,
                                long nchains, long chain_len, double *insert_s,
                                double *total_s, char *err, size_t errlen)
{
    for (long c = 0; c < nchains; c++)
        starpu_variable_data_register(&handles[c], STARPU_MAIN_RAM,
                                      (uintptr_t)&counters[c],
                                      sizeof counters[c]);
    int rc = 0;
    double ins, tot;
    for (int w = 0; w < BENCH_STARPU_WARMUP_RUNS && rc == 0; w++)
        rc = bench_starpu_run(handles, nchains, chain_len, &ins, &tot, err,
                              errlen);
    if (rc == 0)
        rc = bench_starpu_run(handles, nchains, chain_len, insert_s, total_s,
                              err, errlen);
    for (long c = 0; c < nchains; c++)
        starpu_data_unregister(handles[c]);
    return rc;
}

static int bench_starpu_check_counters(const long *counters, long nchains,
                                       long chain_len, char *err,
                                       size_t errlen)
{
    long want = chain_len * (1 + BENCH_STARPU_WARMUP_RUNS);
    for (long c = 0; c < nchains; c++) {
        if (counters[c] != want) {
            bench_starpu_fail(err, errlen,
                              "chain %ld counter is %ld, expected %ld", c,
                              counters[c], want);
            return -1;
        }
    }
    return 0;
}

static int bench_starpu_check_args(int nworkers, long ntasks, long chain_len,
                                   char *err, size_t errlen)
{
    if (nworkers < 1 || nworkers > STARPU_MAXCPUS) {
        bench_starpu_fail(err, errlen,
                          "nworkers %d outside 1..%d (StarPU's STARPU_MAXCPUS)",
                          nworkers, STARPU_MAXCPUS);
        return -1;
    }
    if (chain_len < 1 || ntasks < chain_len || ntasks % chain_len != 0) {
        bench_starpu_fail(err, errlen,
                          "ntasks %ld must be a positive multiple of "
                          "chain_len %ld",
                          ntasks, chain_len);
        return -1;
    }
    return 0;
}

int bench_starpu_max_workers(void)
{
    return STARPU_MAXCPUS;
}

int bench_starpu_empty_tasks(int nworkers, long ntasks, long chain_len,
                             double *insert_s, double *total_s, char *err,
                             size_t errlen)
{
    if (insert_s == NULL || total_s == NULL) {
        bench_starpu_fail(err, errlen, "insert_s and total_s must not be NULL");
        return -1;
    }
    if (bench_starpu_check_args(nworkers, ntasks, chain_len, err, errlen))
        return -1;
    long nchains = ntasks / chain_len;
    long *counters = calloc((size_t)nchains, sizeof *counters);
    starpu_data_handle_t *handles = malloc((size_t)nchains * sizeof *handles);
    int rc = -1;
    if (counters == NULL || handles == NULL)
        bench_starpu_fail(err, errlen, "out of memory for %ld handles",
                          nchains);
    else if (bench_starpu_start(nworkers, err, errlen) == 0) {
        rc = bench_starpu_measure(counters, handles, nchains, chain_len,
                                  insert_s, total_s, err, errlen);
        starpu_shutdown();
        if (rc == 0)
            rc = bench_starpu_check_counters(counters, nchains, chain_len, err,
                                             errlen);
    }
    free(handles);
    free(counters);
    return rc;
}
