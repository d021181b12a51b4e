/* Smoke test of the StarPU side of `hetla bench runtime`: runs small graphs
   of independent tasks and of chains, checks they succeed with sane times. */
#include "bench_starpu.h"

#include <stdio.h>

static int run_case(int nworkers, long ntasks, long chain_len)
{
    double insert_s = -1.0, total_s = -1.0;
    char err[256] = "";
    int rc = bench_starpu_empty_tasks(nworkers, ntasks, chain_len, &insert_s,
                                      &total_s, err, sizeof err);
    if (rc != 0) {
        printf("FAIL workers=%d tasks=%ld chain=%ld: rc=%d %s\n", nworkers,
               ntasks, chain_len, rc, err);
        return 1;
    }
    /* insert_s may not exceed total_s: both start at the first insert. */
    if (!(insert_s > 0.0 && total_s > 0.0 && insert_s <= total_s)) {
        printf("FAIL workers=%d tasks=%ld chain=%ld: insert_s=%g total_s=%g\n",
               nworkers, ntasks, chain_len, insert_s, total_s);
        return 1;
    }
    printf("ok   workers=%d tasks=%ld chain=%ld: insert %.0f tasks/s, "
           "total %.0f tasks/s\n",
           nworkers, ntasks, chain_len, (double)ntasks / insert_s,
           (double)ntasks / total_s);
    return 0;
}

/* Bad arguments must come back as errors, not aborts. */
static int run_bad_args(void)
{
    double insert_s, total_s;
    char err[256] = "";
    if (bench_starpu_empty_tasks(2, 2000, 3, &insert_s, &total_s, err,
                                 sizeof err) == 0 ||
        bench_starpu_empty_tasks(0, 2000, 1, &insert_s, &total_s, err,
                                 sizeof err) == 0) {
        printf("FAIL bad arguments accepted\n");
        return 1;
    }
    printf("ok   bad arguments rejected (%s)\n", err);
    return 0;
}

int main(void)
{
    int failures = run_case(2, 2000, 1) + run_case(2, 2000, 100) +
                   run_bad_args();
    return failures == 0 ? 0 : 1;
}
