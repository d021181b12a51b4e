/* The entry point of libhetla_opencl.so: the OpenCL backend's ops table,
 * which the core finds as hetla_backend_opencl (src/devices/modules.c),
 * and its kernel classes OPENCL_CLBLAST and OPENCL_GEN. */
#include "devices/opencl/opencl_internal.h"
#include "kernels/clblast/clblast.h"
#include "kernels/opencl/opencl_gen.h"

static hetla_status register_kernels(hetla_context *ctx)
{
    hetla_status s = hetla__clblast_register(ctx);
    return s ? s : hetla__ocl_gen_register(ctx);
}

static const hetla__device_ops opencl_ops = {
    .abi = HETLA__BACKEND_ABI,
    .name = "opencl",
    .type = HETLA_DEVICE_OPENCL,
    .own_memory = 1,
    .probe = hetla__ocl_probe,
    .in_all = hetla__ocl_in_all,
    .init = hetla__ocl_init,
    .fini = hetla__ocl_fini,
    .alloc = hetla__ocl_alloc,
    .free = hetla__ocl_free,
    .queue_create = hetla__ocl_queue_create,
    .queue_destroy = hetla__ocl_queue_destroy,
    .copy = hetla__ocl_copy,
    .launch = hetla__ocl_launch,
    .run_on_host = hetla__ocl_run_on_host,
    .queue_sync = hetla__ocl_queue_sync,
    .mark = hetla__ocl_mark,
    .mark_done = hetla__ocl_mark_done,
    .mark_wait = hetla__ocl_mark_wait,
    .register_kernels = register_kernels,
};

/* The module's one exported name (everything else is hidden but the
 * benchmark's peer, opencl_peer.c). */
HETLA__MODULE_EXPORT const hetla__device_ops *hetla_backend_opencl(void);

const hetla__device_ops *hetla_backend_opencl(void) { return &opencl_ops; }
