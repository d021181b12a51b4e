/* The caching allocator of the accelerator backends and of the host's
 * large buffers, as plain bookkeeping: size-class free lists, a cap,
 * trimming. The device calls (cudaMalloc and
 * cudaFree, clCreateBuffer and clReleaseMemObject) come in as function
 * pointers, so this part is tested without a device. */
#ifndef HETLA_DEVICE_CACHE_H
#define HETLA_DEVICE_CACHE_H

#include <pthread.h>
#include <stddef.h>

#include "hetla.h"

/** Gets @p bytes of device memory into @p ptr; @return 0 or the device
 *  library's error code. */
typedef int (*hetla__raw_alloc_fn)(void *user, size_t bytes, void **ptr);
typedef void (*hetla__raw_free_fn)(void *user, void *ptr);

typedef struct hetla__cache_block hetla__cache_block;

/* 512 B, then four classes per power of two up to 2^62 B. */
enum { HETLA__CACHE_NCLASSES = 1 + 4 * (62 - 9) };

typedef struct hetla__dev_cache {
    hetla__raw_alloc_fn raw_alloc;
    hetla__raw_free_fn raw_free;
    void *user;
    size_t limit; /**< most bytes held from the device; 0 = no cap */
    size_t keep;  /**< most free bytes kept for reuse (a freed block past it goes back); 0 = no cap */
    size_t held;  /**< bytes got from raw_alloc and not given back */
    size_t in_use;
    unsigned long long raw_allocs, raw_frees, hits;
    pthread_mutex_t lock;
    hetla__cache_block *free_list[HETLA__CACHE_NCLASSES];
    hetla__cache_block **live; /**< blocks handed out, hashed by address */
    size_t nbuckets, nlive;
} hetla__dev_cache;

/** Why an allocation failed. */
typedef struct hetla__cache_failure {
    int over_limit;     /**< the cap would be passed, even with the cache released */
    int raw_error;      /**< else raw_alloc's code on the retry */
    size_t class_bytes; /**< the size class asked for; 0: larger than any class */
    size_t released;    /**< cached bytes given back to the device before failing */
} hetla__cache_failure;

typedef struct hetla__cache_stats {
    size_t held, in_use, cached, limit;
    unsigned long long raw_allocs, raw_frees, hits;
} hetla__cache_stats;

/** The size class @p bytes is rounded up to (at most 25% more above 512 B);
 *  0 if too large to serve. */
size_t hetla__cache_class_size(size_t bytes);

hetla_status hetla__cache_init(hetla__dev_cache *c, hetla__raw_alloc_fn raw_alloc, hetla__raw_free_fn raw_free,
                               void *user, size_t limit);
/** Gives every block back to the device, those still handed out too. */
void hetla__cache_destroy(hetla__dev_cache *c);

/** A block of at least @p bytes: a cached one of its class, else a new one.
 *  When the cap or the device refuses, the cache is released and the
 *  request tried once more. @return HETLA_ERR_DEVICE_MEMORY (with @p why
 *  filled) or HETLA_ERR_NO_MEMORY (host bookkeeping). */
hetla_status hetla__cache_alloc(hetla__dev_cache *c, size_t bytes, void **ptr, hetla__cache_failure *why);
/** The failure @p s of hetla__cache_alloc for @p bytes (@p why filled),
 *  reported (hetla__fail) in the device's words: @p dev names it
 *  ("cuda:0"), @p cap says what set the cap, @p raw is the device call
 *  and @p raw_error its error's name. @return @p s. */
hetla_status hetla__cache_fail(hetla__dev_cache *c, hetla_status s, size_t bytes, const hetla__cache_failure *why,
                               const char *dev, const char *cap, const char *raw, const char *raw_error);
/** Returns @p ptr to its class's free list (to the device where the free
 *  blocks would pass @c keep). @return 0, or -1 if @p ptr was not handed
 *  out by this cache (nothing is done). */
int hetla__cache_free(hetla__dev_cache *c, void *ptr);
/** Gives every cached (free) block back to the device. @return bytes released. */
size_t hetla__cache_trim(hetla__dev_cache *c);
void hetla__cache_stats_get(hetla__dev_cache *c, hetla__cache_stats *out);

#endif
