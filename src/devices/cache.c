/* The caching allocator's bookkeeping (no device library here): device
 * blocks are kept on free lists by size class instead of being given back,
 * because giving memory back is slow and often synchronizes the whole
 * device (cudaFree; clReleaseMemObject on NVIDIA's OpenCL), and getting it
 * is slow too; a tile freed and allocated again costs a list operation. */
#include <stdint.h>
#include <stdlib.h>

#include "core/context.h"
#include "devices/cache.h"

struct hetla__cache_block {
    void *ptr;
    size_t size;
    int cls;
    hetla__cache_block *next; /* in a free list or a hash chain: never both */
};

enum { MIN_SHIFT = 9, MAX_SHIFT = 62, FIRST_BUCKETS = 256 };

/* Class 0 is 512 B; above, the sizes 2^k + q 2^(k-2), q = 1..4, so a
 * request is rounded up by less than a quarter. -1 if too large. */
static int class_index(size_t bytes, size_t *size)
{
    if (bytes <= (size_t)1 << MIN_SHIFT) {
        *size = (size_t)1 << MIN_SHIFT;
        return 0;
    }
    int k = 63 - __builtin_clzll((unsigned long long)(bytes - 1)); /* 2^k < bytes <= 2^(k+1) */
    if (k >= MAX_SHIFT)
        return -1;
    size_t base = (size_t)1 << k, step = base >> 2;
    size_t q = (bytes - base + step - 1) / step;
    *size = base + q * step;
    return 1 + 4 * (k - MIN_SHIFT) + (int)(q - 1);
}

size_t hetla__cache_class_size(size_t bytes)
{
    size_t size;
    return class_index(bytes, &size) < 0 ? 0 : size;
}

static size_t bucket_of(const hetla__dev_cache *c, const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull; /* Fibonacci hashing */
    return (size_t)(h >> 32) & (c->nbuckets - 1);
}

/* Doubles the live table; on failure the old one stays (longer chains). */
static void grow_live(hetla__dev_cache *c)
{
    size_t old = c->nbuckets;
    hetla__cache_block **prev = c->live, **table = calloc(2 * old, sizeof *table);
    if (!table)
        return;
    c->live = table;
    c->nbuckets = 2 * old;
    for (size_t i = 0; i < old; i++)
        for (hetla__cache_block *b = prev[i], *next; b; b = next) {
            next = b->next;
            size_t h = bucket_of(c, b->ptr);
            b->next = table[h];
            table[h] = b;
        }
    free(prev);
}

static void live_insert(hetla__dev_cache *c, hetla__cache_block *b)
{
    if (c->nlive >= c->nbuckets)
        grow_live(c);
    size_t h = bucket_of(c, b->ptr);
    b->next = c->live[h];
    c->live[h] = b;
    c->nlive++;
}

static hetla__cache_block *live_remove(hetla__dev_cache *c, const void *ptr)
{
    for (hetla__cache_block **p = &c->live[bucket_of(c, ptr)]; *p; p = &(*p)->next)
        if ((*p)->ptr == ptr) {
            hetla__cache_block *b = *p;
            *p = b->next;
            c->nlive--;
            return b;
        }
    return NULL;
}

static void give_back(hetla__dev_cache *c, hetla__cache_block *b)
{
    c->raw_free(c->user, b->ptr);
    c->held -= b->size;
    c->raw_frees++;
    free(b);
}

static size_t trim_locked(hetla__dev_cache *c)
{
    size_t released = 0;
    for (int k = 0; k < HETLA__CACHE_NCLASSES; k++)
        while (c->free_list[k]) {
            hetla__cache_block *b = c->free_list[k];
            c->free_list[k] = b->next;
            released += b->size;
            give_back(c, b);
        }
    return released;
}

hetla_status hetla__cache_init(hetla__dev_cache *c, hetla__raw_alloc_fn raw_alloc, hetla__raw_free_fn raw_free,
                               void *user, size_t limit)
{
    *c = (hetla__dev_cache){.raw_alloc = raw_alloc, .raw_free = raw_free, .user = user, .limit = limit};
    c->live = calloc(FIRST_BUCKETS, sizeof *c->live);
    if (!c->live)
        return HETLA_ERR_NO_MEMORY;
    c->nbuckets = FIRST_BUCKETS;
    pthread_mutex_init(&c->lock, NULL);
    return HETLA_SUCCESS;
}

void hetla__cache_destroy(hetla__dev_cache *c)
{
    if (!c->live)
        return;
    trim_locked(c);
    for (size_t i = 0; i < c->nbuckets; i++)
        while (c->live[i]) {
            hetla__cache_block *b = c->live[i];
            c->live[i] = b->next;
            give_back(c, b);
        }
    free(c->live);
    c->live = NULL;
    c->nlive = c->in_use = 0;
    pthread_mutex_destroy(&c->lock);
}

/* A block got from the device, the cap permitting; on refusal the cache
 * goes back to the device first and the request is tried once more. */
static hetla_status fresh_block(hetla__dev_cache *c, int cls, size_t size, hetla__cache_block **out,
                                hetla__cache_failure *why)
{
    hetla__cache_block *b = malloc(sizeof *b);
    if (!b)
        return HETLA_ERR_NO_MEMORY;
    if (c->limit && c->held + size > c->limit)
        why->released += trim_locked(c);
    if (c->limit && c->held + size > c->limit) {
        free(b);
        why->over_limit = 1;
        return HETLA_ERR_DEVICE_MEMORY;
    }
    int e = c->raw_alloc(c->user, size, &b->ptr);
    if (e) {
        why->released += trim_locked(c);
        e = c->raw_alloc(c->user, size, &b->ptr);
    }
    if (e) {
        free(b);
        why->raw_error = e;
        return HETLA_ERR_DEVICE_MEMORY;
    }
    b->size = size;
    b->cls = cls;
    c->held += size;
    c->raw_allocs++;
    *out = b;
    return HETLA_SUCCESS;
}

hetla_status hetla__cache_alloc(hetla__dev_cache *c, size_t bytes, void **ptr, hetla__cache_failure *why)
{
    *why = (hetla__cache_failure){0};
    size_t size = 0;
    int cls = class_index(bytes, &size);
    if (cls < 0)
        return HETLA_ERR_DEVICE_MEMORY;
    why->class_bytes = size;
    hetla_status s = HETLA_SUCCESS;
    pthread_mutex_lock(&c->lock);
    hetla__cache_block *b = c->free_list[cls];
    if (b) {
        c->free_list[cls] = b->next;
        c->hits++;
    } else {
        s = fresh_block(c, cls, size, &b, why);
    }
    if (!s) {
        live_insert(c, b);
        c->in_use += b->size;
        *ptr = b->ptr;
    }
    pthread_mutex_unlock(&c->lock);
    return s;
}

hetla_status hetla__cache_fail(hetla__dev_cache *c, hetla_status s, size_t bytes, const hetla__cache_failure *why,
                               const char *dev, const char *cap, const char *raw, const char *raw_error)
{
    if (s != HETLA_ERR_DEVICE_MEMORY)
        return hetla__fail(s, "%s: out of host memory (allocator bookkeeping)", dev);
    hetla__cache_stats st;
    hetla__cache_stats_get(c, &st);
    if (!why->class_bytes)
        return hetla__fail(s, "%s: cannot allocate %zu bytes: larger than any device memory", dev, bytes);
    if (why->over_limit)
        return hetla__fail(s, "%s: cannot allocate %zu bytes (%zu with rounding): %s is %zu bytes and %zu are in use",
                           dev, bytes, why->class_bytes, cap, st.limit, st.in_use);
    return hetla__fail(s,
                       "%s of %zu bytes on %s failed after %zu cached bytes were released: %s (hetla holds %zu bytes "
                       "in use there)",
                       raw, why->class_bytes, dev, why->released, raw_error, st.in_use);
}

int hetla__cache_free(hetla__dev_cache *c, void *ptr)
{
    if (!ptr)
        return 0;
    pthread_mutex_lock(&c->lock);
    hetla__cache_block *b = live_remove(c, ptr);
    int found = b != NULL;
    if (b) {
        c->in_use -= b->size;
        if (c->keep && c->held - c->in_use > c->keep) {
            give_back(c, b);
        } else {
            b->next = c->free_list[b->cls];
            c->free_list[b->cls] = b;
        }
    }
    pthread_mutex_unlock(&c->lock);
    return found ? 0 : -1;
}

size_t hetla__cache_trim(hetla__dev_cache *c)
{
    pthread_mutex_lock(&c->lock);
    size_t released = trim_locked(c);
    pthread_mutex_unlock(&c->lock);
    return released;
}

void hetla__cache_stats_get(hetla__dev_cache *c, hetla__cache_stats *out)
{
    pthread_mutex_lock(&c->lock);
    *out =
        (hetla__cache_stats){c->held, c->in_use, c->held - c->in_use, c->limit, c->raw_allocs, c->raw_frees, c->hits};
    pthread_mutex_unlock(&c->lock);
}
