/* Level 2 in the CUDA_CUBLAS class: "zgemv", "zgbmv", "zhemv", "zhbmv",
 * "zhpmv", "ztrmv", "ztbmv", "ztpmv", "ztrsv", "ztbsv", "ztpsv", "zgerc",
 * "zgeru", "zher", "zhpr", "zher2", "zhpr2" (real twins: gemv, gbmv, symv,
 * sbmv, spmv, the triangular ones, ger, syr, spr, syr2, spr2), on the
 * worker's stream. A negative or zero increment, and a product with
 * alpha = 0 or an empty x (y := beta y), run the generic kernel on host
 * copies: BLAS's meaning of those is the generic kernels', and they are
 * rare.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>

#include "kernels/blas/level2.h"
#include "kernels/cublas/cublas.h"

/* The *_prep checks return 1 when cuBLAS is to run the operation; else *s
 * is the result: a quick return, or the host's run of @p op. */
static int mv_prep(const hetla_exec *x, const hetla__mv_args *a, const char *op, hetla_status *s)
{
    *s = HETLA_SUCCESS;
    if (a->y.n == 0)
        return 0;
    /* y := beta y, for which BLAS reads neither A nor x (a NaN there stays out) */
    if (a->x.n == 0 || a->alpha == 0 || a->x.dir <= 0 || a->y.dir <= 0) {
        *s = hetla__cuda_on_host(x, op);
        return 0;
    }
    return 1;
}

static int tri_prep(const hetla_exec *x, const hetla__tri_args *a, const char *op, hetla_status *s)
{
    *s = HETLA_SUCCESS;
    if (a->x.n == 0)
        return 0;
    if (a->x.dir <= 0) {
        *s = hetla__cuda_on_host(x, op);
        return 0;
    }
    return 1;
}

/* BLAS returns at alpha = 0 without reading x and y; @p two: y is used. */
static int update_prep(const hetla_exec *x, const hetla__update_args *a, size_t m, size_t n, int two, const char *op,
                       hetla_status *s)
{
    *s = HETLA_SUCCESS;
    if (m == 0 || n == 0 || a->alpha == 0)
        return 0;
    if (a->x.dir <= 0 || (two && a->y.dir <= 0)) {
        *s = hetla__cuda_on_host(x, op);
        return 0;
    }
    return 1;
}

static hetla_status zgemv_cublas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!mv_prep(x, &a, "zgemv", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st = cublasZgemv_64(
        q->blas, hetla__cublas_op(a.trans), (int64_t)A->m, (int64_t)A->n, (const cuDoubleComplex *)&alpha, A->ptr,
        (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1), (const cuDoubleComplex *)&beta, Y->ptr, hetla__vec_inc(Y, 1));
    return hetla__cublas_check(st, "cublasZgemv_64", q->device);
}

static hetla_status zgbmv_cublas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!mv_prep(x, &a, "zgbmv", &s))
        return s;
    hetla_int m = a.trans == HETLA_NO_TRANS ? a.y.n : a.x.n;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st = cublasZgbmv_64(
        q->blas, hetla__cublas_op(a.trans), m, (int64_t)A->n, a.kl, a.ku, (const cuDoubleComplex *)&alpha, A->ptr,
        (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1), (const cuDoubleComplex *)&beta, Y->ptr, hetla__vec_inc(Y, 1));
    return hetla__cublas_check(st, "cublasZgbmv_64", q->device);
}

static hetla_status zhemv_cublas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!mv_prep(x, &a, "zhemv", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st = cublasZhemv_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, (const cuDoubleComplex *)&alpha,
                                       A->ptr, (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1),
                                       (const cuDoubleComplex *)&beta, Y->ptr, hetla__vec_inc(Y, 1));
    return hetla__cublas_check(st, "cublasZhemv_64", q->device);
}

static hetla_status zhbmv_cublas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!mv_prep(x, &a, "zhbmv", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st = cublasZhbmv_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, a.k, (const cuDoubleComplex *)&alpha,
                                       A->ptr, (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1),
                                       (const cuDoubleComplex *)&beta, Y->ptr, hetla__vec_inc(Y, 1));
    return hetla__cublas_check(st, "cublasZhbmv_64", q->device);
}

static hetla_status zhpmv_cublas(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!mv_prep(x, &a, "zhpmv", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    cublasStatus_t st =
        cublasZhpmv_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, (const cuDoubleComplex *)&alpha, Ap->ptr, X->ptr,
                       hetla__vec_inc(X, 1), (const cuDoubleComplex *)&beta, Y->ptr, hetla__vec_inc(Y, 1));
    return hetla__cublas_check(st, "cublasZhpmv_64", q->device);
}

static hetla_status ztrmv_cublas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!tri_prep(x, &a, "ztrmv", &s))
        return s;
    cublasStatus_t st =
        cublasZtrmv_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), hetla__cublas_diag(a.diag),
                       a.x.n, A->ptr, (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1));
    return hetla__cublas_check(st, "cublasZtrmv_64", q->device);
}

static hetla_status ztbmv_cublas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!tri_prep(x, &a, "ztbmv", &s))
        return s;
    cublasStatus_t st =
        cublasZtbmv_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), hetla__cublas_diag(a.diag),
                       a.x.n, a.k, A->ptr, (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1));
    return hetla__cublas_check(st, "cublasZtbmv_64", q->device);
}

static hetla_status ztpmv_cublas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!tri_prep(x, &a, "ztpmv", &s))
        return s;
    cublasStatus_t st = cublasZtpmv_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans),
                                       hetla__cublas_diag(a.diag), a.x.n, Ap->ptr, X->ptr, hetla__vec_inc(X, 1));
    return hetla__cublas_check(st, "cublasZtpmv_64", q->device);
}

static hetla_status ztrsv_cublas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!tri_prep(x, &a, "ztrsv", &s))
        return s;
    cublasStatus_t st =
        cublasZtrsv_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), hetla__cublas_diag(a.diag),
                       a.x.n, A->ptr, (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1));
    return hetla__cublas_check(st, "cublasZtrsv_64", q->device);
}

static hetla_status ztbsv_cublas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!tri_prep(x, &a, "ztbsv", &s))
        return s;
    cublasStatus_t st =
        cublasZtbsv_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans), hetla__cublas_diag(a.diag),
                       a.x.n, a.k, A->ptr, (int64_t)A->ld, X->ptr, hetla__vec_inc(X, 1));
    return hetla__cublas_check(st, "cublasZtbsv_64", q->device);
}

static hetla_status ztpsv_cublas(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!tri_prep(x, &a, "ztpsv", &s))
        return s;
    cublasStatus_t st = cublasZtpsv_64(q->blas, hetla__cublas_fill(a.uplo), hetla__cublas_op(a.trans),
                                       hetla__cublas_diag(a.diag), a.x.n, Ap->ptr, X->ptr, hetla__vec_inc(X, 1));
    return hetla__cublas_check(st, "cublasZtpsv_64", q->device);
}

static hetla_status zgerc_cublas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!update_prep(x, &a, A->m, A->n, 1, "zgerc", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cublasStatus_t st = cublasZgerc_64(q->blas, (int64_t)A->m, (int64_t)A->n, (const cuDoubleComplex *)&alpha, X->ptr,
                                       hetla__vec_inc(X, 1), Y->ptr, hetla__vec_inc(Y, 1), A->ptr, (int64_t)A->ld);
    return hetla__cublas_check(st, "cublasZgerc_64", q->device);
}

static hetla_status zher_cublas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *A = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 0, "zher", &s))
        return s;
    double alpha = creal(a.alpha);
    cublasStatus_t st = cublasZher_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, &alpha, X->ptr, hetla__vec_inc(X, 1),
                                      A->ptr, (int64_t)A->ld);
    return hetla__cublas_check(st, "cublasZher_64", q->device);
}

static hetla_status zhpr_cublas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Ap = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 0, "zhpr", &s))
        return s;
    double alpha = creal(a.alpha);
    cublasStatus_t st =
        cublasZhpr_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, &alpha, X->ptr, hetla__vec_inc(X, 1), Ap->ptr);
    return hetla__cublas_check(st, "cublasZhpr_64", q->device);
}

static hetla_status zher2_cublas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 1, "zher2", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cublasStatus_t st =
        cublasZher2_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, (const cuDoubleComplex *)&alpha, X->ptr,
                       hetla__vec_inc(X, 1), Y->ptr, hetla__vec_inc(Y, 1), A->ptr, (int64_t)A->ld);
    return hetla__cublas_check(st, "cublasZher2_64", q->device);
}

static hetla_status zhpr2_cublas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *Ap = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 1, "zhpr2", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cublasStatus_t st = cublasZhpr2_64(q->blas, hetla__cublas_fill(a.uplo), a.x.n, (const cuDoubleComplex *)&alpha,
                                       X->ptr, hetla__vec_inc(X, 1), Y->ptr, hetla__vec_inc(Y, 1), Ap->ptr);
    return hetla__cublas_check(st, "cublasZhpr2_64", q->device);
}

#if defined(COMPLEX)
static hetla_status zgeru_cublas(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s;
    if (!update_prep(x, &a, A->m, A->n, 1, "zgeru", &s))
        return s;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    cublasStatus_t st = cublasZgeru_64(q->blas, (int64_t)A->m, (int64_t)A->n, (const cuDoubleComplex *)&alpha, X->ptr,
                                       hetla__vec_inc(X, 1), Y->ptr, hetla__vec_inc(Y, 1), A->ptr, (int64_t)A->ld);
    return hetla__cublas_check(st, "cublasZgeru_64", q->device);
}
#endif

hetla_status hetla__zlevel2_cublas_register(hetla_context *ctx)
{
    static const struct {
        const char *op;
        hetla_kernel_fn fn;
    } ops[] = {
        {"zgemv", zgemv_cublas},
        {"zgbmv", zgbmv_cublas},
        {"zhemv", zhemv_cublas},
        {"zhbmv", zhbmv_cublas},
        {"zhpmv", zhpmv_cublas},
        {"ztrmv", ztrmv_cublas},
        {"ztbmv", ztbmv_cublas},
        {"ztpmv", ztpmv_cublas},
        {"ztrsv", ztrsv_cublas},
        {"ztbsv", ztbsv_cublas},
        {"ztpsv", ztpsv_cublas},
        {"zgerc", zgerc_cublas},
        {"zher", zher_cublas},
        {"zhpr", zhpr_cublas},
        {"zher2", zher2_cublas},
        {"zhpr2", zhpr2_cublas},
#if defined(COMPLEX)
        {"zgeru", zgeru_cublas},
#endif
    };
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__cublas_add(ctx, ops[i].op, ops[i].fn);
    return s;
}
