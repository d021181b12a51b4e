/* Replica coherence across memory nodes (MSI, write-back): reads fetch a
 * valid copy from the cheapest source, writes invalidate the others, the
 * host is updated only when asked (flush, acquire, unregister). Also node
 * memory and per-worker scratch buffers. */
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

enum { HOST_ALIGN = 64 };

hetla_status hetla__node_alloc(hetla_context *ctx, int node, size_t bytes, void **ptr)
{
    if (bytes == 0)
        bytes = 1;
    if (node == 0) {
        *ptr = aligned_alloc(HOST_ALIGN, (bytes + HOST_ALIGN - 1) / HOST_ALIGN * HOST_ALIGN);
        return *ptr ? HETLA_SUCCESS : hetla__fail(HETLA_ERR_NO_MEMORY, "out of host memory (%zu bytes)", bytes);
    }
    hetla__device *dev = ctx->node_device[node];
    return dev->ops->alloc(dev, bytes, ptr);
}

void hetla__node_free(hetla_context *ctx, int node, void *ptr)
{
    if (node == 0)
        free(ptr);
    else
        ctx->node_device[node]->ops->free(ctx->node_device[node], ptr);
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

static hetla_status replica_alloc(hetla_data *d, int node)
{
    hetla__replica *r = &d->rep[node];
    if (r->ptr)
        return HETLA_SUCCESS;
    hetla_status s = hetla__node_alloc(d->ctx, node, d->m * d->n * d->elsize, &r->ptr);
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
            hetla__node_free(d->ctx, n, d->rep[n].ptr);
        d->rep[n] = (hetla__replica){0};
    }
    if (d->scratch) {
        for (int i = 0; i < d->ctx->nworkers; i++)
            if (d->scratch[i])
                hetla__node_free(d->ctx, d->ctx->workers[i].dev->node, d->scratch[i]);
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
        hetla_status s = hetla__node_alloc(d->ctx, w->dev->node, d->m * d->n * d->elsize, &d->scratch[w->id]);
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
    if (!ptr || bytes < PIN_MIN_BYTES)
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
