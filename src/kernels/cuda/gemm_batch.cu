/* hetla's CUDA kernels for batched GEMM (and GEMV, its n = 1 case) over
 * the batch layouts, in four precisions, and the layout copy. Interleaved
 * operands: one thread per matrix, so element (i, j) of 32 consecutive
 * matrices is one coalesced load; square orders up to 8 fully unrolled
 * with C in registers, other orders up to 32 one column of C per thread.
 * Strided operands: a block per group of matrices, A and B staged in
 * shared memory by coalesced loads, one C element per thread. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

namespace {

/* op(X)(r, c) = X[r * row + c * col], conjugated if conj. */
struct view {
    ll row, col;
    bool conj;
};

__host__ __device__ inline view op_view(const hetla__cuda_bop &o, int trans, ll s)
{
    ll down = s, across = o.ld * s;
    return trans ? view{across, down, trans == 2} : view{down, across, false};
}

/* C := alpha acc + beta C, C not read when beta = 0. */
template <typename T>
__device__ __forceinline__ void update(T *c, T acc, T alpha, T beta, bool beta0)
{
    *c = beta0 ? alpha * acc : alpha * acc + beta * *c;
}

/* ---- one thread per matrix, order N fully unrolled, C in registers ------- */

template <typename T, int N>
__global__ void __launch_bounds__(128) gemm_fixed(const hetla__cuda_gemm g)
{
    ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= g.count)
        return;
    const T *A = (const T *)g.A.ptr + base(g.A, t), *B = (const T *)g.B.ptr + base(g.B, t);
    T *C = (T *)g.C.ptr + base(g.C, t);
    const view va = op_view(g.A, g.transa, g.A.s), vb = op_view(g.B, g.transb, g.B.s);
    const ll cs = g.C.s, cld = g.C.ld * g.C.s;
    const T zero = {};
    T acc[N][N];
#pragma unroll
    for (int i = 0; i < N; i++)
#pragma unroll
        for (int j = 0; j < N; j++)
            acc[i][j] = zero;
    if (!scalar<T>::zero(g.alpha)) {
#pragma unroll
        for (int l = 0; l < N; l++) {
            T a[N], b[N];
#pragma unroll
            for (int i = 0; i < N; i++)
                a[i] = cj(A[i * va.row + l * va.col], va.conj);
#pragma unroll
            for (int j = 0; j < N; j++)
                b[j] = cj(B[l * vb.row + j * vb.col], vb.conj);
#pragma unroll
            for (int j = 0; j < N; j++)
#pragma unroll
                for (int i = 0; i < N; i++)
                    acc[i][j] = acc[i][j] + a[i] * b[j];
        }
    }
    const T alpha = scalar<T>::make(g.alpha), beta = scalar<T>::make(g.beta);
    const bool beta0 = scalar<T>::zero(g.beta);
#pragma unroll
    for (int j = 0; j < N; j++)
#pragma unroll
        for (int i = 0; i < N; i++)
            update(&C[i * cs + j * cld], acc[i][j], alpha, beta, beta0);
}

/* ---- one thread per matrix and column of C: m <= M, any n and k ----------
 * threadIdx.x picks the matrix (32 consecutive: coalesced), threadIdx.y
 * the first column; the columns of one matrix share A through L1. */

template <typename T, int M>
__global__ void __launch_bounds__(256) gemm_cols(const hetla__cuda_gemm g)
{
    ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= g.count)
        return;
    const T *A = (const T *)g.A.ptr + base(g.A, t), *B = (const T *)g.B.ptr + base(g.B, t);
    T *C = (T *)g.C.ptr + base(g.C, t);
    const view va = op_view(g.A, g.transa, g.A.s), vb = op_view(g.B, g.transb, g.B.s);
    const ll cs = g.C.s, cld = g.C.ld * g.C.s;
    const T alpha = scalar<T>::make(g.alpha), beta = scalar<T>::make(g.beta), zero = {};
    const bool alpha0 = scalar<T>::zero(g.alpha), beta0 = scalar<T>::zero(g.beta);
    for (int j = threadIdx.y; j < g.n; j += blockDim.y) {
        T acc[M];
#pragma unroll
        for (int i = 0; i < M; i++)
            acc[i] = zero;
        for (int l = 0; l < g.k && !alpha0; l++) {
            T b = cj(B[l * vb.row + j * vb.col], vb.conj);
#pragma unroll
            for (int i = 0; i < M; i++)
                if (i < g.m)
                    acc[i] = acc[i] + cj(A[i * va.row + l * va.col], va.conj) * b;
        }
#pragma unroll
        for (int i = 0; i < M; i++)
            if (i < g.m)
                update(&C[i * cs + j * cld], acc[i], alpha, beta, beta0);
    }
}

/* ---- a block per group of G matrices, one thread per element of C --------
 * STAGE: A and B of the group copied into shared memory first (each
 * matrix's span of ea, eb elements, contiguous in a strided chunk, so the
 * copy is coalesced); else read from global memory (large matrices). */

template <typename T, bool STAGE>
__global__ void __launch_bounds__(256) gemm_block(const hetla__cuda_gemm g, int G, int ea, int eb)
{
    extern __shared__ __align__(16) unsigned char smem[];
    T *sA = (T *)smem, *sB = sA + (ll)G * ea;
    const ll t0 = blockIdx.x * (ll)G;
    const int gn = (int)(g.count - t0 < G ? g.count - t0 : G);
    const bool alpha0 = scalar<T>::zero(g.alpha), beta0 = scalar<T>::zero(g.beta);
    if (STAGE && !alpha0) {
        for (int x = threadIdx.x; x < gn * ea; x += blockDim.x) {
            int q = x / ea, e = x - q * ea;
            sA[x] = ((const T *)g.A.ptr)[base(g.A, t0 + q) + e * g.A.s];
        }
        for (int x = threadIdx.x; x < gn * eb; x += blockDim.x) {
            int q = x / eb, e = x - q * eb;
            sB[x] = ((const T *)g.B.ptr)[base(g.B, t0 + q) + e * g.B.s];
        }
        __syncthreads();
    }
    const view va = op_view(g.A, g.transa, STAGE ? 1 : g.A.s), vb = op_view(g.B, g.transb, STAGE ? 1 : g.B.s);
    const T alpha = scalar<T>::make(g.alpha), beta = scalar<T>::make(g.beta), zero = {};
    const int mn = g.m * g.n;
    for (int x = threadIdx.x; x < gn * mn; x += blockDim.x) {
        int q = x / mn, r = x - q * mn, i = r % g.m, j = r / g.m;
        const T *a = STAGE ? sA + (ll)q * ea : (const T *)g.A.ptr + base(g.A, t0 + q);
        const T *b = STAGE ? sB + (ll)q * eb : (const T *)g.B.ptr + base(g.B, t0 + q);
        T acc = zero;
        for (int l = 0; l < g.k && !alpha0; l++)
            acc = acc + cj(a[i * va.row + l * va.col], va.conj) * cj(b[l * vb.row + j * vb.col], vb.conj);
        T *c = (T *)g.C.ptr + base(g.C, t0 + q) + (i + (ll)j * g.C.ld) * g.C.s;
        update(c, acc, alpha, beta, beta0);
    }
}

/* ---- choosing a kernel ----------------------------------------------------- */

/* Shared memory a staged block may take: 7 blocks of 256 threads per SM. */
constexpr int STAGE_BYTES = 32 << 10;

/* The span of one matrix: the elements from (0, 0) to (rows-1, cols-1). */
int span(const hetla__cuda_bop &o, int rows, int cols) { return rows && cols ? (int)(o.ld * (cols - 1) + rows) : 0; }

template <typename T, int N> void launch_fixed(const hetla__cuda_gemm &g, cudaStream_t st)
{
    gemm_fixed<T, N><<<(unsigned)((g.count + 127) / 128), 128, 0, st>>>(g);
}

template <typename T> bool try_fixed(const hetla__cuda_gemm &g, cudaStream_t st)
{
    /* C in registers: up to 64 real doubles' worth (zcomplex stops at 5). */
    if (g.m != g.n || g.n != g.k || g.n > 8 || sizeof(T) * g.n * g.n > 64 * sizeof(double))
        return false;
    switch (g.n) {
    case 1: launch_fixed<T, 1>(g, st); break;
    case 2: launch_fixed<T, 2>(g, st); break;
    case 3: launch_fixed<T, 3>(g, st); break;
    case 4: launch_fixed<T, 4>(g, st); break;
    case 5: launch_fixed<T, 5>(g, st); break;
    case 6: launch_fixed<T, 6>(g, st); break;
    case 7: launch_fixed<T, 7>(g, st); break;
    default: launch_fixed<T, 8>(g, st); break;
    }
    return true;
}

template <typename T> bool try_cols(const hetla__cuda_gemm &g, cudaStream_t st)
{
    if (g.m > 32)
        return false;
    /* 256 threads: up to 8 columns at once, the rest along the matrices */
    int ny = g.n < 8 ? g.n : 8;
    dim3 block(256 / ny, ny);
    unsigned grid = (unsigned)((g.count + block.x - 1) / block.x);
    if (g.m <= 8)
        gemm_cols<T, 8><<<grid, block, 0, st>>>(g);
    else if (g.m <= 16)
        gemm_cols<T, 16><<<grid, block, 0, st>>>(g);
    else
        gemm_cols<T, 32><<<grid, block, 0, st>>>(g);
    return true;
}

template <typename T> void launch_block(const hetla__cuda_gemm &g, cudaStream_t st)
{
    int ea = span(g.A, g.transa ? g.k : g.m, g.transa ? g.m : g.k);
    int eb = span(g.B, g.transb ? g.n : g.k, g.transb ? g.k : g.n);
    size_t per = (size_t)(ea + eb) * sizeof(T);
    if (per && per <= (size_t)STAGE_BYTES) {
        int G = (int)(STAGE_BYTES / per);
        /* enough elements of C for the block's threads, no more groups than matrices */
        int want = (2048 + g.m * g.n - 1) / (g.m * g.n);
        G = G < want ? G : want;
        G = (ll)G < g.count ? G : (int)g.count;
        gemm_block<T, true><<<(unsigned)((g.count + G - 1) / G), 256, (size_t)G * per, st>>>(g, G, ea, eb);
    } else {
        int G = (1024 + g.m * g.n - 1) / (g.m * g.n);
        gemm_block<T, false><<<(unsigned)((g.count + G - 1) / G), 256, 0, st>>>(g, G, ea, eb);
    }
}

bool lanes(const hetla__cuda_bop &o) { return o.bs > 1; }

template <typename T> cudaError_t gemm(const hetla__cuda_gemm &g, cudaStream_t st)
{
    if (!(lanes(g.A) && lanes(g.B) && lanes(g.C) && (try_fixed<T>(g, st) || try_cols<T>(g, st))))
        launch_block<T>(g, st);
    return cudaGetLastError();
}

/* ---- layout copy ------------------------------------------------------------ */

template <typename T>
__global__ void batch_copy(const hetla__cuda_bop src, const hetla__cuda_bop dst, int rows, int elems, ll count)
{
    __shared__ T tile[32][33];
    const ll t0 = blockIdx.x * 32ll;
    const int e0 = blockIdx.y * 32;
    /* read: threadIdx.x along the elements of a matrix (strided: contiguous) */
    for (int r = threadIdx.y; r < 32; r += blockDim.y) {
        ll t = t0 + r;
        int e = e0 + threadIdx.x;
        if (t < count && e < elems)
            tile[r][threadIdx.x] = ((const T *)src.ptr)[base(src, t) + (e % rows + (ll)(e / rows) * src.ld) * src.s];
    }
    __syncthreads();
    /* write: threadIdx.x along the matrices (interleaved: contiguous) */
    for (int r = threadIdx.y; r < 32; r += blockDim.y) {
        ll t = t0 + threadIdx.x;
        int e = e0 + r;
        if (t < count && e < elems)
            ((T *)dst.ptr)[base(dst, t) + (e % rows + (ll)(e / rows) * dst.ld) * dst.s] = tile[threadIdx.x][r];
    }
}

template <typename T>
cudaError_t copy(const hetla__cuda_bop &src, const hetla__cuda_bop &dst, int rows, int cols, ll count,
                 cudaStream_t st)
{
    int elems = rows * cols;
    if (!elems || !count)
        return cudaSuccess;
    dim3 grid((unsigned)((count + 31) / 32), (unsigned)((elems + 31) / 32));
    batch_copy<T><<<grid, dim3(32, 8), 0, st>>>(src, dst, rows, elems, count);
    return cudaGetLastError();
}

} // namespace

cudaError_t hetla__cuda_gemm_batch(const hetla__cuda_gemm *g, cudaStream_t stream)
{
    if (g->count == 0 || g->m == 0 || g->n == 0)
        return cudaSuccess;
    switch (g->type) {
    case HETLA__CUDA_S: return gemm<float>(*g, stream);
    case HETLA__CUDA_D: return gemm<double>(*g, stream);
    case HETLA__CUDA_C: return gemm<cf>(*g, stream);
    default: return gemm<cd>(*g, stream);
    }
}

cudaError_t hetla__cuda_batch_copy(const hetla__cuda_bop *src, const hetla__cuda_bop *dst, int rows, int cols,
                                   long long count, int esize, cudaStream_t stream)
{
    switch (esize) {
    case 4: return copy<float>(*src, *dst, rows, cols, count, stream);
    case 8: return copy<double>(*src, *dst, rows, cols, count, stream);
    default: return copy<cd>(*src, *dst, rows, cols, count, stream);
    }
}
