/* hetla's CUDA kernels for batched Cholesky and LU (with and without
 * partial pivoting) over the batch layouts, in four precisions: one thread
 * per matrix, the algorithms of the CPU reference (src/batch/zbatch_ref.c)
 * element for element, so that the results and every matrix's own info
 * match the CPU's (square LU of interleaved operands at orders 4..16 but
 * for its scaling by the pivot's reciprocal: scale_below). Square LU of
 * interleaved operands up to order 3 in one thread's registers (double
 * complex 5), at orders 4..16 a thread a matrix in shared memory
 * (left-looking); where it pays (rows_pay: most orders 4..32), the
 * matrix in registers, a row or two a thread, pivot search and broadcasts
 * by warp shuffles (interleaved LU above order 16 loaded and stored
 * through shared memory); other LU in shared memory (for interleaved operands
 * loaded and stored back coalesced across up to 128 matrices) or in place,
 * other Cholesky in place. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

#include <atomic>
#include <climits>
#include <cuda_pipeline.h>

namespace {

enum { THREADS = 128 };

/* Shared memory a factoring block may take: without opting in, and the
 * most one may opt in to (sm_90). */
constexpr size_t SHARED_BYTES = 48 << 10, MAX_SMEM = 227 << 10;

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

/* ---- LU in registers, one thread per matrix: square orders up to 3 ------
 * (double complex 5, which getrf_left does not take.) Interleaved
 * operands: consecutive threads, consecutive matrices, so every element's
 * load and store is coalesced; the matrix in registers, fully unrolled, an
 * interchange a select per element of the rows below the pivot (registers
 * are not indexed). Same arithmetic, ties and info as getrf_in. Up to
 * order 8 until getrf_left ran faster from 4 (try_left); at order 8 it
 * asked the compiler for three blocks an SM (2.12-2.15x
 * cublasDgetrfBatched against 1.94-1.96x with 214 registers,
 * `bench/results/2026-11-28-session24.md`). */
template <typename T, int N> __global__ void __launch_bounds__(128) getrf_fixed(const hetla__cuda_factor f)
{
    const ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= f.count)
        return;
    T *A = (T *)f.A.ptr + base(f.A, t);
    const ll s = f.A.s, ld = f.A.ld * f.A.s;
    long long *ipiv = f.ipiv ? f.ipiv + t * f.ipiv_ld : nullptr;
    T a[N][N]; /* [row][column] */
#pragma unroll
    for (int j = 0; j < N; j++)
#pragma unroll
        for (int i = 0; i < N; i++)
            a[i][j] = A[i * s + j * ld];
    long long info = 0;
    int piv[N];
#pragma unroll
    for (int j = 0; j < N; j++) {
        if (ipiv) {
            int p = j;
            double best = abs1(a[j][j]);
#pragma unroll
            for (int i = j + 1; i < N; i++) {
                const double v = abs1(a[i][j]);
                if (v > best)
                    p = i, best = v;
            }
            piv[j] = p + 1;
#pragma unroll
            for (int c = 0; c < N; c++) {
                const T top = a[j][c];
#pragma unroll
                for (int i = j + 1; i < N; i++) {
                    a[j][c] = i == p ? a[i][c] : a[j][c];
                    a[i][c] = i == p ? top : a[i][c];
                }
            }
        }
        const T d = a[j][j];
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else
#pragma unroll
            for (int i = j + 1; i < N; i++)
                a[i][j] = quot(a[i][j], d);
#pragma unroll
        for (int c = j + 1; c < N; c++)
#pragma unroll
            for (int i = j + 1; i < N; i++)
                a[i][c] = a[i][c] - a[i][j] * a[j][c];
    }
#pragma unroll
    for (int j = 0; j < N; j++)
#pragma unroll
        for (int i = 0; i < N; i++)
            A[i * s + j * ld] = a[i][j];
    /* the pivots last, two to a 16-byte store where a matrix's pivots are
     * contiguous and aligned: half the scattered stores a warp */
    const bool pairs = N % 2 == 0 && f.ipiv_ld == N && !((size_t)f.ipiv & 15);
    if constexpr (N % 2 == 0)
        if (ipiv && pairs)
#pragma unroll
            for (int j = 0; j < N; j += 2)
                ((longlong2 *)ipiv)[j / 2] = make_longlong2(piv[j], piv[j + 1]);
    if (ipiv && !pairs)
#pragma unroll
        for (int j = 0; j < N; j++)
            ipiv[j] = piv[j];
    f.info[t] = info;
}

template <typename T, int N> void launch_fixed(const hetla__cuda_factor &f, cudaStream_t st)
{
    getrf_fixed<T, N><<<(unsigned)((f.count + 127) / 128), 128, 0, st>>>(f);
}

/* Square LU of interleaved operands in one thread's registers: orders up
 * to 3, double complex up to 5 (50 real doubles). Measured (`hetla bench
 * getrf-batch --devices cuda`, 100 000 doubles, H200): 91 / 205 Gflop/s
 * at n = 2 / 3 against 83 / 190 in shared memory (getrf_shared), and
 * against getrf_left as try_left says. */
template <typename T> bool try_fixed(const hetla__cuda_factor &f, cudaStream_t st)
{
    constexpr int top = sizeof(T) > 8 ? 5 : 3;
    if (!lanes(f.A) || f.m != f.n || f.n > top)
        return false;
    by_order<top>(f.n, [&](auto N) { launch_fixed<T, decltype(N)::value>(f, st); });
    return true;
}

/* Elements j and p >= j of a column in registers trade places (registers
 * are not indexed: a select per element below j). */
template <typename T, int N> __device__ __forceinline__ void swap_rows(T (&a)[N], int j, int p)
{
    const T top = a[j];
#pragma unroll
    for (int i = j + 1; i < N; i++) {
        a[j] = i == p ? a[i] : a[j];
        a[i] = i == p ? top : a[i];
    }
}

/* Elements c + 1.. of a column in registers times 1 / d, as LAPACK's
 * xGETF2 scales the column below a pivot d: a product an element rather
 * than a quotient (getrf_left: 3.45x cublasDgetrfBatched at order 14
 * against 2.69x dividing, 4.01x against 3.61x at 12, its code then small
 * enough for the instruction cache at 15 and 16). A pivot below the
 * smallest normal number, whose reciprocal would overflow, is scaled up by
 * 2^54 (2^24 in single precision) first, and the products by as much
 * after. */
template <typename T, int N> __device__ __forceinline__ void scale_below(T (&a)[N], int c, T d)
{
    constexpr bool single = sizeof(T) == 4 || (sizeof(T) == 8 && !scalar<T>::real);
    const double tiny = single ? 1.1754943508222875e-38 : 2.2250738585072014e-308; /* FLT_MIN, DBL_MIN */
    const T up = real_as<T>(single ? 0x1p24 : 0x1p54);
    const bool small = abs1(d) < tiny;
    const T r = quot(real_as<T>(1), small ? d * up : d);
#pragma unroll
    for (int i = c + 1; i < N; i++)
        a[i] = a[i] * r;
    if (small)
#pragma unroll
        for (int i = c + 1; i < N; i++)
            a[i] = a[i] * up;
}

/* Where column k's packed multipliers (places k + 1 .. N - 1) start. */
template <int N> __host__ __device__ constexpr int loff(int k) { return k * (N - 1) - k * (k - 1) / 2; }

/* ---- LU in shared memory, left-looking, a thread a matrix ---------------
 * A block of one warp takes groups of 32 matrices (every gridDim-th from
 * its own): thread q factors matrix q of the group, of order N. Its
 * columns go two at a time (a panel), each panel copied from global memory
 * by asynchronous copies two panels ahead into one of two buffers in
 * shared memory, the first two of the block's next group behind the last
 * two of this one (element r of the panel's column b at its buffer's
 * (b N + r) 32 + q, so that a warp's accesses to one element of its
 * matrices are conflict-free whichever rows they name). Rows are not moved
 * in those buffers: row[i] names where the row now in place i sits, and
 * the panel is loaded into registers through it. Its columns take the
 * updates of the columns left of them in their order (each multiplier
 * loaded once for both), then each in turn has its pivot found and
 * interchanged (in the panel's registers a select per element below it;
 * in the multipliers of the columns left of it, packed in shared memory
 * by place, two loads and two stores a column), is scaled by its pivot's
 * reciprocal (scale_below), updates the
 * panel's second column from its registers, and goes back: its rows up to
 * the diagonal are final and go to global memory, its multipliers to
 * shared memory, packed (column k's n - k - 1 of them after column k -
 * 1's). Shared memory thus holds n (n - 1) / 2 + 4 n elements a matrix,
 * not n^2: more matrices an SM. Every element sees right-looking's
 * operations in their order, with no store between them: a thread a
 * matrix issues a fifth of the instructions of the row kernels' eight
 * lanes (ncu at order 16, the whole matrix then copied at once: 28
 * against 133 million). Pivots gather in
 * shared memory and leave coalesced at the end. Same ties and info as
 * getrf_in, the same arithmetic but for scale_below. */
template <typename T, int N> __global__ void __launch_bounds__(32) getrf_left(const hetla__cuda_factor f)
{
    extern __shared__ __align__(16) unsigned char smem[];
    constexpr int B = 2, LN = N * (N - 1) / 2, G = (N + B - 1) / B; /* G panels */
    const int q = threadIdx.x;
    const ll groups = (f.count + 31) / 32;
    T *const L = (T *)smem + q;           /* multiplier (place i, column k) at L[(loff(k) + i - k - 1) 32] */
    T *const U = (T *)smem + LN * 32 + q; /* a panel's column b, row r at U[(u B N + b N + r) 32], buffer u */
    int *const P = (int *)((T *)smem + (LN + 2 * B * N) * 32);
    const ll s = f.A.s, ld = f.A.ld * f.A.s;
    const T zero = {};
    auto origin = [&](ll g) { /* thread q's matrix of group g, null past the batch */
        const ll t = g * 32 + q;
        return g < groups && t < f.count ? (T *)f.A.ptr + base(f.A, t) : nullptr;
    };
    auto fetch = [&](const T *X, int m, int u) { /* panel m of matrix X into buffer u, a copy group */
        if (X)
#pragma unroll
            for (int b = 0; b < B; b++)
#pragma unroll
                for (int r = 0; r < N; r++)
                    if (m * B + b < N)
                        __pipeline_memcpy_async(&U[(u * B * N + b * N + r) * 32], &X[r * s + (m * B + b) * ld],
                                                sizeof(T));
        __pipeline_commit();
    };
    T *next = origin(blockIdx.x);
    int u = 0; /* the buffer of the panel next factored */
    fetch(next, 0, 0);
    fetch(next, 1, 1);
    for (ll g = blockIdx.x; g < groups; g += gridDim.x) {
        const ll t0 = g * 32, t = t0 + q;
        T *const A = next;
        const bool live = A != nullptr;
        next = origin(g + gridDim.x);
        int row[N];
#pragma unroll
        for (int i = 0; i < N; i++)
            row[i] = i * 32;
        long long info = 0;
#pragma unroll
        for (int m = 0; m < G; m++) {
            const int c0 = m * B;
            __pipeline_wait_prior(1);
            const T *const Um = U + u * B * N * 32;
            T a[B][N];
#pragma unroll
            for (int b = 0; b < B; b++)
#pragma unroll
                for (int i = 0; i < N; i++)
                    a[b][i] = c0 + b < N ? Um[b * N * 32 + row[i]] : zero;
#pragma unroll
            for (int k = 0; k < c0; k++)
#pragma unroll
                for (int i = k + 1; i < N; i++) {
                    const T l = L[(loff<N>(k) + i - k - 1) * 32];
#pragma unroll
                    for (int b = 0; b < B; b++)
                        a[b][i] = a[b][i] - l * a[b][k];
                }
#pragma unroll
            for (int b = 0; b < B; b++) {
                const int c = c0 + b;
                if (c >= N)
                    break;
                int p = c;
                if (f.ipiv) {
                    double best = abs1(a[b][c]);
                    int at = row[c];
#pragma unroll
                    for (int i = c + 1; i < N; i++) {
                        const double v = abs1(a[b][i]);
                        if (v > best)
                            p = i, best = v, at = row[i];
                    }
#pragma unroll
                    for (int x = b; x < B; x++)
                        swap_rows<T, N>(a[x], c, p);
#pragma unroll
                    for (int i = c + 1; i < N; i++)
                        row[i] = i == p ? row[c] : row[i];
                    row[c] = at;
                    if (p != c)
#pragma unroll
                        for (int k = 0; k < c; k++) {
                            T *const col = L + (loff<N>(k) - k - 1) * 32; /* place i at col[i 32] */
                            const T x = col[c * 32];
                            col[c * 32] = col[p * 32];
                            col[p * 32] = x;
                        }
                }
                P[c * 32 + q] = p;
                const T d = a[b][c];
                if (abs1(d) == 0)
                    info = info ? info : c + 1;
                else
                    scale_below<T, N>(a[b], c, d);
#pragma unroll
                for (int x = b + 1; x < B; x++)
#pragma unroll
                    for (int i = c + 1; i < N; i++)
                        a[x][i] = a[x][i] - a[b][i] * a[x][c];
#pragma unroll
                for (int i = 0; i < N; i++)
                    if (i > c)
                        L[(loff<N>(c) + i - c - 1) * 32] = a[b][i];
                    else if (live)
                        A[i * s + c * ld] = a[b][i];
            }
            /* into the buffer this panel read, its values used: this
             * group's panel m + 2, or the next group's first panels */
            if (m + 2 < G)
                fetch(A, m + 2, u);
            else
                fetch(next, m + 2 - G, u);
            u ^= 1;
        }
        if (live) {
#pragma unroll
            for (int c = 0; c < N; c++)
#pragma unroll
                for (int i = c + 1; i < N; i++)
                    A[i * s + c * ld] = L[(loff<N>(c) + i - c - 1) * 32];
            f.info[t] = info;
        }
        if (f.ipiv) { /* the pivots, consecutive threads on consecutive entries */
            __syncwarp();
            for (int e = q; e < 32 * N; e += 32) {
                const int r = e / N, j = e - r * N;
                if (t0 + r < f.count)
                    f.ipiv[(t0 + r) * f.ipiv_ld + j] = P[j * 32 + r] + 1;
            }
            __syncwarp(); /* before the next group's pivots */
        }
    }
}

/* CUDA devices whose residency launch_left keeps (others get a block a
 * group) */
constexpr int HELD_DEVICES = 64;

/* A block a group of 32 matrices; at orders up to 6 as many blocks as
 * the device holds at once, each taking every gridDim-th group (3.00-3.05x
 * cublasDgetrfBatched at 6 against 2.82-2.87x a block a group; at 7 and 8
 * 2-4 % slower, at 13..16 within 1 %: `2026-11-29-session32.md`). The
 * occupancy query behind that is made once a device and kept. */
template <typename T, int N> void launch_left(const hetla__cuda_factor &f, cudaStream_t st)
{
    constexpr size_t bytes = (size_t)32 * ((N * (N - 1) / 2 + 4 * N) * sizeof(T) + N * sizeof(int));
    if (bytes > SHARED_BYTES)
        cudaFuncSetAttribute(getrf_left<T, N>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
    const ll groups = (f.count + 31) / 32;
    ll blocks = groups;
    int dev = 0;
    if (N <= 6 && cudaGetDevice(&dev) == cudaSuccess && dev < HELD_DEVICES) {
        static std::atomic<ll> held[HELD_DEVICES]; /* the blocks device dev holds at once; 0 until asked */
        ll h = held[dev].load(std::memory_order_relaxed);
        if (!h && resident_blocks(getrf_left<T, N>, 32, bytes, LLONG_MAX, dev, &h) == cudaSuccess)
            held[dev].store(h, std::memory_order_relaxed);
        blocks = h > 0 && h < groups ? h : groups;
    }
    getrf_left<T, N><<<(unsigned)blocks, 32, bytes, st>>>(f);
}

/* Square LU of interleaved operands of orders 4..16 a thread a matrix in
 * shared memory (elements of up to 8 bytes). Measured (`hetla bench
 * getrf-batch --devices cuda`, 100 000 matrices, H200, hetla /
 * cublas?getrfBatched): dividing by the pivot, 1.79-1.83 / 2.62-2.65 /
 * 4.31-4.34 / 3.57-3.68 / 3.26-3.27 / 2.69-2.70x at n = 4 / 8 / 10 / 12 /
 * 13 / 14 (`bench/results/2026-11-28-session28.md` section 9), against
 * 1.79-1.82 / 2.44-2.46 / 3.90-3.92 / 3.28-3.29 / 2.67-2.68 / 2.22-2.24x
 * with the whole matrix copied to shared memory at once (n^2 elements: 5
 * blocks an SM at 13, 4 at 14; sections 4-7), against 1.66-1.77 /
 * 2.08-2.11x at 4 / 8 in one thread's registers (which keeps 2 and 3: 1.03
 * / 1.91x against 0.93-1.01 / 1.85-1.88x) and 3.31-3.32 / 2.77 / 2.47-2.48
 * / 2.12-2.13x at 10 / 12 / 13 / 14 a column a thread (section 4); a
 * column a panel lost, four gained nothing (section 3). At 15 and 16 it
 * then ran 1.15-1.18 / 0.94x, its unrolled code (146 / 167 KiB) missing
 * the instruction cache (ncu: 11.3 cycles an instruction waiting for the
 * fetch at 16; its panel loop rolled, 1.83 / 1.61x:
 * `2026-11-28-session29.md` sections 1-2). Scaling by the pivot's
 * reciprocal (section 5): 1.84 / 3.25 / 2.97 / 2.86 / 2.71 / 5.03 / 4.59 /
 * 4.40 / 4.00 / 3.77 / 3.53 / 3.18 / 3.17x at 4..16 in double precision
 * (3.18 / 3.17x at 15 / 16 against 2.01 / 2.03x for the column and row
 * kernels there), 1.97 / 3.71 / 3.54 / 3.39 / 3.16 / 6.28 / 5.61 / 5.35 /
 * 4.77 / 4.67 / 3.99 / 3.83 / 3.56x in single (1.69 / 1.93x before at 15
 * / 16). Single complex up to order 12: 2.38 / 3.55 / 1.27 / 0.95 / 0.75 /
 * 0.59x cublasCgetrfBatched at 8 / 10 / 12 / 13 / 14 / 16 against 1.58 /
 * 1.01 / 1.10 / 1.13 / 1.17 / 1.54x in registers a row a lane
 * (`2026-11-29-session31.md`). */
template <typename T> bool try_left(const hetla__cuda_factor &f, cudaStream_t st)
{
    if constexpr (sizeof(T) > 8) { /* not instantiated */
        return false;
    } else {
        if (!lanes(f.A) || f.m != f.n || f.n < 4 || f.n > (scalar<T>::real ? 16 : 12))
            return false;
        switch (f.n) {
        case 4: launch_left<T, 4>(f, st); break;
        case 5: launch_left<T, 5>(f, st); break;
        case 6: launch_left<T, 6>(f, st); break;
        case 7: launch_left<T, 7>(f, st); break;
        case 8: launch_left<T, 8>(f, st); break;
        case 9: launch_left<T, 9>(f, st); break;
        case 10: launch_left<T, 10>(f, st); break;
        case 11: launch_left<T, 11>(f, st); break;
        case 12: launch_left<T, 12>(f, st); break;
        case 13: launch_left<T, 13>(f, st); break;
        case 14: launch_left<T, 14>(f, st); break;
        case 15: launch_left<T, 15>(f, st); break;
        default: launch_left<T, 16>(f, st); break;
        }
        return true;
    }
}

/* ---- LU in registers, R rows a lane: orders 4..32 -----------------------
 * A warp holds W = 32 / (N / R) matrices of order n <= N, lane q + W i
 * holding rows i, i + N / R, ... of matrix q in registers (lanes of one
 * matrix W apart, so that on interleaved operands a row's loads are
 * coalesced across the matrices; N = 20 .. 30 leave lanes N.. idle).
 * Interchanges move no data: a lane keeps its rows and each row's place
 * in the permuted matrix (pos), and stores them there at the end.
 * The pivot search is a butterfly over the lanes of a matrix, the pivot's
 * lane found by a ballot, its row broadcast by shuffles: no memory traffic
 * but the matrix in and out. Same arithmetic, ties and info as getrf_in.
 * Above order 16 (one matrix a warp) interleaved operands go through
 * shared memory (STAGE): a lane's row would read one element of each
 * sector it loads. */

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

/* The block's MB matrices t0.. of interleaved (or blocked) operand X and
 * shared memory S (matrix q's element (r, c) at q * stride + r + c * n):
 * consecutive threads on consecutive matrices, so that each element's
 * loads and stores are runs of MB elements. IN copies X to S
 * asynchronously (the caller commits and waits: one copy at a time in
 * flight held the kernel at its loads' latency), else S to X. */
template <bool IN, int MB, typename T>
__device__ __forceinline__ void stage_rows(T *S, int stride, const hetla__cuda_bop &X, ll t0, ll count, int n)
{
    const int q = threadIdx.x % MB, step = blockDim.x / MB;
    if (t0 + q >= count)
        return;
    T *x = (T *)X.ptr + base(X, t0 + q);
    const ll s = X.s, ld = X.ld * X.s;
    S += q * stride;
    for (int e = threadIdx.x / MB, r = e % n, c = e / n; c < n; e += step, r += step) {
        while (r >= n)
            r -= n, c++;
        if (c >= n)
            break;
        if (IN) /* every copy in flight at once */
            __pipeline_memcpy_async(&S[r + c * n], &x[r * s + c * ld], sizeof(T));
        else
            x[r * s + c * ld] = S[r + c * n];
    }
}

template <typename T, int N, int R, bool STAGE>
__global__ void __launch_bounds__(256) getrf_rows(const hetla__cuda_factor f)
{
    constexpr int L = N / R, W = 32 / L; /* lanes a matrix, matrices a warp */
    constexpr int MB = 8 * W;            /* matrices a block (8 warps) */
    extern __shared__ __align__(16) unsigned char smem[];
    const int lane = threadIdx.x % 32, q = lane % W, i = lane / W, n = f.n;
    const ll t0 = blockIdx.x * (ll)MB, t = t0 + threadIdx.x / 32 * W + q;
    const bool live = t < f.count;
    /* STAGE: the block's matrices through shared memory, loaded and stored
     * coalesced; else in place */
    const int stride = n * n | 1;
    T *S = (T *)smem;
    if (STAGE) {
        stage_rows<true, MB>(S, stride, f.A, t0, f.count, n);
        __pipeline_commit();
        __pipeline_wait_prior(0);
        __syncthreads();
    }
    T *A = STAGE ? S + (threadIdx.x / 32 * W + q) * stride : (T *)f.A.ptr + (live ? base(f.A, t) : 0);
    const ll s = STAGE ? 1 : f.A.s, ld = STAGE ? n : f.A.ld * f.A.s;
    long long *ipiv = f.ipiv && live ? f.ipiv + t * f.ipiv_ld : nullptr;
    /* the lanes of this lane's matrix */
    unsigned ours = 0;
#pragma unroll
    for (int r = 0; r < L; r++)
        ours |= 1u << (q + W * r);
    const T zero = {};
    T row[R][N]; /* rows i, i + L, ... */
    int pos[R];  /* their places after the interchanges so far */
#pragma unroll
    for (int k = 0; k < R; k++) {
        const int r = i + L * k;
        pos[k] = r;
#pragma unroll
        for (int c = 0; c < N; c++)
            row[k][c] = live && r < n && c < n ? A[r * s + c * ld] : zero;
    }
    long long info = 0;
#pragma unroll
    for (int j = 0; j < N; j++) {
        if (j >= n) /* uniform: every lane of the warp has the same n */
            break;
        int from = q + W * (j % L), sel = j / L; /* the pivot row's lane and slot */
        if (f.ipiv) {
            /* as getrf_in's scan, over the rows in their places: a NaN on
             * the diagonal keeps row j, one below it is never taken */
            double v = -2.0;
            int p = N;
#pragma unroll
            for (int k = 0; k < R; k++) {
                double vk = pos[k] >= j && i + L * k < n ? abs1(row[k][j]) : -1.0;
                vk = isnan(vk) ? (pos[k] == j ? INFINITY : -1.0) : vk;
                if (vk > v || (vk == v && pos[k] < p))
                    v = vk, p = pos[k];
            }
#pragma unroll
            for (int off = W; off < 32; off <<= 1) {
                double ov = __shfl_xor_sync(0xffffffffu, v, off);
                int op = __shfl_xor_sync(0xffffffffu, p, off);
                if (ov > v || (ov == v && op < p))
                    v = ov, p = op;
            }
            bool has = false;
#pragma unroll
            for (int k = 0; k < R; k++) {
                if (ipiv && pos[k] == j)
                    ipiv[j] = p + 1;
                if (pos[k] == p && i + L * k < n)
                    has = true, sel = k;
            }
            from = __ffs(__ballot_sync(0xffffffffu, has) & ours) - 1;
#pragma unroll
            for (int k = 0; k < R; k++) /* rows j and p trade places */
                pos[k] = pos[k] == j ? p : pos[k] == p ? j : pos[k];
        }
        /* the pivot row's element c, from its lane's slot sel */
        auto pivot_row = [&](int c) {
            T x = row[0][c];
#pragma unroll
            for (int k = 1; k < R; k++)
                x = sel == k ? row[k][c] : x;
            return shfl(x, from);
        };
        const T d = pivot_row(j);
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else
#pragma unroll
            for (int k = 0; k < R; k++)
                if (pos[k] > j)
                    row[k][j] = quot(row[k][j], d);
#pragma unroll
        for (int c = j + 1; c < N; c++) {
            const T u = pivot_row(c);
#pragma unroll
            for (int k = 0; k < R; k++)
                if (pos[k] > j)
                    row[k][c] = row[k][c] - row[k][j] * u;
        }
    }
#pragma unroll
    for (int k = 0; k < R; k++)
#pragma unroll
        for (int c = 0; c < N; c++)
            if (live && i + L * k < n && c < n)
                A[pos[k] * s + c * ld] = row[k][c];
    if (live && i == 0)
        f.info[t] = info;
    if (STAGE) {
        __syncthreads();
        stage_rows<false, MB>(S, stride, f.A, t0, f.count, n);
    }
}

/* ---- Cholesky in registers, R rows a lane: the same layout ------------
 * Lane q + W i holds rows i, i + N / R, ... of L (the lower triangle; the
 * upper case is the lower on the conjugate transpose, as potrf_in). Step
 * j broadcasts row j's first j + 1 elements by shuffles; every lane of the
 * matrix then forms the pivot d from them in potrf_in's order, and the
 * rows below j their element j, each in potrf_in's order: the results and
 * info match it. A matrix whose minor fails stops there (its lanes keep
 * joining the warp's shuffles). */
template <typename T, int N, int R> __global__ void __launch_bounds__(256) potrf_rows(const hetla__cuda_factor f)
{
    constexpr int L = N / R, W = 32 / L;
    const int lane = threadIdx.x % 32, q = lane % W, i = lane / W, n = f.n;
    const ll t = (blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32) * (ll)W + q;
    const bool live = t < f.count, up = f.upper;
    T *A = (T *)f.A.ptr + (live ? base(f.A, t) : 0);
    const ll r = up ? f.A.ld * f.A.s : f.A.s, c = up ? f.A.s : f.A.ld * f.A.s;
    const T zero = {};
    T row[R][N]; /* rows i, i + L, ...: element l of row x is L(x, l) */
#pragma unroll
    for (int k = 0; k < R; k++)
#pragma unroll
        for (int l = 0; l < N; l++) {
            const int x = i + L * k;
            const T a = live && x < n && l <= x ? A[x * r + l * c] : zero;
            row[k][l] = l == x ? a : cj(a, up); /* (potrf_in reads a diagonal's real part) */
        }
    long long info = 0;
#pragma unroll
    for (int j = 0; j < N; j++) {
        if (j >= n) /* uniform: every lane of the warp has the same n */
            break;
        const int from = q + W * (j % L), sel = j / L; /* row j's lane and slot */
        T u[N];
#pragma unroll
        for (int l = 0; l <= j; l++)
            u[l] = shfl(row[sel][l], from);
        double d = re(u[j]);
#pragma unroll
        for (int l = 0; l < j; l++)
            d -= re(u[l] * cj(u[l], true));
        if (info)
            continue;
        if (!(d > 0)) {
            info = j + 1;
            if (lane == from)
                row[sel][j] = real_as<T>(d);
            continue;
        }
        d = sqrt(d);
#pragma unroll
        for (int k = 0; k < R; k++) {
            if (i + L * k == j)
                row[k][j] = real_as<T>(d);
            if (i + L * k > j) {
                T acc = row[k][j];
#pragma unroll
                for (int l = 0; l < j; l++)
                    acc = acc - row[k][l] * cj(u[l], true);
                row[k][j] = quot(acc, real_as<T>(d));
            }
        }
    }
#pragma unroll
    for (int k = 0; k < R; k++)
#pragma unroll
        for (int l = 0; l < N; l++) {
            const int x = i + L * k;
            if (live && x < n && l <= x)
                A[x * r + l * c] = l == x ? row[k][l] : cj(row[k][l], up);
        }
    if (live && i == 0)
        f.info[t] = info;
}

/* LU (@p lu) or Cholesky in registers, 8 warps a block; interleaved LU
 * above order 16 staged through shared memory (8 matrices a block, 64 KiB
 * at order 32). Measured (`hetla bench getrf-batch --devices cuda`, 100 000
 * doubles, H200, interleaved, hetla / cublasDgetrfBatched): in place 0.63
 * / 0.65 / 0.75 at n = 17 / 24 / 32; staged, one copy at a time in
 * flight 0.59 / 0.62 / 0.77, with asynchronous copies 0.66 / 0.77 / 1.09;
 * at 16 (32 matrices a block) staging lost (1.45 against 2.04). Rows of
 * 20, 22, ..., 30 rather than 32 at orders 17..30 (fewer idle columns,
 * fewer registers): interleaved LU 0.99 / 1.07 / 0.86 / 0.91 / 0.97 at 17
 * / 21 / 24 / 28 / 30 against 0.66 (rows of 32) / 0.83 (24) / 0.77 / 0.85
 * / 0.94 (32), strided 1.15 / 1.22 / 1.01 / 1.07 / 1.15; strided
 * Cholesky 3.0x / 2.7x cusolverDnDpotrfBatched at 20 / 24 against 1.7x /
 * 1.5x (`bench/results/2026-11-27-h200-session16.md`). */
template <typename T, int N, int R> void launch_rows(const hetla__cuda_factor &f, bool lu, cudaStream_t st)
{
    constexpr int per_block = 8 * (32 / (N / R)); /* 8 warps of 32 / (N / R) matrices */
    const unsigned blocks = (unsigned)((f.count + per_block - 1) / per_block);
    const size_t staged = (size_t)per_block * (f.n * f.n | 1) * sizeof(T);
    if constexpr (sizeof(T) <= 8 && N > 16)
        if (lu && lanes(f.A) && staged <= MAX_SMEM) {
            if (staged > SHARED_BYTES)
                cudaFuncSetAttribute(getrf_rows<T, N, R, true>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     MAX_SMEM);
            getrf_rows<T, N, R, true><<<blocks, 256, staged, st>>>(f);
            return;
        }
    if (lu)
        getrf_rows<T, N, R, false><<<blocks, 256, 0, st>>>(f);
    else
        potrf_rows<T, N, R><<<blocks, 256, 0, st>>>(f);
}

/* A row a lane in rows of the first N that holds order f.n (the last
 * takes the rest). */
template <typename T, int N, int... Ns> void launch_row_a_lane(const hetla__cuda_factor &f, bool lu, cudaStream_t st)
{
    if constexpr (sizeof...(Ns) > 0)
        if (f.n > N)
            return launch_row_a_lane<T, Ns...>(f, lu, st);
    launch_rows<T, N, 1>(f, lu, st);
}

/* Whether the register kernels (orders up to 32; rows of 4, 8, 16, 20,
 * 22, ..., 32, two a lane up to 16, one for double complex there) beat the
 * others.
 * Measured (`hetla bench getrf-batch|potrf-batch --devices cuda`, 100 000
 * doubles, H200, Gflop/s against the other kernel, interleaved / strided):
 * - LU: 803 / 679 at n = 8 against 661 / 371 in shared memory, 1281 /
 *   1300 at 16 (912 / 1293 with one row a lane); at n = 32 two rows (128
 *   registers of them) fall to 597 / 614, one gives 990 / 1788; four rows
 *   are slower at every order. Interleaved operands up to n = 6 stay in
 *   shared memory (581 against 352 at 6), strided ones from 4 come here
 *   (273 against 184 at 4).
 * - Cholesky, against one thread a matrix in place: strided 185 / 522 /
 *   1136 / 716 at n = 4 / 8 / 16 / 32 against 90 / 139 / 65 / 49 (at 2,
 *   29 against 38); interleaved 673 / 1145 at 8 / 16 against 629 / 827,
 *   but 265 / 486 at 6 / 12 against 423 / 882 (a quarter of the lanes
 *   idle) and 579 at 32 against 652.
 * The register kernels are the strided path from n = 3 (Cholesky) or 4
 * (square LU); on interleaved operands square LU from n = 7 where
 * try_fixed and try_left do not take it (from 17; single complex from 13,
 * double complex from 7) and Cholesky where the order fills more than
 * three quarters of the rows: 7..8 and 13..16. */
static bool rows_pay(const hetla__cuda_factor &f, bool lu)
{
    if (f.n > 32 || (lu && f.m != f.n))
        return false;
    if (!lanes(f.A))
        return f.n >= (lu ? 4 : 3);
    return lu ? f.n > 6 : (f.n > 6 && f.n <= 8) || (f.n > 12 && f.n <= 16);
}

/* Where the register kernels do not pay: Cholesky in global memory; LU in
 * shared memory with blocks of up to 128 matrices (fewer for larger ones) where they fit (strided ones too: a
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
    if (lu && (try_fixed<T>(f, st) || try_left<T>(f, st)))
        return cudaGetLastError();
    if (rows_pay(f, lu)) {
        if (f.n <= 4)
            launch_rows<T, 4, 1>(f, lu, st);
        else if (f.n <= 8)
            launch_rows<T, 8, 2>(f, lu, st);
        else if (f.n <= 16)
            launch_rows<T, 16, (sizeof(T) > 8 ? 1 : 2)>(f, lu, st);
        else
            launch_row_a_lane<T, 20, 22, 24, 26, 28, 30, 32>(f, lu, st);
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
