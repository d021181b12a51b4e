/* The vendor peer of `hetla bench gemm` on a GPU: cublasDgemm on the same
 * host data, timed host to host (A and B copied in, C out, from the
 * caller's memory as it is, as hetla's synchronous call does) and
 * device-resident. Exported for the `hetla` command, which finds it through
 * hetla__backend_symbol. */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"

typedef struct {
    double *A, *B, *C;
    cudaStream_t stream;
    cublasHandle_t blas;
    cudaEvent_t start, stop;
} peer;

static int cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static int setup(peer *p, int device, size_t bytes, char *err, size_t errlen)
{
    if (cudaSetDevice(device) != cudaSuccess || cudaMalloc((void **)&p->A, bytes) != cudaSuccess ||
        cudaMalloc((void **)&p->B, bytes) != cudaSuccess || cudaMalloc((void **)&p->C, bytes) != cudaSuccess ||
        cudaStreamCreate(&p->stream) != cudaSuccess || cublasCreate(&p->blas) != CUBLAS_STATUS_SUCCESS ||
        cublasSetStream(p->blas, p->stream) != CUBLAS_STATUS_SUCCESS || cudaEventCreate(&p->start) != cudaSuccess ||
        cudaEventCreate(&p->stop) != cudaSuccess) {
        snprintf(err, errlen, "cuBLAS peer setup failed: %s", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    return 0;
}

static void teardown(peer *p)
{
    cudaFree(p->A), cudaFree(p->B), cudaFree(p->C);
    cublasDestroy(p->blas);
    cudaStreamDestroy(p->stream);
    cudaEventDestroy(p->start), cudaEventDestroy(p->stop);
}

/* One timed run in milliseconds; @p host adds the copies. */
static float run(peer *p, int n, const double *A, const double *B, double *C, int host)
{
    const double one = 1, zero = 0;
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    float ms = -1;
    cudaEventRecord(p->start, p->stream);
    if (host) {
        cudaMemcpyAsync(p->A, A, bytes, cudaMemcpyHostToDevice, p->stream);
        cudaMemcpyAsync(p->B, B, bytes, cudaMemcpyHostToDevice, p->stream);
    }
    cublasDgemm(p->blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, p->A, n, p->B, n, &zero, p->C, n);
    if (host)
        cudaMemcpyAsync(C, p->C, bytes, cudaMemcpyDeviceToHost, p->stream);
    cudaEventRecord(p->stop, p->stream);
    if (cudaEventSynchronize(p->stop) == cudaSuccess)
        cudaEventElapsedTime(&ms, p->start, p->stop);
    return ms;
}

__attribute__((visibility("default"))) int hetla_cuda_peer_dgemm(int device, int n, const double *A,
                                                                  const double *B, double *C, int reps,
                                                                  double *host_s, double *dev_s, char *err,
                                                                  size_t errlen);

int hetla_cuda_peer_dgemm(int device, int n, const double *A, const double *B, double *C, int reps, double *host_s,
                          double *dev_s, char *err, size_t errlen)
{
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    peer p = {0};
    float *t = calloc((size_t)reps, sizeof *t);
    int rc = !t || setup(&p, device, bytes, err, errlen);
    for (int mode = 1; mode >= 0 && !rc; mode--) {
        run(&p, n, A, B, C, mode); /* warm-up */
        for (int r = 0; r < reps; r++)
            if ((t[r] = run(&p, n, A, B, C, mode)) < 0)
                rc = 1, snprintf(err, errlen, "cuBLAS peer run failed: %s", cudaGetErrorString(cudaGetLastError()));
        qsort(t, (size_t)reps, sizeof *t, cmp);
        *(mode ? host_s : dev_s) = t[reps / 2] * 1e-3;
    }
    teardown(&p);
    free(t);
    return rc;
}
