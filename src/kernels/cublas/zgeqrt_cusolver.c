/* QR's tile kernels on GPUs. The panel, "zgeqrt" in the CUDA_CUSOLVER
 * class: the column of tiles gathered into one matrix, factored by
 * cusolverDnXgeqrf, T built from the reflectors and tau by
 * cusolverDnXlarft, the column scattered back; with info asked for, R's
 * diagonal comes home to find an exact zero (lapack.h's contract). The two
 * steps of applying a panel that touch its diagonal tile, "zlarfb_w" and
 * "zlarfb_c" in the CUDA_CUBLAS class, as LAPACK's larfb splits them: the
 * unit lower triangle V1 by an out-of-place TRMM, the rectangle V2 below
 * it by GEMM (the CPU classes' zlarfb.c does the same with CBLAS).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <stdlib.h>

#include "kernels/cublas/cublas.h"
#include "kernels/lapack/lapack.h"

/* ---- the panel ----------------------------------------------------------------- */

static hetla_status zgeqrt_cusolver(const hetla_exec *x)
{
    hetla__geqrt_args a;
    HETLA__ARGS(x, a);
    const hetla__cuda_queue *q = x->queue;
    const hetla_buffer *T = &x->buf[x->nbuf - 1];
    int nv = x->nbuf - 1; /* the panel's tiles */
    size_t m = 0, n = x->buf[0].n, es = sizeof(hetla_zcomplex);
    for (int i = 0; i < nv; i++)
        m += x->buf[i].m;
    size_t k = m < n ? m : n;
    cusolverDnParams_t params;
    cusolverStatus_t st = cusolverDnCreateParams(&params);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return hetla__cusolver_check(st, "cusolverDnCreateParams", q->device);
    /* the panel and tau first: the workspace queries see real pointers */
    size_t panel = (m * n * es + 255) & ~(size_t)255, qr_dev = 0, qr_host = 0, t_dev = 0, t_host = 0;
    char *dev = NULL, *dwork = NULL;
    void *host = NULL;
    hetla_zcomplex *diag = a.info ? malloc((k ? k : 1) * es) : NULL;
    hetla_status s = a.info && !diag ? hetla__fail(HETLA_ERR_NO_MEMORY, "zgeqrt: out of host memory") : HETLA_SUCCESS;
    if (!s)
        s = hetla__cuda_scratch(q, panel + (k ? k : 1) * es, (void **)&dev);
    char *dtau = dev ? dev + panel : NULL;
    if (!s)
        s = hetla__cusolver_check(cusolverDnXgeqrf_bufferSize(q->solver, params, (int64_t)m, (int64_t)n, CUDA_C_64F,
                                                              dev, (int64_t)m, CUDA_C_64F, dtau, CUDA_C_64F, &qr_dev,
                                                              &qr_host),
                                  "cusolverDnXgeqrf_bufferSize", q->device);
    if (!s)
        s = hetla__cusolver_check(cusolverDnXlarft_bufferSize(q->solver, params, CUBLAS_DIRECT_FORWARD,
                                                              CUBLAS_STOREV_COLUMNWISE, (int64_t)m, (int64_t)k,
                                                              CUDA_C_64F, dev, (int64_t)m, CUDA_C_64F, dtau,
                                                              CUDA_C_64F, T->ptr, (int64_t)T->ld, CUDA_C_64F, &t_dev,
                                                              &t_host),
                                  "cusolverDnXlarft_bufferSize", q->device);
    /* one workspace for both (the larger), info after it */
    size_t work = ((qr_dev > t_dev ? qr_dev : t_dev) + 255) & ~(size_t)255;
    size_t host_bytes = qr_host > t_host ? qr_host : t_host;
    if (!s)
        s = hetla__cuda_scratch(q, work + sizeof(int), (void **)&dwork);
    if (!s && host_bytes && !(host = malloc(host_bytes)))
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "zgeqrt: %zu bytes of host workspace", host_bytes);
    if (!s)
        s = hetla__cuda_panel_move(x, nv, dev, m, es, 1, q);
    if (!s)
        s = hetla__cusolver_check(cusolverDnXgeqrf(q->solver, params, (int64_t)m, (int64_t)n, CUDA_C_64F, dev,
                                                   (int64_t)m, CUDA_C_64F, dtau, CUDA_C_64F, dwork, qr_dev, host,
                                                   qr_host, (int *)(dwork + work)),
                                  "cusolverDnXgeqrf", q->device);
    if (!s)
        s = hetla__cusolver_check(cusolverDnXlarft(q->solver, params, CUBLAS_DIRECT_FORWARD,
                                                   CUBLAS_STOREV_COLUMNWISE, (int64_t)m, (int64_t)k, CUDA_C_64F, dev,
                                                   (int64_t)m, CUDA_C_64F, dtau, CUDA_C_64F, T->ptr, (int64_t)T->ld,
                                                   CUDA_C_64F, dwork, t_dev, host, t_host),
                                  "cusolverDnXlarft", q->device);
    if (!s)
        s = hetla__cuda_panel_move(x, nv, dev, m, es, 0, q);
    if (!s && diag) /* R's diagonal: a strided column of k entries */
        s = hetla__cuda_check(cudaMemcpy2DAsync(diag, es, dev, (m + 1) * es, es, k, cudaMemcpyDeviceToHost, q->stream),
                              "cudaMemcpy2DAsync (R's diagonal)", q->device);
    s = hetla__cuda_scratch_free(q, dwork, s);
    s = hetla__cuda_scratch_free(q, dev, s);
    /* the host workspace and the diagonal are read by the kernels queued */
    if (!s && (host || diag))
        s = hetla__cuda_check(cudaStreamSynchronize(q->stream), "cudaStreamSynchronize", q->device);
    for (size_t j = 0; !s && diag && j < k; j++)
        if (diag[j] == 0) {
            hetla__info_set(a.info, a.offset + (hetla_int)j + 1);
            break;
        }
    free(diag);
    free(host);
    cusolverDnDestroyParams(params);
    return s;
}

/* ---- the diagonal tile's part of applying a panel ------------------------------- */

/* The reflector part of the diagonal tile (buffer 0): mv x k, k = min(mv,
 * columns); V1 its k x k unit lower triangle, V2 the mv - k rows below. */
typedef struct vtile {
    const hetla_zcomplex *p;
    int64_t m, k, ld;
} vtile;

static vtile vtile_of(const hetla_buffer *b)
{
    int64_t m = (int64_t)b->m, n = (int64_t)b->n;
    return (vtile){b->ptr, m, m < n ? m : n, (int64_t)b->ld};
}

static const cuDoubleComplex *cz(const hetla_zcomplex *p) { return (const cuDoubleComplex *)p; }

/* W := V^H C = V1^H C1 + V2^H C2 (left) or C V = C1 V1 + C2 V2 (right). */
static hetla_status zlarfb_w_cublas(const hetla_exec *x)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla_buffer *C = &x->buf[1], *W = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) const hetla_zcomplex one = 1;
    const hetla_zcomplex *c = C->ptr;
    int64_t ldc = (int64_t)C->ld, ldw = (int64_t)W->ld, m2 = v.m - v.k;
    int left = a.side == HETLA_LEFT;
    int64_t rows = left ? v.k : (int64_t)C->m, cols = left ? (int64_t)C->n : v.k;
    cublasStatus_t st =
        cublasZtrmm_64(q->blas, left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER,
                       left ? CUBLAS_OP_C : CUBLAS_OP_N, CUBLAS_DIAG_UNIT, rows, cols, cz(&one), cz(v.p), v.ld, cz(c),
                       ldc, W->ptr, ldw);
    hetla_status s = hetla__cublas_check(st, "cublasZtrmm_64 (larfb_w)", q->device);
    if (!s && m2 > 0) {
        st = left ? cublasZgemm_64(q->blas, CUBLAS_OP_C, CUBLAS_OP_N, v.k, cols, m2, cz(&one), cz(v.p + v.k), v.ld,
                                   cz(c + v.k), ldc, cz(&one), W->ptr, ldw)
                  : cublasZgemm_64(q->blas, CUBLAS_OP_N, CUBLAS_OP_N, rows, v.k, m2, cz(&one), cz(c + v.k * ldc), ldc,
                                   cz(v.p + v.k), v.ld, cz(&one), W->ptr, ldw);
        s = hetla__cublas_check(st, "cublasZgemm_64 (larfb_w)", q->device);
    }
    return s;
}

/* C -= V W (left: C1 -= V1 W, C2 -= V2 W) or W V^H (right: C1 -= W V1^H,
 * C2 -= W V2^H); V1 W goes through the scratch buffer S (W is still read
 * by other tasks). */
static hetla_status zlarfb_c_cublas(const hetla_exec *x)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla_buffer *W = &x->buf[1], *C = &x->buf[2], *S = &x->buf[3];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) const hetla_zcomplex one = 1, minus = -1;
    hetla_zcomplex *c = C->ptr;
    int64_t ldc = (int64_t)C->ld, ldw = (int64_t)W->ld, lds = (int64_t)S->ld, m2 = v.m - v.k;
    int left = a.side == HETLA_LEFT;
    int64_t rows = left ? v.k : (int64_t)C->m, cols = left ? (int64_t)C->n : v.k;
    cublasStatus_t st =
        cublasZtrmm_64(q->blas, left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER,
                       left ? CUBLAS_OP_N : CUBLAS_OP_C, CUBLAS_DIAG_UNIT, rows, cols, cz(&one), cz(v.p), v.ld,
                       W->ptr, ldw, S->ptr, lds);
    hetla_status s = hetla__cublas_check(st, "cublasZtrmm_64 (larfb_c)", q->device);
    if (!s) { /* C1 := C1 - S, in place */
        st = cublasZgeam_64(q->blas, CUBLAS_OP_N, CUBLAS_OP_N, rows, cols, cz(&one), cz(c), ldc, cz(&minus),
                            S->ptr, lds, (cuDoubleComplex *)c, ldc);
        s = hetla__cublas_check(st, "cublasZgeam_64 (larfb_c)", q->device);
    }
    if (!s && m2 > 0) {
        st = left ? cublasZgemm_64(q->blas, CUBLAS_OP_N, CUBLAS_OP_N, m2, cols, v.k, cz(&minus), cz(v.p + v.k), v.ld,
                                   W->ptr, ldw, cz(&one), (cuDoubleComplex *)(c + v.k), ldc)
                  : cublasZgemm_64(q->blas, CUBLAS_OP_N, CUBLAS_OP_C, rows, m2, v.k, cz(&minus), W->ptr, ldw,
                                   cz(v.p + v.k), v.ld, cz(&one), (cuDoubleComplex *)(c + v.k * ldc), ldc);
        s = hetla__cublas_check(st, "cublasZgemm_64 (larfb_c)", q->device);
    }
    return s;
}

hetla_status hetla__zgeqrt_cusolver_register(hetla_context *ctx)
{
    hetla_status s = hetla__cuda_add(ctx, "zgeqrt", HETLA_CLASS_CUDA_CUSOLVER, zgeqrt_cusolver);
    if (!s)
        s = hetla__cublas_add(ctx, "zlarfb_w", zlarfb_w_cublas);
    return s ? s : hetla__cublas_add(ctx, "zlarfb_c", zlarfb_c_cublas);
}
