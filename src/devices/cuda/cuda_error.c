/* CUDA, cuBLAS and cuSOLVER failures turned into hetla statuses with a
 * detail naming the call and the device; which device is current. */
#include "devices/cuda/cuda_internal.h"

hetla_status hetla__cuda_check(cudaError_t e, const char *call, int ordinal)
{
    if (e == cudaSuccess)
        return HETLA_SUCCESS;
    /* A non-sticky error stays as the thread's last error; clear it so a
     * later kernel launch is not blamed for it. */
    (void)cudaGetLastError();
    return hetla__fail(HETLA_ERR_BACKEND, "%s on cuda:%d failed: %s (%s)", call, ordinal, cudaGetErrorString(e),
                       cudaGetErrorName(e));
}

hetla_status hetla__cublas_check(cublasStatus_t st, const char *call, int ordinal)
{
    if (st == CUBLAS_STATUS_SUCCESS)
        return HETLA_SUCCESS;
    return hetla__fail(HETLA_ERR_BACKEND, "%s on cuda:%d failed: %s (%s)", call, ordinal, cublasGetStatusString(st),
                       cublasGetStatusName(st));
}

/* cuSOLVER has no message function of its own. */
static const char *cusolver_name(cusolverStatus_t st)
{
    switch (st) {
    case CUSOLVER_STATUS_NOT_INITIALIZED:
        return "not initialized (no driver or device?)";
    case CUSOLVER_STATUS_ALLOC_FAILED:
        return "allocation failed";
    case CUSOLVER_STATUS_INVALID_VALUE:
        return "invalid value";
    case CUSOLVER_STATUS_ARCH_MISMATCH:
        return "architecture not supported";
    case CUSOLVER_STATUS_EXECUTION_FAILED:
        return "execution failed";
    case CUSOLVER_STATUS_INTERNAL_ERROR:
        return "internal error";
    case CUSOLVER_STATUS_NOT_SUPPORTED:
        return "not supported";
    default:
        return "error";
    }
}

hetla_status hetla__cusolver_check(cusolverStatus_t st, const char *call, int ordinal)
{
    if (st == CUSOLVER_STATUS_SUCCESS)
        return HETLA_SUCCESS;
    return hetla__fail(HETLA_ERR_BACKEND, "%s on cuda:%d failed: %s (cusolverStatus_t %d)", call, ordinal,
                       cusolver_name(st), (int)st);
}

hetla_status hetla__cuda_bind(int ordinal, int *prev)
{
    hetla_status s = hetla__cuda_check(cudaGetDevice(prev), "cudaGetDevice", ordinal);
    if (!s && *prev != ordinal)
        s = hetla__cuda_check(cudaSetDevice(ordinal), "cudaSetDevice", ordinal);
    return s;
}

void hetla__cuda_unbind(int prev)
{
    int now;
    /* Failing to restore is not the operation's failure: keep its detail. */
    if (cudaGetDevice(&now) == cudaSuccess && now != prev && cudaSetDevice(prev) != cudaSuccess)
        (void)cudaGetLastError();
}
