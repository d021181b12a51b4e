/* Level 1 in the CUDA_CUBLAS class: "zswap", "zcopy", "zscal", "zdscal",
 * "zaxpy", "zdrot", "zdotc", "zdotu", "dznrm2", "dzasum", "izamax" (real
 * twins: swap, copy, scal, axpy, rot, dot, nrm2, asum, i?amax). Vectors of
 * a negative or zero increment, and n = 0, run the generic kernel on host
 * copies (hetla__cuda_on_host): BLAS's meaning of those is the generic
 * kernels', and they are rare. Results land in the task's 1 x 1 device
 * buffer: dot products there directly (device pointer mode); norms, sums
 * and indices through the host, where they are checked or converted.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <float.h>
#include <math.h>

#include "kernels/blas/level1.h"
#include "kernels/cublas/cublas.h"

/* Whether cuBLAS takes vector @p v as it stands. */
static int forward(hetla__vec_arg v)
{
    return v.n > 0 && v.dir > 0;
}

static int64_t inc_of(const hetla_buffer *b)
{
    return (int64_t)hetla__vec_inc(b, 1);
}

static hetla_status zswap_cublas(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x) || !forward(a.y))
        return hetla__cuda_on_host(x, "zswap");
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    return hetla__cublas_check(cublasZswap_64(q->blas, a.x.n, X->ptr, inc_of(X), Y->ptr, inc_of(Y)), "cublasZswap_64",
                               q->device);
}

static hetla_status zcopy_cublas(const hetla_exec *x)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x) || !forward(a.y))
        return hetla__cuda_on_host(x, "zcopy");
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    return hetla__cublas_check(cublasZcopy_64(q->blas, a.x.n, X->ptr, inc_of(X), Y->ptr, inc_of(Y)), "cublasZcopy_64",
                               q->device);
}

static hetla_status zscal_cublas(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x))
        return hetla__cuda_on_host(x, "zscal");
    const hetla_buffer *X = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    return hetla__cublas_check(cublasZscal_64(q->blas, a.x.n, (const cuDoubleComplex *)&alpha, X->ptr, inc_of(X)),
                               "cublasZscal_64", q->device);
}

/* alpha = 0 is BLAS's quick return: y stays, x is not read. */
static hetla_status zaxpy_cublas(const hetla_exec *x)
{
    hetla__axpy_args a;
    HETLA__ARGS(x, a);
    if (a.x.n == 0 || a.alpha == 0)
        return HETLA_SUCCESS;
    if (!forward(a.x) || !forward(a.y))
        return hetla__cuda_on_host(x, "zaxpy");
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    _Alignas(cuDoubleComplex) hetla_zcomplex alpha = (hetla_zcomplex)a.alpha;
    return hetla__cublas_check(
        cublasZaxpy_64(q->blas, a.x.n, (const cuDoubleComplex *)&alpha, X->ptr, inc_of(X), Y->ptr, inc_of(Y)),
        "cublasZaxpy_64", q->device);
}

static hetla_status zdrot_cublas(const hetla_exec *x)
{
    hetla__rot_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x) || !forward(a.y))
        return hetla__cuda_on_host(x, "zdrot");
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    const hetla__cuda_queue *q = x->queue;
    double c = (double)a.c, s = (double)a.s;
    return hetla__cublas_check(cublasZdrot_64(q->blas, a.x.n, X->ptr, inc_of(X), Y->ptr, inc_of(Y), &c, &s),
                               "cublasZdrot_64", q->device);
}

typedef cublasStatus_t (*dot_fn)(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *,
                                 int64_t, cuDoubleComplex *);

/* A dot product into the result buffer, on the stream: nothing waits. */
static hetla_status dot(const hetla_exec *x, const char *op, dot_fn fn, const char *call)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x) || !forward(a.y))
        return hetla__cuda_on_host(x, op);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *R = &x->buf[2];
    const hetla__cuda_queue *q = x->queue;
    hetla_status s = hetla__cublas_check(cublasSetPointerMode(q->blas, CUBLAS_POINTER_MODE_DEVICE),
                                         "cublasSetPointerMode", q->device);
    if (s)
        return s;
    s = hetla__cublas_check(fn(q->blas, a.x.n, X->ptr, inc_of(X), Y->ptr, inc_of(Y), R->ptr), call, q->device);
    /* the other kernels pass their scalars from the host */
    hetla_status h =
        hetla__cublas_check(cublasSetPointerMode(q->blas, CUBLAS_POINTER_MODE_HOST), "cublasSetPointerMode", q->device);
    return s ? s : h;
}

static hetla_status zdotc_cublas(const hetla_exec *x)
{
    return dot(x, "zdotc", cublasZdotc_64, "cublasZdotc_64");
}

/* Writes @p bytes at @p v into the result buffer of @p x (buffer @p i). */
static hetla_status put_result(const hetla_exec *x, int i, const void *v, size_t bytes)
{
    const hetla__cuda_queue *q = x->queue;
    /* from pageable memory: staged before the call returns, so @p v may go */
    return hetla__cuda_check(cudaMemcpyAsync(x->buf[i].ptr, v, bytes, cudaMemcpyHostToDevice, q->stream),
                             "cudaMemcpyAsync (result)", q->device);
}

/* cuBLAS's norm is not BLAS's scaled sum: below the root of DBL_MIN /
 * DBL_EPSILON it may have lost accuracy to underflow, an infinite one may
 * be overflow, so those (and NaN) are computed again on the host. */
static hetla_status dznrm2_cublas(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x))
        return hetla__cuda_on_host(x, "dznrm2");
    const hetla_buffer *X = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    double v = 0;
    hetla_status s =
        hetla__cublas_check(cublasDznrm2_64(q->blas, a.x.n, X->ptr, inc_of(X), &v), "cublasDznrm2_64", q->device);
    if (s)
        return s;
    if (!(v >= sqrt(DBL_MIN / DBL_EPSILON)) || isinf(v))
        return hetla__cuda_on_host(x, "dznrm2");
    return put_result(x, 1, &v, sizeof v);
}

static hetla_status dzasum_cublas(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x))
        return hetla__cuda_on_host(x, "dzasum");
    const hetla_buffer *X = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    double v = 0;
    hetla_status s =
        hetla__cublas_check(cublasDzasum_64(q->blas, a.x.n, X->ptr, inc_of(X), &v), "cublasDzasum_64", q->device);
    return s ? s : put_result(x, 1, &v, sizeof v);
}

/* cuBLAS counts from 1, hetla from 0; both take the first of equal
 * largest |re| + |im|. */
static hetla_status izamax_cublas(const hetla_exec *x)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x))
        return hetla__cuda_on_host(x, "izamax");
    const hetla_buffer *X = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    int64_t one_based = 0;
    hetla_status s = hetla__cublas_check(cublasIzamax_64(q->blas, a.x.n, X->ptr, inc_of(X), &one_based),
                                         "cublasIzamax_64", q->device);
    hetla_int v = (hetla_int)one_based - 1;
    return s ? s : put_result(x, 1, &v, sizeof v);
}

#if defined(COMPLEX)
static hetla_status zdotu_cublas(const hetla_exec *x)
{
    return dot(x, "zdotu", cublasZdotu_64, "cublasZdotu_64");
}

static hetla_status zdscal_cublas(const hetla_exec *x)
{
    hetla__scal_args a;
    HETLA__ARGS(x, a);
    if (!forward(a.x))
        return hetla__cuda_on_host(x, "zdscal");
    const hetla_buffer *X = &x->buf[0];
    const hetla__cuda_queue *q = x->queue;
    double alpha = creal(a.alpha);
    return hetla__cublas_check(cublasZdscal_64(q->blas, a.x.n, &alpha, X->ptr, inc_of(X)), "cublasZdscal_64",
                               q->device);
}
#endif

hetla_status hetla__zlevel1_cublas_register(hetla_context *ctx)
{
    static const struct {
        const char *op;
        hetla_kernel_fn fn;
    } ops[] = {
        {"zswap", zswap_cublas},
        {"zcopy", zcopy_cublas},
        {"zscal", zscal_cublas},
        {"zaxpy", zaxpy_cublas},
        {"zdrot", zdrot_cublas},
        {"zdotc", zdotc_cublas},
        {"dznrm2", dznrm2_cublas},
        {"dzasum", dzasum_cublas},
        {"izamax", izamax_cublas},
#if defined(COMPLEX)
        {"zdotu", zdotu_cublas},
        {"zdscal", zdscal_cublas},
#endif
    };
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__cublas_add(ctx, ops[i].op, ops[i].fn);
    return s;
}
