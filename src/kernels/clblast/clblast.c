/* The OPENCL_CLBLAST class's registry, CLBlast's statuses, and what the
 * level-1 and level-2 wrappers of every precision share: the cases CLBlast
 * refuses or computes differently from BLAS, and results of other types. */
#include "kernels/clblast/clblast.h"

#include <math.h>

hetla_status hetla__clblast_check(CLBlastStatusCode st, const char *call, const hetla__ocl_queue *q)
{
    if (st == CLBlastSuccess)
        return HETLA_SUCCESS;
    /* CLBlast's own codes lie at -1024 .. -2048; above, they are OpenCL's. */
    const char *what = st > -1000 ? hetla__ocl_error_name((cl_int)st)
                       : st == CLBlastNotImplemented ? "not implemented by CLBlast"
                       : st == CLBlastNoDoublePrecision ? "the device has no double precision"
                       : st == CLBlastNoHalfPrecision ? "the device has no half precision"
                                                       : "a CLBlast argument or buffer check failed";
    return hetla__fail(HETLA_ERR_BACKEND, "%s on opencl:%d failed: %s (CLBlast status %d)", call, q->index, what,
                       (int)st);
}

hetla_status hetla__clblast_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    return s ? s : hetla_kernel_add(k, HETLA_CLASS_OPENCL_CLBLAST, fn);
}

hetla_status hetla__clblast_add_ops(hetla_context *ctx, const hetla__clb_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        hetla_status s = hetla__clblast_add(ctx, ops[i].op, ops[i].fn);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__clblast_zero(const hetla__ocl_queue *q, const hetla_buffer *b)
{
    static const cl_uchar zero = 0;
    size_t bytes = 0;
    cl_int e = clGetMemObjectInfo(b->ptr, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueFillBuffer(q->queue, b->ptr, &zero, sizeof zero, 0, bytes, 0, NULL, NULL);
    return hetla__ocl_check(e, "clEnqueueFillBuffer", q->index);
}

/* Level 1. CLBlast refuses n = 0 (the reductions still owe their result,
 * 0) and takes no negative or zero increment: the generic kernel on the
 * host does those. */

hetla_status hetla__clblast_pair(const hetla_exec *x, const char *op, hetla__clb_pair_fn fn, const char *call)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    if (a.x.n == 0)
        return HETLA_SUCCESS;
    if (!hetla__clb_forward(a.x) || !hetla__clb_forward(a.y))
        return hetla__ocl_on_host(x, op);
    CLBlastStatusCode st =
        fn((size_t)a.x.n, X->ptr, 0, hetla__clb_inc(X), Y->ptr, 0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, call, q);
}

hetla_status hetla__clblast_dot(const hetla_exec *x, const char *op, hetla__clb_dot_fn fn, const char *call)
{
    hetla__vec2_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *R = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    if (a.x.n == 0 || !hetla__clb_forward(a.x) || !hetla__clb_forward(a.y))
        return hetla__ocl_on_host(x, op);
    CLBlastStatusCode st =
        fn((size_t)a.x.n, R->ptr, 0, X->ptr, 0, hetla__clb_inc(X), Y->ptr, 0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, call, q);
}

/* The real result of @p x, read back. */
static hetla_status result_read(const hetla_exec *x, double *v)
{
    const hetla__ocl_queue *q = x->queue;
    const hetla_buffer *R = &x->buf[1];
    union {
        float s;
        double d;
    } r;
    cl_int e = clEnqueueReadBuffer(q->queue, R->ptr, CL_TRUE, 0, hetla_dtype_size(R->type), &r, 0, NULL, NULL);
    *v = R->type == HETLA_FLOAT ? r.s : r.d;
    return hetla__ocl_check(e, "clEnqueueReadBuffer", q->index);
}

static hetla_status reduce_run(const hetla_exec *x, hetla__clb_reduce_fn fn, const char *call, size_t clb_bytes)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *R = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    size_t bytes = hetla_dtype_size(R->type);
    if (clb_bytes == bytes)
        return hetla__clblast_check(fn((size_t)a.x.n, R->ptr, 0, X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL),
                                    call, q);
    /* The norm or sum of complex data comes as a complex number: a scratch
     * buffer, then its real part. Released at once, it lives on until the
     * commands using it are done. */
    cl_int e;
    cl_mem t = clCreateBuffer(q->context, CL_MEM_READ_WRITE, clb_bytes, NULL, &e);
    if (e != CL_SUCCESS)
        return hetla__ocl_check(e, "clCreateBuffer", q->index);
    hetla_status s =
        hetla__clblast_check(fn((size_t)a.x.n, t, 0, X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL), call, q);
    if (!s)
        s = hetla__ocl_check(clEnqueueCopyBuffer(q->queue, t, R->ptr, 0, 0, bytes, 0, NULL, NULL),
                             "clEnqueueCopyBuffer", q->index);
    clReleaseMemObject(t);
    return s;
}

hetla_status hetla__clblast_reduce(const hetla_exec *x, const char *op, hetla__clb_reduce_fn fn, const char *call,
                                   size_t clb_bytes, double lo)
{
    hetla__vec1_args a;
    HETLA__ARGS(x, a);
    if (a.x.n == 0 || !hetla__clb_forward(a.x))
        return hetla__ocl_on_host(x, op);
    hetla_status s = reduce_run(x, fn, call, clb_bytes);
    double v = 0;
    if (s || lo == 0 || (s = result_read(x, &v)))
        return s;
    /* Where the sum of squares may have overflowed or underflowed (or
     * NaN, zeros, infinities came in), BLAS's scaled sum decides. */
    return v >= lo && !isinf(v) ? HETLA_SUCCESS : hetla__ocl_on_host(x, op);
}

/* Level 2. CLBlast computes beta y + alpha op(A) x whatever the scalars,
 * where BLAS reads no A and x for alpha = 0 and no y for beta = 0 (NaN
 * there must not survive): alpha = 0 runs on the host, and beta = 0 zeros
 * y first. Its sizes must be positive. */

int hetla__clblast_mv_prep(const hetla_exec *x, const hetla__mv_args *a, const char *op, hetla_status *s)
{
    *s = HETLA_SUCCESS;
    if (a->y.n == 0)
        return 0;
    if (a->x.n == 0 || a->alpha == 0 || !hetla__clb_forward(a->x) || !hetla__clb_forward(a->y)) {
        *s = hetla__ocl_on_host(x, op);
        return 0;
    }
    if (a->beta == 0)
        *s = hetla__clblast_zero(x->queue, &x->buf[2]);
    return *s == HETLA_SUCCESS;
}

int hetla__clblast_tri_prep(const hetla_exec *x, const hetla__tri_args *a, const char *op, hetla_status *s)
{
    *s = HETLA_SUCCESS;
    if (a->x.n == 0)
        return 0;
    if (!hetla__clb_forward(a->x)) {
        *s = hetla__ocl_on_host(x, op);
        return 0;
    }
    return 1;
}

/* BLAS returns at alpha = 0 without reading x and y. */
int hetla__clblast_update_prep(const hetla_exec *x, const hetla__update_args *a, size_t m, size_t n, int two,
                               const char *op, hetla_status *s)
{
    *s = HETLA_SUCCESS;
    if (m == 0 || n == 0 || a->alpha == 0)
        return 0;
    if (!hetla__clb_forward(a->x) || (two && !hetla__clb_forward(a->y))) {
        *s = hetla__ocl_on_host(x, op);
        return 0;
    }
    return 1;
}

static hetla_status (*const families[])(hetla_context *ctx) = {
    hetla__sgemm_clblast_register,   hetla__dgemm_clblast_register,   hetla__cgemm_clblast_register,
    hetla__zgemm_clblast_register,   hetla__csymm_clblast_register,   hetla__zsymm_clblast_register,
    hetla__slevel1_clblast_register, hetla__dlevel1_clblast_register, hetla__clevel1_clblast_register,
    hetla__zlevel1_clblast_register, hetla__slevel2_clblast_register, hetla__dlevel2_clblast_register,
    hetla__clevel2_clblast_register, hetla__zlevel2_clblast_register,
};

hetla_status hetla__clblast_register(hetla_context *ctx)
{
    for (size_t i = 0; i < sizeof families / sizeof *families; i++) {
        hetla_status s = families[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}
