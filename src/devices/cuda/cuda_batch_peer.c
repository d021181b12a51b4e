/* The GPU side of `hetla bench gemm-batch --devices cuda`, device-resident
 * (the operands copied to the GPU before the clock starts, timed with CUDA
 * events, median of the runs): the vendor peer cublasDgemmStridedBatched,
 * and hetla's own kernels called directly (strided; strided -> interleaved
 * conversion; interleaved), so that no host transfer is timed. Exported
 * for the `hetla` command, which finds them through hetla__backend_symbol. */
#include <cublas_v2.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels/cuda/batch_cuda.h"

/* count n x n matrices per operand, strided (stride n*n) and interleaved,
 * and a pristine copy of C to restart every run from. */
typedef struct {
    int n;
    long long count;
    size_t bytes;
    double *A, *B, *C, *C0, *Ai, *Bi, *Ci;
    cudaStream_t stream;
    cudaEvent_t start, stop;
} gpu_batch;

static int cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static hetla__cuda_bop strided(const gpu_batch *g, double *p) { return (hetla__cuda_bop){p, 1, g->n * g->n, 1, g->n}; }
static hetla__cuda_bop interleaved(const gpu_batch *g, double *p)
{
    return (hetla__cuda_bop){p, g->count, 0, g->count, g->n};
}

static int fail(char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s failed: %s", what, cudaGetErrorString(cudaGetLastError()));
    return 1;
}

static int setup(gpu_batch *g, int device, int n, long long count, const double *A, const double *B, const double *C,
                 int interleave, char *err, size_t errlen)
{
    *g = (gpu_batch){.n = n, .count = count, .bytes = (size_t)count * (size_t)n * (size_t)n * sizeof(double)};
    if (cudaSetDevice(device) != cudaSuccess || cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking) ||
        cudaEventCreate(&g->start) || cudaEventCreate(&g->stop) || cudaMalloc((void **)&g->A, g->bytes) ||
        cudaMalloc((void **)&g->B, g->bytes) || cudaMalloc((void **)&g->C, g->bytes) ||
        cudaMalloc((void **)&g->C0, g->bytes) || cudaMemcpy(g->A, A, g->bytes, cudaMemcpyHostToDevice) ||
        cudaMemcpy(g->B, B, g->bytes, cudaMemcpyHostToDevice) ||
        cudaMemcpy(g->C0, C, g->bytes, cudaMemcpyHostToDevice))
        return fail(err, errlen, "GPU batch setup");
    if (interleave && (cudaMalloc((void **)&g->Ai, g->bytes) || cudaMalloc((void **)&g->Bi, g->bytes) ||
                       cudaMalloc((void **)&g->Ci, g->bytes)))
        return fail(err, errlen, "GPU batch setup");
    return 0;
}

static void teardown(gpu_batch *g)
{
    cudaFree(g->A), cudaFree(g->B), cudaFree(g->C), cudaFree(g->C0);
    cudaFree(g->Ai), cudaFree(g->Bi), cudaFree(g->Ci);
    if (g->stream)
        cudaStreamDestroy(g->stream);
    if (g->start)
        cudaEventDestroy(g->start);
    if (g->stop)
        cudaEventDestroy(g->stop);
}

typedef enum { CUBLAS, HETLA_STRIDED, CONVERT_IN, HETLA_INTERLEAVED } step;

/* Enqueues one step; C := A B + C (alpha = beta = 1, as the CPU rows). */
static int enqueue(gpu_batch *g, step s, cublasHandle_t blas)
{
    const double one = 1;
    int n = g->n;
    hetla__cuda_gemm d = {.type = HETLA__CUDA_D, .m = n, .n = n, .k = n, .alpha = {1, 0}, .beta = {1, 0},
                          .count = g->count};
    switch (s) {
    case CUBLAS:
        return cublasDgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, g->A, n, (long long)n * n,
                                         g->B, n, (long long)n * n, &one, g->C, n, (long long)n * n,
                                         (int)g->count) != CUBLAS_STATUS_SUCCESS;
    case HETLA_STRIDED:
        d.A = strided(g, g->A), d.B = strided(g, g->B), d.C = strided(g, g->C);
        return hetla__cuda_gemm_batch(&d, g->stream) != cudaSuccess;
    case CONVERT_IN: {
        double *src[] = {g->A, g->B, g->C0}, *dst[] = {g->Ai, g->Bi, g->Ci};
        for (int i = 0; i < 3; i++) {
            hetla__cuda_bop a = strided(g, src[i]), b = interleaved(g, dst[i]);
            if (hetla__cuda_batch_copy(&a, &b, n, n, g->count, 8, g->stream))
                return 1;
        }
        return 0;
    }
    default:
        d.A = interleaved(g, g->Ai), d.B = interleaved(g, g->Bi), d.C = interleaved(g, g->Ci);
        return hetla__cuda_gemm_batch(&d, g->stream) != cudaSuccess;
    }
}

/* Times step @p s (median of @p reps after a warm-up), C restarted from C0
 * before each run outside the clock; leaves the last run's C strided in
 * @p Cout. */
static int timed(gpu_batch *g, step s, cublasHandle_t blas, int reps, double *sec, double *Cout, char *err,
                 size_t errlen)
{
    float *t = calloc((size_t)reps + 1, sizeof *t);
    int rc = !t;
    for (int r = -1; r < reps && !rc; r++) {
        if (s == HETLA_INTERLEAVED)
            rc = enqueue(g, CONVERT_IN, blas);
        else if (s != CONVERT_IN)
            rc = cudaMemcpyAsync(g->C, g->C0, g->bytes, cudaMemcpyDeviceToDevice, g->stream) != cudaSuccess;
        rc = rc || cudaEventRecord(g->start, g->stream) || enqueue(g, s, blas) ||
             cudaEventRecord(g->stop, g->stream) || cudaEventSynchronize(g->stop) ||
             cudaEventElapsedTime(&t[r + 1], g->start, g->stop);
    }
    if (!rc && s == HETLA_INTERLEAVED) { /* the result back to strided, for the caller's check */
        hetla__cuda_bop a = interleaved(g, g->Ci), b = strided(g, g->C);
        rc = hetla__cuda_batch_copy(&a, &b, g->n, g->n, g->count, 8, g->stream) != cudaSuccess;
    }
    if (!rc && Cout)
        rc = cudaMemcpyAsync(Cout, g->C, g->bytes, cudaMemcpyDeviceToHost, g->stream) ||
             cudaStreamSynchronize(g->stream);
    if (!rc) {
        qsort(t + 1, (size_t)reps, sizeof *t, cmp);
        *sec = t[1 + reps / 2] * 1e-3;
    }
    free(t);
    return rc ? fail(err, errlen, "GPU batch run") : 0;
}

/* The GPU's memory bandwidth in GB/s: 2 (double data rate) x memory clock
 * x bus width in bytes. */
static double bandwidth(int device)
{
    int khz = 0, bits = 0;
    if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, device) ||
        cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, device))
        return 0;
    return 2.0 * khz * 1e3 * (bits / 8) * 1e-9;
}

/** cublasDgemmStridedBatched, C := A B + C on @p count n x n matrices
 *  (host, strided by n*n); the result into @p Cout, the median time into
 *  @p sec and the GPU's memory bandwidth (GB/s) into @p peak_gbs.
 *  @return 0, or 1 with @p err filled. */
__attribute__((visibility("default"))) int hetla_cuda_peer_dgemm_batch(int device, int n, long long count,
                                                                        const double *A, const double *B,
                                                                        const double *C, int reps, double *Cout,
                                                                        double *sec, double *peak_gbs, char *err,
                                                                        size_t errlen);

int hetla_cuda_peer_dgemm_batch(int device, int n, long long count, const double *A, const double *B, const double *C,
                                int reps, double *Cout, double *sec, double *peak_gbs, char *err, size_t errlen)
{
    gpu_batch g;
    cublasHandle_t blas = NULL;
    int rc = setup(&g, device, n, count, A, B, C, 0, err, errlen);
    if (!rc && (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS || cublasSetStream(blas, g.stream)))
        rc = fail(err, errlen, "cuBLAS setup");
    if (!rc)
        rc = timed(&g, CUBLAS, blas, reps, sec, Cout, err, errlen);
    *peak_gbs = bandwidth(device);
    if (blas)
        cublasDestroy(blas);
    teardown(&g);
    return rc;
}

/** hetla's kernels on the same operands: sec[0] strided, sec[1] the
 *  conversion of A, B and C strided -> interleaved, sec[2] interleaved;
 *  the results (strided) into @p Cs and @p Ci. */
__attribute__((visibility("default"))) int hetla_cuda_native_dgemm_batch(int device, int n, long long count,
                                                                          const double *A, const double *B,
                                                                          const double *C, int reps, double *Cs,
                                                                          double *Ci, double sec[3], char *err,
                                                                          size_t errlen);

int hetla_cuda_native_dgemm_batch(int device, int n, long long count, const double *A, const double *B,
                                  const double *C, int reps, double *Cs, double *Ci, double sec[3], char *err,
                                  size_t errlen)
{
    gpu_batch g;
    int rc = setup(&g, device, n, count, A, B, C, 1, err, errlen);
    if (!rc)
        rc = timed(&g, HETLA_STRIDED, NULL, reps, &sec[0], Cs, err, errlen);
    if (!rc)
        rc = timed(&g, CONVERT_IN, NULL, reps, &sec[1], NULL, err, errlen);
    if (!rc)
        rc = timed(&g, HETLA_INTERLEAVED, NULL, reps, &sec[2], Ci, err, errlen);
    teardown(&g);
    return rc;
}
