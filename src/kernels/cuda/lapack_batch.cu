/* hetla's CUDA kernels for batched Cholesky and LU (with and without
 * partial pivoting) over the batch layouts, in four precisions: one thread
 * per matrix, the algorithms of the CPU reference (src/batch/zbatch_ref.c)
 * element for element, so that the results and every matrix's own info
 * match the CPU's. LU of orders 9..32: a row per thread, the matrix in
 * registers, pivot search and interchanges by warp shuffles; smaller ones
 * in shared memory (for interleaved operands loaded and stored back
 * coalesced across up to 128 matrices); Cholesky, and other LU, in place. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

#include <cuda_pipeline.h>

namespace {

enum { THREADS = 128 };

/* The lower case; the upper one is the lower on the conjugate transpose,
 * U(j, i) = conj(L(i, j)): rows and columns swap strides. Stops at the
 * first minor that is not positive definite, as LAPACK does. A(i, j) at
 * A + i * s + j * ld. @return LAPACK's info. */
template <typename T> __device__ long long potrf_in(T *A, ll s, ll ld, int n, bool up)
{
    const ll r = up ? ld : s, c = up ? s : ld;
    for (int j = 0; j < n; j++) {
        T *ajj = A + j * (r + c);
        double d = re(*ajj);
        for (int l = 0; l < j; l++) {
            T v = A[j * r + l * c];
            d -= re(v * cj(v, true));
        }
        if (!(d > 0)) {
            *ajj = real_as<T>(d);
            return j + 1;
        }
        d = sqrt(d);
        *ajj = real_as<T>(d);
        for (int i = j + 1; i < n; i++) {
            T acc = cj(A[i * r + j * c], up);
            for (int l = 0; l < j; l++)
                acc = acc - cj(A[i * r + l * c], up) * cj(cj(A[j * r + l * c], up), true);
            A[i * r + j * c] = cj(quot(acc, real_as<T>(d)), up);
        }
    }
    return 0;
}

/* Right-looking LU, the pivot the first largest |re| + |im| of the column
 * (LAPACK's i?amax); a zero pivot sets info and the elimination goes on.
 * Pivots (1-based) into @p ipiv unless NULL (no pivoting). */
template <typename T> __device__ long long getrf_in(T *A, ll s, ll ld, int m, int n, long long *ipiv)
{
#define E(i, j) A[(i) * s + (ll)(j) * ld]
    long long info = 0;
    int mn = m < n ? m : n;
    for (int j = 0; j < mn; j++) {
        if (ipiv) {
            int p = j;
            double best = abs1(E(j, j));
            for (int i = j + 1; i < m; i++) {
                double v = abs1(E(i, j));
                if (v > best)
                    p = i, best = v;
            }
            ipiv[j] = p + 1;
            if (p != j)
                for (int col = 0; col < n; col++) {
                    T v = E(j, col);
                    E(j, col) = E(p, col);
                    E(p, col) = v;
                }
        }
        T d = E(j, j);
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else
            for (int i = j + 1; i < m; i++)
                E(i, j) = quot(E(i, j), d);
        for (int col = j + 1; col < n; col++) {
            T u = E(j, col);
            for (int i = j + 1; i < m; i++)
                E(i, col) = E(i, col) - E(i, j) * u;
        }
    }
#undef E
    return info;
}

template <typename T> __device__ long long factor_in(const hetla__cuda_factor &f, T *A, ll s, ll ld, ll t, bool lu)
{
    return lu ? getrf_in(A, s, ld, f.m, f.n, f.ipiv ? f.ipiv + t * f.ipiv_ld : nullptr)
              : potrf_in(A, s, ld, f.n, f.upper);
}

/* One thread per matrix, in place in global memory. */
template <typename T, bool LU> __global__ void __launch_bounds__(THREADS) factor_global(const hetla__cuda_factor f)
{
    ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t < f.count)
        f.info[t] = factor_in(f, (T *)f.A.ptr + base(f.A, t), f.A.s, f.A.ld * f.A.s, t, LU);
}

/* LU, one thread per matrix, the matrix copied to shared memory (element e
 * of the block's W matrices side by side: conflict-free) by asynchronous
 * copies, all in flight at once, factored there and copied back: in
 * global memory each update would wait for its load. Interleaved
 * operands: each thread copies its own matrix (consecutive threads,
 * consecutive matrices: coalesced). Strided ones: the block's threads
 * copy its matrices together, consecutive threads on consecutive elements
 * of a matrix, so that those copies are coalesced too (a thread copying
 * its own strided matrix reads one element of each of 32 sectors). */
template <typename T> __global__ void __launch_bounds__(THREADS) getrf_shared(const hetla__cuda_factor f)
{
    extern __shared__ __align__(16) unsigned char smem[];
    const int W = blockDim.x, q = threadIdx.x;
    const ll t0 = blockIdx.x * (ll)W, t = t0 + q;
    const ll s = f.A.s, ld = f.A.ld * f.A.s;
    T *S = (T *)smem;
    if (lanes(f.A)) {
        if (t >= f.count)
            return;
        T *A = (T *)f.A.ptr + base(f.A, t);
        for (int j = 0, e = 0; j < f.n; j++)
            for (int i = 0; i < f.m; i++, e++)
                __pipeline_memcpy_async(&S[(ll)e * W + q], &A[i * s + j * ld], sizeof(T));
        __pipeline_commit();
        __pipeline_wait_prior(0);
        f.info[t] = factor_in(f, S + q, W, (ll)f.m * W, t, true);
        for (int j = 0, e = 0; j < f.n; j++)
            for (int i = 0; i < f.m; i++, e++)
                A[i * s + j * ld] = S[(ll)e * W + q];
        return;
    }
    const int mn = f.m * f.n, live = f.count - t0 < W ? (int)(f.count - t0) : W;
    T *A = (T *)f.A.ptr;
    /* copy x: element e = i + j m of matrix p of the block, at A[g] and S[e W + p] */
    auto at = [&](int x, ll &g) {
        const int p = x / mn, e = x - p * mn, j = e / f.m, i = e - j * f.m;
        g = base(f.A, t0 + p) + i * s + j * ld;
        return (ll)e * W + p;
    };
    ll g;
    for (int x = q; x < live * mn; x += W) {
        const ll k = at(x, g);
        __pipeline_memcpy_async(&S[k], &A[g], sizeof(T));
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    if (q < live)
        f.info[t] = factor_in(f, S + q, W, (ll)f.m * W, t, true);
    __syncthreads();
    for (int x = q; x < live * mn; x += W) {
        const ll k = at(x, g);
        A[g] = S[k];
    }
}

/* ---- LU a row per thread: orders 9..32 ---------------------------------
 * A warp holds W = 32 / N matrices of order n <= N, lane q + W i holding
 * row i of matrix q in registers (lanes of one matrix W apart, so that on
 * interleaved operands a row's loads are coalesced across the matrices).
 * The pivot search is a butterfly over the lanes of a matrix, the
 * interchange and the pivot row's broadcast are shuffles: no memory
 * traffic but the matrix in and out. Same arithmetic, ties and info as
 * getrf_in. */

__device__ __forceinline__ float shfl(float v, int src)
{
    return __shfl_sync(0xffffffffu, v, src);
}
__device__ __forceinline__ double shfl(double v, int src)
{
    return __shfl_sync(0xffffffffu, v, src);
}
__device__ __forceinline__ cf shfl(cf v, int src)
{
    return {shfl(v.re, src), shfl(v.im, src)};
}
__device__ __forceinline__ cd shfl(cd v, int src)
{
    return {shfl(v.re, src), shfl(v.im, src)};
}

template <typename T, int N> __global__ void __launch_bounds__(256) getrf_rows(const hetla__cuda_factor f)
{
    constexpr int W = 32 / N;
    const int lane = threadIdx.x % 32, q = lane % W, i = lane / W, n = f.n;
    const ll t = (blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32) * (ll)W + q;
    const bool live = t < f.count, mine = live && i < n;
    T *A = (T *)f.A.ptr + (live ? base(f.A, t) : 0);
    const ll s = f.A.s, ld = f.A.ld * f.A.s;
    long long *ipiv = f.ipiv && live ? f.ipiv + t * f.ipiv_ld : nullptr;
    const T zero = {};
    T row[N];
#pragma unroll
    for (int c = 0; c < N; c++)
        row[c] = mine && c < n ? A[i * s + c * ld] : zero;
    long long info = 0;
#pragma unroll
    for (int j = 0; j < N; j++) {
        if (j >= n) /* uniform: every lane of the warp has the same n */
            break;
        if (f.ipiv) {
            /* as getrf_in's scan: a NaN on the diagonal keeps row j, one
             * below it is never taken */
            double v = i >= j && i < n ? abs1(row[j]) : -1.0;
            v = isnan(v) ? (i == j ? INFINITY : -1.0) : v;
            int p = i;
#pragma unroll
            for (int off = W; off < 32; off <<= 1) {
                double ov = __shfl_xor_sync(0xffffffffu, v, off);
                int op = __shfl_xor_sync(0xffffffffu, p, off);
                if (ov > v || (ov == v && op < p))
                    v = ov, p = op;
            }
            if (ipiv && i == j)
                ipiv[j] = p + 1;
            /* rows j and p trade places (a lane not among them reads itself) */
            const int src = q + W * (i == j ? p : i == p ? j : i);
#pragma unroll
            for (int c = 0; c < N; c++)
                row[c] = shfl(row[c], src);
        }
        const T d = shfl(row[j], q + W * j);
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else if (i > j)
            row[j] = quot(row[j], d);
#pragma unroll
        for (int c = j + 1; c < N; c++) {
            const T u = shfl(row[c], q + W * j);
            if (i > j)
                row[c] = row[c] - row[j] * u;
        }
    }
#pragma unroll
    for (int c = 0; c < N; c++)
        if (mine && c < n)
            A[i * s + c * ld] = row[c];
    if (live && i == 0)
        f.info[t] = info;
}

/* Shared memory a factoring block may take (no opt-in needed). */
constexpr size_t SHARED_BYTES = 48 << 10;

/* Cholesky in global memory; LU in shared memory with blocks of up to 128
 * matrices (fewer for larger ones) where they fit (strided ones too: a
 * thread's copies then read its own matrix's run of elements, whose
 * sectors the next copies find in L1), else in global memory. Measured
 * (`hetla bench potrf-batch|getrf-batch --devices cuda`, 100 000 doubles,
 * H200, interleaved): LU stores every update, and in shared memory ran
 * 1.48x / 1.46x faster at n = 8 / 16; Cholesky stores each element once,
 * and there ran 0.49x as fast at n = 16 (a block then holds 16 matrices
 * and few blocks fit an SM). Blocks of 128 rather than 32 matrices: LU at
 * n = 2 86.4 against 74.4 Gflop/s (0.92x cublasDgetrfBatched, was 0.82x). */
template <typename T> cudaError_t launch(const hetla__cuda_factor &f, bool lu, cudaStream_t st)
{
    size_t bytes = (size_t)f.m * (size_t)f.n * sizeof(T);
    /* as many matrices a block (up to 128) as the shared memory holds: an
     * SM runs at most 32 blocks, so blocks of one warp left it half full */
    int W = 128;
    while (W > 16 && W * bytes > SHARED_BYTES)
        W /= 2;
    /* a row per thread: 8 warps a block, 32 / N matrices a warp */
    if (lu && f.m == f.n && f.n > 8 && f.n <= 32) {
        if (f.n <= 16)
            getrf_rows<T, 16><<<(unsigned)((f.count + 15) / 16), 256, 0, st>>>(f);
        else
            getrf_rows<T, 32><<<(unsigned)((f.count + 7) / 8), 256, 0, st>>>(f);
    } else if (lu && W * bytes <= SHARED_BYTES)
        getrf_shared<T><<<(unsigned)((f.count + W - 1) / W), W, W * bytes, st>>>(f);
    else if (lu)
        factor_global<T, true><<<(unsigned)((f.count + THREADS - 1) / THREADS), THREADS, 0, st>>>(f);
    else
        factor_global<T, false><<<(unsigned)((f.count + THREADS - 1) / THREADS), THREADS, 0, st>>>(f);
    return cudaGetLastError();
}

cudaError_t factor_batch(const hetla__cuda_factor &f, bool lu, cudaStream_t st)
{
    if (f.count == 0)
        return cudaSuccess;
    switch (f.type) {
    case HETLA__CUDA_S: return launch<float>(f, lu, st);
    case HETLA__CUDA_D: return launch<double>(f, lu, st);
    case HETLA__CUDA_C: return launch<cf>(f, lu, st);
    default: return launch<cd>(f, lu, st);
    }
}

} // namespace

cudaError_t hetla__cuda_potrf_batch(const hetla__cuda_factor *f, cudaStream_t stream)
{
    return factor_batch(*f, false, stream);
}

cudaError_t hetla__cuda_getrf_batch(const hetla__cuda_factor *f, cudaStream_t stream)
{
    return factor_batch(*f, true, stream);
}
