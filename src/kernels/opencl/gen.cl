/* hetla's own OpenCL C kernels (class OPENCL_GEN), one source for the four
 * precisions: the build option -DPRECISION_<s|d|c|z> picks the element
 * type. Compiled at first use per device and options. The tile kernels,
 * then batched GEMM. */
#if defined(PRECISION_d) || defined(PRECISION_z)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#if defined(PRECISION_s)
typedef float T;
#elif defined(PRECISION_d)
typedef double T;
#elif defined(PRECISION_c)
typedef float2 T;
#define COMPLEX
#else
typedef double2 T;
#define COMPLEX
#endif

static T mul(T a, T b)
{
#ifdef COMPLEX
    return (T)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
#else
    return a * b;
#endif
}

/* a, or its conjugate where @p c */
static T conj_if(T a, int c)
{
#ifdef COMPLEX
    return c ? (T)(a.x, -a.y) : a;
#else
    return a;
#endif
}

/* A := alpha A over an m x n tile (one work-item per element); alpha = 0
 * writes zeros, so NaN and Inf do not survive (LAPACK's laset). */
kernel void gescal(global T *A, ulong lda, T alpha, int zero)
{
    size_t i = get_global_id(0), j = get_global_id(1);
    global T *a = A + j * lda + i;
    *a = zero ? (T)0 : mul(alpha, *a);
}

/* ---- batched GEMM ---------------------------------------------------------
 * A batch operand o = (bs, bspan, s, ld): element (i, j) of matrix t at
 * (t / bs) bspan + t % bs + (i + j ld) s, elements from the buffer's
 * start: interleaved (bs the matrices, s the lane stride), blocked (bs a
 * block's matrices, s = bs), strided (bs = 1, bspan the matrix stride,
 * s = 1). */
static size_t at(ulong4 o, size_t t, size_t i, size_t j)
{
    return (t / o.x) * o.y + t % o.x + (i + j * o.w) * o.z;
}

/* op(X)(r, c) of matrix t: trans 0, 1, 2 = none, transpose, conjugate
 * transpose */
static T op_at(global const T *X, ulong4 o, size_t t, int trans, size_t r, size_t c)
{
    return trans ? conj_if(X[at(o, t, c, r)], trans == 2) : X[at(o, t, r, c)];
}

/* C_t := alpha op(A_t) op(B_t) + beta C_t (m x n, inner order k), a
 * work-item an element of C: dimension 0 the matrix (consecutive
 * work-items on consecutive matrices: side by side where the layout
 * interleaves them), dimension 1 the element i + j m. As BLAS, A and B
 * are not read unless @p use_ab (alpha != 0 and k > 0), nor C unless
 * @p use_c (beta != 0). GEMV is the case n = 1. */
kernel void gemm_batch(int transa, int transb, int m, int k, T alpha, T beta, int use_ab, int use_c, global const T *A,
                       ulong4 oa, global const T *B, ulong4 ob, global T *C, ulong4 oc)
{
    const size_t t = get_global_id(0), e = get_global_id(1), i = e % m, j = e / m;
    global T *c = C + at(oc, t, i, j);
    T r = use_c ? mul(beta, *c) : (T)0;
    if (use_ab) {
        T acc = 0;
        for (int l = 0; l < k; l++)
            acc += mul(op_at(A, oa, t, transa, i, l), op_at(B, ob, t, transb, l, j));
        r = mul(alpha, acc) + r;
    }
    *c = r;
}
