/* The runtime's crew of host threads, on host memory: every part of a
 * job run once, by the helpers where the crew is free (several jobs in a
 * row, fewer and more parts than threads, two callers sharing a crew);
 * the block copy built on it: every byte of a block copied once and
 * nothing around it touched, for blocks of every shape (one column longer
 * than a share, shares that end inside a column, fewer bytes than
 * threads), crews of 1 to 5 threads, many jobs in a row; helpers free of
 * their creator's binding to one core. */
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "../test.h"
#include "runtime/crew.h"

enum { MOST_PARTS = 12 };

/* What a job's parts did: how often each ran, on which thread, with
 * which part count. */
typedef struct run_log {
    atomic_int runs[MOST_PARTS];
    pthread_t thread[MOST_PARTS];
    atomic_int bad_nparts;
    int nparts;
} run_log;

static void log_part(void *arg, int part, int nparts)
{
    run_log *l = arg;
    if (nparts != l->nparts || part < 0 || part >= MOST_PARTS) {
        atomic_fetch_add(&l->bad_nparts, 1);
        return;
    }
    l->thread[part] = pthread_self();
    atomic_fetch_add(&l->runs[part], 1);
}

/* Runs a job of @p nparts parts on @p crew; with @p alone, checks that
 * parts 1 .. threads-1 ran on helpers. The number of parts run other than
 * once. */
static int check_run(hetla__crew *crew, int nparts, int alone)
{
    run_log l = {.nparts = nparts};
    hetla__crew_run(crew, nparts, log_part, &l);
    int bad = atomic_load(&l.bad_nparts);
    for (int p = 0; p < MOST_PARTS; p++)
        bad += atomic_load(&l.runs[p]) != (p < nparts);
    for (int p = 0; alone && p < nparts && p < hetla__crew_threads(crew); p++)
        bad += !pthread_equal(l.thread[p], pthread_self()) != (p > 0);
    return bad;
}

/* Crews of 1 to 5 threads, jobs of 0 to 12 parts, many in a row. */
static void test_run(void)
{
    for (int t = 1; t <= 5; t++) {
        hetla__crew *crew = NULL;
        CHECK_OK(hetla__crew_create(t, &crew));
        CHECK(hetla__crew_threads(crew) == t);
        int bad = 0;
        for (int r = 0; r < 300; r++)
            bad += check_run(crew, r % (MOST_PARTS + 1), 1);
        CHECK(bad == 0);
        hetla__crew_destroy(crew);
    }
    CHECK(check_run(NULL, 5, 0) == 0);
    CHECK(hetla__crew_threads(NULL) == 1);
    int n = hetla__crew_size(1);
    CHECK(n >= 1 && n <= 8 && hetla__crew_size(2) >= 1 && hetla__crew_size(2) <= n);
}

static void *run_jobs(void *arg)
{
    intptr_t bad = 0;
    for (int r = 0; r < 2000; r++)
        bad += check_run(arg, 1 + r % MOST_PARTS, 0);
    return (void *)bad;
}

/* Two callers sharing a crew: whoever finds it busy runs its parts
 * itself, and every job's parts still run once. */
static void test_run_shared(void)
{
    hetla__crew *crew = NULL;
    CHECK_OK(hetla__crew_create(3, &crew));
    pthread_t other;
    CHECK(pthread_create(&other, NULL, run_jobs, crew) == 0);
    intptr_t mine = (intptr_t)run_jobs(crew);
    void *theirs;
    pthread_join(other, &theirs);
    CHECK(mine == 0 && (intptr_t)theirs == 0);
    hetla__crew_destroy(crew);
}

/* A block of @p row x @p cols bytes at ld @p dld out of one at @p sld;
 * the destination's padding must keep its marker. */
static int check_copy(hetla__crew *crew, size_t row, size_t cols, size_t sld, size_t dld, size_t share)
{
    size_t sbytes = sld * (cols ? cols : 1), dbytes = dld * (cols ? cols : 1);
    unsigned char *src = malloc(sbytes), *dst = malloc(dbytes);
    if (!src || !dst)
        abort();
    for (size_t i = 0; i < sbytes; i++)
        src[i] = (unsigned char)(i * 131u + row);
    memset(dst, 0xA5, dbytes);
    hetla__crew_copy(crew, dst, dld, src, sld, row, cols, share);
    int bad = 0;
    for (size_t j = 0; j < cols; j++)
        for (size_t i = 0; i < dld; i++)
            bad += dst[j * dld + i] != (i < row ? src[j * sld + i] : 0xA5);
    free(src), free(dst);
    return bad;
}

static void test_shapes(void)
{
    static const size_t shapes[][4] = {
        /* row bytes, columns, source ld, destination ld */
        {8, 1, 8, 8},
        {24, 7, 40, 24},
        {1000, 300, 1000, 1000},
        {4096, 64, 8192, 4096},
        {3 << 20, 2, 3 << 20, (3 << 20) + 64},
        {200, 5000, 256, 200},
        {1, 3, 1, 7},
        {0, 4, 8, 8},
        {16, 0, 16, 16},
        {777, 1111, 800, 1024},
    };
    for (int t = 1; t <= 5; t++) {
        hetla__crew *crew = NULL;
        CHECK_OK(hetla__crew_create(t, &crew));
        for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++)
            for (size_t share = 0; share <= 1 << 16; share += 1 << 14) {
                const size_t *s = shapes[k];
                CHECK(check_copy(crew, s[0], s[1], s[2], s[3], share) == 0);
            }
        hetla__crew_destroy(crew);
    }
}

/* Many jobs back to back: helpers that slept through a job take the next. */
static void test_many_jobs(void)
{
    hetla__crew *crew = NULL;
    CHECK_OK(hetla__crew_create(4, &crew));
    int bad = 0;
    for (int r = 0; r < 2000; r++)
        bad += check_copy(crew, 64 + (size_t)(r % 7) * 100, 50 + (size_t)(r % 3), 1024, 768, (size_t)(r % 5) * 512);
    CHECK(bad == 0);
    hetla__crew_destroy(crew);
    hetla__crew_destroy(NULL);
}

/* The threads of this process allowed on all @p want CPUs. */
static int threads_on(int want)
{
    DIR *d = opendir("/proc/self/task");
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        cpu_set_t s;
        if (e->d_name[0] != '.' && sched_getaffinity(atoi(e->d_name), sizeof s, &s) == 0)
            n += CPU_COUNT(&s) == want;
    }
    if (d)
        closedir(d);
    return n;
}

static void *bound_creator(void *arg)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    CHECK(pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0);
    CHECK_OK(hetla__crew_create(3, (hetla__crew **)arg));
    return NULL;
}

/* A crew made by a thread pinned to one core (as a device's worker is)
 * still runs on every CPU the process may use. */
static void test_affinity(void)
{
    cpu_set_t all;
    CHECK(sched_getaffinity(0, sizeof all, &all) == 0);
    int ncpu = CPU_COUNT(&all);
    if (ncpu < 2)
        return; /* nothing to tell apart */
    int before = threads_on(ncpu);
    hetla__crew *crew = NULL;
    pthread_t t;
    CHECK(pthread_create(&t, NULL, bound_creator, &crew) == 0);
    pthread_join(t, NULL);
    CHECK(threads_on(ncpu) == before + 2);
    CHECK(check_copy(crew, 1 << 20, 8, 1 << 20, 1 << 20, 1 << 20) == 0);
    hetla__crew_destroy(crew);
}

int main(int argc, char **argv)
{
    static const test_case tests[] = {
        {"run", test_run, 0},
        {"run_shared", test_run_shared, 0},
        {"copy_shapes", test_shapes, 0},
        {"copy_many_jobs", test_many_jobs, 0},
        {"affinity", test_affinity, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
