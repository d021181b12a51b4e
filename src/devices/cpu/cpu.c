/* The CPU device: all CPU workers share the host memory node; kernels run
 * synchronously on the calling worker. */
#include <stdio.h>
#include <unistd.h>

#include "core/context.h"

static int cpu_probe(char *why, size_t whylen)
{
    (void)why;
    (void)whylen;
    return 1;
}

static hetla_status cpu_init(hetla__device *dev)
{
    char topo[96];
    hetla__topology_describe(dev->ctx, topo, sizeof topo);
    snprintf(dev->name, sizeof dev->name, "cpu (%s)", topo);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    dev->memory_bytes = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
    return HETLA_SUCCESS;
}

static hetla_status cpu_launch(hetla__device *dev, hetla_kernel_fn fn, const hetla_exec *x)
{
    (void)dev;
    return fn(x);
}

const hetla__device_ops hetla__cpu_ops = {
    .abi = HETLA__BACKEND_ABI,
    .name = "cpu",
    .type = HETLA_DEVICE_CPU,
    .own_memory = 0,
    .probe = cpu_probe,
    .init = cpu_init,
    .launch = cpu_launch,
};
