/* Replica coherence across memory nodes (MSI, write-back): reads fetch a
 * valid copy from the cheapest source, writes invalidate the others, the
 * host is updated only when asked (flush, acquire, unregister). Also node
 * memory and per-worker scratch buffers. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/runtime.h"

/* Host buffers of HOST_CACHE_MIN bytes or more (a batched call's staging,
 * tiles hetla allocates) come from the context's host cache: a buffer
 * freed and asked for again keeps its pages, where fresh ones are faulted
 * in at their first write (a variable batch's packing took 6x as long as
 * the unpacking of the same bytes), and is pinned once where a backend
 * can, so that its copies to and from a device skip the staged path. The
 * cache keeps at most a sixteenth of the host's memory free. */
enum { HOST_ALIGN = 64, HOST_PAGE = 4096, HOST_CACHE_MIN = 1 << 20 };

/* Under AddressSanitizer a cached block is poisoned while it waits on its
 * free list and past the bytes asked for while it is handed out (a size
 * class is up to a quarter larger), so that the cache hides neither a use
 * after free nor an overrun from the sanitizer. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
static void host_handed_out(void *p, size_t bytes)
{
    size_t size = hetla__cache_class_size(bytes);
    ASAN_UNPOISON_MEMORY_REGION(p, size);
    ASAN_POISON_MEMORY_REGION((char *)p + bytes, size - bytes);
}
static void host_cached(void *p, size_t bytes) { ASAN_POISON_MEMORY_REGION(p, hetla__cache_class_size(bytes)); }
#else
static void host_handed_out(void *p, size_t bytes)
{
    (void)p;
    (void)bytes;
}
static void host_cached(void *p, size_t bytes)
{
    (void)p;
    (void)bytes;
}
#endif

static int host_raw_alloc(void *user, size_t bytes, void **ptr)
{
    *ptr = aligned_alloc(HOST_PAGE, bytes); /* class sizes from 1 MiB are whole pages */
    if (!*ptr)
        return 1;
    hetla__host_pin(user, *ptr, bytes);
    return 0;
}

static void host_raw_free(void *user, void *ptr)
{
    hetla_context *ctx = user;
    if (!ctx->no_host_pinning)
        hetla__host_unpin(ctx, ptr);
    free(ptr);
}

hetla_status hetla__host_cache_init(hetla_context *ctx)
{
    if (hetla__cache_init(&ctx->host_cache, host_raw_alloc, host_raw_free, ctx, 0))
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory (host cache)");
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    ctx->host_cache.keep = pages > 0 && page > 0 ? (size_t)pages * (size_t)page / 16 : (size_t)1 << 30;
    return HETLA_SUCCESS;
}

hetla_status hetla__node_alloc(hetla_context *ctx, int node, size_t bytes, void **ptr)
{
    if (bytes == 0)
        bytes = 1;
    if (node == 0 && bytes >= HOST_CACHE_MIN) {
        hetla__cache_failure why;
        if (hetla__cache_alloc(&ctx->host_cache, bytes, ptr, &why))
            return hetla__fail(HETLA_ERR_NO_MEMORY, "out of host memory (%zu bytes)", bytes);
        host_handed_out(*ptr, bytes);
        return HETLA_SUCCESS;
    }
    if (node == 0) {
        *ptr = aligned_alloc(HOST_ALIGN, (bytes + HOST_ALIGN - 1) / HOST_ALIGN * HOST_ALIGN);
        return *ptr ? HETLA_SUCCESS : hetla__fail(HETLA_ERR_NO_MEMORY, "out of host memory (%zu bytes)", bytes);
    }
    hetla__device *dev = ctx->node_device[node];
    size_t used = atomic_fetch_add(&ctx->mem_used[node], bytes) + bytes;
    hetla_status s = ctx->mem_limit && used > ctx->mem_limit
                         ? hetla__fail(HETLA_ERR_DEVICE_MEMORY, "%s: %zu bytes more would pass the limit of %zu",
                                       dev->name, bytes, ctx->mem_limit)
                         : dev->ops->alloc(dev, bytes, ptr);
    if (s)
        atomic_fetch_sub(&ctx->mem_used[node], bytes);
    return s;
}

void hetla__node_free(hetla_context *ctx, int node, void *ptr, size_t bytes)
{
    if (node == 0) {
        if (bytes >= HOST_CACHE_MIN)
            host_cached(ptr, bytes); /* before another thread can take it */
        if (bytes < HOST_CACHE_MIN || hetla__cache_free(&ctx->host_cache, ptr))
            free(ptr);
        return;
    }
    ctx->node_device[node]->ops->free(ctx->node_device[node], ptr);
    atomic_fetch_sub(&ctx->mem_used[node], bytes ? bytes : 1);
}

void hetla__data_live(hetla_data *d, int live)
{
    hetla_context *ctx = d->ctx;
    pthread_mutex_lock(&ctx->data_lock);
    if (live) {
        d->prev_live = NULL;
        d->next_live = ctx->data_list;
        if (ctx->data_list)
            ctx->data_list->prev_live = d;
        ctx->data_list = d;
    } else {
        if (d->prev_live)
            d->prev_live->next_live = d->next_live;
        else
            ctx->data_list = d->next_live;
        if (d->next_live)
            d->next_live->prev_live = d->prev_live;
    }
    pthread_mutex_unlock(&ctx->data_lock);
}

void hetla__replica_hold(hetla_data *d, int node, int delta)
{
    d->rep[node].users += delta;
    if (delta > 0)
        d->rep[node].last_use = atomic_fetch_add_explicit(&d->ctx->use_clock, 1, memory_order_relaxed);
}

static int direction(int src, int dst) { return src == 0 ? HETLA_H2D : dst == 0 ? HETLA_D2H : HETLA_D2D; }

hetla_status hetla__transfer(hetla_context *ctx, const hetla__copy *c, hetla__worker *w)
{
    hetla__device *dev = ctx->node_device[c->dst_node ? c->dst_node : c->src_node];
    double t0 = hetla__now();
    /* On a worker's own device the copy goes on its copy queue (if it has
     * one: kernels in flight on its other queue go on meanwhile) and is
     * waited for here; elsewhere (host threads, other devices' workers)
     * the backend completes it before returning. */
    void *queue = w && w->dev == dev ? (w->copy_queue ? w->copy_queue : w->queue) : NULL;
    if (w) /* (the task it is for stays named) */
        atomic_store_explicit(&w->doing, "copying a tile for", memory_order_relaxed);
    hetla_status s = dev->ops->copy(dev, c, queue);
    if (!s && queue && dev->ops->queue_sync)
        s = dev->ops->queue_sync(dev, queue);
    if (s)
        return s;
    int dir = direction(c->src_node, c->dst_node);
    atomic_fetch_add_explicit(&ctx->xfer_count[dir], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&ctx->xfer_bytes[dir], c->row_bytes * c->cols, memory_order_relaxed);
    hetla__trace_transfer(ctx, w, c, t0, hetla__now());
    return HETLA_SUCCESS;
}

static hetla_status copy_replica(hetla_data *d, int src, int dst, hetla__worker *w);
static hetla_status replica_alloc(hetla_data *d, int node);

/* Frees @p v's replica on @p node (@p v locked, the replica unused),
 * writing it back to the host first if it holds the only valid copy.
 * @return the bytes freed, 0 if it could not be written back. */
static size_t evict_one(hetla_data *v, int node)
{
    hetla__replica *r = &v->rep[node];
    int elsewhere = 0;
    for (int n = 0; n < v->ctx->nnodes; n++)
        elsewhere |= n != node && v->rep[n].state != HETLA__INVALID;
    if (r->state != HETLA__INVALID && !elsewhere) {
        if (replica_alloc(v, 0) || copy_replica(v, node, 0, NULL))
            return 0;
        v->rep[0].state = HETLA__SHARED;
    }
    size_t bytes = v->m * v->n * v->elsize;
    hetla__node_free(v->ctx, node, r->ptr, bytes);
    *r = (hetla__replica){0};
    return bytes ? bytes : 1;
}

/* Rounds of evict's scan while a candidate's lock is taken: another
 * thread holds a handle's lock for a moment (inserting a task, flushing)
 * without using its replicas, and the allocation failed when that
 * handle was the only one that could go (runtime.eviction, now and then
 * under ThreadSanitizer). */
enum { EVICT_ROUNDS = 1000 };

/* Frees at least @p need bytes of node @p node held by replicas no task
 * uses, least recently used first; @p self (locked by the caller) is
 * left alone. Victims are only try-locked: waiting for a handle another
 * thread holds could deadlock. When the scan skipped such a handle and
 * found too little, it yields and scans again, up to EVICT_ROUNDS
 * times. @return bytes freed. */
static size_t evict(hetla_context *ctx, int node, size_t need, const hetla_data *self)
{
    size_t freed = 0;
    for (int round = 0, busy = 1; freed < need && busy && round < EVICT_ROUNDS; round++) {
        if (round)
            sched_yield();
        busy = 0;
        pthread_mutex_lock(&ctx->data_lock);
        while (freed < need) {
            hetla_data *victim = NULL;
            unsigned long long oldest = 0;
            for (hetla_data *v = ctx->data_list; v; v = v->next_live) {
                if (v == self)
                    continue;
                if (pthread_mutex_trylock(&v->lock)) {
                    busy = 1;
                    continue;
                }
                const hetla__replica *r = &v->rep[node];
                if (r->allocated && !r->users && (!victim || r->last_use < oldest))
                    victim = v, oldest = r->last_use;
                pthread_mutex_unlock(&v->lock);
            }
            if (!victim)
                break;
            if (pthread_mutex_trylock(&victim->lock)) {
                busy = 1;
                break;
            }
            size_t got = victim->rep[node].allocated && !victim->rep[node].users ? evict_one(victim, node) : 0;
            pthread_mutex_unlock(&victim->lock);
            if (!got) { /* its write-back failed: no round will do better */
                busy = 0;
                break;
            }
            freed += got;
        }
        pthread_mutex_unlock(&ctx->data_lock);
    }
    return freed;
}

/* hetla__node_alloc of @p bytes for handle @p d (locked): on a full
 * device, replicas are evicted until the allocation succeeds or nothing
 * more can go. */
static hetla_status alloc_for(hetla_data *d, int node, size_t bytes, void **ptr)
{
    hetla_status s = hetla__node_alloc(d->ctx, node, bytes, ptr);
    while (s == HETLA_ERR_DEVICE_MEMORY && node > 0 && evict(d->ctx, node, bytes, d))
        s = hetla__node_alloc(d->ctx, node, bytes, ptr);
    if (s == HETLA_ERR_DEVICE_MEMORY && node > 0) {
        char why[256];
        snprintf(why, sizeof why, "%s", hetla_error_detail());
        return hetla__fail(s, "%s is full: %zu bytes needed and every replica left there is used by running tasks "
                              "(%s)",
                           d->ctx->node_device[node]->name, bytes, why);
    }
    return s;
}

static hetla_status replica_alloc(hetla_data *d, int node)
{
    hetla__replica *r = &d->rep[node];
    if (r->ptr)
        return HETLA_SUCCESS;
    hetla_status s = alloc_for(d, node, d->m * d->n * d->elsize, &r->ptr);
    if (s)
        return s;
    r->ld = d->m > 0 ? d->m : 1;
    r->allocated = 1;
    return HETLA_SUCCESS;
}

static hetla_status copy_replica(hetla_data *d, int src, int dst, hetla__worker *w)
{
    hetla__copy c = {.src_node = src,
                     .dst_node = dst,
                     .src = d->rep[src].ptr,
                     .dst = d->rep[dst].ptr,
                     .src_ld = d->rep[src].ld * d->elsize,
                     .dst_ld = d->rep[dst].ld * d->elsize,
                     .row_bytes = d->m * d->elsize,
                     .cols = d->n};
    if (c.row_bytes == 0 || c.cols == 0)
        return HETLA_SUCCESS;
    return hetla__transfer(d->ctx, &c, w);
}

/* Cheapest valid source for node @p dst: a peer the destination device
 * can copy from directly, else the host; -1 if only reachable by staging
 * through the host. */
static int pick_source(const hetla_data *d, int dst)
{
    hetla_context *ctx = d->ctx;
    hetla__device *ddev = ctx->node_device[dst];
    int fallback = -2;
    for (int n = 1; n < ctx->nnodes; n++) {
        if (n == dst || d->rep[n].state == HETLA__INVALID)
            continue;
        hetla__device *sdev = ctx->node_device[n];
        if (dst == 0)
            return n;
        if (sdev->ops == ddev->ops && ddev->ops->can_peer && ddev->ops->can_peer(ddev, sdev))
            return n;
        fallback = -1;
    }
    if (d->rep[0].state != HETLA__INVALID)
        return 0;
    return fallback;
}

/* Makes node @p dst hold a valid copy. */
static hetla_status make_valid(hetla_data *d, int dst, hetla__worker *w)
{
    if (d->rep[dst].state != HETLA__INVALID)
        return HETLA_SUCCESS;
    int src = pick_source(d, dst);
    if (src == -2) /* never written and no host copy: nothing to fetch */
        return replica_alloc(d, dst);
    hetla_status s;
    if (src == -1) { /* stage through the host */
        s = make_valid(d, 0, w);
        src = 0;
        if (s)
            return s;
    }
    s = replica_alloc(d, dst);
    if (!s)
        s = copy_replica(d, src, dst, w);
    if (s)
        return s;
    if (d->rep[src].state == HETLA__OWNED)
        d->rep[src].state = HETLA__SHARED;
    d->rep[dst].state = HETLA__SHARED;
    return HETLA_SUCCESS;
}

hetla_status hetla__replica_fetch(hetla_data *d, int node, hetla_access mode, hetla__worker *w)
{
    if (mode & HETLA_R)
        return make_valid(d, node, w);
    return replica_alloc(d, node);
}

void hetla__replica_written(hetla_data *d, int node)
{
    for (int n = 0; n < d->ctx->nnodes; n++)
        d->rep[n].state = HETLA__INVALID;
    d->rep[node].state = HETLA__OWNED;
}

void hetla__replicas_free(hetla_data *d)
{
    for (int n = 0; n < d->ctx->nnodes; n++) {
        if (d->rep[n].allocated)
            hetla__node_free(d->ctx, n, d->rep[n].ptr, d->m * d->n * d->elsize);
        d->rep[n] = (hetla__replica){0};
    }
    if (d->scratch) {
        for (int i = 0; i < d->ctx->nworkers; i++)
            if (d->scratch[i])
                hetla__node_free(d->ctx, d->ctx->workers[i].dev->node, d->scratch[i], d->m * d->n * d->elsize);
        free(d->scratch);
        d->scratch = NULL;
    }
}

hetla_status hetla__scratch_get(hetla_data *d, hetla__worker *w, hetla_buffer *buf)
{
    if (!d->scratch) {
        d->scratch = calloc((size_t)d->ctx->nworkers, sizeof *d->scratch);
        if (!d->scratch)
            return hetla__fail(HETLA_ERR_NO_MEMORY, "out of memory (scratch table)");
    }
    if (!d->scratch[w->id]) {
        hetla_status s = alloc_for(d, w->dev->node, d->m * d->n * d->elsize, &d->scratch[w->id]);
        if (s)
            return s;
    }
    *buf = (hetla_buffer){d->scratch[w->id], d->m, d->n, d->m > 0 ? d->m : 1, d->type};
    return HETLA_SUCCESS;
}

/* Host memory is pinned only for large ranges: pinning costs about as much
 * as copying a few hundred kilobytes, so small calls are better off without. */
enum { PIN_MIN_BYTES = 1 << 20 };

int hetla__host_pin(hetla_context *ctx, void *ptr, size_t bytes)
{
    if (!ptr || bytes < PIN_MIN_BYTES || ctx->no_host_pinning)
        return 0;
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].ops->host_pin)
            return ctx->devices[d].ops->host_pin(ptr, bytes);
    return 0;
}

void hetla__host_unpin(hetla_context *ctx, void *ptr)
{
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].ops->host_unpin) {
            ctx->devices[d].ops->host_unpin(ptr);
            return;
        }
}
