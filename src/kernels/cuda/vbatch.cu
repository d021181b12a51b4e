/* hetla's CUDA kernels for variable-size batches, on a chunk packed by the
 * C side (each matrix's elements with ld = its rows, its sizes, offsets,
 * scalars, info and pivots in a hetla__cuda_vmat), in four precisions:
 * GEMM and GEMV (GEMM with one column) a thread block per group of
 * matrices, whole matrices copied into shared memory a window at a time;
 * a matrix larger than a window, after them, a thread block over C in
 * tiles, op(A) and op(B) staged in shared memory a panel at a time (GEMM),
 * or a warp from global memory (GEMV); TRSM a thread block per matrix, a
 * thread per right-hand side; Cholesky and LU a thread block per group of
 * matrices through the GEMM's windows, a tile of 16 or 32 lanes (or, all
 * orders small, a thread) per matrix, or for batches of small orders a
 * thread per matrix in global memory; the larger matrices a thread block
 * each in shared memory. The solves and
 * factorizations run the CPU reference's algorithms
 * (src/batch/zbatch_ref.c) element for element, so that info and pivots
 * match the CPU's. Any order, 0 included. */
#include <type_traits>

#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

namespace {

/* ---- GEMM and GEMV of a matrix larger than a window --------------------------
 * C (M x N) of one matrix in tiles of BM x BN, RM x RN elements a thread
 * of the block (rows TX = BM / RM apart and columns TY = BN / RN apart, so
 * that consecutive threads read consecutive elements of op(A)'s panel and
 * store consecutive elements of C); each tile loops over K in panels of
 * TILE_K: op(A)'s BM x TILE_K and op(B)'s TILE_K x BN loaded into
 * registers (consecutive threads along the operand's columns where it is
 * not transposed, along its rows where it is: coalesced either way),
 * stored into one of two buffers of shared memory and multiplied from
 * there while the next panel's loads are in flight, each thread's RM + RN
 * elements of a panel step read once for its RM x RN products (one element
 * of C a thread read two a product). As BLAS, alpha = 0 reads neither A
 * nor B, beta = 0 not C. Every thread of the block calls it (it
 * synchronizes). */
constexpr int TILE_K = 16, TILE_THREADS = 256;

/* The largest tile: 64 x 64 (4 x 4 a thread); 32 x 32 (2 x 2) for complex
 * elements, whose 4 x 4 took 200 registers (single complex). */
template <typename T> constexpr int TILE_MAX = std::is_floating_point<T>::value ? 64 : 32;
/* The elements of the two buffers of op(A)'s panels, and of op(B)'s. */
template <typename T> constexpr int TILE_BUF = 2 * TILE_K * (TILE_MAX<T> + 1);

/* op(X)(r, c) of a matrix with leading dimension ld */
template <typename T> __device__ __forceinline__ T op_at(const T *X, ll ld, int trans, int r, int c)
{
    return trans ? cj(X[c + r * ld], trans == 2) : X[r + c * ld];
}

/* Rows ib..M-1 and columns jb..N-1 of C (the rest of the matrix's rows
 * and columns read, if at all, into sums never stored), RM = BM / 16 by
 * RN = BN / 16 elements a thread. sa and sb: TILE_BUF<T> elements each. */
template <typename T, int BM, int BN>
__device__ void gemm_tiles(const hetla__cuda_vbatch &v, const hetla__cuda_vmat &d, T *sa, T *sb, int ib, int M, int jb,
                           int N)
{
    constexpr int RM = BM / 16, RN = BN / 16, TX = BM / RM, TY = BN / RN, NT = TX * TY, LA = BM + 1, LB = BN + 1;
    constexpr int PA = BM * TILE_K / NT, PB = TILE_K * BN / NT, SA = TILE_K * LA, SB = TILE_K * LB;
    static_assert(NT == TILE_THREADS && PA * NT == BM * TILE_K && PB * NT == BN * TILE_K &&
                      2 * SA <= TILE_BUF<T> && 2 * SB <= TILE_BUF<T>,
                  "a block of C a thread, whole panels a load");
    const int ta = v.transa, tb = v.transb, K = (int)d.k;
    T *D = (T *)v.data;
    const T *A = D + d.off[0], *B = D + d.off[1];
    T *C = D + d.off[2];
    const T alpha = scalar<T>::make(d.alpha), beta = scalar<T>::make(d.beta), zero = {};
    const bool reads = !scalar<T>::zero(d.alpha), keeps = !scalar<T>::zero(d.beta);
    const int x = (int)threadIdx.x % TX, y = (int)threadIdx.x / TX;
    T ra[PA], rb[PB];
    int buf = 0; /* alternates over every panel of the matrix, tiles included */
    for (int i0 = ib; i0 < M; i0 += BM)
        for (int j0 = jb; j0 < N; j0 += BN) {
            T acc[RM][RN];
#pragma unroll
            for (int r = 0; r < RM; r++)
#pragma unroll
                for (int c = 0; c < RN; c++)
                    acc[r][c] = zero;
            /* a step a panel, the first one only loading: the panel at l0 is stored and multiplied while the next
             * one's loads are in flight */
            for (int l0 = -TILE_K; reads && l0 < K; l0 += TILE_K) { /* (uniform over the block) */
                T *pa = sa + buf * SA, *pb = sb + buf * SB;
                if (l0 >= 0) {
#pragma unroll
                    for (int p = 0; p < PA; p++) {
                        const int e = (int)threadIdx.x + p * NT, i = ta ? e / TILE_K : e % BM;
                        pa[(ta ? e % TILE_K : e / BM) * LA + i] = ra[p];
                    }
#pragma unroll
                    for (int p = 0; p < PB; p++) {
                        const int e = (int)threadIdx.x + p * NT, j = tb ? e % BN : e / TILE_K;
                        pb[(tb ? e / BN : e % TILE_K) * LB + j] = rb[p];
                    }
                    __syncthreads();
                }
                const int n0 = l0 + TILE_K;
                if (n0 < K) {
#pragma unroll
                    for (int p = 0; p < PA; p++) {
                        const int e = (int)threadIdx.x + p * NT, i = ta ? e / TILE_K : e % BM,
                                  l = ta ? e % TILE_K : e / BM;
                        ra[p] = i0 + i < M && n0 + l < K ? op_at(A, d.ld[0], ta, i0 + i, n0 + l) : zero;
                    }
#pragma unroll
                    for (int p = 0; p < PB; p++) {
                        const int e = (int)threadIdx.x + p * NT, l = tb ? e / BN : e % TILE_K,
                                  j = tb ? e % BN : e / TILE_K;
                        rb[p] = n0 + l < K && j0 + j < N ? op_at(B, d.ld[1], tb, n0 + l, j0 + j) : zero;
                    }
                }
                if (l0 < 0)
                    continue;
#pragma unroll
                for (int l = 0; l < TILE_K; l++) {
                    T a[RM], b[RN];
#pragma unroll
                    for (int r = 0; r < RM; r++)
                        a[r] = pa[l * LA + x + TX * r];
#pragma unroll
                    for (int c = 0; c < RN; c++)
                        b[c] = pb[l * LB + y + TY * c];
#pragma unroll
                    for (int r = 0; r < RM; r++)
#pragma unroll
                        for (int c = 0; c < RN; c++)
                            acc[r][c] = acc[r][c] + a[r] * b[c];
                }
                buf ^= 1;
            }
#pragma unroll
            for (int c = 0; c < RN; c++)
#pragma unroll
                for (int r = 0; r < RM; r++) {
                    const int i = i0 + x + TX * r, j = j0 + y + TY * c;
                    if (i < M && j < N) {
                        T *cij = C + i + (ll)j * d.ld[2];
                        *cij = keeps ? alpha * acc[r][c] + beta * *cij : alpha * acc[r][c];
                    }
                }
        }
    __syncthreads(); /* the buffers free for the next matrix's first panel */
}

/* v of the lane whose index differs from the caller's by bits o (complex:
 * each part). */
template <typename R> __device__ __forceinline__ R shfl_xor(R v, int o) { return __shfl_xor_sync(0xffffffffu, v, o); }
__device__ __forceinline__ cf shfl_xor(cf v, int o) { return {shfl_xor(v.re, o), shfl_xor(v.im, o)}; }
__device__ __forceinline__ cd shfl_xor(cd v, int o) { return {shfl_xor(v.re, o), shfl_xor(v.im, o)}; }

/* y := alpha op(A) x + beta y of one matrix larger than a window, by the
 * calling warp from global memory, the loads of A coalesced either way.
 * Not transposed, the lanes over 32 rows at a time, each lane's sum over
 * the columns in a register, GEMV_U columns' loads in flight. Transposed,
 * the lanes down GEMV_COLS columns at a time, each lane's sums of them in
 * registers, then spread over the lanes by halves (lanes 16 apart swap
 * half their sums and add the other half, then lanes 8, 4 and 2 apart: 4
 * exchanges leave each lane one column's sum over 16 lanes) and summed
 * over the last 2: 16 shuffles for 16 columns, where a whole warp's sum
 * of each column took 80 (0.56x cublasDgemvBatched transposed at orders
 * 1..128, 0.69x with 8 columns, against 1.27x not transposed). A warp a
 * matrix, taken in turn by every warp of the device (vgemv_big), keeps
 * enough loads in flight: a block a matrix, its warps' sums added through
 * shared memory at every 32 rows, ran at 33 % of the roofline at orders
 * 1..128 (0.74x; a thread an element of y before, 0.71x and 0.33x
 * transposed, `2026-11-27-session19.md`). */
constexpr int GEMV_U = 8, GEMV_COLS = 16;

/* TA: whether A is transposed (v.transa not 0; compiled apart, as the
 * transposed loop's registers would cost the other half its occupancy) */
template <typename T, bool TA>
__device__ void gemv_warp(const hetla__cuda_vbatch &v, const hetla__cuda_vmat &d, int lane)
{
    const int ta = v.transa, M = (int)(TA ? d.n : d.m), K = (int)(TA ? d.m : d.n);
    const ll ld = d.ld[0];
    T *D = (T *)v.data;
    const T *A = D + d.off[0], *x = D + d.off[1];
    T *y = D + d.off[2];
    const T alpha = scalar<T>::make(d.alpha), beta = scalar<T>::make(d.beta);
    const bool reads = !scalar<T>::zero(d.alpha), keeps = !scalar<T>::zero(d.beta);
    if constexpr (TA) {
        constexpr int SPAN = 32 / GEMV_COLS; /* the lanes that share a column's sum at the end */
        static_assert(SPAN * GEMV_COLS == 32, "a column a group of lanes");
        const int c = lane / SPAN; /* the column whose sum the lane ends with */
        for (int j0 = 0; j0 < M; j0 += GEMV_COLS) {
            T acc[GEMV_COLS];
#pragma unroll
            for (int q = 0; q < GEMV_COLS; q++)
                acc[q] = T{};
            for (int l = lane; reads && l < K; l += 32) {
                const T xl = x[l];
#pragma unroll
                for (int q = 0; q < GEMV_COLS; q++)
                    if (j0 + q < M)
                        acc[q] = acc[q] + op_at(A, ld, ta, j0 + q, l) * xl;
            }
#pragma unroll
            for (int r = 1; r < 32 / SPAN; r *= 2) {
                const int h = GEMV_COLS / 2 / r, o = h * SPAN;
                const bool hi = lane & o;
#pragma unroll
                for (int q = 0; q < h; q++) {
                    const T send = hi ? acc[q] : acc[q + h], keep = hi ? acc[q + h] : acc[q];
                    acc[q] = keep + shfl_xor(send, o);
                }
            }
#pragma unroll
            for (int o = 1; o < SPAN; o *= 2)
                acc[0] = acc[0] + shfl_xor(acc[0], o);
            if (lane % SPAN == 0 && j0 + c < M)
                y[j0 + c] = keeps ? alpha * acc[0] + beta * y[j0 + c] : alpha * acc[0];
        }
    } else {
        for (int i0 = 0; i0 < M; i0 += 32) {
            const int i = i0 + lane;
            if (i >= M)
                break;
            T acc = {};
            const T *a = A + i;
            int l = 0;
            for (; reads && l + GEMV_U <= K; l += GEMV_U) {
                T r[GEMV_U];
#pragma unroll
                for (int u = 0; u < GEMV_U; u++)
                    r[u] = a[(l + u) * ld];
#pragma unroll
                for (int u = 0; u < GEMV_U; u++)
                    acc = acc + r[u] * x[l + u];
            }
            for (; reads && l < K; l++)
                acc = acc + a[l * ld] * x[l];
            y[i] = keeps ? alpha * acc + beta * y[i] : alpha * acc;
        }
    }
}

/* ---- GEMM: a block per group of matrices ---------------------------------
 * GROUP consecutive matrices of the chunk a block of GROUP_THREADS. A
 * packed chunk holds each matrix's A, B and C one after the other, so
 * that a run of whole matrices is one contiguous span: the block copies
 * as many whole matrices as fit in WINDOW_BYTES of shared memory (a
 * window) at once, coalesced, then its threads take the window's elements
 * of C in turn, all matrices' together (so that a block's threads are
 * busy whatever the orders; within a matrix i fastest, so that the stores
 * are coalesced too), each reading op(A), op(B) and C's old value from
 * the copy. A matrix larger than the window is left to vgemm_big or
 * vgemv_big (below), which run after. The window and the block's other
 * shared memory (up to 16 KiB, complex double) fit in the 48 KiB a block
 * has without opting in. Two windows taking turns, the next copied asynchronously
 * while the current one is computed (64 KiB, opted in: 3 blocks an SM
 * where one window allows 4), ran 0.87-0.91x this at orders 1..8, 1..16
 * and 1..32 (`hetla bench gemm-vbatch --devices cuda`, H200). Registers
 * for GROUP_BLOCKS blocks an SM (48 a thread; the shared memory allows
 * 5 of real elements): 14.9 / 26.3 / 32.8 / 27.8 % of the roofline at
 * orders 1..4 / 1..8 / 1..16 / 1..32, against 10.5 / 18.8 / 24.5 / 23.3
 * with 2 blocks (95 registers) in the same run. */
constexpr int GROUP = 64, GROUP_THREADS = 256, GROUP_BLOCKS = 5, WINDOW_BYTES = 30 << 10;
/* Loads a thread issues before it stores them into the window. */
constexpr int STAGE_U = 8;

/* A matrix of the group as the window's threads need it. */
template <typename T> struct vgroup_mat {
    int m, n, k;
    int ld[3];
    ll off[3], end; /* end: one past its C (the factorizations: its A), where the next matrix starts */
    T alpha, beta;
    bool reads, keeps; /* alpha != 0, beta != 0 */
};

/* One past the last element of matrix d: past its C (GEMM), past its A
 * (the factorizations: Cholesky's A is n x n, m unset). */
__device__ __forceinline__ ll vmat_end(const hetla__cuda_vbatch &v, const hetla__cuda_vmat &d)
{
    if (v.kind == HETLA__CUDA_VGEMM)
        return d.off[2] + d.m * d.n;
    if (v.kind == HETLA__CUDA_VGEMV) /* past y */
        return d.off[2] + (v.transa ? d.n : d.m);
    return d.off[0] + (v.kind == HETLA__CUDA_VPOTRF ? d.n : d.m) * d.n;
}

/* The group's matrices (g) and, for GEMM, the exclusive sums of their
 * elements of C (cum; the factorizations pass none), loaded by the
 * block. */
template <typename T>
__device__ void load_group(const hetla__cuda_vbatch &v, ll t0, int gn, vgroup_mat<T> *g, ll *cum)
{
    const int q = threadIdx.x;
    ll mine = 0;
    if (q < gn) {
        const hetla__cuda_vmat &d = v.meta[t0 + q];
        vgroup_mat<T> e = {(int)d.m, (int)d.n, (int)d.k, {(int)d.ld[0], (int)d.ld[1], (int)d.ld[2]},
                           {d.off[0], d.off[1], d.off[2]},
                           vmat_end(v, d), scalar<T>::make(d.alpha),
                           scalar<T>::make(d.beta), !scalar<T>::zero(d.alpha), !scalar<T>::zero(d.beta)};
        if (v.kind == HETLA__CUDA_VGEMV) /* y := alpha op(A) x + beta y, C with one column */
            e.m = (int)(v.transa ? d.n : d.m), e.n = 1, e.k = (int)(v.transa ? d.m : d.n);
        g[q] = e;
        mine = (ll)e.m * e.n;
    }
    /* a warp at a time, then the second warp's sums behind the first's */
    static_assert(GROUP == 64 && GROUP_THREADS >= GROUP, "the scan takes two warps");
    if (!cum) {
        __syncthreads();
        return;
    }
    if (q < GROUP) {
        const int lane = q % 32;
        ll inc = mine;
        for (int o = 1; o < 32; o *= 2) {
            const ll u = __shfl_up_sync(0xffffffffu, inc, o);
            inc += lane >= o ? u : 0;
        }
        cum[q + 1] = inc;
    }
    __syncthreads();
    if (q >= 32 && q < GROUP)
        cum[q + 1] += cum[32];
    if (q == 0)
        cum[0] = 0;
    __syncthreads();
}

/* The matrices vfactor_big takes: m x n ones larger than a window (win
 * elements) whose copy there (the whole matrix for LU, the triangle for
 * Cholesky: tri) has more than lo elements and at most hi. */
struct vskip {
    ll win, lo, hi;
    bool tri;
    __device__ __forceinline__ bool takes(ll m, ll n) const
    {
        const ll e = tri ? n * (n + 1) / 2 : m * n;
        return m * n > win && e > lo && e <= hi;
    }
};

/* One past the last matrix of the window that starts at matrix q0 (q0 + 1
 * where that one alone does not fit: *alone is then set). */
template <typename T> __device__ int window_end(const vgroup_mat<T> *g, int q0, int gn, int W, bool *alone)
{
    const ll b0 = g[q0].off[0];
    int q1 = q0 + 1;
    *alone = g[q0].end - b0 > W;
    while (!*alone && q1 < gn && g[q1].end - b0 <= W)
        q1++;
    return q1;
}

/* The window of matrices q0 .. q1-1 into s, STAGE_U loads in flight a
 * thread. */
template <typename T>
__device__ void window_load(const hetla__cuda_vbatch &v, const vgroup_mat<T> *g, T *s, int q0, int q1)
{
    const ll b0 = g[q0].off[0];
    const int span = (int)(g[q1 - 1].end - b0);
    const T *src = (const T *)v.data + b0;
    for (int x0 = threadIdx.x; x0 < span; x0 += STAGE_U * GROUP_THREADS) {
        T r[STAGE_U];
#pragma unroll
        for (int u = 0; u < STAGE_U; u++)
            if (x0 + u * GROUP_THREADS < span)
                r[u] = src[x0 + u * GROUP_THREADS];
#pragma unroll
        for (int u = 0; u < STAGE_U; u++)
            if (x0 + u * GROUP_THREADS < span)
                s[x0 + u * GROUP_THREADS] = r[u];
    }
}

/* C of the window's matrices q0 .. q1-1, their data in s from element b0. */
template <typename T>
__device__ void window_gemm(const hetla__cuda_vbatch &v, const vgroup_mat<T> *g, const ll *cum, const T *s, ll b0,
                            int q0, int q1)
{
    const int ta = v.transa, tb = v.kind == HETLA__CUDA_VGEMV ? 0 : v.transb;
    const ll e1 = cum[q1];
    for (ll e = cum[q0] + threadIdx.x; e < e1; e += GROUP_THREADS) {
        int lo = q0, hi = q1 - 1; /* the last matrix whose elements start at or before e */
        while (lo < hi) {
            const int mid = (lo + hi + 1) / 2;
            lo = cum[mid] <= e ? mid : lo, hi = cum[mid] <= e ? hi : mid - 1;
        }
        const vgroup_mat<T> &d = g[lo];
        const int r = (int)(e - cum[lo]), i = r % d.m, j = r / d.m;
        const T *a = s + (d.off[0] - b0), *b = s + (d.off[1] - b0);
        T acc = {};
        if (d.reads)
            for (int l = 0; l < d.k; l++)
                acc = acc + op_at(a, d.ld[0], ta, i, l) * op_at(b, d.ld[1], tb, l, j);
        const ll c = d.off[2] + i + (ll)j * d.ld[2];
        ((T *)v.data)[c] = d.keeps ? d.alpha * acc + d.beta * s[c - b0] : d.alpha * acc;
    }
}

template <typename T> __global__ void __launch_bounds__(GROUP_THREADS, GROUP_BLOCKS) vgemm(const hetla__cuda_vbatch v)
{
    extern __shared__ __align__(16) unsigned char smem[];
    T *s = (T *)smem;
    constexpr int W = WINDOW_BYTES / sizeof(T);
    __shared__ vgroup_mat<T> g[GROUP];
    __shared__ ll cum[GROUP + 1];
    const ll t0 = blockIdx.x * (ll)GROUP;
    const int gn = (int)(v.count - t0 < GROUP ? v.count - t0 : GROUP);
    load_group(v, t0, gn, g, cum);
    for (int q0 = 0, q1; q0 < gn; q0 = q1) {
        bool alone;
        q1 = window_end(g, q0, gn, W, &alone);
        if (alone) /* vgemm_big's */
            continue;
        const ll b0 = g[q0].off[0];
        window_load(v, g, s, q0, q1);
        __syncthreads();
        window_gemm(v, g, cum, s, b0, q0, q1);
        __syncthreads();
    }
}

/* ---- matrices larger than a window ------------------------------------------
 * The matrices the group kernels leave are taken, after them, by blocks
 * (warps) that stay resident: each asks a counter in v.work for the next
 * run of BIG_RUN matrices of the chunk and computes the run's matrices it
 * takes, so that the blocks end within a few matrices of each other.
 * Dealt out in a fixed order, runs of 256 left some blocks two runs of
 * work where others had one or none (a model of orders 1..128 put the
 * makespan 1.36x above the counter's). */
constexpr int BIG_RUN = 32;

/* Whether matrix d of a GEMM or GEMV is larger than a window: the group
 * kernel leaves it. */
template <typename T>
__device__ __forceinline__ bool past_window(const hetla__cuda_vbatch &v, const hetla__cuda_vmat &d)
{
    return vmat_end(v, d) - d.off[0] > (ll)(WINDOW_BYTES / sizeof(T));
}

/* The block's next run from counter @p next: its first matrix (v.count
 * or past it: none left) and, in list[0 .. *found), the positions in it
 * of the matrices @p takes, in no order. Every thread of the block calls
 * it. */
template <typename F>
__device__ ll take_run(const hetla__cuda_vbatch &v, unsigned long long *next, F takes, int *list, int *found,
                       ll *taken)
{
    __syncthreads(); /* the last run's list read by every thread */
    if (threadIdx.x == 0)
        *found = 0, *taken = (ll)atomicAdd(next, (unsigned long long)BIG_RUN);
    __syncthreads();
    const ll base = *taken, t = base + threadIdx.x;
    if (threadIdx.x < BIG_RUN && t < v.count && takes(v.meta[t]))
        list[atomicAdd(found, 1)] = (int)threadIdx.x;
    __syncthreads();
    return base;
}

/* GEMM matrices larger than a window, a block each in tiles (gemm_tiles)
 * of B x B, B = TILE_MAX<T>, but for the last row and column of tiles,
 * B / 2 where the rows or columns left take no more: square C of order
 * 80 in doubles covers 96 x 96 (a tile of 64 x 64, two of 64 x 32 and
 * one of 32 x 32) where tiles of 64 alone covered 128 x 128 (at orders
 * 65..96, 1.8-3.9 times the elements of C). */
template <typename T> __global__ void __launch_bounds__(TILE_THREADS) vgemm_big(const hetla__cuda_vbatch v)
{
    __shared__ T sa[TILE_BUF<T>], sb[TILE_BUF<T>];
    __shared__ int list[BIG_RUN], found;
    __shared__ ll taken;
    unsigned long long *next = (unsigned long long *)v.work;
    const auto takes = [&v](const hetla__cuda_vmat &d) { return past_window<T>(v, d); };
    for (ll base; (base = take_run(v, next, takes, list, &found, &taken)) < v.count;)
        for (int q = 0; q < found; q++) {
            const hetla__cuda_vmat &d = v.meta[base + list[q]];
            constexpr int B = TILE_MAX<T>, H = B / 2;
            const int M = (int)d.m, N = (int)d.n, Mb = M % B && M % B <= H ? M - M % B : M,
                      Nb = N % B && N % B <= H ? N - N % B : N;
            if (Mb > 0 && Nb > 0)
                gemm_tiles<T, B, B>(v, d, sa, sb, 0, Mb, 0, Nb);
            if (Mb > 0 && Nb < N)
                gemm_tiles<T, B, H>(v, d, sa, sb, 0, Mb, Nb, N);
            if (Mb < M && Nb > 0)
                gemm_tiles<T, H, B>(v, d, sa, sb, Mb, M, 0, Nb);
            if (Mb < M && Nb < N)
                gemm_tiles<T, H, H>(v, d, sa, sb, Mb, M, Nb, N);
        }
}

/* GEMV matrices larger than a window, a warp each (gemv_warp), each warp
 * taking its own runs of GEMV_RUN matrices, a lane a matrix: runs of 32
 * would be fewer than the warps of the device at 100 000 matrices, some
 * warps taking two where most take one. */
constexpr int GEMV_RUN = 8;

template <typename T, bool TA> __global__ void __launch_bounds__(GROUP_THREADS) vgemv_big(const hetla__cuda_vbatch v)
{
    unsigned long long *next = (unsigned long long *)v.work;
    const int lane = (int)threadIdx.x % 32;
    for (;;) {
        ll base = lane == 0 ? (ll)atomicAdd(next, (unsigned long long)GEMV_RUN) : 0;
        base = __shfl_sync(0xffffffffu, base, 0);
        if (base >= v.count)
            return;
        const ll t = base + lane;
        for (unsigned mine = __ballot_sync(0xffffffffu, lane < GEMV_RUN && t < v.count && past_window<T>(v, v.meta[t]));
             mine; mine &= mine - 1)
            gemv_warp<T, TA>(v, v.meta[base + __ffs(mine) - 1], lane);
    }
}

/* The group kernel, then the matrices it leaves where the batch may have
 * any (top, the largest order, 0 where not known): GEMM a run a block,
 * GEMV a run a warp. */
template <typename T> cudaError_t gemm(const hetla__cuda_vbatch &v, unsigned groups, cudaStream_t st)
{
    vgemm<T><<<groups, GROUP_THREADS, WINDOW_BYTES, st>>>(v);
    cudaError_t e = cudaGetLastError();
    const bool gemv = v.kind == HETLA__CUDA_VGEMV;
    const ll top = v.top, most = gemv ? top * top + 2 * top : 3 * top * top;
    if (e != cudaSuccess || (top > 0 && most <= (ll)(WINDOW_BYTES / sizeof(T))))
        return e;
    void (*big)(hetla__cuda_vbatch) = !gemv ? vgemm_big<T> : v.transa ? vgemv_big<T, true> : vgemv_big<T, false>;
    const int threads = gemv ? GROUP_THREADS : TILE_THREADS;
    const ll run = gemv ? GEMV_RUN : BIG_RUN, per = gemv ? threads / 32 : 1;
    ll blocks = 0;
    int dev = 0;
    e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
        e = resident_blocks(big, threads, 0, ((v.count + run - 1) / run + per - 1) / per, dev, &blocks);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(v.work, 0, sizeof(unsigned long long), st);
    if (e == cudaSuccess && blocks > 0) {
        big<<<(unsigned)blocks, threads, 0, st>>>(v);
        e = cudaGetLastError();
    }
    return e;
}

/* ---- TRSM: a block per matrix, a thread per system --------------------- */

template <typename T> __global__ void __launch_bounds__(64) vtrsm(const hetla__cuda_vbatch v)
{
    const hetla__cuda_vmat d = v.meta[blockIdx.x];
    const int m = (int)d.m, n = (int)d.n, na = v.right ? n : m, nv = v.right ? m : n;
    T *D = (T *)v.data;
    const T *A = D + d.off[0];
    T *B = D + d.off[1];
    const ll ldb = d.ld[1];
    if (scalar<T>::zero(d.alpha)) { /* BLAS: B := 0, neither A nor B read */
        for (int e = threadIdx.x; e < m * n; e += blockDim.x)
            B[e % m + e / m * ldb] = T{};
        return;
    }
    const tri t = tri_of(tri_step{v.transa, v.upper != 0, v.unit != 0}, v.right != 0, 1, d.ld[0]);
    const T alpha = scalar<T>::make(d.alpha);
    const ll bi = v.right ? ldb : 1, bv = v.right ? 1 : ldb;
    for (int s = threadIdx.x; s < nv; s += blockDim.x)
        trsv(A, t, na, alpha, B + s * bv, bi);
}

/* ---- Cholesky and LU: a block per group of matrices ---------------------
 * The groups and windows of the GEMM above (a window: as many whole
 * matrices as fit in shared memory, copied in coalesced, and stored back
 * the same way). A window whose orders are all up to SMALL_ORDER takes a
 * thread per matrix, the one-thread algorithms (potrf_in, getrf_in);
 * larger ones a tile of lanes per matrix, each step's rows (LU's pivot
 * search, scaling and update; Cholesky's column) spread over its lanes:
 * half a warp where the window's orders are all up to 16, two matrices
 * a warp (LU 0.86x cublasDgetrfBatched called per order at orders 1..16,
 * against 0.65x with a warp a matrix; tiles of 8 in place of a thread
 * per matrix at 1..8: 0.73x against 0.94x; H200, 2026-11-27), else a
 * whole warp. Every
 * element sees the same operations in the same order as in the
 * one-thread algorithms, so that info and pivots match the CPU's. A
 * matrix larger than a window is left to vfactor_big (below); one that
 * does not fit there either (more than the shared memory a block may
 * have) is factored in global memory by the whole block, its warps over
 * the columns (one warp: 0.12x cuBLAS / 0.18x cuSOLVER at orders 1..128,
 * LU / Cholesky, H100). */
constexpr int SMALL_ORDER = 8;
/* Batches whose largest order is up to these (hetla__cuda_vbatch's top)
 * take a thread per matrix in global memory instead, 128 threads a block
 * (`hetla bench potrf-vbatch|getrf-vbatch --devices cuda`, H200, against
 * the vendor called once per order): Cholesky 12.3 / 7.4 / 2.7x at
 * orders 1..4 / 1..8 / 1..16 that way, 8.0 / 4.1 / 1.23x through windows
 * (1.24x at 1..32, against 0.37x); LU 0.94x at 1..4 (0.78x through
 * windows), 0.40 / 0.085 / 0.033x at 1..8 / 1..16 / 1..32 (1.0 / 0.66 /
 * 0.88x through windows, a warp a matrix). */
constexpr int POTRF_THREAD_TOP = 16, GETRF_THREAD_TOP = 4, FACTOR_THREADS = 128;

/* The lanes of the calling tile of WD lanes (WD = 16 or 32; tiles
 * aligned in their warp), for its shuffles and barriers: each tile of a
 * warp factors its own matrix, in step with the others where their
 * orders agree. */
template <int WD> __device__ __forceinline__ unsigned tile_mask()
{
    return WD == 32 ? 0xffffffffu : ((1u << WD) - 1) << (threadIdx.x % 32 / WD * WD);
}

/* The factorizations below run on a team: a tile of WD lanes (lane: the
 * lane in it) over the rows, or, CW > 1, every warp of the block, CW
 * column groups (grp) of WD = 32 lanes. Its barrier: */
template <int WD, int CW> __device__ __forceinline__ void team_sync()
{
    if constexpr (CW > 1)
        __syncthreads();
    else
        __syncwarp(tile_mask<WD>());
}

/* LU of the m x n matrix A (leading dimension ld) by the calling team,
 * as getrf_in: the pivot the first largest |re| + |im| of the column
 * (the diagonal's if that is NaN, as getrf_in finds; each column group
 * finds it alike), a zero pivot recording info; pivots (1-based) into
 * ipiv unless NULL. A row's update at step j spreads its columns over
 * the groups. */
template <typename T, int WD, int CW>
__device__ long long tile_getrf(T *A, ll ld, int m, int n, long long *ipiv, int lane, int grp)
{
#define E(i, j) A[(i) + (ll)(j) * ld]
    const unsigned mask = tile_mask<WD>();
    long long info = 0;
    const int mn = m < n ? m : n;
    for (int j = 0; j < mn; j++) {
        if (ipiv) {
            int p = -1;
            double best = -1;
            for (int i = j + lane; i < m; i += WD) {
                const double x = abs1(E(i, j));
                if (x > best)
                    p = i, best = x;
            }
            for (int o = WD / 2; o > 0; o /= 2) { /* the largest, the first row among equals */
                const double ob = __shfl_xor_sync(mask, best, o);
                const int op = __shfl_xor_sync(mask, p, o);
                if (ob > best || (ob == best && op >= 0 && (p < 0 || op < p)))
                    best = ob, p = op;
            }
            if (isnan(abs1(E(j, j))))
                p = j;
            if (lane == 0 && grp == 0)
                ipiv[j] = p + 1;
            if constexpr (CW > 1)
                __syncthreads(); /* every group has read the column before rows move */
            if (p != j)
                for (int col = lane + WD * grp; col < n; col += WD * CW) {
                    const T x = E(j, col);
                    E(j, col) = E(p, col);
                    E(p, col) = x;
                }
            team_sync<WD, CW>();
        }
        const T d = E(j, j);
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else if (grp == 0)
            for (int i = j + 1 + lane; i < m; i += WD)
                E(i, j) = quot(E(i, j), d);
        if constexpr (CW > 1)
            __syncthreads(); /* the multipliers, before the other groups read them */
        for (int i = j + 1 + lane; i < m; i += WD) {
            const T l = E(i, j);
            for (int col = j + 1 + grp; col < n; col += CW)
                E(i, col) = E(i, col) - l * E(j, col);
        }
        team_sync<WD, CW>();
    }
#undef E
    return info;
}

/* Cholesky of the order-n matrix A (leading dimension ld; the lower
 * triangle, or the upper one if up) by the calling team, as potrf_in:
 * column j's rows below the diagonal a thread each. */
template <typename T, int WD, int CW> __device__ long long tile_potrf(T *A, ll ld, int n, bool up, int lane, int grp)
{
    const ll r = up ? ld : 1, c = up ? 1 : ld;
    const bool first = lane == 0 && grp == 0;
    for (int j = 0; j < n; j++) {
        T *ajj = A + j * (r + c);
        double d = re(*ajj);
        for (int l = 0; l < j; l++) {
            const T x = A[j * r + l * c];
            d -= re(x * cj(x, true));
        }
        team_sync<WD, CW>(); /* every thread has read the diagonal before it changes */
        if (!(d > 0)) {
            if (first)
                *ajj = real_as<T>(d);
            return j + 1;
        }
        d = sqrt(d);
        if (first)
            *ajj = real_as<T>(d);
        for (int i = j + 1 + lane + WD * grp; i < n; i += WD * CW) {
            T acc = cj(A[i * r + j * c], up);
            for (int l = 0; l < j; l++)
                acc = acc - cj(A[i * r + l * c], up) * cj(cj(A[j * r + l * c], up), true);
            A[i * r + j * c] = cj(quot(acc, real_as<T>(d)), up);
        }
        team_sync<WD, CW>();
    }
    return 0;
}

/* Matrix t of the chunk, at A (shared memory or global), by the calling
 * team (WD lanes and CW groups, above), or thread (WD = 1): info and
 * pivots into its metadata. */
template <typename T, bool LU, int WD, int CW = 1>
__device__ void factor_one(const hetla__cuda_vbatch &v, ll t, T *A, int lane, int grp = 0)
{
    hetla__cuda_vmat *d = v.meta + t;
    long long *ipiv = LU && d->piv >= 0 ? (long long *)v.meta + d->piv : nullptr;
    const int m = (int)d->m, n = (int)d->n;
    long long info;
    if constexpr (WD > 1)
        info = LU ? tile_getrf<T, WD, CW>(A, d->ld[0], m, n, ipiv, lane, grp)
                  : tile_potrf<T, WD, CW>(A, d->ld[0], n, v.upper != 0, lane, grp);
    else
        info = LU ? getrf_in(A, 1, d->ld[0], m, n, ipiv) : potrf_in(A, 1, d->ld[0], n, v.upper != 0);
    if (lane == 0 && grp == 0)
        d->info = info;
}

/* The window's matrices q0 .. q1-1 at s (their first's offset b0) by the
 * block's tiles of WD lanes, a matrix a tile. */
template <typename T, bool LU, int WD>
__device__ void factor_window(const hetla__cuda_vbatch &v, const vgroup_mat<T> *g, ll t0, int q0, int q1, T *s, ll b0)
{
    constexpr int TILES = GROUP_THREADS / WD;
    for (int q = q0 + (int)threadIdx.x / WD; q < q1; q += TILES)
        factor_one<T, LU, WD>(v, t0 + q, s + (g[q].off[0] - b0), (int)threadIdx.x % WD);
}

/* A thread per matrix in global memory: the batches whose orders are all
 * small (below). */
template <typename T, bool LU>
__global__ void __launch_bounds__(FACTOR_THREADS) vfactor_thread(const hetla__cuda_vbatch v)
{
    const ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t < v.count)
        factor_one<T, LU, 1>(v, t, (T *)v.data + v.meta[t].off[0], 0);
}

/* A block per GROUP matrices, through windows; the larger ones that
 * @p big takes are left to vfactor_big. */
template <typename T, bool LU>
__global__ void __launch_bounds__(GROUP_THREADS, GROUP_BLOCKS) vfactor(const hetla__cuda_vbatch v, vskip big)
{
    extern __shared__ __align__(16) unsigned char smem[];
    T *s = (T *)smem;
    constexpr int W = WINDOW_BYTES / sizeof(T);
    __shared__ vgroup_mat<T> g[GROUP];
    const ll t0 = blockIdx.x * (ll)GROUP;
    const int gn = (int)(v.count - t0 < GROUP ? v.count - t0 : GROUP);
    load_group<T>(v, t0, gn, g, nullptr);
    for (int q0 = 0, q1; q0 < gn; q0 = q1) {
        bool alone;
        q1 = window_end(g, q0, gn, W, &alone);
        const ll b0 = g[q0].off[0];
        if (alone) { /* vfactor_big's, or in global memory by the whole block */
            if (!big.takes(LU ? g[q0].m : g[q0].n, g[q0].n)) {
                factor_one<T, LU, 32, GROUP_THREADS / 32>(v, t0 + q0, (T *)v.data + b0, (int)threadIdx.x % 32,
                                                          (int)threadIdx.x / 32);
                __syncthreads();
            }
            continue;
        }
        window_load(v, g, s, q0, q1);
        int top = 0;
        for (int q = q0; q < q1; q++)
            top = max(top, max(g[q].m, g[q].n));
        __syncthreads();
        if (top <= SMALL_ORDER)
            factor_window<T, LU, 1>(v, g, t0, q0, q1, s, b0);
        else if (top <= 16)
            factor_window<T, LU, 16>(v, g, t0, q0, q1, s, b0);
        else
            factor_window<T, LU, 32>(v, g, t0, q0, q1, s, b0);
        __syncthreads();
        const int span = (int)(g[q1 - 1].end - b0);
        T *dst = (T *)v.data + b0;
        for (int x = threadIdx.x; x < span; x += GROUP_THREADS)
            dst[x] = s[x];
        __syncthreads();
    }
}

/* ---- Cholesky and LU of a matrix larger than a window ---------------------
 * A block of BIG_THREADS factors one such matrix at a time, copied into
 * shared memory (opted in, up to the device's limit; Cholesky's triangle
 * alone, packed: tri_at), factored there by
 * all its warps and stored back: the update of the trailing matrix,
 * which vfactor's block reads and writes through the L2 cache, stays in
 * the SM. LU as a matrix alone in vfactor (tile_getrf over the warps);
 * Cholesky right-looking in panels of PANEL columns (block_potrf): a
 * panel's steps update only its own columns, then the columns past it
 * are updated by the whole panel, a warp TRAIL columns at a time with
 * their elements of the panel in registers, its lanes over the rows,
 * each lane's TRAIL elements of a row kept in registers over the panel's
 * steps (an element read and written once a panel, not once a step).
 * The blocks stay resident, each taking the matrices it finds in turn
 * among a run of BIG_RUN of the chunk, the runs handed out by a counter
 * as blocks ask; a launch per size class
 * (big_classes) gives each as much shared memory as its largest matrix
 * needs, so that 4, 3, 2 or 1 blocks share an SM. Against the vendor
 * called once per order, 100 000 matrices, H200 (2026-11-28): Cholesky
 * 0.77x at orders 1..64 and 0.81x at 1..128, LU 0.89x and 0.93x; with
 * Cholesky's whole square in shared memory 0.78x / 0.67x, with runs of
 * 256 dealt out in a fixed order 0.74x / 0.53x and 0.81x / 0.70x, and
 * Cholesky updating the whole trailing triangle at every step 0.70x /
 * 0.35x. Tried there: for Cholesky, a panel's diagonal block factored in
 * every warp's registers and its rows below solved a thread each, two
 * barriers a panel instead of two a column (0.64x / 0.43x: 106
 * registers, two blocks an SM), four columns a warp (0.62x / 0.41x), one
 * (0.57x / 0.31x with panels of 16); LU in panels the same way
 * (tile_getrf on the panel, its interchanges and rows of U past it a
 * thread a column): 0.80x / 0.67-0.71x. Tried on an H100 before: a
 * block of 512 threads for each matrix above order 36, one launch (LU
 * 0.61x, Cholesky 0.38x at 1..128); taking the matrices above order 30,
 * 36 or 48 from the windows, which did not win; each matrix in the
 * registers of a block's threads: LU 0.42x, Cholesky 0.34x. */
constexpr int BIG_THREADS = 256, BIG_DIAG = 256, PANEL = 8;

/* Where element (i, j), i >= j, of an order-n Cholesky's triangle lies in
 * shared memory, packed by the columns it is stored in: the lower
 * triangle's column j (rows j .. n-1), or the upper one's column i (rows
 * 0 .. i, element (j, i)), one after the other. Half a square: twice the
 * blocks an SM, and half the bytes read and written. */
struct tri_at {
    int n;
    bool up;
    __device__ __forceinline__ int operator()(int i, int j) const
    {
        return up ? i * (i + 1) / 2 + j : j * (2 * n - j - 1) / 2 + i;
    }
};

/* Columns a warp updates at a time past a panel: two, one for double
 * complex (its 2 x PANEL elements of a panel would take 64 registers;
 * not measured). */
template <typename T> constexpr int TRAIL = sizeof(T) > 8 ? 1 : 2;

/* The columns past panel [J, J + nj) of an order-n Cholesky updated by
 * it, their diagonal sums too (lanes 0 .. TN-1 of a warp), each element
 * by the panel's columns in increasing order. */
template <typename T>
__device__ void potrf_trailing(T *A, tri_at P, int J, int nj, double *dg, int lane, int grp)
{
    constexpr int CW = BIG_THREADS / 32, TN = TRAIL<T>;
    const int n = P.n;
    const bool up = P.up;
    for (int k0 = J + nj + grp * TN; k0 < n; k0 += CW * TN) {
        T lk[TN][PANEL];
#pragma unroll
        for (int q = 0; q < TN; q++)
#pragma unroll
            for (int l = 0; l < PANEL; l++)
                lk[q][l] = k0 + q < n && l < nj ? cj(cj(A[P(k0 + q, J + l)], up), true) : T{};
        if (lane < TN && k0 + lane < n) {
            double d = dg[k0 + lane];
            for (int l = 0; l < nj; l++) {
                const T x = A[P(k0 + lane, J + l)];
                d -= re(x * cj(x, true));
            }
            dg[k0 + lane] = d;
        }
        for (int i = k0 + 1 + lane; i < n; i += 32) {
            T acc[TN];
#pragma unroll
            for (int q = 0; q < TN; q++)
                acc[q] = i > k0 + q ? cj(A[P(i, k0 + q)], up) : T{};
#pragma unroll
            for (int l = 0; l < PANEL; l++)
                if (l < nj) {
                    const T x = cj(A[P(i, J + l)], up);
#pragma unroll
                    for (int q = 0; q < TN; q++)
                        acc[q] = acc[q] - x * lk[q][l];
                }
#pragma unroll
            for (int q = 0; q < TN; q++)
                if (i > k0 + q)
                    A[P(i, k0 + q)] = cj(acc[q], up);
        }
    }
}

/* Cholesky of the order-n triangle A (the lower one, or the upper one if
 * up, packed: tri_at) by the whole block, in panels: at
 * step j column j is scaled, then the panel's later columns are updated
 * a warp each, their rows over its lanes; after the panel, the columns
 * past it (potrf_trailing). Each element sees potrf_in's operations in
 * its order (the products subtracted by increasing l), the diagonal's
 * sums kept in double in dg (n entries) as potrf_in keeps them; a
 * failing step j leaves the trailing triangle updated through step j-1. */
template <typename T> __device__ long long block_potrf(T *A, int n, bool up, double *dg)
{
    constexpr int CW = BIG_THREADS / 32;
    const tri_at P{n, up};
    const int lane = (int)threadIdx.x % 32, grp = (int)threadIdx.x / 32;
    for (int i = threadIdx.x; i < n; i += BIG_THREADS)
        dg[i] = re(A[P(i, i)]);
    __syncthreads();
    for (int J = 0; J < n; J += PANEL) {
        const int e = min(J + PANEL, n);
        for (int j = J; j < e; j++) {
            double d = dg[j];
            if (!(d > 0)) { /* every thread read the same dg[j] */
                potrf_trailing(A, P, J, j - J, dg, lane, grp);
                if (threadIdx.x == 0)
                    A[P(j, j)] = real_as<T>(d);
                return j + 1;
            }
            const T dd = real_as<T>(sqrt(d));
            for (int i = j + 1 + (int)threadIdx.x; i < n; i += BIG_THREADS)
                A[P(i, j)] = cj(quot(cj(A[P(i, j)], up), dd), up);
            if (threadIdx.x == 0)
                A[P(j, j)] = dd;
            __syncthreads();
            for (int k = j + 1 + grp; k < e; k += CW) {
                const T lk = cj(cj(A[P(k, j)], up), true);
                for (int i = k + 1 + lane; i < n; i += 32)
                    A[P(i, k)] = cj(cj(A[P(i, k)], up) - cj(A[P(i, j)], up) * lk, up);
                if (lane == 0) {
                    const T x = A[P(k, j)];
                    dg[k] -= re(x * cj(x, true));
                }
            }
            __syncthreads();
        }
        if (e < n) {
            potrf_trailing(A, P, J, e - J, dg, lane, grp);
            __syncthreads();
        }
    }
    return 0;
}

/* The triangle P of the column-major A (leading dimension ld) into s
 * packed (in) or back, a warp a stored column, its lanes down the rows. */
template <typename T> __device__ void triangle_copy(T *s, T *A, ll ld, tri_at P, bool in)
{
    const int lane = (int)threadIdx.x % 32;
    for (int j = (int)threadIdx.x / 32; j < P.n; j += BIG_THREADS / 32) {
        const int i0 = P.up ? 0 : j, i1 = P.up ? j + 1 : P.n;
        for (int i = i0 + lane; i < i1; i += 32) {
            T &x = s[P.up ? P(j, i) : P(i, j)], &y = A[i + j * ld];
            if (in)
                x = y;
            else
                y = x;
        }
    }
}

/* Matrix t of the chunk by the calling block through shared memory s
 * (Cholesky's diagonal sums in dg). */
template <typename T, bool LU> __device__ void factor_big(const hetla__cuda_vbatch &v, ll t, T *s, double *dg)
{
    hetla__cuda_vmat *d = v.meta + t;
    T *A = (T *)v.data + d->off[0];
    if constexpr (LU) {
        const ll span = d->m * d->n;
        for (ll x = threadIdx.x; x < span; x += BIG_THREADS)
            s[x] = A[x];
        __syncthreads();
        factor_one<T, true, 32, BIG_THREADS / 32>(v, t, s, (int)threadIdx.x % 32, (int)threadIdx.x / 32);
        __syncthreads();
        for (ll x = threadIdx.x; x < span; x += BIG_THREADS)
            A[x] = s[x];
    } else {
        const int n = (int)d->n;
        const bool up = v.upper != 0;
        triangle_copy(s, A, d->ld[0], tri_at{n, up}, true);
        __syncthreads();
        const long long info = block_potrf(s, n, up, dg);
        if (threadIdx.x == 0)
            d->info = info;
        __syncthreads();
        triangle_copy(s, A, d->ld[0], tri_at{n, up}, false);
    }
    __syncthreads();
}

/* @p next: the launch's counter of matrices handed out, zero at first. */
template <typename T, bool LU>
__global__ void __launch_bounds__(BIG_THREADS)
    vfactor_big(const hetla__cuda_vbatch v, vskip big, unsigned long long *next)
{
    extern __shared__ __align__(16) unsigned char smem[];
    __shared__ int list[BIG_RUN], found;
    __shared__ ll taken;
    double *dg = (double *)smem;
    T *s = (T *)(smem + (LU ? 0 : BIG_DIAG * sizeof(double)));
    const auto takes = [&big](const hetla__cuda_vmat &d) { return big.takes(LU ? d.m : d.n, d.n); };
    for (ll base; (base = take_run(v, next, takes, list, &found, &taken)) < v.count;)
        for (int q = 0; q < found; q++)
            factor_big<T, LU>(v, base + list[q], s, dg);
}

/* The matrices vfactor leaves to vfactor_big in a batch whose largest
 * order is top (0: not known): those larger than a window, up to what
 * the shared memory a block may opt in to holds beside vfactor_big's own
 * and Cholesky's diagonal sums (BIG_DIAG of them: Cholesky up to order
 * BIG_DIAG). */
template <typename T, bool LU> vskip big_matrices(ll top, int dev)
{
    int optin = 0;
    cudaFuncAttributes fa{};
    if (cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess ||
        cudaFuncGetAttributes(&fa, vfactor_big<T, LU>) != cudaSuccess)
        optin = 0;
    const size_t fixed = fa.sharedSizeBytes + (LU ? 0 : BIG_DIAG * sizeof(double));
    ll room = optin > (int)fixed ? (ll)((optin - fixed) / sizeof(T)) : 0;
    if (!LU)
        room = min(room, (ll)BIG_DIAG * (BIG_DIAG + 1) / 2);
    const ll need = LU ? top * top : top * (top + 1) / 2;
    return {WINDOW_BYTES / sizeof(T), 0, top > 0 && need < room ? need : room, !LU};
}

/* vfactor_big over @p big's matrices, a launch per class of those that
 * 4, 3, 2 or 1 blocks an SM hold in shared memory, each with a counter
 * of v.work. */
template <typename T, bool LU>
cudaError_t big_classes(const hetla__cuda_vbatch &v, vskip big, int dev, cudaStream_t st)
{
    int sm_bytes = 0, reserved = 0;
    cudaFuncAttributes fa;
    cudaError_t e = cudaDeviceGetAttribute(&sm_bytes, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dev);
    if (e == cudaSuccess)
        e = cudaFuncGetAttributes(&fa, vfactor_big<T, LU>);
    const size_t fixed = (size_t)reserved + fa.sharedSizeBytes + (LU ? 0 : BIG_DIAG * sizeof(double));
    const ll runs = (v.count + BIG_RUN - 1) / BIG_RUN;
    unsigned long long *next = (unsigned long long *)v.work;
    static_assert(4 * sizeof *next <= HETLA__CUDA_VBATCH_WORK, "a counter a class");
    if (e == cudaSuccess)
        e = cudaMemsetAsync(next, 0, 4 * sizeof *next, st);
    for (int per = 4; per >= 1 && e == cudaSuccess && big.lo < big.hi; per--, next++) {
        const ll fit = (ll)((size_t)(sm_bytes / per) - fixed) / (ll)sizeof(T);
        const vskip cls = {big.win, big.lo, fit < big.hi && per > 1 ? fit : big.hi, big.tri};
        if (cls.hi <= cls.lo)
            continue;
        const size_t bytes = fixed - reserved - fa.sharedSizeBytes + (size_t)cls.hi * sizeof(T);
        ll blocks = 0;
        e = cudaFuncSetAttribute(vfactor_big<T, LU>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
        if (e == cudaSuccess)
            e = resident_blocks(vfactor_big<T, LU>, BIG_THREADS, bytes, runs, dev, &blocks);
        if (e == cudaSuccess && blocks > 0)
            vfactor_big<T, LU><<<(unsigned)blocks, BIG_THREADS, bytes, st>>>(v, cls, next);
        e = e == cudaSuccess ? cudaGetLastError() : e;
        big.lo = cls.hi;
    }
    return e;
}

template <typename T, bool LU> cudaError_t factor(const hetla__cuda_vbatch &v, unsigned groups, cudaStream_t st)
{
    int dev = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e != cudaSuccess)
        return e;
    const vskip big = big_matrices<T, LU>(v.top, dev);
    vfactor<T, LU><<<groups, GROUP_THREADS, WINDOW_BYTES, st>>>(v, big);
    e = cudaGetLastError();
    return e == cudaSuccess && big.lo < big.hi ? big_classes<T, LU>(v, big, dev, st) : e;
}

template <typename T> cudaError_t run(const hetla__cuda_vbatch &v, cudaStream_t st)
{
    const unsigned blocks = (unsigned)v.count, groups = (unsigned)((v.count + GROUP - 1) / GROUP),
                   factor_blocks = (unsigned)((v.count + FACTOR_THREADS - 1) / FACTOR_THREADS);
    /* the largest order up to which a thread per matrix in global memory
     * wins (the factorizations) */
    const bool thread = v.top > 0 && v.top <= (v.kind == HETLA__CUDA_VPOTRF ? POTRF_THREAD_TOP : GETRF_THREAD_TOP);
    switch (v.kind) {
    case HETLA__CUDA_VGEMM:
    case HETLA__CUDA_VGEMV:
        return gemm<T>(v, groups, st);
    case HETLA__CUDA_VTRSM:
        vtrsm<T><<<blocks, 64, 0, st>>>(v);
        break;
    case HETLA__CUDA_VPOTRF:
        if (!thread)
            return factor<T, false>(v, groups, st);
        vfactor_thread<T, false><<<factor_blocks, FACTOR_THREADS, 0, st>>>(v);
        break;
    default:
        if (!thread)
            return factor<T, true>(v, groups, st);
        vfactor_thread<T, true><<<factor_blocks, FACTOR_THREADS, 0, st>>>(v);
        break;
    }
    return cudaGetLastError();
}

} // namespace

cudaError_t hetla__cuda_vbatch_run(const hetla__cuda_vbatch *v, cudaStream_t stream)
{
    if (v->count == 0)
        return cudaSuccess;
    switch (v->type) {
    case HETLA__CUDA_S:
        return run<float>(*v, stream);
    case HETLA__CUDA_D:
        return run<double>(*v, stream);
    case HETLA__CUDA_C:
        return run<cf>(*v, stream);
    default:
        return run<cd>(*v, stream);
    }
}
