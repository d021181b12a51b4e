/* The simulated accelerator: a device with its own memory node (separate
 * host allocations) that runs CPU kernels. It exercises every transfer and
 * coherence path of a real accelerator on machines that have none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"

static int sim_probe(char *why, size_t whylen)
{
    (void)why;
    (void)whylen;
    return HETLA__MAX_DEVICES;
}

static hetla_status sim_init(hetla__device *dev)
{
    snprintf(dev->name, sizeof dev->name, "sim:%d (CPU kernels, own memory node)", dev->index);
    return HETLA_SUCCESS;
}

static hetla_status sim_alloc(hetla__device *dev, size_t bytes, void **ptr)
{
    (void)dev;
    *ptr = malloc(bytes);
    return *ptr ? HETLA_SUCCESS : hetla__fail(HETLA_ERR_DEVICE_MEMORY, "sim: out of memory (%zu bytes)", bytes);
}

static void sim_free(hetla__device *dev, void *ptr)
{
    (void)dev;
    free(ptr);
}

static hetla_status sim_copy(hetla__device *dev, const hetla__copy *c, void *queue)
{
    (void)dev;
    (void)queue;
    for (size_t j = 0; j < c->cols; j++)
        memcpy((char *)c->dst + j * c->dst_ld, (const char *)c->src + j * c->src_ld, c->row_bytes);
    return HETLA_SUCCESS;
}

static int sim_can_peer(hetla__device *dev, hetla__device *peer)
{
    (void)dev;
    (void)peer;
    return 1;
}

static hetla_status sim_launch(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x)
{
    (void)dev;
    return fn(x);
}

/* Kernels run in launch, so a mark is passed as soon as it is made; the
 * runtime's bookkeeping of tasks in flight is exercised all the same. */
static hetla_status sim_mark(hetla__device *dev, void *queue, void **mark)
{
    (void)queue;
    *mark = dev;
    return HETLA_SUCCESS;
}

static int sim_mark_done(hetla__device *dev, void *mark)
{
    (void)dev;
    (void)mark;
    return 1;
}

static hetla_status sim_mark_wait(hetla__device *dev, void *mark)
{
    (void)dev;
    (void)mark;
    return HETLA_SUCCESS;
}

const hetla__device_ops hetla__sim_ops = {
    .abi = HETLA__BACKEND_ABI,
    .name = "sim",
    .type = HETLA_DEVICE_SIM,
    .own_memory = 1,
    .probe = sim_probe,
    .init = sim_init,
    .alloc = sim_alloc,
    .free = sim_free,
    .copy = sim_copy,
    .can_peer = sim_can_peer,
    .launch = sim_launch,
    .mark = sim_mark,
    .mark_done = sim_mark_done,
    .mark_wait = sim_mark_wait,
};
