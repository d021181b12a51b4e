/* The multi-GPU vendor peer of `hetla bench potrf|getrf`: cusolverMgPotrf
 * (lower) and cusolverMgGetrf (partial pivoting) on the GPUs hetla runs
 * on, the matrix in cusolverMg's layout (column blocks dealt round the
 * GPUs in turn). Timed host to host (the blocks copied in from the
 * caller's pageable memory, the factors and pivots out) and
 * device-resident (the factorization alone, on fresh copies of the
 * blocks made on each GPU before each run). cusolverMg is deprecated by NVIDIA but still the vendor's
 * only multi-GPU dense factorization in one process. */
#define DISABLE_CUSOLVERMG_DEPRECATED
#include <cuda_runtime.h>
#include <cusolverMg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"

typedef struct mg_run {
    int getrf, ngpu, n, nb;
    const int *gpus;
    cusolverMgHandle_t solver;
    cudaLibMgGrid_t grid;
    cudaLibMgMatrixDesc_t desc;
    void **a, **a0, **work; /* per GPU: its columns (n rows each), their first copy, workspace */
    int **ipiv;             /* per GPU: the pivots of its columns */
    int64_t lwork;          /* workspace elements per GPU */
} mg_run;

/* Column block j's GPU (its index in gpus) and offset in that GPU's columns. */
static int owner(const mg_run *r, int j, size_t *col)
{
    *col = (size_t)(j / r->ngpu) * (size_t)r->nb;
    return j % r->ngpu;
}

static int blocks(const mg_run *r)
{
    return (r->n + r->nb - 1) / r->nb;
}

static size_t local_cols(const mg_run *r, int g)
{
    size_t cols = 0;
    for (int j = g; j < blocks(r); j += r->ngpu)
        cols += (size_t)(r->n - j * r->nb < r->nb ? r->n - j * r->nb : r->nb);
    return cols;
}

/* The matrix between the host and the GPUs' column blocks (@p in: host
 * to GPUs), and, coming back, LU's pivots into @p ipiv. */
static int move(const mg_run *r, double *A, int *ipiv, int in)
{
    for (int j = 0; j < blocks(r); j++) {
        size_t col, width = (size_t)(r->n - j * r->nb < r->nb ? r->n - j * r->nb : r->nb);
        int g = owner(r, j, &col);
        double *dev = (double *)r->a[g] + col * (size_t)r->n, *host = A + (size_t)j * r->nb * (size_t)r->n;
        size_t bytes = width * (size_t)r->n * sizeof(double);
        if (cudaSetDevice(r->gpus[g]) != cudaSuccess ||
            cudaMemcpy(in ? (void *)dev : host, in ? (void *)host : dev, bytes, cudaMemcpyDefault) != cudaSuccess)
            return 1;
        if (!in && r->getrf &&
            cudaMemcpy(ipiv + (size_t)j * r->nb, r->ipiv[g] + col, width * sizeof(int), cudaMemcpyDeviceToHost) !=
                cudaSuccess)
            return 1;
    }
    return 0;
}

/* Between the GPUs' blocks and their first copies (@p fresh: first copies
 * to the blocks), on each GPU. */
static int keep(const mg_run *r, int fresh)
{
    for (int g = 0; g < r->ngpu; g++) {
        size_t bytes = local_cols(r, g) * (size_t)r->n * sizeof(double);
        if (cudaSetDevice(r->gpus[g]) != cudaSuccess ||
            cudaMemcpy(fresh ? r->a[g] : r->a0[g], fresh ? r->a0[g] : r->a[g], bytes, cudaMemcpyDeviceToDevice) !=
                cudaSuccess)
            return 1;
    }
    return 0;
}

static int setup(mg_run *r)
{
    int32_t ids[64];
    for (int g = 0; g < r->ngpu; g++)
        ids[g] = r->gpus[g];
    if (cusolverMgCreate(&r->solver) != CUSOLVER_STATUS_SUCCESS ||
        cusolverMgDeviceSelect(r->solver, r->ngpu, (int *)r->gpus) != CUSOLVER_STATUS_SUCCESS ||
        cusolverMgCreateDeviceGrid(&r->grid, 1, r->ngpu, ids, CUDALIBMG_GRID_MAPPING_COL_MAJOR) !=
            CUSOLVER_STATUS_SUCCESS ||
        cusolverMgCreateMatrixDesc(&r->desc, r->n, r->n, r->n, r->nb, CUDA_R_64F, r->grid) != CUSOLVER_STATUS_SUCCESS)
        return 1;
    r->a = calloc((size_t)r->ngpu, sizeof *r->a);
    r->a0 = calloc((size_t)r->ngpu, sizeof *r->a0);
    r->work = calloc((size_t)r->ngpu, sizeof *r->work);
    r->ipiv = calloc((size_t)r->ngpu, sizeof *r->ipiv);
    if (!r->a || !r->a0 || !r->work || !r->ipiv)
        return 1;
    for (int g = 0; g < r->ngpu; g++) {
        size_t cols = local_cols(r, g) ? local_cols(r, g) : 1;
        if (cudaSetDevice(r->gpus[g]) != cudaSuccess ||
            cudaMalloc(&r->a[g], cols * (size_t)r->n * sizeof(double)) != cudaSuccess ||
            cudaMalloc(&r->a0[g], cols * (size_t)r->n * sizeof(double)) != cudaSuccess ||
            (r->getrf && cudaMalloc((void **)&r->ipiv[g], cols * sizeof(int)) != cudaSuccess))
            return 1;
    }
    cusolverStatus_t st = r->getrf ? cusolverMgGetrf_bufferSize(r->solver, r->n, r->n, r->a, 1, 1, r->desc, r->ipiv,
                                                                CUDA_R_64F, &r->lwork)
                                   : cusolverMgPotrf_bufferSize(r->solver, CUBLAS_FILL_MODE_LOWER, r->n, r->a, 1, 1,
                                                                r->desc, CUDA_R_64F, &r->lwork);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return 1;
    for (int g = 0; g < r->ngpu; g++)
        if (cudaSetDevice(r->gpus[g]) != cudaSuccess ||
            cudaMalloc(&r->work[g], (size_t)(r->lwork ? r->lwork : 1) * sizeof(double)) != cudaSuccess)
            return 1;
    return 0;
}

static void teardown(mg_run *r)
{
    for (int g = 0; g < r->ngpu; g++) {
        cudaSetDevice(r->gpus[g]);
        if (r->a && r->a[g])
            cudaFree(r->a[g]);
        if (r->a0 && r->a0[g])
            cudaFree(r->a0[g]);
        if (r->work && r->work[g])
            cudaFree(r->work[g]);
        if (r->ipiv && r->ipiv[g])
            cudaFree(r->ipiv[g]);
    }
    free(r->a), free(r->a0), free(r->work), free(r->ipiv);
    if (r->desc)
        cusolverMgDestroyMatrixDesc(r->desc);
    if (r->grid)
        cusolverMgDestroyGrid(r->grid);
    if (r->solver)
        cusolverMgDestroy(r->solver);
}

/* The factorization on the GPUs' blocks; @return its info, or -1 if cusolverMg refused. */
static int factorize(mg_run *r)
{
    int info = 0;
    cusolverStatus_t st = r->getrf ? cusolverMgGetrf(r->solver, r->n, r->n, r->a, 1, 1, r->desc, r->ipiv, CUDA_R_64F,
                                                     r->work, r->lwork, &info)
                                   : cusolverMgPotrf(r->solver, CUBLAS_FILL_MODE_LOWER, r->n, r->a, 1, 1, r->desc,
                                                     CUDA_R_64F, r->work, r->lwork, &info);
    for (int g = 0; g < r->ngpu && st == CUSOLVER_STATUS_SUCCESS; g++)
        if (cudaSetDevice(r->gpus[g]) != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess)
            return -1;
    return st == CUSOLVER_STATUS_SUCCESS ? info : -1;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

HETLA__MODULE_EXPORT int hetla_cuda_peer_mg_dfactor(const char *what, int ngpu, const int *gpus, int n, int nb,
                                                    const double *A, double *F, int *ipiv, int reps, int host,
                                                    double *host_s, double *dev_s, char *err, size_t errlen);

/* @p what "potrf" or "getrf" on GPUs @p gpus[0 .. ngpu-1] (CUDA ordinals,
 * peer access enabled between them), column blocks of @p nb; the factors
 * of the last host-to-host run in @p F (and @p ipiv); median seconds of
 * @p reps runs each way (device-resident only unless @p host_too).
 * @return 0, or 1 with @p err. */
int hetla_cuda_peer_mg_dfactor(const char *what, int ngpu, const int *gpus, int n, int nb, const double *A, double *F,
                               int *ipiv, int reps, int host_too, double *host_s, double *dev_s, char *err,
                               size_t errlen)
{
    mg_run r = {.getrf = !strcmp(what, "getrf"), .ngpu = ngpu, .gpus = gpus, .n = n, .nb = nb};
    if (!r.getrf && strcmp(what, "potrf")) {
        snprintf(err, errlen, "no cusolverMg peer for '%s'", what);
        return 1;
    }
    if (ngpu < 1 || ngpu > 64 || nb < 1 || n < 1 || reps < 1) {
        snprintf(err, errlen, "cusolverMg peer: %d GPUs, n = %d, nb = %d, %d runs", ngpu, n, nb, reps);
        return 1;
    }
    double *t = calloc((size_t)reps, sizeof *t);
    int rc = !t || setup(&r) || move(&r, (double *)A, NULL, 1) || keep(&r, 0);
    if (rc)
        snprintf(err, errlen, "cusolverMg peer setup failed on %d GPUs (n = %d, blocks of %d): %s", ngpu, n, nb,
                 cudaGetErrorString(cudaGetLastError()));
    for (int host = host_too; host >= 0 && !rc; host--)
        for (int k = -1; k < reps && !rc; k++) { /* k = -1: warm-up */
            double t0 = 0;
            if (!host)
                rc = keep(&r, 1);
            t0 = hetla__now();
            if (host && !rc)
                rc = move(&r, (double *)A, NULL, 1);
            int info = rc ? 0 : factorize(&r);
            if (info)
                rc = 1;
            if (host && !rc)
                rc = move(&r, F, ipiv, 0);
            if (k >= 0)
                t[k] = hetla__now() - t0;
            if (rc)
                snprintf(err, errlen, "cusolverMg%s run failed (info %d): %s", r.getrf ? "Getrf" : "Potrf", info,
                         cudaGetErrorString(cudaGetLastError()));
            if (k == reps - 1 && !rc) {
                qsort(t, (size_t)reps, sizeof *t, cmp);
                *(host ? host_s : dev_s) = t[reps / 2];
            }
        }
    if (!rc && move(&r, F, ipiv, 0)) /* the last run's factors, for the residual */
        rc = 1, snprintf(err, errlen, "cusolverMg peer: the factors did not come back");
    teardown(&r);
    free(t);
    return rc;
}
