/* A CUDA device's life: probing, opening (name, memory, a peak estimate,
 * peer access with the CUDA devices opened before it), closing. */
#include <stdio.h>
#include <stdlib.h>

#include "devices/cuda/cuda_internal.h"

int hetla__cuda_probe(char *why, size_t whylen)
{
    int n = 0, driver = 0, runtime = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e == cudaSuccess && n > 0)
        return n;
    (void)cudaDriverGetVersion(&driver);
    (void)cudaRuntimeGetVersion(&runtime);
    (void)cudaGetLastError();
    if (e == cudaSuccess || e == cudaErrorNoDevice)
        snprintf(why, whylen, "no GPU: the CUDA driver sees no device");
    else if (e == cudaErrorInsufficientDriver && driver == 0)
        snprintf(why, whylen, "no CUDA driver (libcuda.so not found)");
    else if (e == cudaErrorInsufficientDriver)
        snprintf(why, whylen, "the CUDA driver (%d.%d) is older than the CUDA runtime (%d.%d)", driver / 1000,
                 driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10);
    else
        snprintf(why, whylen, "cudaGetDeviceCount failed: %s (%s)", cudaGetErrorString(e), cudaGetErrorName(e));
    return 0;
}

/* Double-precision flops per multiprocessor per clock as DGEMM sees them
 * (through the FP64 tensor cores where the architecture has them). The
 * peak it gives is an estimate: the clock read is the boost clock, which
 * power and temperature lower. */
static int fp64_per_sm_clock(int major, int minor)
{
    static const struct {
        int major, minor, flops;
    } rates[] = {
        {6, 0, 64},   /* P100: 32 FP64 FMA units */
        {6, 1, 8},    /* consumer Pascal: 4 units */
        {7, 0, 64},   /* V100 */
        {8, 0, 128},  /* A100: FP64 tensor cores double the FMA rate */
        {9, 0, 256},  /* H100, H200 */
        {10, 0, 128}, /* B200 */
    };
    for (size_t i = 0; i < sizeof rates / sizeof *rates; i++)
        if (rates[i].major == major && rates[i].minor == minor)
            return rates[i].flops;
    return 4; /* consumer and embedded parts: FP64 at 1/32 to 1/64 of FP32 */
}

static hetla_status describe(hetla__device *dev, size_t limit)
{
    int ord = dev->index, khz = 0;
    struct cudaDeviceProp p;
    hetla_status s = hetla__cuda_check(cudaGetDeviceProperties(&p, ord), "cudaGetDeviceProperties", ord);
    if (!s)
        s = hetla__cuda_check(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, ord),
                              "cudaDeviceGetAttribute(cudaDevAttrClockRate)", ord);
    if (s)
        return s;
    dev->memory_bytes = limit && limit < p.totalGlobalMem ? limit : p.totalGlobalMem;
    dev->peak_gflops = 1e-6 * p.multiProcessorCount * (double)khz * fp64_per_sm_clock(p.major, p.minor);
    snprintf(dev->name, sizeof dev->name, "cuda:%d %.64s (sm_%d%d, %d SMs, %.1f GiB%s)", ord, p.name, p.major, p.minor,
             p.multiProcessorCount, (double)p.totalGlobalMem / (1 << 30), limit ? ", capped" : "");
    return HETLA_SUCCESS;
}

/* Lets device @p from access @p to's memory. @return 1 if it can. */
static int enable_peer(int from, int to)
{
    int can = 0;
    if (cudaDeviceCanAccessPeer(&can, from, to) != cudaSuccess || !can || cudaSetDevice(from) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
    (void)cudaGetLastError(); /* "already enabled" (by an earlier context) stays as the last error */
    return e == cudaSuccess || e == cudaErrorPeerAccessAlreadyEnabled;
}

/* Peer access both ways with each CUDA device opened before this one; a
 * pair that cannot have it copies through the host (coherence.c). */
static void enable_peers(hetla__device *dev)
{
    hetla__cuda_dev *cd = dev->impl;
    hetla_context *ctx = dev->ctx;
    for (int i = 0; i < ctx->ndevices; i++) {
        hetla__device *o = &ctx->devices[i];
        if (o->ops != dev->ops || o == dev)
            continue;
        hetla__cuda_dev *od = o->impl;
        if (enable_peer(cd->ordinal, od->ordinal) && enable_peer(od->ordinal, cd->ordinal))
            cd->peer[od->ordinal] = od->peer[cd->ordinal] = 1;
        else
            hetla__log(ctx, HETLA_LOG_INFO, "cuda:%d and cuda:%d have no peer access: copies go through the host",
                       cd->ordinal, od->ordinal);
    }
}

/* The kernels' workspace pool. It keeps up to 1/32 of the device's memory
 * between tasks, where the default pool returns all it holds to the driver
 * at each synchronization: allocating anew made a 4096 tile's TRMM (its
 * 128 MB scratch) 0.4 ms slower, 23 %, on an H200. */
static hetla_status workspace_pool(hetla__cuda_dev *cd)
{
    size_t free_bytes, total;
    struct cudaMemPoolProps props = {.allocType = cudaMemAllocationTypePinned,
                                     .location = {.type = cudaMemLocationTypeDevice, .id = cd->ordinal}};
    hetla_status s = hetla__cuda_check(cudaMemGetInfo(&free_bytes, &total), "cudaMemGetInfo", cd->ordinal);
    if (!s)
        s = hetla__cuda_check(cudaMemPoolCreate(&cd->pool, &props), "cudaMemPoolCreate", cd->ordinal);
    uint64_t keep = total / 32;
    if (!s && (s = hetla__cuda_check(cudaMemPoolSetAttribute(cd->pool, cudaMemPoolAttrReleaseThreshold, &keep),
                                     "cudaMemPoolSetAttribute", cd->ordinal)) != HETLA_SUCCESS) {
        (void)cudaMemPoolDestroy(cd->pool);
        cd->pool = NULL;
    }
    return s;
}

hetla_status hetla__cuda_init(hetla__device *dev)
{
    if (dev->index >= HETLA__MAX_DEVICES)
        return hetla__fail(HETLA_ERR_NO_DEVICE, "cuda:%d: hetla drives at most %d devices", dev->index,
                           HETLA__MAX_DEVICES);
    size_t limit;
    hetla_status s = hetla__cuda_env_count("HETLA_CUDA_MEMORY_LIMIT", 0, &limit);
    if (s)
        return s;
    hetla__cuda_dev *cd = calloc(1, sizeof *cd);
    if (!cd)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "cuda:%d: out of host memory", dev->index);
    cd->ordinal = dev->index;
    int prev;
    s = hetla__cuda_bind(cd->ordinal, &prev);
    if (s) {
        free(cd);
        return s;
    }
    s = describe(dev, limit);
    if (!s && hetla__cache_init(&cd->cache, hetla__cuda_raw_alloc, hetla__cuda_raw_free, cd, limit))
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "cuda:%d: out of host memory", dev->index);
    if (!s && (s = hetla__cuda_staging_init(&cd->staging)) != HETLA_SUCCESS)
        hetla__cache_destroy(&cd->cache);
    if (!s && (s = workspace_pool(cd)) != HETLA_SUCCESS) {
        hetla__cuda_staging_fini(&cd->staging);
        hetla__cache_destroy(&cd->cache);
    }
    if (!s) {
        dev->impl = cd;
        enable_peers(dev);
    }
    hetla__cuda_unbind(prev);
    if (s)
        free(cd);
    return s;
}

void hetla__cuda_fini(hetla__device *dev)
{
    hetla__cuda_dev *cd = dev->impl;
    if (!cd)
        return;
    /* Every block goes back, also those of data never unregistered. Peer
     * access is left on: it belongs to the process, and another context
     * may be copying between the same devices. */
    int prev;
    int bound = hetla__cuda_bind(cd->ordinal, &prev) == HETLA_SUCCESS;
    hetla__cuda_staging_fini(&cd->staging);
    if (cd->pool && cudaMemPoolDestroy(cd->pool) != cudaSuccess)
        (void)cudaGetLastError();
    if (bound)
        hetla__cuda_unbind(prev);
    hetla__cache_destroy(&cd->cache);
    free(cd);
    dev->impl = NULL;
}

int hetla__cuda_can_peer(hetla__device *dev, hetla__device *peer)
{
    const hetla__cuda_dev *cd = dev->impl;
    return peer->ops == dev->ops && peer->index < HETLA__MAX_DEVICES && cd->peer[peer->index];
}
