/* StarPU side of `hetla bench runtime`: times StarPU on a graph of empty
   tasks so hetla's task-runtime overhead can be compared in the same run. */
#ifndef HETLA_BENCH_STARPU_H
#define HETLA_BENCH_STARPU_H

#include <stddef.h>

/**
 * Runs ntasks empty CPU tasks on StarPU with nworkers CPU workers and no
 * accelerators, and times them.
 *
 * The graph is nchains = ntasks / chain_len independent chains of chain_len
 * tasks; chain c owns one registered 1-element `long` counter accessed in
 * STARPU_RW mode, so StarPU's implicit data dependencies serialise each
 * chain. Every task adds 1 to its chain's counter. Tasks are inserted
 * step-major: task k of chain c is the (k * nchains + c)-th insert, which
 * exposes nchains-way parallelism from the first insert on.
 *
 * StarPU is initialised and shut down inside the call. One untimed warm-up
 * run of the same graph on the same handles precedes the timed run, so each
 * counter must end at 2 * chain_len; any other value is reported as an error.
 * The call sets STARPU_SILENT=1 and unsets StarPU's statistics, watchdog,
 * submission-limit and STARPU_SCHED variables in the process environment.
 *
 * @param[in]  nworkers  CPU workers, 1 .. bench_starpu_max_workers().
 * @param[in]  ntasks    total tasks of the timed run, a positive multiple
 *                       of chain_len.
 * @param[in]  chain_len tasks per chain, >= 1 (1: independent tasks, each
 *                       on its own handle).
 * @param[out] insert_s  wall seconds spent in the starpu_task_insert calls.
 * @param[out] total_s   wall seconds from the first insert to
 *                       starpu_task_wait_for_all returning.
 * @param[out] err       receives a message when the call fails; may be NULL.
 * @param[in]  errlen    size of err in bytes.
 * @return 0 on success, non-zero on bad arguments, StarPU failure or a
 *         counter mismatch.
 */
int bench_starpu_empty_tasks(int nworkers, long ntasks, long chain_len,
                             double *insert_s, double *total_s, char *err,
                             size_t errlen);

/**
 * @return the most CPU workers bench_starpu_empty_tasks accepts: the
 *         STARPU_MAXCPUS the installed StarPU was built with (Debian: 4).
 */
int bench_starpu_max_workers(void);

#endif /* HETLA_BENCH_STARPU_H */
