/* The entry point of libhetla_cuda.so: the CUDA backend's ops table, which
 * the core finds as hetla_backend_cuda (src/devices/modules.c). */
#include "devices/cuda/cuda_internal.h"
#include "kernels/cublas/cublas.h"

static const hetla__device_ops cuda_ops = {
    .abi = HETLA__BACKEND_ABI,
    .name = "cuda",
    .type = HETLA_DEVICE_CUDA,
    .own_memory = 1,
    .probe = hetla__cuda_probe,
    .init = hetla__cuda_init,
    .fini = hetla__cuda_fini,
    .alloc = hetla__cuda_alloc,
    .free = hetla__cuda_free,
    .queue_create = hetla__cuda_queue_create,
    .queue_destroy = hetla__cuda_queue_destroy,
    .copy = hetla__cuda_copy,
    .can_peer = hetla__cuda_can_peer,
    .launch = hetla__cuda_launch,
    .run_on_host = hetla__cuda_run_on_host,
    .queue_sync = hetla__cuda_queue_sync,
    .mark = hetla__cuda_mark,
    .mark_done = hetla__cuda_mark_done,
    .mark_wait = hetla__cuda_mark_wait,
    .register_kernels = hetla__cublas_register,
    .host_pin = hetla__cuda_host_pin,
    .host_unpin = hetla__cuda_host_unpin,
};

/* The module's one exported name (everything else is hidden). */
HETLA__MODULE_EXPORT const hetla__device_ops *hetla_backend_cuda(void);

const hetla__device_ops *hetla_backend_cuda(void) { return &cuda_ops; }
