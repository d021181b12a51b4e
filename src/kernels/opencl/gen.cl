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

/* ---- GEMM -----------------------------------------------------------------
 * C := alpha op(A) op(B) + beta C (m x n, inner order k, column-major,
 * leading dimensions lda, ldb, ldc), built with the tiling as options:
 * a work-group computes a BM x BN block of C, each of its TM x TN
 * work-items an RM x RN block of it, rows tx + TM r and columns ty + TN c
 * (neighbouring work-items on neighbouring elements, in local memory and
 * in C). op(A) and op(B) pass through local memory in panels of BK
 * columns (rows), two buffers in turn: the next panels' loads are issued
 * before the current ones are multiplied and stored after, so that one
 * barrier a panel suffices. Each operand is loaded along its columns
 * whatever its transpose (coalesced), out-of-range elements as zeros.
 * As BLAS, C is not read when @p use_c is 0 (beta = 0); A and B are not
 * read when k = 0 (the caller passes k = 0 for alpha = 0). */
#ifdef BM
#define TM (BM / RM)
#define TN (BN / RN)
#define WG (TM * TN)
#if BM % RM || BN % RN || (BM * BK) % WG || (BK * BN) % WG
#error "a tiling's panels must share out evenly over its work-items"
#endif

/* c + a b */
static T fma_t(T a, T b, T c)
{
#ifdef COMPLEX
    return (T)(fma(a.x, b.x, fma(-a.y, b.y, c.x)), fma(a.x, b.y, fma(a.y, b.x, c.y)));
#else
    return fma(a, b, c);
#endif
}

/* (row, column) in a rows x cols panel of op(X) of its element e, the
 * elements numbered as X stores them: down op(X)'s columns where X is
 * untransposed, along its rows where X is transposed, so that
 * consecutive work-items read consecutive addresses. */
static int2 panel_at(int e, int rows, int cols, int trans)
{
    return trans ? (int2)(e / cols, e % cols) : (int2)(e % rows, e / rows);
}

__attribute__((reqd_work_group_size(TM, TN, 1))) kernel void
gemm(int transa, int transb, int m, int n, int k, T alpha, T beta, int use_c, global const T *A, ulong lda,
     global const T *B, ulong ldb, global T *C, ulong ldc)
{
    local T As[2][BK][BM + 1], Bs[2][BK][BN + 1];
    const int tx = get_local_id(0), ty = get_local_id(1), lid = tx + TM * ty;
    const int i0 = get_group_id(0) * BM, j0 = get_group_id(1) * BN;
    T acc[RM][RN], ra[BM * BK / WG], rb[BK * BN / WG];
    for (int r = 0; r < RM; r++)
        for (int c = 0; c < RN; c++)
            acc[r][c] = 0;
    /* op(A)(i, l) is A(i, l), or A(l, i) (conjugated where transa = 2);
     * op(B)(l, j) is B(l, j), or B(j, l) */
#define LOAD_PANELS(l0)                                                                                                \
    for (int s = 0; s < BM * BK / WG; s++) {                                                                           \
        int2 p = panel_at(lid + s * WG, BM, BK, transa);                                                               \
        int i = i0 + p.x, l = (l0) + p.y;                                                                              \
        ra[s] = i < m && l < k ? conj_if(transa ? A[l + i * lda] : A[i + l * lda], transa == 2) : (T)0;                \
    }                                                                                                                  \
    for (int s = 0; s < BK * BN / WG; s++) {                                                                           \
        int2 p = panel_at(lid + s * WG, BK, BN, transb);                                                               \
        int l = (l0) + p.x, j = j0 + p.y;                                                                              \
        rb[s] = l < k && j < n ? conj_if(transb ? B[j + l * ldb] : B[l + j * ldb], transb == 2) : (T)0;                \
    }
#define STORE_PANELS(b)                                                                                                \
    for (int s = 0; s < BM * BK / WG; s++) {                                                                           \
        int2 p = panel_at(lid + s * WG, BM, BK, transa);                                                               \
        As[b][p.y][p.x] = ra[s];                                                                                       \
    }                                                                                                                  \
    for (int s = 0; s < BK * BN / WG; s++) {                                                                           \
        int2 p = panel_at(lid + s * WG, BK, BN, transb);                                                               \
        Bs[b][p.x][p.y] = rb[s];                                                                                       \
    }
    LOAD_PANELS(0)
    STORE_PANELS(0)
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int l0 = 0, cur = 0; l0 < k; l0 += BK, cur ^= 1) {
        int more = l0 + BK < k;
        if (more) {
            LOAD_PANELS(l0 + BK)
        }
#pragma unroll
        for (int l = 0; l < BK; l++) {
            T a[RM], b[RN];
            for (int r = 0; r < RM; r++)
                a[r] = As[cur][l][tx + TM * r];
            for (int c = 0; c < RN; c++)
                b[c] = Bs[cur][l][ty + TN * c];
            for (int r = 0; r < RM; r++)
                for (int c = 0; c < RN; c++)
                    acc[r][c] = fma_t(a[r], b[c], acc[r][c]);
        }
        if (more) {
            STORE_PANELS(cur ^ 1)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int c = 0; c < RN; c++)
        for (int r = 0; r < RM; r++) {
            int i = i0 + tx + TM * r, j = j0 + ty + TN * c;
            if (i < m && j < n) {
                global T *p = C + i + j * ldc;
                *p = use_c ? fma_t(beta, *p, mul(alpha, acc[r][c])) : mul(alpha, acc[r][c]);
            }
        }
}
#undef LOAD_PANELS
#undef STORE_PANELS
#endif
