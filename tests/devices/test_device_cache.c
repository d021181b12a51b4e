/* The accelerators' caching allocator with host memory standing in for the
 * device: size classes, reuse, the cap, the free bytes kept, release and
 * retry when the device refuses, bad frees, many blocks, threads. No
 * device needed. */
#include <pthread.h>
#include <stdint.h>

#include "../test.h"
#include "devices/cache.h"

/* ---- a fake device: malloc under a capacity, each block headed by its size */

typedef struct fake_dev {
    pthread_mutex_t lock;
    size_t capacity; /* 0 = unlimited */
    size_t used;
    int refusals;
} fake_dev;

enum { HEAD = 16 };

static int fake_alloc(void *user, size_t bytes, void **ptr)
{
    fake_dev *f = user;
    pthread_mutex_lock(&f->lock);
    int refuse = f->capacity && f->used + bytes > f->capacity;
    if (refuse)
        f->refusals++;
    else
        f->used += bytes;
    pthread_mutex_unlock(&f->lock);
    if (refuse)
        return 2; /* a device library's "out of memory" */
    char *p = malloc(bytes + HEAD);
    if (!p)
        abort();
    memcpy(p, &bytes, sizeof bytes);
    *ptr = p + HEAD;
    return 0;
}

static void fake_free(void *user, void *ptr)
{
    fake_dev *f = user;
    char *p = (char *)ptr - HEAD;
    size_t bytes;
    memcpy(&bytes, p, sizeof bytes);
    free(p);
    pthread_mutex_lock(&f->lock);
    f->used -= bytes;
    pthread_mutex_unlock(&f->lock);
}

static void setup(hetla__dev_cache *c, fake_dev *f, size_t capacity, size_t limit)
{
    *f = (fake_dev){.capacity = capacity};
    pthread_mutex_init(&f->lock, NULL);
    CHECK_OK(hetla__cache_init(c, fake_alloc, fake_free, f, limit));
}

static void teardown(hetla__dev_cache *c, fake_dev *f)
{
    hetla__cache_destroy(c);
    CHECK(f->used == 0); /* every block went back, handed out or cached */
    pthread_mutex_destroy(&f->lock);
}

static hetla__cache_stats stats(hetla__dev_cache *c)
{
    hetla__cache_stats s;
    hetla__cache_stats_get(c, &s);
    return s;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_class_sizes(void)
{
    size_t last = 0;
    for (size_t b = 1; b < ((size_t)1 << 22); b += 1 + b / 7) {
        size_t s = hetla__cache_class_size(b);
        CHECK(s >= b);
        CHECK(s >= 512);
        CHECK(b <= 512 || 4 * s <= 5 * b + 4 * 4); /* at most a quarter more (plus rounding) */
        CHECK(s >= last);                          /* monotone */
        CHECK(hetla__cache_class_size(s) == s);    /* a class size is its own class */
        last = s;
    }
    CHECK(hetla__cache_class_size(0) == 512);
    CHECK(hetla__cache_class_size(513) == 640);
    CHECK(hetla__cache_class_size(1025) == 1280);
    CHECK(hetla__cache_class_size(8u << 20) == 8u << 20);
    CHECK(hetla__cache_class_size((size_t)1 << 61) == (size_t)1 << 61);
    CHECK(hetla__cache_class_size(SIZE_MAX) == 0);
}

static void test_reuse(void)
{
    hetla__dev_cache c;
    fake_dev f;
    hetla__cache_failure why;
    setup(&c, &f, 0, 0);
    void *p, *q, *r;
    CHECK_OK(hetla__cache_alloc(&c, 1000, &p, &why));
    CHECK(stats(&c).in_use == 1024);
    CHECK(hetla__cache_free(&c, p) == 0);
    CHECK(stats(&c).cached == 1024 && stats(&c).in_use == 0);
    CHECK_OK(hetla__cache_alloc(&c, 900, &q, &why)); /* same class: the cached block */
    CHECK(q == p);
    CHECK_OK(hetla__cache_alloc(&c, 1000, &r, &why)); /* class empty again: a new one */
    CHECK(r != q);
    hetla__cache_stats s = stats(&c);
    CHECK(s.raw_allocs == 2 && s.hits == 1 && s.raw_frees == 0 && s.held == 2048);
    CHECK(hetla__cache_free(&c, q) == 0);
    CHECK(hetla__cache_trim(&c) == 1024);
    CHECK(stats(&c).held == 1024 && f.used == 1024);
    teardown(&c, &f); /* r is still handed out: destroy gives it back */
}

static void test_cap(void)
{
    hetla__dev_cache c;
    fake_dev f;
    hetla__cache_failure why;
    setup(&c, &f, 0, 4096);
    void *p, *q;
    CHECK_OK(hetla__cache_alloc(&c, 3000, &p, &why));
    CHECK_STATUS(hetla__cache_alloc(&c, 2000, &q, &why), HETLA_ERR_DEVICE_MEMORY);
    CHECK(why.over_limit && why.class_bytes == 2048 && why.released == 0);
    CHECK(stats(&c).held == 3072);
    CHECK(hetla__cache_free(&c, p) == 0);
    /* The cached 3072 B block goes back so the new one fits under the cap. */
    CHECK_OK(hetla__cache_alloc(&c, 2000, &q, &why));
    CHECK(why.released == 3072);
    hetla__cache_stats s = stats(&c);
    CHECK(s.held == 2048 && s.raw_frees == 1 && s.limit == 4096);
    CHECK_STATUS(hetla__cache_alloc(&c, 5000, &p, &why), HETLA_ERR_DEVICE_MEMORY);
    CHECK(why.over_limit);
    CHECK(f.refusals == 0); /* the cap refuses before the device is asked */
    teardown(&c, &f);
}

/* Free blocks past `keep` go back to the device at once. */
static void test_keep(void)
{
    hetla__dev_cache c;
    fake_dev f;
    hetla__cache_failure why;
    setup(&c, &f, 0, 0);
    c.keep = 3000;
    void *p, *q, *r;
    CHECK_OK(hetla__cache_alloc(&c, 2048, &p, &why));
    CHECK_OK(hetla__cache_alloc(&c, 1024, &q, &why));
    CHECK_OK(hetla__cache_alloc(&c, 2048, &r, &why));
    CHECK(hetla__cache_free(&c, p) == 0); /* 2048 free: kept */
    CHECK(stats(&c).cached == 2048 && stats(&c).raw_frees == 0);
    CHECK(hetla__cache_free(&c, r) == 0); /* 4096 would pass 3000: r goes back */
    CHECK(stats(&c).cached == 2048 && stats(&c).raw_frees == 1);
    CHECK(hetla__cache_free(&c, q) == 0); /* 3072 passes 3000 as well */
    hetla__cache_stats s = stats(&c);
    CHECK(s.cached == 2048 && s.raw_frees == 2 && s.in_use == 0 && f.used == 2048);
    CHECK_OK(hetla__cache_alloc(&c, 2000, &q, &why)); /* the kept block */
    CHECK(q == p && stats(&c).hits == 1);
    teardown(&c, &f);
}

static void test_refusal_retry(void)
{
    hetla__dev_cache c;
    fake_dev f;
    hetla__cache_failure why;
    setup(&c, &f, 8192, 0);
    void *p, *q;
    CHECK_OK(hetla__cache_alloc(&c, 4096, &p, &why));
    CHECK(hetla__cache_free(&c, p) == 0);
    /* 6144 B do not fit beside the cached 4096 B: released, then retried. */
    CHECK_OK(hetla__cache_alloc(&c, 6000, &q, &why));
    CHECK(f.refusals == 1 && why.released == 4096);
    CHECK(stats(&c).raw_frees == 1 && stats(&c).held == 6144);
    /* Nothing cached is left to release: a clean failure. */
    CHECK_STATUS(hetla__cache_alloc(&c, 6000, &p, &why), HETLA_ERR_DEVICE_MEMORY);
    CHECK(!why.over_limit && why.raw_error == 2 && why.class_bytes == 6144);
    CHECK(f.refusals == 3);
    CHECK(stats(&c).in_use == 6144);
    teardown(&c, &f);
}

static void test_bad_free(void)
{
    hetla__dev_cache c;
    fake_dev f;
    hetla__cache_failure why;
    setup(&c, &f, 0, 0);
    int x;
    void *p;
    CHECK(hetla__cache_free(&c, &x) == -1);
    CHECK(hetla__cache_free(&c, NULL) == 0);
    CHECK_OK(hetla__cache_alloc(&c, 10, &p, &why));
    CHECK(hetla__cache_free(&c, p) == 0);
    CHECK(hetla__cache_free(&c, p) == -1); /* twice */
    CHECK(stats(&c).in_use == 0 && stats(&c).cached == 512);
    teardown(&c, &f);
}

static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
    return x < y ? -1 : x > y;
}

/* Thousands of blocks: the live table grows, nothing is handed out twice,
 * and a second round is served from the cache alone. */
static void test_many(void)
{
    enum { N = 5000 };
    hetla__dev_cache c;
    fake_dev f;
    hetla__cache_failure why;
    setup(&c, &f, 0, 0);
    void **p = malloc(N * sizeof *p), **sorted = malloc(N * sizeof *p);
    size_t total = 0;
    for (int i = 0; i < N; i++) {
        size_t b = (size_t)i * 7919 % 200000 + 1;
        CHECK_OK(hetla__cache_alloc(&c, b, &p[i], &why));
        total += hetla__cache_class_size(b);
    }
    CHECK(stats(&c).in_use == total);
    memcpy(sorted, p, N * sizeof *p);
    qsort(sorted, N, sizeof *sorted, cmp_ptr);
    for (int i = 1; i < N; i++)
        CHECK(sorted[i] != sorted[i - 1]);
    for (int i = 0; i < N; i++) /* an order unrelated to allocation */
        CHECK(hetla__cache_free(&c, p[(size_t)i * 2003 % N]) == 0);
    CHECK(stats(&c).in_use == 0 && stats(&c).cached == total);
    unsigned long long raw = stats(&c).raw_allocs;
    for (int i = 0; i < N; i++)
        CHECK_OK(hetla__cache_alloc(&c, (size_t)i * 7919 % 200000 + 1, &p[i], &why));
    CHECK(stats(&c).raw_allocs == raw && stats(&c).hits == N);
    free(sorted);
    free(p);
    teardown(&c, &f);
}

typedef struct worker_arg {
    hetla__dev_cache *c;
    unsigned seed;
    int errors;
} worker_arg;

static void *churn(void *arg)
{
    worker_arg *w = arg;
    void *held[16] = {0};
    hetla__cache_failure why;
    for (int i = 0; i < 20000; i++) {
        w->seed = w->seed * 1103515245u + 12345u;
        int slot = (int)(w->seed >> 16) % 16;
        if (held[slot]) {
            w->errors += hetla__cache_free(w->c, held[slot]) != 0;
            held[slot] = NULL;
        } else {
            w->errors += hetla__cache_alloc(w->c, (w->seed >> 8) % 70000 + 1, &held[slot], &why) != HETLA_SUCCESS;
        }
    }
    for (int s = 0; s < 16; s++)
        if (held[s])
            w->errors += hetla__cache_free(w->c, held[s]) != 0;
    return NULL;
}

static void test_threads(void)
{
    enum { T = 4 };
    hetla__dev_cache c;
    fake_dev f;
    setup(&c, &f, 0, 0);
    pthread_t th[T];
    worker_arg w[T];
    for (int t = 0; t < T; t++) {
        w[t] = (worker_arg){&c, (unsigned)t * 7u + 1u, 0};
        CHECK(pthread_create(&th[t], NULL, churn, &w[t]) == 0);
    }
    for (int t = 0; t < T; t++) {
        pthread_join(th[t], NULL);
        CHECK(w[t].errors == 0);
    }
    hetla__cache_stats s = stats(&c);
    CHECK(s.in_use == 0 && s.cached == s.held && f.used == s.held);
    teardown(&c, &f);
}

int main(int argc, char **argv)
{
    static const test_case tests[] = {
        {"class_sizes", test_class_sizes, 0},
        {"reuse", test_reuse, 0},
        {"cap", test_cap, 0},
        {"keep", test_keep, 0},
        {"refusal_retry", test_refusal_retry, 0},
        {"bad_free", test_bad_free, 0},
        {"many", test_many, 0},
        {"threads", test_threads, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
