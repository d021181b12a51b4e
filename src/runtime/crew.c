/* The crew: helpers sleep on a condition until a caller posts a job, each
 * runs its parts, the last one done wakes the caller. A job is a
 * generation number: a helper that slept through one job takes the
 * current one, which is all that matters, as the caller waits for every
 * part of a job before it lets the next one be posted. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/context.h"
#include "runtime/crew.h"

enum { MOST_THREADS = 8 }; /* a default crew (8 beat 4 for the CUDA staging on 16 CPUs) */

typedef struct crew_job {
    hetla__crew_fn fn;
    void *arg;
    int nparts;
} crew_job;

typedef struct crew_helper {
    hetla__crew *crew;
    int part;
    pthread_t thread;
} crew_helper;

struct hetla__crew {
    pthread_mutex_t busy; /* held by the caller whose job the helpers run */
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    unsigned long gen; /* the job's number */
    crew_job job;
    int pending; /* helpers not done with the job */
    int stop, nthreads, nstarted;
    crew_helper helper[];
};

/* The CPUs the process may use: those of its main thread (the creator of
 * a crew may be bound to fewer: a device's worker is pinned to one core). */
static int process_cpus(cpu_set_t *cpus)
{
    return sched_getaffinity(getpid(), sizeof *cpus, cpus) == 0;
}

int hetla__crew_size(int cpus_per_thread)
{
    cpu_set_t cpus;
    long n = process_cpus(&cpus) ? CPU_COUNT(&cpus) : sysconf(_SC_NPROCESSORS_ONLN);
    n /= cpus_per_thread > 0 ? cpus_per_thread : 1;
    return n < 1 ? 1 : n < MOST_THREADS ? (int)n : MOST_THREADS;
}

/* Parts first, first + stride, ... of job @p j. */
static void run_parts(const crew_job *j, int first, int stride)
{
    for (int p = first; p < j->nparts; p += stride)
        j->fn(j->arg, p, j->nparts);
}

static void *helper_main(void *arg)
{
    crew_helper *h = arg;
    hetla__crew *c = h->crew;
    unsigned long seen = 0;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        while (!c->stop && c->gen == seen)
            pthread_cond_wait(&c->go, &c->lock);
        if (c->stop)
            break;
        seen = c->gen;
        crew_job j = c->job;
        if (h->part >= j.nparts)
            continue;
        pthread_mutex_unlock(&c->lock);
        run_parts(&j, h->part, c->nthreads);
        pthread_mutex_lock(&c->lock);
        if (--c->pending == 0)
            pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

hetla_status hetla__crew_create(int nthreads, hetla__crew **crew)
{
    if (nthreads < 1)
        nthreads = 1;
    hetla__crew *c = calloc(1, sizeof *c + (size_t)nthreads * sizeof c->helper[0]);
    if (!c)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "out of host memory (thread crew)");
    c->nthreads = nthreads;
    pthread_mutex_init(&c->busy, NULL);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->go, NULL);
    pthread_cond_init(&c->done, NULL);
    /* The helpers may run on every CPU the process may use: a thread
     * inherits its creator's binding, and a creator pinned to one core
     * had the crew run on that core, as slow as one thread. */
    pthread_attr_t attr;
    cpu_set_t cpus;
    int attr_ok = pthread_attr_init(&attr) == 0;
    if (attr_ok && process_cpus(&cpus))
        (void)pthread_attr_setaffinity_np(&attr, sizeof cpus, &cpus);
    hetla_status s = HETLA_SUCCESS;
    for (int i = 1; i < nthreads && !s; i++) {
        c->helper[i] = (crew_helper){.crew = c, .part = i};
        if (pthread_create(&c->helper[i].thread, attr_ok ? &attr : NULL, helper_main, &c->helper[i]) != 0)
            s = hetla__fail(HETLA_ERR_NO_MEMORY, "cannot start crew thread %d of %d", i, nthreads - 1);
        else
            c->nstarted = i;
    }
    if (attr_ok)
        pthread_attr_destroy(&attr);
    if (s) {
        hetla__crew_destroy(c);
        return s;
    }
    *crew = c;
    return HETLA_SUCCESS;
}

void hetla__crew_destroy(hetla__crew *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    c->stop = 1;
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->lock);
    for (int i = 1; i <= c->nstarted; i++)
        pthread_join(c->helper[i].thread, NULL);
    pthread_cond_destroy(&c->done);
    pthread_cond_destroy(&c->go);
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->busy);
    free(c);
}

int hetla__crew_threads(const hetla__crew *c)
{
    return c ? c->nthreads : 1;
}

void hetla__crew_run(hetla__crew *c, int nparts, hetla__crew_fn fn, void *arg)
{
    crew_job j = {fn, arg, nparts};
    if (nparts < 1)
        return;
    if (nparts == 1 || !c || c->nthreads == 1 || pthread_mutex_trylock(&c->busy) != 0) {
        run_parts(&j, 0, 1);
        return;
    }
    pthread_mutex_lock(&c->lock);
    c->job = j;
    c->pending = (nparts < c->nthreads ? nparts : c->nthreads) - 1;
    c->gen++;
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->lock);
    run_parts(&j, 0, c->nthreads);
    pthread_mutex_lock(&c->lock);
    while (c->pending)
        pthread_cond_wait(&c->done, &c->lock);
    pthread_mutex_unlock(&c->lock);
    pthread_mutex_unlock(&c->busy);
}

/* A block copy as a crew's job. */
typedef struct copy_job {
    char *dst;
    const char *src;
    size_t dst_ld, src_ld, row_bytes, cols;
} copy_job;

/* Share @p part of the block's bytes, taken column after column, in
 * shares of whole pages (no cache line written by two threads). */
static void copy_part(void *arg, int part, int nparts)
{
    const copy_job *j = arg;
    size_t total = j->row_bytes * j->cols, share = (total / (size_t)nparts + 4095) & ~(size_t)4095;
    size_t lo = share * (size_t)part, hi = share * (size_t)(part + 1);
    hi = hi < total ? hi : total;
    while (lo < hi) {
        size_t col = lo / j->row_bytes, off = lo % j->row_bytes;
        size_t len = j->row_bytes - off < hi - lo ? j->row_bytes - off : hi - lo;
        memcpy(j->dst + col * j->dst_ld + off, j->src + col * j->src_ld + off, len);
        lo += len;
    }
}

void hetla__crew_copy(hetla__crew *c, void *dst, size_t dst_ld, const void *src, size_t src_ld, size_t row_bytes,
                      size_t cols, size_t min_share)
{
    size_t total = row_bytes * cols, most = total / (min_share ? min_share : 1);
    int threads = hetla__crew_threads(c), nparts = most < (size_t)threads ? (int)most : threads;
    copy_job j = {dst, src, dst_ld, src_ld, row_bytes, cols};
    if (total)
        hetla__crew_run(c, nparts > 1 ? nparts : 1, copy_part, &j);
}
