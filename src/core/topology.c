/* CPU topology through hwloc: core count for the default worker count,
 * and pinning of worker threads to cores. */
#include <hwloc.h>
#include <stdio.h>
#include <sys/utsname.h>

#include "core/context.h"

hetla_status hetla__topology_init(hetla_context *ctx)
{
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) < 0 || hwloc_topology_load(topo) < 0)
        return hetla__fail(HETLA_ERR_BACKEND, "hetla_context_create: hwloc could not read the topology");
    ctx->topology = topo;
    int cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    if (cores <= 0)
        cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    ctx->ncores = cores > 0 ? cores : 1;
    return HETLA_SUCCESS;
}

void hetla__topology_fini(hetla_context *ctx)
{
    if (ctx->topology)
        hwloc_topology_destroy((hwloc_topology_t)ctx->topology);
    ctx->topology = NULL;
}

void hetla__topology_pin(hetla_context *ctx, int core)
{
    hwloc_topology_t topo = ctx->topology;
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)(core % ctx->ncores));
    if (!obj)
        obj = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, (unsigned)(core % ctx->ncores));
    /* Pinning is a performance hint: a refusal (cgroups, containers) is
     * logged, never fatal. */
    if (!obj || hwloc_set_cpubind(topo, obj->cpuset, HWLOC_CPUBIND_THREAD) < 0)
        hetla__log(ctx, HETLA_LOG_INFO, "could not pin a worker to core %d", core);
}

void hetla__topology_describe(const hetla_context *ctx, char *buf, size_t len)
{
    hwloc_topology_t topo = ctx->topology;
    int packages = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
    int pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    struct utsname u;
    const char *arch = uname(&u) == 0 ? u.machine : "?";
    const char *model = hwloc_obj_get_info_by_name(hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0), "CPUModel");
    snprintf(buf, len, "%d cores, %d threads, %d package%s, %s%s%s", ctx->ncores, pus, packages > 0 ? packages : 1,
             packages > 1 ? "s" : "", arch, model ? ", " : "", model ? model : "");
}
