/* The vendor peer of `hetla bench gemm` on a GPU: cublasDgemm on the same
 * host data, one call at a time so that the bench can take turns with
 * hetla call by call: host to host (A and B copied in, C out, from the
 * caller's memory as it is, as hetla's synchronous call does) or
 * device-resident; timed by the host's clock from the first enqueue to
 * the stream's end, as hetla's side is. Exported for the `hetla` command, which finds it through
 * hetla__backend_symbol. The cuSOLVER peers of the factorizations follow. */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devices/cuda/cuda_internal.h"

typedef struct {
    int n;
    double *A, *B, *C;
    cudaStream_t stream;
    cublasHandle_t blas;
} peer;

HETLA__MODULE_EXPORT void hetla_cuda_peer_dgemm_close(void *handle);
HETLA__MODULE_EXPORT int hetla_cuda_peer_dgemm_open(int device, int n, void **handle, char *err, size_t errlen);
HETLA__MODULE_EXPORT double hetla_cuda_peer_dgemm_run(void *handle, const double *A, const double *B, double *C,
                                                      int host);

void hetla_cuda_peer_dgemm_close(void *handle)
{
    peer *p = handle;
    if (!p)
        return;
    cudaFree(p->A), cudaFree(p->B), cudaFree(p->C);
    if (p->blas)
        cublasDestroy(p->blas);
    if (p->stream)
        cudaStreamDestroy(p->stream);
    free(p);
}

/* A stream, cuBLAS handle and n x n matrices A, B, C of the peer's own on
 * GPU @p device (a CUDA ordinal) into @p handle. */
int hetla_cuda_peer_dgemm_open(int device, int n, void **handle, char *err, size_t errlen)
{
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    peer *p = calloc(1, sizeof *p);
    if (!p || cudaSetDevice(device) != cudaSuccess || cudaMalloc((void **)&p->A, bytes) != cudaSuccess ||
        cudaMalloc((void **)&p->B, bytes) != cudaSuccess || cudaMalloc((void **)&p->C, bytes) != cudaSuccess ||
        cudaStreamCreate(&p->stream) != cudaSuccess || cublasCreate(&p->blas) != CUBLAS_STATUS_SUCCESS ||
        cublasSetStream(p->blas, p->stream) != CUBLAS_STATUS_SUCCESS) {
        snprintf(err, errlen, "cuBLAS peer setup failed: %s", cudaGetErrorString(cudaGetLastError()));
        hetla_cuda_peer_dgemm_close(p);
        p = NULL;
    } else
        p->n = n;
    *handle = p;
    return !p;
}

/* One C := A B in seconds, negative on failure: @p host 1 copies A and B
 * in and C out, 0 keeps the matrices on the GPU (device-resident: a host
 * run first puts A and B there). */
double hetla_cuda_peer_dgemm_run(void *handle, const double *A, const double *B, double *C, int host)
{
    peer *p = handle;
    const double one = 1, zero = 0;
    int n = p->n;
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    double t0 = hetla__now();
    int bad = 0;
    if (host)
        bad = cudaMemcpyAsync(p->A, A, bytes, cudaMemcpyHostToDevice, p->stream) != cudaSuccess ||
              cudaMemcpyAsync(p->B, B, bytes, cudaMemcpyHostToDevice, p->stream) != cudaSuccess;
    bad = bad || cublasDgemm(p->blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, p->A, n, p->B, n, &zero, p->C, n) !=
                     CUBLAS_STATUS_SUCCESS;
    if (host && !bad)
        bad = cudaMemcpyAsync(C, p->C, bytes, cudaMemcpyDeviceToHost, p->stream) != cudaSuccess;
    bad = cudaStreamSynchronize(p->stream) != cudaSuccess || bad;
    return bad ? -1 : hetla__now() - t0;
}

/* The vendor peers of `hetla bench potrf|getrf|geqrf` on a GPU:
 * cusolverDnDpotrf (lower), cusolverDnDgetrf (partial pivoting) or
 * cusolverDnDgeqrf (and cusolverDnDgetrf without pivots, given none) on
 * the same host matrix @p A, host to host (A in, the
 * factors out to @p F, @p ipiv or @p tau, from the caller's pageable
 * memory) and device-resident (the factorization alone, on a fresh device
 * copy each run). */
typedef enum { POTRF, GETRF, GETRF_NOPIV, GEQRF } factor;

static int cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

typedef struct {
    factor what;
    int n, lwork;
    double *dA, *work, *tau;
    int *ipiv, *info;
    cusolverDnHandle_t solver;
} solver_run;

static int workspace(solver_run *r)
{
    cusolverStatus_t st;
    if (r->what == POTRF)
        st = cusolverDnDpotrf_bufferSize(r->solver, CUBLAS_FILL_MODE_LOWER, r->n, r->dA, r->n, &r->lwork);
    else if (r->what == GETRF || r->what == GETRF_NOPIV)
        st = cusolverDnDgetrf_bufferSize(r->solver, r->n, r->n, r->dA, r->n, &r->lwork);
    else
        st = cusolverDnDgeqrf_bufferSize(r->solver, r->n, r->n, r->dA, r->n, &r->lwork);
    return st != CUSOLVER_STATUS_SUCCESS || cudaMalloc((void **)&r->work, (size_t)r->lwork * sizeof(double));
}

static cusolverStatus_t factorize(solver_run *r)
{
    if (r->what == POTRF)
        return cusolverDnDpotrf(r->solver, CUBLAS_FILL_MODE_LOWER, r->n, r->dA, r->n, r->work, r->lwork, r->info);
    if (r->what == GETRF || r->what == GETRF_NOPIV)
        return cusolverDnDgetrf(r->solver, r->n, r->n, r->dA, r->n, r->work, r->what == GETRF ? r->ipiv : NULL,
                                r->info);
    return cusolverDnDgeqrf(r->solver, r->n, r->n, r->dA, r->n, r->tau, r->work, r->lwork, r->info);
}

HETLA__MODULE_EXPORT int hetla_cuda_peer_dfactor(const char *what, int device, int n, const double *A, double *F,
                                                 int *ipiv, double *tau, int reps, int host, double *host_s,
                                                 double *dev_s, char *err, size_t errlen);

/* @p host: also host to host (else device-resident only, @p F untouched). */
int hetla_cuda_peer_dfactor(const char *what, int device, int n, const double *A, double *F, int *ipiv, double *tau,
                            int reps, int host_too, double *host_s, double *dev_s, char *err, size_t errlen)
{
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    static const char *const names[] = {
        [POTRF] = "potrf", [GETRF] = "getrf", [GETRF_NOPIV] = "getrf_nopiv", [GEQRF] = "geqrf"};
    solver_run r = {.what = POTRF, .n = n};
    while (r.what <= GEQRF && strcmp(what, names[r.what]))
        r.what++;
    if (r.what > GEQRF) {
        snprintf(err, errlen, "no cuSOLVER peer for '%s'", what);
        return 1;
    }
    double *d0 = NULL;
    int rc = 0;
    cudaStream_t stream = NULL;
    cudaEvent_t start = NULL, stop = NULL;
    float *t = calloc((size_t)reps, sizeof *t);
    if (!t || cudaSetDevice(device) != cudaSuccess || cudaMalloc((void **)&r.dA, bytes) != cudaSuccess ||
        cudaMalloc((void **)&d0, bytes) != cudaSuccess || cudaMalloc((void **)&r.info, sizeof(int)) != cudaSuccess ||
        cudaMalloc((void **)&r.ipiv, (size_t)n * sizeof(int)) != cudaSuccess ||
        cudaMalloc((void **)&r.tau, (size_t)n * sizeof(double)) != cudaSuccess ||
        cudaStreamCreate(&stream) != cudaSuccess || cusolverDnCreate(&r.solver) != CUSOLVER_STATUS_SUCCESS ||
        cusolverDnSetStream(r.solver, stream) != CUSOLVER_STATUS_SUCCESS || workspace(&r) ||
        cudaEventCreate(&start) != cudaSuccess || cudaEventCreate(&stop) != cudaSuccess ||
        cudaMemcpy(d0, A, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
        snprintf(err, errlen, "cuSOLVER peer setup failed: %s", cudaGetErrorString(cudaGetLastError()));
        rc = 1;
    }
    for (int host = host_too; host >= 0 && !rc; host--)
        for (int k = -1; k < reps && !rc; k++) { /* k = -1: warm-up */
            if (!host)
                cudaMemcpyAsync(r.dA, d0, bytes, cudaMemcpyDeviceToDevice, stream);
            cudaEventRecord(start, stream);
            if (host)
                cudaMemcpyAsync(r.dA, A, bytes, cudaMemcpyHostToDevice, stream);
            cusolverStatus_t st = factorize(&r);
            if (host) {
                cudaMemcpyAsync(F, r.dA, bytes, cudaMemcpyDeviceToHost, stream);
                if (r.what == GETRF)
                    cudaMemcpyAsync(ipiv, r.ipiv, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost, stream);
                if (r.what == GEQRF)
                    cudaMemcpyAsync(tau, r.tau, (size_t)n * sizeof(double), cudaMemcpyDeviceToHost, stream);
            }
            cudaEventRecord(stop, stream);
            float ms = -1;
            if (st != CUSOLVER_STATUS_SUCCESS || cudaEventSynchronize(stop) != cudaSuccess ||
                cudaEventElapsedTime(&ms, start, stop) != cudaSuccess) {
                snprintf(err, errlen, "cuSOLVER peer run failed: %s", cudaGetErrorString(cudaGetLastError()));
                rc = 1;
            }
            if (k >= 0)
                t[k] = ms;
            if (k == reps - 1) {
                qsort(t, (size_t)reps, sizeof *t, cmp);
                *(host ? host_s : dev_s) = t[reps / 2] * 1e-3;
            }
        }
    /* the last run's factors, for the residual */
    if (!rc && (cudaMemcpy(F, r.dA, bytes, cudaMemcpyDeviceToHost) != cudaSuccess ||
                (r.what == GETRF && cudaMemcpy(ipiv, r.ipiv, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost)) ||
                (r.what == GEQRF && cudaMemcpy(tau, r.tau, (size_t)n * sizeof(double), cudaMemcpyDeviceToHost))))
        rc = 1, snprintf(err, errlen, "cuSOLVER peer: the factors did not come back");
    cudaFree(r.dA), cudaFree(d0), cudaFree(r.work), cudaFree(r.info), cudaFree(r.ipiv), cudaFree(r.tau);
    if (r.solver)
        cusolverDnDestroy(r.solver);
    hetla__cuda_bench_stream_free(stream, start, stop);
    free(t);
    return rc;
}

void hetla__cuda_bench_stream_free(cudaStream_t stream, cudaEvent_t start, cudaEvent_t stop)
{
    if (stream)
        cudaStreamDestroy(stream);
    if (start)
        cudaEventDestroy(start);
    if (stop)
        cudaEventDestroy(stop);
}
