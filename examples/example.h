/* Small helpers shared by the examples: a context from HETLA_DEVICES,
 * failure reporting, random data, and the transfer summary. */
#ifndef HETLA_EXAMPLE_H
#define HETLA_EXAMPLE_H

#include <stdio.h>
#include <stdlib.h>

#include "hetla.h"

/* Every hetla call of an example goes through this: on failure it prints
 * the library's detail and leaves main with status 1. */
#define TRY(call)                                                                                                  \
    do {                                                                                                           \
        hetla_status st_ = (call);                                                                                 \
        if (st_) {                                                                                                 \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, hetla_status_string(st_), hetla_error_detail()); \
            exit(1);                                                                                               \
        }                                                                                                          \
    } while (0)

static inline double *example_random(size_t n, unsigned seed)
{
    double *v = malloc(n * sizeof *v);
    if (!v)
        exit(1);
    srand(seed);
    for (size_t i = 0; i < n; i++)
        v[i] = 2.0 * rand() / RAND_MAX - 1.0;
    return v;
}

static inline void example_report(hetla_context *ctx, const char *what, double err, double tol)
{
    hetla_stats st;
    TRY(hetla_stats_get(ctx, &st));
    printf("%s: %d device(s), %llu tasks, transfers H2D %llu, D2H %llu, D2D %llu; error %.3g (%s)\n", what,
           hetla_device_count(ctx), (unsigned long long)st.tasks, (unsigned long long)st.transfers[HETLA_H2D],
           (unsigned long long)st.transfers[HETLA_D2H], (unsigned long long)st.transfers[HETLA_D2D], err,
           err <= tol ? "ok" : "WRONG");
}

#endif
