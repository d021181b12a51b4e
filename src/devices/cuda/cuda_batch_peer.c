/* The GPU side of `hetla bench gemm-batch --devices cuda`, device-resident
 * (the operands copied to the GPU before the clock starts, timed with CUDA
 * events, median of the runs, the GPU's L2 cache flushed before each), in
 * any of the four precisions: the vendor peer cublas[SDCZ]gemmStridedBatched,
 * and hetla's own kernels called directly (strided; strided -> interleaved
 * conversion; interleaved, with each kernel; block-interleaved), so that no
 * host transfer is timed; the same for `hetla bench potrf-batch|getrf-batch
 * --devices cuda` beside cusolverDn[SDCZ]potrfBatched and
 * cublas[SDCZ]getrfBatched, and, in double precision, for `hetla bench
 * gemm-vbatch|gemv-vbatch|trsm-vbatch|potrf-vbatch|getrf-vbatch --devices
 * cuda` (hetla's kernels for packed variable batches) beside
 * cublasDgemmGroupedBatched and the vendor's batched GEMV, TRSM and
 * factorizations called once per order. Exported for the
 * `hetla` command, which finds them through hetla__backend_symbol. */
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devices/cuda/cuda_internal.h"
#include "devices/device.h"
#include "kernels/cuda/batch_cuda.h"

/* A buffer twice the GPU's L2 cache (and a word after it), read before
 * each timed run so that no run finds its operands in the cache; reading,
 * not writing, leaves no dirty line to be written back during the run. */
typedef struct {
    void *p;
    size_t bytes;
} l2_flush;

static int flush_init(l2_flush *f, int device)
{
    int l2 = 0;
    f->p = NULL, f->bytes = 0;
    if (cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device))
        return 1;
    f->bytes = 2 * (size_t)l2 / 16 * 16;
    return f->bytes && (cudaMalloc(&f->p, f->bytes + sizeof(int)) || cudaMemset(f->p, 0, f->bytes));
}

static int flush(const l2_flush *f, cudaStream_t stream)
{
    return f->bytes && hetla__cuda_touch(f->p, f->bytes, (int *)((char *)f->p + f->bytes), stream) != cudaSuccess;
}

/* count n x n matrices of esize bytes per operand, strided (stride n*n)
 * and in lanes of bs matrices (interleaved: bs = count; Ai, Bi, Ci hold
 * whole blocks), and a pristine copy of C to restart every run from. */
typedef struct {
    hetla__cuda_type type;
    int n;
    long long count, bs;
    size_t esize, bytes;
    void *A, *B, *C, *C0, *Ai, *Bi, *Ci;
    void *X, *Y; /* 2 n^2 elements a matrix each: the copy of the same bytes */
    cudaStream_t stream;
    cudaEvent_t start, stop;
    l2_flush l2;
} gpu_batch;

static int cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The median of @p reps event times (ms), in seconds. */
static double median_s(float *ms, int reps)
{
    qsort(ms, (size_t)reps, sizeof *ms, cmp);
    return ms[reps / 2] * 1e-3;
}

static hetla__cuda_bop strided(const gpu_batch *g, void *p) { return (hetla__cuda_bop){p, 1, g->n * g->n, 1, g->n}; }
static hetla__cuda_bop lanes(const gpu_batch *g, void *p)
{
    return (hetla__cuda_bop){p, g->bs, g->bs * g->n * g->n, g->bs, g->n};
}

static int fail(char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s failed: %s", what, cudaGetErrorString(cudaGetLastError()));
    return 1;
}

/* The element type and size of precision @p prec, 's', 'd', 'c' or 'z'; 1
 * with @p err filled for any other. */
static int precision(char prec, hetla__cuda_type *type, size_t *esize, char *err, size_t errlen)
{
    static const char names[] = "sdcz"; /* hetla__cuda_type's order */
    static const size_t sizes[] = {sizeof(float), sizeof(double), 2 * sizeof(float), 2 * sizeof(double)};
    const char *at = prec ? strchr(names, prec) : NULL;
    if (!at) {
        snprintf(err, errlen, "precision '%c': s, d, c or z only", prec);
        return 1;
    }
    *type = (hetla__cuda_type)(at - names), *esize = sizes[at - names];
    return 0;
}

/* @p bs: the smallest lane block to be run (0: none; the lane buffers
 * hold whole blocks of it). */
static int setup(gpu_batch *g, char prec, int device, int n, long long count, const void *A, const void *B,
                 const void *C, long long bs, char *err, size_t errlen)
{
    *g = (gpu_batch){.n = n, .count = count, .bs = count};
    if (precision(prec, &g->type, &g->esize, err, errlen))
        return 1;
    g->bytes = (size_t)count * (size_t)n * (size_t)n * g->esize;
    size_t lane_bytes = bs ? (size_t)((count + bs - 1) / bs * bs) * (size_t)n * (size_t)n * g->esize : 0;
    if (cudaSetDevice(device) != cudaSuccess || cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking) ||
        cudaEventCreate(&g->start) || cudaEventCreate(&g->stop) || cudaMalloc((void **)&g->A, g->bytes) ||
        cudaMalloc((void **)&g->B, g->bytes) || cudaMalloc((void **)&g->C, g->bytes) ||
        cudaMalloc((void **)&g->C0, g->bytes) || cudaMemcpy(g->A, A, g->bytes, cudaMemcpyHostToDevice) ||
        cudaMemcpy(g->B, B, g->bytes, cudaMemcpyHostToDevice) ||
        cudaMemcpy(g->C0, C, g->bytes, cudaMemcpyHostToDevice) || flush_init(&g->l2, device))
        return fail(err, errlen, "GPU batch setup");
    if (bs && (cudaMalloc((void **)&g->Ai, lane_bytes) || cudaMalloc((void **)&g->Bi, lane_bytes) ||
               cudaMalloc((void **)&g->Ci, lane_bytes)))
        return fail(err, errlen, "GPU batch setup");
    return 0;
}

static void teardown(gpu_batch *g)
{
    cudaFree(g->A), cudaFree(g->B), cudaFree(g->C), cudaFree(g->C0);
    cudaFree(g->Ai), cudaFree(g->Bi), cudaFree(g->Ci), cudaFree(g->X), cudaFree(g->Y), cudaFree(g->l2.p);
    hetla__cuda_bench_stream_free(g->stream, g->start, g->stop);
}

/* cuBLAS and cuSOLVER handles on @p stream, for the vendor's batched
 * factorizations and solves; vendor_close releases those made. */
static int vendor_open(cudaStream_t stream, cublasHandle_t *blas, cusolverDnHandle_t *solver, char *err,
                       size_t errlen)
{
    if (cublasCreate(blas) != CUBLAS_STATUS_SUCCESS || cublasSetStream(*blas, stream) != CUBLAS_STATUS_SUCCESS ||
        cusolverDnCreate(solver) != CUSOLVER_STATUS_SUCCESS ||
        cusolverDnSetStream(*solver, stream) != CUSOLVER_STATUS_SUCCESS)
        return fail(err, errlen, "cuBLAS / cuSOLVER setup");
    return 0;
}

static void vendor_close(cublasHandle_t blas, cusolverDnHandle_t solver)
{
    if (blas)
        cublasDestroy(blas);
    if (solver)
        cusolverDnDestroy(solver);
}

/* The lane steps run on g->bs lanes; HETLA_LANES with the library's
 * choice of kernel, HETLA_STAGED with the staged one. COPY moves the bytes
 * a GEMM moves (A, B and C read, C written: 4 n^2 elements a matrix) as one
 * device-to-device copy of 2 n^2 elements a matrix: what the memory system
 * gives a transfer of that size, the roofline of the batch as it is. */
typedef enum { CUBLAS, HETLA_STRIDED, CONVERT_IN, HETLA_LANES, HETLA_STAGED, COPY } step;

/* cublas[SDCZ]gemmStridedBatched of the batch's precision, C := A B + C. */
static cublasStatus_t vendor_gemm(gpu_batch *g, cublasHandle_t blas)
{
    const cublasOperation_t N = CUBLAS_OP_N;
    const float onef = 1;
    const double one = 1;
    const cuComplex onec = {1, 0};
    const cuDoubleComplex onez = {1, 0};
    int n = g->n, count = (int)g->count;
    long long nn = (long long)n * n;
    switch (g->type) {
    case HETLA__CUDA_S:
        return cublasSgemmStridedBatched(blas, N, N, n, n, n, &onef, g->A, n, nn, g->B, n, nn, &onef, g->C, n, nn,
                                         count);
    case HETLA__CUDA_D:
        return cublasDgemmStridedBatched(blas, N, N, n, n, n, &one, g->A, n, nn, g->B, n, nn, &one, g->C, n, nn,
                                         count);
    case HETLA__CUDA_C:
        return cublasCgemmStridedBatched(blas, N, N, n, n, n, &onec, g->A, n, nn, g->B, n, nn, &onec, g->C, n, nn,
                                         count);
    default:
        return cublasZgemmStridedBatched(blas, N, N, n, n, n, &onez, g->A, n, nn, g->B, n, nn, &onez, g->C, n, nn,
                                         count);
    }
}

/* Enqueues one step; C := A B + C (alpha = beta = 1, as the CPU rows). */
static int enqueue(gpu_batch *g, step s, cublasHandle_t blas)
{
    int n = g->n;
    hetla__cuda_gemm d = {.type = g->type, .m = n, .n = n, .k = n, .alpha = {1, 0}, .beta = {1, 0}, .count = g->count};
    switch (s) {
    case CUBLAS:
        return vendor_gemm(g, blas) != CUBLAS_STATUS_SUCCESS;
    case COPY:
        return cudaMemcpyAsync(g->Y, g->X, 2 * g->bytes, cudaMemcpyDeviceToDevice, g->stream) != cudaSuccess;
    case HETLA_STRIDED:
        d.A = strided(g, g->A), d.B = strided(g, g->B), d.C = strided(g, g->C);
        return hetla__cuda_gemm_batch(&d, g->stream) != cudaSuccess;
    case CONVERT_IN: {
        void *src[] = {g->A, g->B, g->C0}, *dst[] = {g->Ai, g->Bi, g->Ci};
        for (int i = 0; i < 3; i++) {
            hetla__cuda_bop a = strided(g, src[i]), b = lanes(g, dst[i]);
            if (hetla__cuda_batch_copy(&a, &b, n, n, g->count, (int)g->esize, g->stream))
                return 1;
        }
        return 0;
    }
    default:
        d.A = lanes(g, g->Ai), d.B = lanes(g, g->Bi), d.C = lanes(g, g->Ci);
        d.kernel = s == HETLA_STAGED ? HETLA__CUDA_GEMM_STAGED : HETLA__CUDA_GEMM_AUTO;
        return hetla__cuda_gemm_batch(&d, g->stream) != cudaSuccess;
    }
}

/* Times step @p s (median of @p reps after a warm-up), C restarted from C0
 * and the L2 cache flushed before each run outside the clock; leaves the
 * last run's C strided in @p Cout. */
static int timed(gpu_batch *g, step s, cublasHandle_t blas, int reps, double *sec, void *Cout, char *err, size_t errlen)
{
    float *t = calloc((size_t)reps + 1, sizeof *t);
    int rc = !t;
    const int on_lanes = s == HETLA_LANES || s == HETLA_STAGED;
    for (int r = -1; r < reps && !rc; r++) {
        if (on_lanes)
            rc = enqueue(g, CONVERT_IN, blas);
        else if (s != CONVERT_IN && s != COPY)
            rc = cudaMemcpyAsync(g->C, g->C0, g->bytes, cudaMemcpyDeviceToDevice, g->stream) != cudaSuccess;
        rc = rc || flush(&g->l2, g->stream) || cudaEventRecord(g->start, g->stream) || enqueue(g, s, blas) ||
             cudaEventRecord(g->stop, g->stream) || cudaEventSynchronize(g->stop) ||
             cudaEventElapsedTime(&t[r + 1], g->start, g->stop);
    }
    if (!rc && on_lanes) { /* the result back to strided, for the caller's check */
        hetla__cuda_bop a = lanes(g, g->Ci), b = strided(g, g->C);
        rc = hetla__cuda_batch_copy(&a, &b, g->n, g->n, g->count, (int)g->esize, g->stream) != cudaSuccess;
    }
    if (!rc && Cout)
        rc = cudaMemcpyAsync(Cout, g->C, g->bytes, cudaMemcpyDeviceToHost, g->stream) ||
             cudaStreamSynchronize(g->stream);
    if (!rc) {
        *sec = median_s(t + 1, reps);
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

/** cublas[SDCZ]gemmStridedBatched (@p prec 's', 'd', 'c' or 'z': float,
 *  double, and their complex pairs), C := A B + C on @p count
 *  n x n matrices (host, strided by n*n); the result into @p Cout, the
 *  median time into @p sec and the GPU's memory bandwidth (GB/s) into
 *  @p peak_gbs. @return 0, or 1 with @p err filled. */
HETLA__MODULE_EXPORT int hetla_cuda_peer_gemm_batch(char prec, int device, int n, long long count, const void *A,
                                                    const void *B, const void *C, int reps, void *Cout, double *sec,
                                                    double *peak_gbs, char *err, size_t errlen);

int hetla_cuda_peer_gemm_batch(char prec, int device, int n, long long count, const void *A, const void *B,
                               const void *C, int reps, void *Cout, double *sec, double *peak_gbs, char *err,
                               size_t errlen)
{
    gpu_batch g;
    cublasHandle_t blas = NULL;
    int rc = setup(&g, prec, device, n, count, A, B, C, 0, err, errlen);
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

/** hetla's kernels on the same operands, in precision @p prec: sec[0]
 *  strided, sec[1] the conversion of A, B and C strided -> interleaved,
 *  sec[2] interleaved (the library's choice of kernel), sec[3] interleaved
 *  with the staged kernel where the choice was another (else 0), sec[4]
 *  block-interleaved in blocks of @p bs, sec[5] the copy of as many bytes
 *  as a GEMM moves; the results (strided) into out[0..3] in that order,
 *  skipping the conversion. */
HETLA__MODULE_EXPORT int hetla_cuda_native_gemm_batch(char prec, int device, int n, long long count, long long bs,
                                                      const void *A, const void *B, const void *C, int reps,
                                                      void *const out[4], double sec[6], char *err, size_t errlen);

int hetla_cuda_native_gemm_batch(char prec, int device, int n, long long count, long long bs, const void *A,
                                 const void *B, const void *C, int reps, void *const out[4], double sec[6], char *err,
                                 size_t errlen)
{
    gpu_batch g;
    int rc = setup(&g, prec, device, n, count, A, B, C, bs, err, errlen);
    sec[3] = 0;
    if (!rc)
        rc = timed(&g, HETLA_STRIDED, NULL, reps, &sec[0], out[0], err, errlen);
    if (!rc)
        rc = timed(&g, CONVERT_IN, NULL, reps, &sec[1], NULL, err, errlen);
    if (!rc)
        rc = timed(&g, HETLA_LANES, NULL, reps, &sec[2], out[1], err, errlen);
    /* the library takes the fully unrolled kernel for square orders <= 8
     * whose C fits 64 doubles' registers (double complex: up to 5) */
    if (!rc && n <= 8 && (size_t)n * n * g.esize <= 64 * sizeof(double))
        rc = timed(&g, HETLA_STAGED, NULL, reps, &sec[3], out[2], err, errlen);
    g.bs = bs;
    if (!rc)
        rc = timed(&g, HETLA_LANES, NULL, reps, &sec[4], out[3], err, errlen);
    if (!rc && (cudaMalloc((void **)&g.X, 2 * g.bytes) || cudaMalloc((void **)&g.Y, 2 * g.bytes) ||
                cudaMemset(g.X, 0, 2 * g.bytes)))
        rc = fail(err, errlen, "GPU batch setup");
    if (!rc)
        rc = timed(&g, COPY, NULL, reps, &sec[5], NULL, err, errlen);
    teardown(&g);
    return rc;
}

/* ---- batched Cholesky and LU (`hetla bench potrf-batch|getrf-batch --devices cuda`) ---- */

/* count n x n matrices of esize bytes: the pristine input A0 and the
 * work copy W (strided, n*n apart), W's interleaved twin Wi, the vendor's
 * pointer array, pivots and info. */
typedef struct {
    hetla__cuda_type type;
    int n, lu;
    long long count;
    size_t esize, bytes;
    void *A0, *W, *Wi, **ptrs;
    int *piv, *info;
    long long *info64, *piv64;
    cudaStream_t stream;
    cudaEvent_t start, stop;
    l2_flush l2;
} gpu_factor;

static int factor_setup(gpu_factor *f, char prec, int device, const char *what, int n, long long count, const void *A,
                        char *err, size_t errlen)
{
    *f = (gpu_factor){.n = n, .lu = what[0] == 'g', .count = count};
    if (precision(prec, &f->type, &f->esize, err, errlen))
        return 1;
    f->bytes = (size_t)count * (size_t)n * (size_t)n * f->esize;
    size_t ptr_bytes = (size_t)count * sizeof(void *);
    void **host = malloc(ptr_bytes);
    int rc = !host || cudaSetDevice(device) || cudaStreamCreateWithFlags(&f->stream, cudaStreamNonBlocking) ||
             cudaEventCreate(&f->start) || cudaEventCreate(&f->stop) || cudaMalloc((void **)&f->A0, f->bytes) ||
             cudaMalloc((void **)&f->W, f->bytes) || cudaMalloc((void **)&f->Wi, f->bytes) ||
             cudaMalloc((void **)&f->ptrs, ptr_bytes) ||
             cudaMalloc((void **)&f->piv, (size_t)count * (size_t)n * sizeof(int)) ||
             cudaMalloc((void **)&f->info, (size_t)count * sizeof(int)) ||
             cudaMalloc((void **)&f->piv64, (size_t)count * (size_t)n * sizeof(long long)) ||
             cudaMalloc((void **)&f->info64, (size_t)count * sizeof(long long)) ||
             cudaMemcpy(f->A0, A, f->bytes, cudaMemcpyHostToDevice) || flush_init(&f->l2, device);
    for (long long k = 0; !rc && k < count; k++)
        host[k] = (char *)f->W + (size_t)(k * n * n) * f->esize;
    rc = rc || cudaMemcpy(f->ptrs, host, ptr_bytes, cudaMemcpyHostToDevice);
    free(host);
    return rc ? fail(err, errlen, "GPU batch factorization setup") : 0;
}

static void factor_teardown(gpu_factor *f)
{
    cudaFree(f->A0), cudaFree(f->W), cudaFree(f->Wi), cudaFree(f->ptrs);
    cudaFree(f->piv), cudaFree(f->info), cudaFree(f->piv64), cudaFree(f->info64), cudaFree(f->l2.p);
    hetla__cuda_bench_stream_free(f->stream, f->start, f->stop);
}

typedef enum { VENDOR, OWN_STRIDED, OWN_CONVERT, OWN_INTERLEAVED } factor_step;

/* The vendor's batched LU of W through the pointer array:
 * cublas[SDCZ]getrfBatched. */
static cublasStatus_t vendor_getrf(gpu_factor *f, cublasHandle_t blas)
{
    int n = f->n, count = (int)f->count;
    switch (f->type) {
    case HETLA__CUDA_S:
        return cublasSgetrfBatched(blas, n, (float **)f->ptrs, n, f->piv, f->info, count);
    case HETLA__CUDA_D:
        return cublasDgetrfBatched(blas, n, (double **)f->ptrs, n, f->piv, f->info, count);
    case HETLA__CUDA_C:
        return cublasCgetrfBatched(blas, n, (cuComplex **)f->ptrs, n, f->piv, f->info, count);
    default:
        return cublasZgetrfBatched(blas, n, (cuDoubleComplex **)f->ptrs, n, f->piv, f->info, count);
    }
}

/* The vendor's batched Cholesky (lower) of W through the pointer array:
 * cusolverDn[SDCZ]potrfBatched. */
static cusolverStatus_t vendor_potrf(gpu_factor *f, cusolverDnHandle_t solver)
{
    const cublasFillMode_t L = CUBLAS_FILL_MODE_LOWER;
    int n = f->n, count = (int)f->count;
    switch (f->type) {
    case HETLA__CUDA_S:
        return cusolverDnSpotrfBatched(solver, L, n, (float **)f->ptrs, n, f->info, count);
    case HETLA__CUDA_D:
        return cusolverDnDpotrfBatched(solver, L, n, (double **)f->ptrs, n, f->info, count);
    case HETLA__CUDA_C:
        return cusolverDnCpotrfBatched(solver, L, n, (cuComplex **)f->ptrs, n, f->info, count);
    default:
        return cusolverDnZpotrfBatched(solver, L, n, (cuDoubleComplex **)f->ptrs, n, f->info, count);
    }
}

/* Enqueues one step on W (or Wi); the vendor's handles as given. */
static int factor_enqueue(gpu_factor *f, factor_step s, cusolverDnHandle_t solver, cublasHandle_t blas)
{
    hetla__cuda_bop st = {f->W, 1, (long long)f->n * f->n, 1, f->n}, il = {f->Wi, f->count, 0, f->count, f->n};
    hetla__cuda_factor d = {.type = f->type, .m = f->n, .n = f->n, .count = f->count, .info = f->info64,
                            .ipiv = f->lu ? f->piv64 : NULL, .ipiv_ld = f->n};
    switch (s) {
    case VENDOR:
        return f->lu ? vendor_getrf(f, blas) != CUBLAS_STATUS_SUCCESS
                     : vendor_potrf(f, solver) != CUSOLVER_STATUS_SUCCESS;
    case OWN_STRIDED:
        d.A = st;
        break;
    case OWN_CONVERT:
        return hetla__cuda_batch_copy(&st, &il, f->n, f->n, f->count, (int)f->esize, f->stream) != cudaSuccess;
    default:
        d.A = il;
        break;
    }
    return (f->lu ? hetla__cuda_getrf_batch(&d, f->stream) : hetla__cuda_potrf_batch(&d, f->stream)) != cudaSuccess;
}

/* Times step @p s (median of @p reps after a warm-up), W restarted from A0
 * (and converted, for the interleaved runs) and the L2 cache flushed
 * before each run outside the clock; the last run's factors, strided,
 * into @p out. */
static int factor_timed(gpu_factor *f, factor_step s, cusolverDnHandle_t solver, cublasHandle_t blas, int reps,
                        double *sec, void *out, char *err, size_t errlen)
{
    float *t = calloc((size_t)reps + 1, sizeof *t);
    int rc = !t;
    for (int r = -1; r < reps && !rc; r++) {
        rc = cudaMemcpyAsync(f->W, f->A0, f->bytes, cudaMemcpyDeviceToDevice, f->stream) != cudaSuccess;
        if (!rc && s == OWN_INTERLEAVED)
            rc = factor_enqueue(f, OWN_CONVERT, solver, blas);
        rc = rc || flush(&f->l2, f->stream) || cudaEventRecord(f->start, f->stream) ||
             factor_enqueue(f, s, solver, blas) ||
             cudaEventRecord(f->stop, f->stream) || cudaEventSynchronize(f->stop) ||
             cudaEventElapsedTime(&t[r + 1], f->start, f->stop);
    }
    if (!rc && s == OWN_INTERLEAVED) {
        hetla__cuda_bop il = {f->Wi, f->count, 0, f->count, f->n}, st = {f->W, 1, (long long)f->n * f->n, 1, f->n};
        rc = hetla__cuda_batch_copy(&il, &st, f->n, f->n, f->count, (int)f->esize, f->stream) != cudaSuccess;
    }
    if (!rc && out)
        rc = cudaMemcpyAsync(out, f->W, f->bytes, cudaMemcpyDeviceToHost, f->stream) ||
             cudaStreamSynchronize(f->stream);
    if (!rc) {
        *sec = median_s(t + 1, reps);
    }
    free(t);
    return rc ? fail(err, errlen, "GPU batch factorization run") : 0;
}

/** The vendor's batched factorization of @p count n x n matrices (host,
 *  strided by n*n; float with @p prec 's', double with 'd', their complex
 *  pairs with 'c' and 'z'): cusolverDn[SDCZ]potrfBatched (lower; @p what
 *  "potrf") or cublas[SDCZ]getrfBatched (partial pivoting; "getrf"),
 *  device-resident on pointer arrays; the factors into @p out, the median
 *  time into @p sec and the GPU's memory bandwidth (GB/s) into
 *  @p peak_gbs. */
HETLA__MODULE_EXPORT int hetla_cuda_peer_factor_batch(char prec, const char *what, int device, int n, long long count,
                                                      const void *A, int reps, void *out, double *sec, double *peak_gbs,
                                                      char *err, size_t errlen);

int hetla_cuda_peer_factor_batch(char prec, const char *what, int device, int n, long long count, const void *A,
                                 int reps, void *out, double *sec, double *peak_gbs, char *err, size_t errlen)
{
    gpu_factor f;
    cusolverDnHandle_t solver = NULL;
    cublasHandle_t blas = NULL;
    int rc = factor_setup(&f, prec, device, what, n, count, A, err, errlen);
    rc = rc || vendor_open(f.stream, &blas, &solver, err, errlen);
    if (!rc)
        rc = factor_timed(&f, VENDOR, solver, blas, reps, sec, out, err, errlen);
    *peak_gbs = bandwidth(device);
    vendor_close(blas, solver);
    factor_teardown(&f);
    return rc;
}

/** hetla's kernels on the same matrices, in precision @p prec: sec[0]
 *  strided, sec[1] the conversion strided -> interleaved, sec[2]
 *  interleaved; the factors (strided) into @p Fs and @p Fi. */
HETLA__MODULE_EXPORT int hetla_cuda_native_factor_batch(char prec, const char *what, int device, int n, long long count,
                                                        const void *A, int reps, void *Fs, void *Fi, double sec[3],
                                                        char *err, size_t errlen);

int hetla_cuda_native_factor_batch(char prec, const char *what, int device, int n, long long count, const void *A,
                                   int reps, void *Fs, void *Fi, double sec[3], char *err, size_t errlen)
{
    gpu_factor f;
    int rc = factor_setup(&f, prec, device, what, n, count, A, err, errlen);
    if (!rc)
        rc = factor_timed(&f, OWN_STRIDED, NULL, NULL, reps, &sec[0], Fs, err, errlen);
    if (!rc)
        rc = factor_timed(&f, OWN_CONVERT, NULL, NULL, reps, &sec[1], NULL, err, errlen);
    if (!rc)
        rc = factor_timed(&f, OWN_INTERLEAVED, NULL, NULL, reps, &sec[2], Fi, err, errlen);
    factor_teardown(&f);
    return rc;
}

/* ---- variable batches (`hetla bench gemm|gemv|trsm|potrf|getrf-vbatch --devices cuda`) ---- */

/* The problems of a variable batch on the GPU: D the packed elements
 * (each problem's operands one after the other: GEMM A, B, C; GEMV A, x,
 * y; TRSM A, B; the factorizations A), D0 their pristine copy, meta the
 * packed chunk's problems (then the LU's pivots); for the vendor, the
 * operands' addresses grouped by order (Ap, Bp, Cp, device; a group's run
 * of them), its pivots and infos, and each group's parameters (host);
 * X and Y the copy's source and destination, copy bytes each. */
typedef struct {
    hetla__cuda_vkind kind;
    int trans;            /* GEMV: y := A^T x + y */
    long long count, top; /* top: the largest order */
    size_t bytes, meta_bytes, copy;
    double *D, *D0, *X, *Y, **Ap, **Bp, **Cp;
    hetla__cuda_vmat *meta;
    void *work; /* hetla__cuda_vbatch's */
    int groups, *order, *size, *first; /* the groups' orders, sizes, first problems */
    int *piv, *info;                   /* the vendor's, a group's at first * order and first */
    cublasOperation_t *ops;
    double *ones;
    cudaStream_t stream;
    cudaEvent_t start, stop;
    l2_flush l2;
} gpu_vbatch;

static void vbatch_teardown(gpu_vbatch *v)
{
    cudaFree(v->D), cudaFree(v->D0), cudaFree(v->X), cudaFree(v->Y), cudaFree(v->meta), cudaFree(v->work);
    cudaFree(v->l2.p);
    cudaFree(v->Ap), cudaFree(v->Bp), cudaFree(v->Cp), cudaFree(v->piv), cudaFree(v->info);
    free(v->order), free(v->size), free(v->first), free(v->ops), free(v->ones);
    hetla__cuda_bench_stream_free(v->stream, v->start, v->stop);
}

/* A problem of order @p n packed from element @p off, as the library
 * packs it (hetla__vbatch_layout): operand i (A, B, C; GEMV: A, x, y)
 * n x cols[i], none where cols[i] is 0, ld its rows (1 for none);
 * @p off moved past it, and @p piv past LU's pivots. */
static hetla__cuda_vmat vbatch_mat(hetla__cuda_vkind kind, long long n, long long *off, long long *piv)
{
    hetla__cuda_vmat d = {
        .m = n, .n = n, .k = kind == HETLA__CUDA_VGEMM ? n : 0, .piv = -1, .alpha = {1, 0}, .beta = {1, 0}};
    long long cols[3] = {n, 0, 0};
    if (kind == HETLA__CUDA_VGEMM)
        cols[1] = cols[2] = n;
    else if (kind == HETLA__CUDA_VGEMV)
        cols[1] = cols[2] = 1;
    else if (kind == HETLA__CUDA_VTRSM)
        cols[1] = n;
    for (int i = 0; i < 3; i++) {
        long long rows = cols[i] ? n : 0;
        d.off[i] = *off, d.ld[i] = rows > 0 ? rows : 1, *off += rows * cols[i];
    }
    if (kind == HETLA__CUDA_VGETRF) /* the LU's pivots follow the problems in the metadata, one word each */
        d.piv = *piv, *piv += n;
    return d;
}

static int vbatch_setup(gpu_vbatch *v, const char *what, int device, long long count, const int *order,
                        const double *data, size_t elems, char *err, size_t errlen)
{
    static const char *const names[] = {[HETLA__CUDA_VGEMM] = "gemm",
                                        [HETLA__CUDA_VGEMV] = "gemv",
                                        [HETLA__CUDA_VTRSM] = "trsm",
                                        [HETLA__CUDA_VPOTRF] = "potrf",
                                        [HETLA__CUDA_VGETRF] = "getrf"};
    *v = (gpu_vbatch){.count = count, .bytes = elems * sizeof(double), .trans = !strcmp(what, "gemvt")};
    while (v->kind < HETLA__CUDA_VGETRF && strcmp(v->trans ? "gemv" : what, names[v->kind]))
        v->kind++;
    int top = 0;
    long long pivots = 0;
    for (long long t = 0; t < count; t++)
        top = order[t] > top ? order[t] : top, pivots += order[t];
    v->top = top;
    size_t pbytes = (size_t)count * sizeof(double *), orders = (size_t)top + 1;
    v->meta_bytes = (size_t)count * sizeof(hetla__cuda_vmat) + (v->kind == HETLA__CUDA_VGETRF ? (size_t)pivots * 8 : 0);
    hetla__cuda_vmat *meta = malloc((size_t)count * sizeof *meta);
    double **host = malloc(3 * pbytes);
    /* per order: its problems, then where its group starts in the arrays */
    long long *at = calloc(orders, sizeof *at);
    v->order = malloc(orders * sizeof(int)), v->size = malloc(orders * sizeof(int));
    v->first = malloc(orders * sizeof(int));
    v->ops = malloc(orders * sizeof *v->ops), v->ones = malloc(orders * sizeof(double));
    int rc = !meta || !host || !at || !v->order || !v->size || !v->first || !v->ops || !v->ones;
    long long off = 0, piv = (long long)(count * sizeof(hetla__cuda_vmat) / 8);
    for (long long t = 0; !rc && t < count; t++) {
        meta[t] = vbatch_mat(v->kind, order[t], &off, &piv);
        at[order[t]]++;
    }
    rc = rc || (size_t)off != elems;
    for (long long n = 0, first = 0; !rc && n <= top; n++)
        if (at[n]) {
            v->order[v->groups] = (int)n, v->size[v->groups] = (int)at[n], v->first[v->groups] = (int)first;
            v->ops[v->groups] = CUBLAS_OP_N, v->ones[v->groups++] = 1, first += at[n], at[n] = first - at[n];
        }
    rc = rc || cudaSetDevice(device) || cudaStreamCreateWithFlags(&v->stream, cudaStreamNonBlocking) ||
         cudaEventCreate(&v->start) || cudaEventCreate(&v->stop) || cudaMalloc((void **)&v->D, v->bytes) ||
         cudaMalloc((void **)&v->D0, v->bytes) || cudaMalloc((void **)&v->meta, v->meta_bytes) ||
         cudaMalloc(&v->work, HETLA__CUDA_VBATCH_WORK) ||
         cudaMalloc((void **)&v->Ap, pbytes) || cudaMalloc((void **)&v->Bp, pbytes) ||
         cudaMalloc((void **)&v->Cp, pbytes) || cudaMalloc((void **)&v->info, (size_t)count * sizeof(int)) ||
         cudaMalloc((void **)&v->piv, (size_t)(pivots > 0 ? pivots : 1) * sizeof(int)) ||
         cudaMemcpy(v->D0, data, v->bytes, cudaMemcpyHostToDevice) ||
         cudaMemcpy(v->meta, meta, (size_t)count * sizeof *meta, cudaMemcpyHostToDevice) ||
         flush_init(&v->l2, device);
    for (long long t = 0; !rc && t < count; t++) {
        long long p = at[order[t]]++;
        for (int i = 0; i < 3; i++)
            host[i * count + p] = v->D + meta[t].off[i];
    }
    rc = rc || cudaMemcpy(v->Ap, host, pbytes, cudaMemcpyHostToDevice) ||
         cudaMemcpy(v->Bp, host + count, pbytes, cudaMemcpyHostToDevice) ||
         cudaMemcpy(v->Cp, host + 2 * count, pbytes, cudaMemcpyHostToDevice);
    free(meta), free(host), free(at);
    return rc ? fail(err, errlen, "GPU variable batch setup") : 0;
}

typedef enum { V_HETLA, V_VENDOR, V_COPY } vbatch_step;

/* One batched call of the vendor's on a group: @p size problems of order
 * @p n from address @p f of the arrays, LU's pivots from @p piv. */
static int vendor_group(gpu_vbatch *v, int n, int f, int size, int *piv, cusolverDnHandle_t solver, cublasHandle_t blas)
{
    const double one = 1;
    switch (v->kind) {
    case HETLA__CUDA_VGEMV:
        return cublasDgemvBatched(blas, v->trans ? CUBLAS_OP_T : CUBLAS_OP_N, n, n, &one,
                                  (const double *const *)v->Ap + f, n, (const double *const *)v->Bp + f, 1, &one,
                                  v->Cp + f, 1, size) != CUBLAS_STATUS_SUCCESS;
    case HETLA__CUDA_VTRSM:
        return cublasDtrsmBatched(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n,
                                  n, &one, (const double *const *)v->Ap + f, n, v->Bp + f, n,
                                  size) != CUBLAS_STATUS_SUCCESS;
    case HETLA__CUDA_VPOTRF:
        return cusolverDnDpotrfBatched(solver, CUBLAS_FILL_MODE_LOWER, n, v->Ap + f, n, v->info + f, size) !=
               CUSOLVER_STATUS_SUCCESS;
    default:
        return cublasDgetrfBatched(blas, n, v->Ap + f, n, piv, v->info + f, size) != CUBLAS_STATUS_SUCCESS;
    }
}

/* The vendor's GEMV, TRSM and factorizations: one batched call per
 * order, on the group's run of addresses. */
static int vendor_per_order(gpu_vbatch *v, cusolverDnHandle_t solver, cublasHandle_t blas)
{
    long long pivots = 0;
    for (int g = 0; g < v->groups; g++) {
        int n = v->order[g];
        if (n > 0 && vendor_group(v, n, v->first[g], v->size[g], v->piv + pivots, solver, blas))
            return 1;
        pivots += (long long)n * v->size[g];
    }
    return 0;
}

static int vbatch_enqueue(gpu_vbatch *v, vbatch_step s, cublasHandle_t blas, cusolverDnHandle_t solver)
{
    switch (s) {
    case V_HETLA: {
        /* the other options left zero: TRSM on the left, lower, non-unit */
        hetla__cuda_vbatch b = {.type = HETLA__CUDA_D,
                                .kind = v->kind,
                                .transa = v->trans,
                                .count = v->count,
                                .top = v->top,
                                .data = v->D,
                                .meta = v->meta,
                                .work = v->work};
        return hetla__cuda_vbatch_run(&b, v->stream) != cudaSuccess;
    }
    case V_VENDOR:
        if (v->kind != HETLA__CUDA_VGEMM)
            return vendor_per_order(v, solver, blas);
        /* every group's m = n = k = lda = ldb = ldc is its order */
        return cublasDgemmGroupedBatched(blas, v->ops, v->ops, v->order, v->order, v->order, v->ones,
                                         (const double *const *)v->Ap, v->order, (const double *const *)v->Bp,
                                         v->order, v->ones, v->Cp, v->order, v->groups, v->size) !=
               CUBLAS_STATUS_SUCCESS;
    default:
        return cudaMemcpyAsync(v->Y, v->X, v->copy, cudaMemcpyDeviceToDevice, v->stream) != cudaSuccess;
    }
}

/* Times step @p s (median of @p reps after a warm-up), the data restarted
 * from D0 and the L2 cache flushed before each run outside the clock; the
 * last run's data into @p out. */
static int vbatch_timed(gpu_vbatch *v, vbatch_step s, cublasHandle_t blas, cusolverDnHandle_t solver, int reps,
                        double *sec, double *out, char *err, size_t errlen)
{
    float *t = calloc((size_t)reps + 1, sizeof *t);
    int rc = !t;
    for (int r = -1; r < reps && !rc; r++)
        rc = cudaMemcpyAsync(v->D, v->D0, v->bytes, cudaMemcpyDeviceToDevice, v->stream) ||
             flush(&v->l2, v->stream) || cudaEventRecord(v->start, v->stream) ||
             vbatch_enqueue(v, s, blas, solver) || cudaEventRecord(v->stop, v->stream) ||
             cudaEventSynchronize(v->stop) || cudaEventElapsedTime(&t[r + 1], v->start, v->stop);
    if (!rc && out)
        rc = cudaMemcpyAsync(out, v->D, v->bytes, cudaMemcpyDeviceToHost, v->stream) ||
             cudaStreamSynchronize(v->stream);
    if (!rc)
        *sec = median_s(t + 1, reps);
    free(t);
    return rc ? fail(err, errlen, "GPU variable batch run") : 0;
}

/** @p what ("gemm", "gemv", "gemvt", "trsm", "potrf", "getrf") on @p count
 *  problems of orders @p order (host), packed in @p data (@p elems
 *  doubles) as the library packs a variable batch (each problem's
 *  operands one after the other: GEMM A, B, C, C := A B + C; GEMV A, x, y,
 *  y := A x + y, gemvt y := A^T x + y; TRSM A, B, B := inv(A) B, A lower
 *  triangular with its diagonal read; the factorizations A, Cholesky of
 *  its lower triangle, LU with partial pivoting), device-resident: sec[0]
 *  hetla's kernel for packed variable batches (the data after it into
 *  @p out_h), sec[1] the vendor with a call (GEMM: a group) per order,
 *  cublasDgemmGroupedBatched, cublasDgemvBatched, cublasDtrsmBatched,
 *  cusolverDnDpotrfBatched or cublasDgetrfBatched (@p out_v), sec[2] one
 *  device-to-device copy of half the @p bytes the operation moves (read
 *  once and written once); @p peak_gbs the memory bandwidth (GB/s). */
HETLA__MODULE_EXPORT int hetla_cuda_bench_dvbatch(const char *what, int device, long long count, const int *order,
                                                  const double *data, size_t elems, double bytes, int reps,
                                                  double *out_h, double *out_v, double sec[3], double *peak_gbs,
                                                  char *err, size_t errlen);

int hetla_cuda_bench_dvbatch(const char *what, int device, long long count, const int *order, const double *data,
                             size_t elems, double bytes, int reps, double *out_h, double *out_v, double sec[3],
                             double *peak_gbs, char *err, size_t errlen)
{
    gpu_vbatch v;
    cublasHandle_t blas = NULL;
    cusolverDnHandle_t solver = NULL;
    int rc = vbatch_setup(&v, what, device, count, order, data, elems, err, errlen);
    rc = rc || vendor_open(v.stream, &blas, &solver, err, errlen);
    rc = rc || vbatch_timed(&v, V_HETLA, NULL, NULL, reps, &sec[0], out_h, err, errlen) ||
         vbatch_timed(&v, V_VENDOR, blas, solver, reps, &sec[1], out_v, err, errlen);
    v.copy = (size_t)(bytes / 2);
    if (!rc && (cudaMalloc((void **)&v.X, v.copy) || cudaMalloc((void **)&v.Y, v.copy) || cudaMemset(v.X, 0, v.copy)))
        rc = fail(err, errlen, "GPU variable batch setup");
    rc = rc || vbatch_timed(&v, V_COPY, NULL, NULL, reps, &sec[2], NULL, err, errlen);
    *peak_gbs = bandwidth(device);
    vendor_close(blas, solver);
    vbatch_teardown(&v);
    return rc;
}
