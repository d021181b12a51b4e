/* The copy crew of the CUDA backend's staged copies, on host memory: every
 * byte of a block copied once and nothing around it touched, for blocks of
 * every shape (one column longer than a share, shares that end inside a
 * column, fewer bytes than threads), crews of 1 to 5 threads, many jobs in
 * a row, helpers free of their creator's binding to one core. No GPU needed. */
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#include "../test.h"
#include "devices/cuda/cuda_crew.h"

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
        {"shapes", test_shapes, 0},
        {"many_jobs", test_many_jobs, 0},
        {"affinity", test_affinity, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
