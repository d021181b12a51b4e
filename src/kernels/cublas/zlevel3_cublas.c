/* The level-3 routines other than gemm in the CUDA_CUBLAS class: "ztrsm",
 * "ztrmm", "zherk", "zher2k" and "zhemm" (syrk, syr2k and symm in the real
 * twins), the complex symmetric "zsyrk", "zsyr2k", "zsymm", and QR's solve
 * "ztrsm_lead", on the worker's stream. With them the tiled algorithms'
 * updates (Cholesky, LU, QR, the tiled level 3) run on GPUs.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>

#include "kernels/blas/level3.h"
#include "kernels/cublas/cublas.h"

/* trsm; @p lead: "ztrsm_lead" (lapack.h), the k x k triangle leading tile
 * A solving the leading k rows of B from the left. */
static hetla_status trsm(const hetla_exec *x, int lead)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cublasStatus_t st = cublasZtrsm_64(q->blas, lead ? CUBLAS_SIDE_LEFT : hetla__cublas_side(a.side),
                                       hetla__cublas_fill(a.uplo), hetla__cublas_op(a.transa),
                                       hetla__cublas_diag(a.diag), (int64_t)(lead ? A->n : B->m), (int64_t)B->n,
                                       (const cuDoubleComplex *)&alpha, A->ptr, (int64_t)A->ld, B->ptr, (int64_t)B->ld);
    return hetla__cublas_check(st, "cublasZtrsm_64", q->device);
}

static hetla_status ztrsm_cublas(const hetla_exec *x)
{
    return trsm(x, 0);
}

/* Columns (left) or rows (right) of B per pass of trmm: a 4096 tile in
 * one (passes of 1024 and 2048 took 12 % and 4 % longer on an H200). */
enum { TRMM_PASS = 4096 };

/* B := alpha op(A) B or alpha B op(A). cuBLAS's trmm writes a C apart
 * from B; in place (C = B) it ran at half the rate (29 against 53 Tflop/s
 * for order 4096 on an H200). So B goes through a scratch of TRMM_PASS
 * columns (left) or rows (right) at a time, each copied back once made:
 * those of the product depend on those of B alone. */
static hetla_status ztrmm_cublas(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    size_t es = sizeof(hetla_zcomplex), m = B->m, n = B->n;
    int left = a.side == HETLA_LEFT;
    size_t pass = left ? n : m, depth = left ? m : n; /* what the passes cut, and the triangle's order */
    size_t step = pass < TRMM_PASS ? pass : TRMM_PASS;
    hetla_zcomplex *S = NULL;
    if (!pass || !depth)
        return HETLA_SUCCESS;
    hetla_status s = hetla__cuda_scratch(q, step * depth * es, (void **)&S);
    for (size_t p = 0; p < pass && !s; p += step) {
        size_t w = pass - p < step ? pass - p : step;
        size_t rows = left ? m : w, cols = left ? w : n, lds = left ? m : w;
        char *b = (char *)B->ptr + (left ? p * B->ld : p) * es;
        s = hetla__cublas_check(cublasZtrmm_64(q->blas, hetla__cublas_side(a.side), hetla__cublas_fill(a.uplo),
                                               hetla__cublas_op(a.transa), hetla__cublas_diag(a.diag), (int64_t)rows,
                                               (int64_t)cols, (const cuDoubleComplex *)&alpha, A->ptr, (int64_t)A->ld,
                                               (const void *)b, (int64_t)B->ld, (void *)S, (int64_t)lds),
                                "cublasZtrmm_64", q->device);
        if (!s)
            s = hetla__cuda_check(
                cudaMemcpy2DAsync(b, B->ld * es, S, lds * es, rows * es, cols, cudaMemcpyDeviceToDevice, q->stream),
                "cudaMemcpy2DAsync", q->device);
    }
    return hetla__cuda_scratch_free(q, S, s);
}

static hetla_status zherk_cublas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    const hetla__cuda_queue *q = x->queue;
    double alpha = creal(a.alpha), beta = creal(a.beta);
    cublasStatus_t st =
        cublasZherk_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), (int64_t)b.C->m, (int64_t)b.k,
                       &alpha, b.A->ptr, (int64_t)b.A->ld, &beta, b.C->ptr, (int64_t)b.C->ld);
    return hetla__cublas_check(st, "cublasZherk_64", q->device);
}

static hetla_status zher2k_cublas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    double beta = creal(a.beta);
    cublasStatus_t st = cublasZher2k_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), (int64_t)b.C->m,
                                        (int64_t)b.k, (const cuDoubleComplex *)&alpha, b.A->ptr, (int64_t)b.A->ld,
                                        b.B->ptr, (int64_t)b.B->ld, &beta, b.C->ptr, (int64_t)b.C->ld);
    return hetla__cublas_check(st, "cublasZher2k_64", q->device);
}

typedef cublasStatus_t (*symm_fn)(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t,
                                  const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *,
                                  int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);

/* hemm, and in complex precisions symm (one signature) */
static hetla_status symm(const hetla_exec *x, symm_fn fn, const char *call)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st = fn(q->blas, hetla__cublas_side(a.side), hetla__cublas_fill(a.uplo), (int64_t)C->m,
                           (int64_t)C->n, (const cuDoubleComplex *)&alpha, A->ptr, (int64_t)A->ld, B->ptr,
                           (int64_t)B->ld, (const cuDoubleComplex *)&beta, C->ptr, (int64_t)C->ld);
    return hetla__cublas_check(st, call, q->device);
}

static hetla_status zhemm_cublas(const hetla_exec *x)
{
    return symm(x, cublasZhemm_64, "cublasZhemm_64");
}

static hetla_status ztrsm_lead_cublas(const hetla_exec *x)
{
    return trsm(x, 1);
}

#if defined(COMPLEX)
/* The complex symmetric (not Hermitian) twins: "zsyrk", "zsyr2k", "zsymm". */
static hetla_status zsyrk_cublas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st = cublasZsyrk_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), (int64_t)b.C->m,
                                       (int64_t)b.k, (const cuDoubleComplex *)&alpha, b.A->ptr, (int64_t)b.A->ld,
                                       (const cuDoubleComplex *)&beta, b.C->ptr, (int64_t)b.C->ld);
    return hetla__cublas_check(st, "cublasZsyrk_64", q->device);
}

static hetla_status zsyr2k_cublas(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st =
        cublasZsyr2k_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), (int64_t)b.C->m, (int64_t)b.k,
                        (const cuDoubleComplex *)&alpha, b.A->ptr, (int64_t)b.A->ld, b.B->ptr, (int64_t)b.B->ld,
                        (const cuDoubleComplex *)&beta, b.C->ptr, (int64_t)b.C->ld);
    return hetla__cublas_check(st, "cublasZsyr2k_64", q->device);
}

static hetla_status zsymm_cublas(const hetla_exec *x)
{
    return symm(x, cublasZsymm_64, "cublasZsymm_64");
}
#endif

hetla_status hetla__zlevel3_cublas_register(hetla_context *ctx)
{
    static const struct {
        const char *op;
        hetla_kernel_fn fn;
    } ops[] = {
        {"ztrsm", ztrsm_cublas},
        {"ztrmm", ztrmm_cublas},
        {"zherk", zherk_cublas},
        {"zher2k", zher2k_cublas},
        {"zhemm", zhemm_cublas},
        {"ztrsm_lead", ztrsm_lead_cublas},
#if defined(COMPLEX)
        {"zsyrk", zsyrk_cublas},
        {"zsyr2k", zsyr2k_cublas},
        {"zsymm", zsymm_cublas},
#endif
    };
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__cublas_add(ctx, ops[i].op, ops[i].fn);
    return s;
}
