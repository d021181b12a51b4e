/* hetla's CUDA kernels for batched GEMM (and GEMV, its n = 1 case) over
 * the batch layouts, in four precisions, and the layout copy. Interleaved
 * operands: one thread per matrix, so element (i, j) of 32 consecutive
 * matrices is one coalesced load, square orders up to 8 fully unrolled
 * with C in registers; other orders up to 32 a block per group of
 * matrices, panels of A and B staged in a ring of shared-memory buffers,
 * C copied there behind the first panels up to order 12 and at 17..20, a
 * 4 x 4, 4 x 8 or 8 x 8 block of C a thread; real doubles of orders 25..32
 * in blocks of up to 16 matrices and double complex ones of orders 13..16
 * so staged, a warp a matrix on the tensor cores.
 * Strided operands: orders 1 and 2 as interleaved ones, a thread per
 * matrix; larger, a block per group of matrices, A and B staged in shared
 * memory by coalesced loads, one C element per thread. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

#include <cuda_pipeline.h>

#include <atomic>

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
template <typename T> __device__ __forceinline__ void update(T *c, T acc, T alpha, T beta, bool beta0)
{
    *c = beta0 ? alpha * acc : alpha * acc + beta * *c;
}

/* Where the C that beta scales is read: C itself, or a copy of it. */
template <typename T> struct source {
    const T *p;
    ll rs, cs; /* a row and a column apart */
};

/* C(r, j) := alpha acc[j][r] + beta C(r, j) for the K columns j0.. of acc
 * (rows < @p rows, columns < @p cols); c: C(0, 0), cs and cld apart; the
 * C scaled by beta read from @p o. The loads of C are issued together
 * before the stores: in program order each store would wait for its load,
 * and the next load for that store. */
template <int K, typename T, int R, int NC>
__device__ __forceinline__ void update_cols(T *c, ll cs, ll cld, source<T> o, const T (&acc)[NC][R], int j0, int rows,
                                            int cols, T alpha, T beta, bool beta0)
{
    T old[K][R];
#pragma unroll
    for (int j = 0; j < K; j++)
#pragma unroll
        for (int r = 0; r < R; r++)
            if (!beta0 && r < rows && j0 + j < cols)
                old[j][r] = o.p[r * o.rs + (j0 + j) * o.cs];
#pragma unroll
    for (int j = 0; j < K; j++)
#pragma unroll
        for (int r = 0; r < R; r++)
            if (r < rows && j0 + j < cols)
                c[r * cs + (j0 + j) * cld] = beta0 ? alpha * acc[j0 + j][r] : alpha * acc[j0 + j][r] + beta * old[j][r];
}

/* ---- one thread per matrix, order N fully unrolled, C in registers ------- */

template <typename T, int N> __global__ void __launch_bounds__(128) gemm_fixed(const hetla__cuda_gemm g)
{
    ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= g.count)
        return;
    const T *A = (const T *)g.A.ptr + base(g.A, t), *B = (const T *)g.B.ptr + base(g.B, t);
    T *C = (T *)g.C.ptr + base(g.C, t);
    const view va = op_view(g.A, g.transa, g.A.s), vb = op_view(g.B, g.transb, g.B.s);
    const ll cs = g.C.s, cld = g.C.ld * g.C.s;
    const T zero = {};
    T acc[N][N]; /* [column][row] */
#pragma unroll
    for (int j = 0; j < N; j++)
#pragma unroll
        for (int i = 0; i < N; i++)
            acc[j][i] = zero;
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
                    acc[j][i] = acc[j][i] + a[i] * b[j];
        }
    }
    const T alpha = scalar<T>::make(g.alpha), beta = scalar<T>::make(g.beta);
    const bool beta0 = scalar<T>::zero(g.beta);
    /* two columns of loads in flight at a time (one for odd N): registers
     * are short here */
    constexpr int K = N % 2 ? 1 : 2;
#pragma unroll
    for (int j = 0; j < N; j += K)
        update_cols<K>(C, cs, cld, source<T>{C, cs, cld}, acc, j, N, N, alpha, beta, beta0);
}

/* ---- a block per group of W matrices, panels staged, MR x NR of C a thread --
 * m, n <= 32. Thread x works on matrix q = x % W and block p = x / W of C,
 * and stages every P-th element of its matrix's panels: kc columns of
 * op(A) and kc rows of op(B) in shared memory element-major, the matrices
 * adjacent ([l][i][q], Wp >= W apart), so that the staging loads are
 * coalesced (adjacent matrices are adjacent in memory) and so are the
 * reads of shared memory. The copies are asynchronous (cp.async) into a
 * ring of nbuf buffers: the next nbuf - 1 panels are in flight while the
 * current ones are multiplied. Each element of A, B and C crosses the
 * memory bus once.
 * The inner loop reads whole MR x NR blocks unguarded: rows and columns
 * past m and n (a block straddling the edge) read what lies beyond the
 * panel, padding at the end, into sums that are never stored. */

/* e / d for e * d < 2^32 (shared-memory indices by orders and spans):
 * one wide multiply by ceil(2^32 / d) instead of a division. */
struct divisor {
    unsigned long long magic;
    __host__ __device__ divisor(unsigned d) : magic(((1ull << 32) + d - 1) / d) {}
    __device__ unsigned of(unsigned e) const { return (unsigned)((e * magic) >> 32); }
};

/* A thread's walk over a panel of @p rows rows: element e = p, p + P, ...
 * is X(e % rows, e / rows); each step moves dx rows and dl columns. */
struct walk {
    int x, l, dx, dl;
    __device__ walk(int p, int P, int rows) : l(p / rows), dl(P / rows)
    {
        x = p - l * rows, dx = P - dl * rows;
    }
};

/* Starts s[(l xp + x) Wp] := X(x, l0 + l) (X(x, l) at x * xs + l * ls),
 * x = e % rows, l = e / rows, for the elements e < total of walk w,
 * asynchronously: the panel's columns xp >= rows places apart in shared
 * memory (xp = rows: element e at s[e Wp]). */
template <typename T>
__device__ __forceinline__ void stage_async(T *s, int Wp, int xp, const T *X, ll xs, ll ls, walk w, int rows, int l0,
                                            int p, int P, int total)
{
    const T *src = X + w.x * xs + (l0 + w.l) * ls;
    const ll step = w.dx * xs + w.dl * ls, wrap = ls - rows * xs;
    const int sstep = (w.dl * xp + w.dx) * Wp, swrap = (xp - rows) * Wp;
    s += (w.l * xp + w.x) * Wp;
    for (int e = p, x = w.x; e < total; e += P, s += sstep) {
        __pipeline_memcpy_async(s, src, sizeof(T));
        src += step, x += w.dx;
        if (x >= rows)
            x -= rows, src += wrap, s += swrap;
    }
}

/* The ring of nbuf buffers both staging kernels run: stage 0, C's copy
 * (copy(), its own commit group, maybe empty), stages 1 .. nbuf - 2, then
 * at step st the start of stage st + nbuf - 1 and the wait for stage st
 * (at step 0 C's copy may still be in flight), step(st) between two
 * barriers, the second before stage st + nbuf overwrites its buffer.
 * start(st) commits one group a stage, empty past the last, so that the
 * count of groups behind a stage's is the same at every step. C's copy is
 * waited for at the end where no step has waited for it. */
template <typename Start, typename Copy, typename Step>
__device__ __forceinline__ void ring(int stages, int nbuf, bool copy_c, Start &&start, Copy &&copy, Step &&step)
{
    start(0);
    if (copy_c)
        copy();
    __pipeline_commit();
    for (int st = 1; st < nbuf - 1; st++)
        start(st);
    for (int st = 0; st < stages; st++) {
        start(st + nbuf - 1);
        __pipeline_wait_prior(st ? nbuf - 1 : nbuf);
        __syncthreads();
        step(st);
        __syncthreads();
    }
    if (copy_c && stages < 2) {
        __pipeline_wait_prior(0);
        __syncthreads();
    }
}

template <typename T, int MR, int NR, int TH>
__global__ void __launch_bounds__(TH)
    gemm_staged(const hetla__cuda_gemm g, int W, int Wp, int kc, int nbuf, bool copy_c)
{
    extern __shared__ __align__(16) unsigned char smem[];
    const int sa = g.m * Wp, sb = g.n * Wp; /* a step of A's and of B's panels */
    const int half = kc * (sa + sb);        /* one buffer: A's panel, then B's */
    const int mb = (g.m + MR - 1) / MR, P = blockDim.x / W, q = threadIdx.x % W, p = threadIdx.x / W;
    const int i0 = p % mb * MR, j0 = p / mb * NR;
    const ll t = blockIdx.x * (ll)W + q;
    const bool live = t < g.count;
    const T *A = (const T *)g.A.ptr + (live ? base(g.A, t) : 0), *B = (const T *)g.B.ptr + (live ? base(g.B, t) : 0);
    const view va = op_view(g.A, g.transa, g.A.s), vb = op_view(g.B, g.transb, g.B.s);
    const walk wa(p, P, g.m), wb(p, P, g.n);
    const T zero = {};
    T acc[NR][MR]; /* [column][row] */
#pragma unroll
    for (int c = 0; c < NR; c++)
#pragma unroll
        for (int r = 0; r < MR; r++)
            acc[c][r] = zero;
    const int stages = scalar<T>::zero(g.alpha) ? 0 : (g.k + kc - 1) / kc;
    const ll cs = g.C.s, cld = g.C.ld * g.C.s;
    T *C = (T *)g.C.ptr + (live ? base(g.C, t) : 0);
    /* C copied into shared memory ([j][i][q] after the buffers) behind
     * the first panels, read while the panels are multiplied */
    const bool beta0 = scalar<T>::zero(g.beta);
    copy_c = copy_c && stages && !beta0;
    T *sC = (T *)smem + nbuf * half + q;
    /* stage st: columns st kc.. of op(A) and rows of op(B), into buffer
     * st % nbuf; one commit a stage, empty past the last, so that the
     * count of groups behind a stage's is the same at every step */
    auto start = [&](int st) {
        if (live && st < stages) {
            const int l0 = st * kc, kl = g.k - l0 < kc ? g.k - l0 : kc;
            T *sA = (T *)smem + (st % nbuf) * half + q, *sB = sA + kc * sa;
            stage_async(sA, Wp, g.m, A, va.row, va.col, wa, g.m, l0, p, P, g.m * kl);
            stage_async(sB, Wp, g.n, B, vb.col, vb.row, wb, g.n, l0, p, P, g.n * kl);
        }
        __pipeline_commit();
    };
    ring(stages, nbuf, copy_c, start,
         [&] {
             if (live)
                 stage_async(sC, Wp, g.m, (const T *)C, cs, cld, walk(p, P, g.m), g.m, 0, p, P, g.m * g.n);
         },
         [&](int st) {
             const T *buf = (const T *)smem + (st % nbuf) * half;
             const T *sA = buf + i0 * Wp + q, *sB = buf + kc * sa + j0 * Wp + q;
             const int kl = g.k - st * kc < kc ? g.k - st * kc : kc;
#pragma unroll 2
             for (int l = 0; l < kl; l++) {
                 T a[MR], b[NR];
#pragma unroll
                 for (int r = 0; r < MR; r++)
                     a[r] = cj(sA[l * sa + r * Wp], va.conj);
#pragma unroll
                 for (int c = 0; c < NR; c++)
                     b[c] = cj(sB[l * sb + c * Wp], vb.conj);
#pragma unroll
                 for (int c = 0; c < NR; c++)
#pragma unroll
                     for (int r = 0; r < MR; r++)
                         acc[c][r] = acc[c][r] + a[r] * b[c];
             }
         });
    if (!live)
        return;
    C += i0 * cs + j0 * cld;
    const source<T> old = copy_c ? source<T>{sC + (i0 + j0 * g.m) * Wp, Wp, (ll)g.m * Wp} : source<T>{C, cs, cld};
    const T alpha = scalar<T>::make(g.alpha), beta = scalar<T>::make(g.beta);
    /* at most 16 loads of C in flight a thread: registers */
    constexpr int K = 16 / MR < 1 ? 1 : 16 / MR < NR ? 16 / MR : NR;
#pragma unroll
    for (int j = 0; j < NR; j += K)
        update_cols<K>(C, cs, cld, old, acc, j, g.m - i0, g.n - j0, alpha, beta, beta0);
}

/* ---- doubles on the tensor cores, a warp per matrix --------------------
 * Real doubles with m and n in 25..32, double complex with m and n up to
 * 16 (a complex product is a real one of twice the rows and depth: op(A)
 * as [re -im; im re] in 2 x 2 blocks, op(B) as [re; im] by rows, C as
 * [re; im] by rows): 4 x TJ tiles of 8 x 8 real elements of C a warp
 * (TJ = 4 real, 2 complex). W matrices a block, warp w on matrix w of
 * its block. Panels of kc columns of op(A) and rows of op(B) (a step of 4
 * real columns: 4 real, 2 complex) are staged as gemm_staged stages them
 * (thread x copies for matrix x % W, a ring of nbuf buffers), element (x,
 * l) of matrix q at [(l xp + x) Wp + q]: Wp odd and xp Wp = 4 (mod 16)
 * for reals, xp Wp = 4 (mod 8) for 16-byte complex elements, so that the
 * 32 lanes reading a fragment (real rows lane / 4, columns lane % 4) read
 * distinct banks a half-warp. A step takes 4 fragments of A, TJ of B and
 * 4 TJ products of 8 x 4 by 4 x 8 (DMMA), C's fragment in each lane real
 * rows lane / 4, columns 2 (lane % 4) and the next (a complex element's
 * real and imaginary parts in lanes 4 apart). The last panel's columns
 * past k up to a whole step are zero in both A and B; rows past m and
 * columns past n hold what shared memory held, into sums never stored. C
 * goes through shared memory 16 columns at a time, the C that beta scales
 * copied in first (complex: behind the first panels, copy_c), so that its
 * loads and stores are coalesced as the panels' loads are. */
__device__ __forceinline__ void dmma(double (&c)[2], double a, double b)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
        : "+d"(c[0]), "+d"(c[1])
        : "d"(a), "d"(b));
#endif
}

/* The least xp >= rows with xp Wp = r (mod m). */
__host__ __device__ constexpr int padded(int rows, int Wp, int m, int r)
{
    int xp = rows;
    while (xp * Wp % m != r)
        xp++;
    return xp;
}

/* Its shape: matrices a block, buffers in the ring, the matrices' spacing
 * in shared memory, and for elements of type T (R doubles) the columns a
 * step and a panel, the tiles of C a warp across, the panels' column
 * spacing, and whether C's first columns are copied in behind the first
 * panels (see try_dmma). */
constexpr int DMMA_W = 8, DMMA_NBUF = 3, DMMA_WP = DMMA_W + 1;
template <typename T> struct dmma_shape {
    static constexpr int R = sizeof(T) / sizeof(double), KS = 4 / R, KC = 4, TJ = 4 / R;
    static constexpr int XP = R == 1 ? padded(32, DMMA_WP, 16, 4) : padded(16, DMMA_WP, 8, 4);
    static constexpr bool COPY_C = R == 2;
};

template <typename T> __global__ void __launch_bounds__(32 * DMMA_W, 2) gemm_dmma(const hetla__cuda_gemm g, int xc, bool copy_c)
{
    extern __shared__ __align__(16) unsigned char smem[];
    using S = dmma_shape<T>;
    constexpr int W = DMMA_W, P = 32, nbuf = DMMA_NBUF, Wp = DMMA_WP, R = S::R, ks = S::KS, kc = S::KC, TJ = S::TJ,
                  xp = S::XP;
    const int x = threadIdx.x, q = x % W, p = x / W;
    const int w = x / 32, gr = x % 32 / 4, gc = x % 4;
    const ll t = blockIdx.x * (ll)W + q;
    const bool live = t < g.count;
    const T *A = (const T *)g.A.ptr + (live ? base(g.A, t) : 0), *B = (const T *)g.B.ptr + (live ? base(g.B, t) : 0);
    T *C = (T *)g.C.ptr + (live ? base(g.C, t) : 0);
    const view va = op_view(g.A, g.transa, g.A.s), vb = op_view(g.B, g.transb, g.B.s);
    const walk wa(p, P, g.m), wb(p, P, g.n);
    const int sa = kc * xp * Wp, half = 2 * sa; /* one buffer: A's panel, then B's */
    const int stages = scalar<T>::zero(g.alpha) ? 0 : (g.k + kc - 1) / kc;
    auto start = [&](int st) { /* one commit a stage, empty past the last */
        if (st < stages) {
            const int l0 = st * kc, kl = g.k - l0 < kc ? g.k - l0 : kc, pad = (ks - kl % ks) % ks;
            T *sA = (T *)smem + (st % nbuf) * half, *sB = sA + sa;
            if (live) {
                stage_async(sA + q, Wp, xp, A, va.row, va.col, wa, g.m, l0, p, P, g.m * kl);
                stage_async(sB + q, Wp, xp, B, vb.col, vb.row, wb, g.n, l0, p, P, g.n * kl);
            }
            for (int e = x; e < pad * xp * Wp; e += blockDim.x)
                sA[kl * xp * Wp + e] = sB[kl * xp * Wp + e] = T{};
        }
        __pipeline_commit();
    };
    /* A lane's fragments, as doubles: real row gr of a tile of A and column
     * gr of a tile of B (complex row gr / 2 of A, its part's place and sign
     * in [re -im; im re] by row gr % 2 and column gc % 2), at column gc of
     * a step (complex column gc / 2, B's part gc % 2) */
    const int ca = R == 2 ? (gr ^ gc) & 1 : 0, cb = R == 2 ? gc & 1 : 0;
    const double sgn_a = R == 2 && (gr ^ gc) & 1 && ((gc & 1) != va.conj) ? -1 : 1;
    const double sgn_b = R == 2 && gc & 1 && vb.conj ? -1 : 1;
    const int fa = R * ((gc / R * xp + gr / R) * Wp + w) + ca, fb = R * ((gc / R * xp + gr) * Wp + w) + cb;
    double acc[4][TJ][2] = {};
    const ll cs = g.C.s, cld = g.C.ld * g.C.s;
    const bool beta0 = scalar<T>::zero(g.beta);
    /* C's first 16 columns copied in behind the first panels, after the ring */
    copy_c = copy_c && !beta0;
    T *const sC = (T *)smem + (copy_c ? nbuf * half : 0);
    ring(stages, nbuf, copy_c, start,
         [&] {
             if (live)
                 stage_async(sC + q, Wp, xc, (const T *)C, cs, cld, walk(p, P, g.m), g.m, 0, p, P,
                             g.m * (g.n < 16 ? g.n : 16));
         },
         [&](int st) {
             const double *sA = (const double *)smem + R * (st % nbuf) * half, *sB = sA + R * sa;
             const int kl = g.k - st * kc < kc ? g.k - st * kc : kc;
#pragma unroll
             for (int l = 0; l < kc; l += ks) {
                 if (l >= kl)
                     break;
                 double a[4], b[TJ];
#pragma unroll
                 for (int i = 0; i < 4; i++)
                     a[i] = sgn_a * sA[fa + R * (l * xp + i * 8 / R) * Wp];
#pragma unroll
                 for (int j = 0; j < TJ; j++)
                     b[j] = sgn_b * sB[fb + R * (l * xp + j * 8) * Wp];
#pragma unroll
                 for (int i = 0; i < 4; i++)
#pragma unroll
                     for (int j = 0; j < TJ; j++)
                         dmma(acc[i][j], a[i], b[j]);
             }
         });
    const T alpha = scalar<T>::make(g.alpha), beta = scalar<T>::make(g.beta);
    const int part = R == 2 ? gr & 1 : 0; /* the part of C's element a lane holds */
#pragma unroll
    for (int h = 0; h < TJ / 2; h++) {
        const int j0 = 16 * h, nh = g.n - j0 < 16 ? g.n - j0 : 16;
        if (!beta0 && !(copy_c && h == 0)) {
            if (live)
                stage_async(sC + q, Wp, xc, (const T *)C, cs, cld, walk(p, P, g.m), g.m, j0, p, P, g.m * nh);
            __pipeline_commit();
            __pipeline_wait_prior(0);
            __syncthreads();
        }
#pragma unroll
        for (int u = 0; u < 2; u++)
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int e = 0; e < 2; e++) {
                    const int r = (i * 8 + gr) / R, c = u * 8 + 2 * gc + e;
                    const bool in = r < g.m && c < nh;
                    double *o = (double *)(sC + (c * xc + r) * Wp + w) + part;
                    const double v = acc[i][2 * h + u][e], old = in && !beta0 ? *o : 0;
                    if constexpr (R == 1) {
                        if (in)
                            *o = beta0 ? alpha * v : alpha * v + beta * old;
                    } else { /* the other part from the lane beside */
                        const double v2 = __shfl_xor_sync(0xffffffffu, v, 4), old2 = __shfl_xor_sync(0xffffffffu, old, 4);
                        const double s = part ? 1 : -1;
                        if (in)
                            *o = alpha.re * v + s * alpha.im * v2 + (beta0 ? 0 : beta.re * old + s * beta.im * old2);
                    }
                }
        __syncthreads();
        if (live) {
            const walk wc(p, P, g.m);
            const T *o = sC + (wc.l * xc + wc.x) * Wp + q;
            T *d = C + wc.x * cs + (j0 + wc.l) * cld;
            for (int e = p, r = wc.x; e < g.m * nh; e += P) {
                *d = *o;
                o += (wc.dl * xc + wc.dx) * Wp, d += wc.dx * cs + wc.dl * cld, r += wc.dx;
                if (r >= g.m)
                    r -= g.m, o += (xc - g.m) * Wp, d += cld - g.m * cs;
            }
        }
        __syncthreads(); /* before the next columns overwrite sC */
    }
}

/* Loads a thread stages before storing them: in program order, a store
 * waits for its load, so one load at a time would be in flight. */
constexpr int STAGE_U = 8;

/* ---- a block per group of G matrices, one thread per element of C --------
 * STAGE: A and B of the group copied into shared memory first (each
 * matrix's span of ea, eb elements, contiguous in a strided chunk, so the
 * copy is coalesced); else read from global memory (large matrices). */

/* s[x] := element x % span of matrix t0 + x / span of X, for x < total,
 * STAGE_U loads in flight a thread. */
template <typename T>
__device__ __forceinline__ void stage_spans(T *s, const hetla__cuda_bop &X, ll t0, int span, int total)
{
    const divisor d(span);
    for (int x0 = threadIdx.x; x0 < total; x0 += STAGE_U * blockDim.x) {
        T v[STAGE_U];
#pragma unroll
        for (int u = 0; u < STAGE_U; u++) {
            const int x = x0 + u * blockDim.x, q = (int)d.of(x);
            if (x < total)
                v[u] = ((const T *)X.ptr)[base(X, t0 + q) + (x - q * span) * X.s];
        }
#pragma unroll
        for (int u = 0; u < STAGE_U; u++)
            if (x0 + u * blockDim.x < total)
                s[x0 + u * blockDim.x] = v[u];
    }
}

template <typename T, bool STAGE>
__global__ void __launch_bounds__(256) gemm_block(const hetla__cuda_gemm g, int G, int ea, int eb)
{
    extern __shared__ __align__(16) unsigned char smem[];
    T *sA = (T *)smem, *sB = sA + (ll)G * ea;
    const ll t0 = blockIdx.x * (ll)G;
    const int gn = (int)(g.count - t0 < G ? g.count - t0 : G);
    const bool alpha0 = scalar<T>::zero(g.alpha), beta0 = scalar<T>::zero(g.beta);
    if (STAGE && !alpha0) {
        stage_spans(sA, g.A, t0, ea, gn * ea);
        stage_spans(sB, g.B, t0, eb, gn * eb);
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

/* Shared memory a staging block takes at most: 7 blocks of 256 threads an
 * SM; the staged kernel's two buffers where its registers allow 2 or 3
 * blocks: up to the most a block may have without opting in. */
constexpr int STAGE_BYTES = 32 << 10, PIPE_BYTES = 48 << 10;
/* The most shared memory a block may opt in to (sm_90): the staged
 * kernel's ring and C's copy fit in it. */
constexpr int MAX_SMEM = 227 << 10;

template <typename T, int N> void launch_fixed(const hetla__cuda_gemm &g, cudaStream_t st)
{
    gemm_fixed<T, N><<<(unsigned)((g.count + 127) / 128), 128, 0, st>>>(g);
}

template <typename T> bool try_fixed(const hetla__cuda_gemm &g, cudaStream_t st)
{
    /* C in registers: up to 64 real doubles' worth (zcomplex stops at 5). */
    if (g.m != g.n || g.n != g.k || g.n > 8 || sizeof(T) * g.n * g.n > 64 * sizeof(double))
        return false;
    by_order<(sizeof(T) > 8 ? 5 : 8)>(g.n, [&](auto N) { launch_fixed<T, decltype(N)::value>(g, st); });
    return true;
}

/* The bank conflicts of one block's reads of A and B at one step l (each
 * thread's first row and column of its block), with the matrices Wp
 * elements apart: the wavefronts beyond one for each group of lanes that
 * one wavefront serves (8-byte elements a half-warp, 4-byte ones a warp,
 * 16-byte ones a quarter), a wavefront taking one address a bank. */
static int conflicts(int m, int W, int Wp, int threads, int mr, int nr, int es)
{
    const int mb = (m + mr - 1) / mr, group = es >= 16 ? 8 : es == 8 ? 16 : 32, banks = es / 4;
    int extra = 0;
    for (int side = 0; side < 2; side++)
        for (int g0 = 0; g0 < threads; g0 += group) {
            int addr[32], n = 0, load[32] = {0}, worst = 0;
            for (int x = g0; x < g0 + group && x < threads; x++) {
                const int q = x % W, p = x / W, a = (side ? p / mb * nr : p % mb * mr) * Wp + q;
                bool seen = false;
                for (int i = 0; i < n && !seen; i++)
                    seen = addr[i] == a;
                if (!seen)
                    addr[n++] = a;
            }
            for (int i = 0; i < n; i++)
                for (int b = 0; b < banks; b++) {
                    const int k = (addr[i] * banks + b) % 32;
                    worst = ++load[k] > worst ? load[k] : worst;
                }
            extra += worst - 1;
        }
    return extra;
}

/* How the staged kernel stages: nbuf buffers in a ring (nbuf - 1 stages in
 * flight while one is multiplied) over about pipe bytes of shared memory,
 * and whether C is copied in behind the first panels. */
struct staging {
    int nbuf, pipe;
    bool copy_c;
};

template <typename T, int MR, int NR, int TH = 256>
void launch_staged(const hetla__cuda_gemm &g, staging sg, cudaStream_t st)
{
    /* W matrices of P blocks of C each in TH threads */
    const int P = ((g.m + MR - 1) / MR) * ((g.n + NR - 1) / NR);
    int W = TH / P;
    W = (ll)W < g.count ? W : (int)g.count;
    /* the matrices' spacing in shared memory: the least padding with the
     * fewest bank conflicts, found once for each pair of orders of full
     * blocks (a search of up to 16 spacings took 0.5 ms of the host);
     * blocks of fewer matrices (small batches) go unpadded */
    static std::atomic<unsigned short> spacing[33][33]; /* Wp + 1, 0: not yet known */
    int Wp = W;
    if (W == TH / P && (Wp = spacing[g.m][g.n].load(std::memory_order_relaxed) - 1) < 0) {
        int best = conflicts(g.m, W, W, W * P, MR, NR, (int)sizeof(T));
        Wp = W;
        for (int w = W + 1; w < W + 16 && best; w++) {
            const int c = conflicts(g.m, W, w, W * P, MR, NR, (int)sizeof(T));
            if (c < best)
                best = c, Wp = w;
        }
        spacing[g.m][g.n].store((unsigned short)(Wp + 1), std::memory_order_relaxed);
    }
    /* nbuf buffers of kc columns of op(A) and rows of op(B), C's copy, and
     * the padding the unguarded reads of the last block of rows or
     * columns may reach */
    const size_t col = (size_t)(g.m + g.n) * Wp * sizeof(T), pad = (MR > NR ? MR : NR) * Wp * sizeof(T);
    const size_t c_bytes = (size_t)g.m * g.n * Wp * sizeof(T);
    int kc = (int)((sg.pipe - pad) / (sg.nbuf * col));
    kc = kc < 1 ? 1 : kc < g.k ? kc : g.k > 0 ? g.k : 1;
    const bool copy_c = sg.copy_c && sg.nbuf * kc * col + c_bytes + pad <= (size_t)MAX_SMEM;
    const size_t smem = sg.nbuf * kc * col + (copy_c ? c_bytes : 0) + pad;
    /* opting in is a property of the kernel on the current device: asked
     * at every launch that needs it (several GPUs may run it) */
    if (smem > 48 << 10)
        cudaFuncSetAttribute(gemm_staged<T, MR, NR, TH>, cudaFuncAttributeMaxDynamicSharedMemorySize, MAX_SMEM);
    gemm_staged<T, MR, NR, TH><<<(unsigned)((g.count + W - 1) / W), W * P, smem, st>>>(g, W, Wp, kc, sg.nbuf, copy_c);
}

/* The staged kernel's shape by the larger order of C, measured for real
 * doubles (`hetla bench gemm-batch --devices cuda --sizes
 * 9,10,12,16,17,20,24,28,32`, H200, % of the roofline against the 4 x 4
 * blocks without C's copy): 4 x 4 blocks with C copied up to order 12
 * (57-71 %, up 0-2 points), 4 x 8 without it at 13..16 (79 %, the copy
 * costs 6), 4 x 4 with it at 17..20 (55-59 %, up 1-5), 8 x 8 with it
 * above (54-58 %, 38-50 as 4 x 4 blocks). Complex elements keep 4 x 4
 * blocks: more spill. The ring (interleaved, against two buffers of 48
 * KiB): three buffers of 72 KiB at 13..16 (79.3 against 76.7 %), and
 * above 20 four of 160 KiB, C then read at the end (24 / 28 / 32 at 57.8
 * / 52.0 / 59.5 against 55.9 / 50.6 / 53.4 %, C's copy kept and the ring
 * in the 88 KiB left beside it: 45.9 / 50.7 / 54.5 %); at 17..20 and below
 * 13 more buffers lost 2-17 points (the blocks an SM fall). Where m and n
 * are both above 28, 4 x 8 blocks in 512 threads (16 matrices a block as
 * before, twice the warps to keep loads in flight; four buffers of 200
 * KiB; other shapes would change the matrices a block, untried): 0.735x
 * cublasDgemmStridedBatched at 32 against 0.691x (interleaved; blocked
 * 0.777x against 0.699x); at 28 (18 matrices a block, runs of 144 bytes)
 * 0.60-0.63x against 0.68x, at 24 0.85-0.90x against 0.88x. Floats above
 * 20 take 8 x 8 blocks in 512 threads, four buffers of 200 KiB: 0.82 /
 * 0.68 / 0.65x cublasSgemmStridedBatched at 24 / 28 / 32 against 0.52 /
 * 0.41 / 0.28x as 4 x 4 blocks, 0.68 / 0.52 / 0.52x with the doubles'
 * shapes, 0.68 / 0.53 / 0.50x as 8 x 8 in 256 threads
 * (`bench/results/2026-11-28-session29.md` section 4). */
template <typename T> bool try_staged(const hetla__cuda_gemm &g, cudaStream_t st)
{
    const int order = g.m > g.n ? g.m : g.n;
    if (order > 32)
        return false;
    if constexpr (scalar<T>::real && sizeof(T) == sizeof(float))
        if (order > 20)
            return launch_staged<T, 8, 8, 512>(g, {4, 200 << 10, false}, st), true;
    if constexpr (scalar<T>::real && sizeof(T) == sizeof(double))
        if (g.m > 28 && g.n > 28)
            return launch_staged<T, 4, 8, 512>(g, {4, 200 << 10, false}, st), true;
        else if (order > 20)
            return launch_staged<T, 8, 8>(g, {4, 160 << 10, false}, st), true;
    if constexpr (scalar<T>::real)
        if (order > 12 && order <= 16)
            return launch_staged<T, 4, 8>(g, {3, 72 << 10, false}, st), true;
    launch_staged<T, 4, 4>(g, {2, PIPE_BYTES, true}, st);
    return true;
}

/* Real doubles whose m and n are both in 25..32, block-interleaved in
 * blocks of up to 16 matrices (up to 64 where m and n are both at most
 * 28), and double complex ones whose m and n are
 * both in 13..16 in any interleaved layout, on the tensor cores, where the
 * kernel was compiled for them (sm_80 on): 8 matrices a block, a ring of 3
 * buffers of panels of 4 columns (real 62 KiB, complex 35 KiB and C's
 * first 16 columns copied in behind the first panels, 39 KiB more; two
 * blocks an SM, as their 112-128 registers a thread allow). Measured
 * (`hetla bench gemm-batch --devices cuda`, 100 000 matrices, H200, x
 * cublas[DZ]gemmStridedBatched, the same run;
 * `bench/results/2026-11-29-session31.md`): real, blocks of 16 matrices
 * 0.96 / 0.90 / 0.84x at 25 / 28 / 32 (0.87 / 0.80 / 0.80x with 32 bytes
 * of the kernel's registers spilled, 0.76 / 0.69 / 0.77x staged);
 * interleaved over the whole batch (a matrix's elements 800 KB apart,
 * runs of 64 bytes against the staged kernel's 128) 0.74 / 0.60 / 0.63x
 * against 0.74 / 0.67 / 0.73x staged (session 30), so those stay staged.
 * Blocks of 32 or 64 matrices (H100, `2026-12-07-session34.md` section
 * 2): at 25 / 28 on the tensor cores 1.01-1.02 / 0.85-0.86x against 0.83
 * / 0.79x staged, so those take them too; at 32 staged 0.94x (0.83x
 * here on blocks of 16) against 0.76-0.77x, so above 28 they stay staged.
 * Complex (16-byte elements: runs of 128 bytes on interleaved operands
 * too) 1.01 / 1.04 / 1.02x at 13 / 14 / 16 against 0.81 / 0.83 / 0.70x
 * staged; at 9..12 the staged kernel led (1.10 / 1.07 / 1.09 / 1.02x
 * against 0.91 / 0.93 / 0.99 / 1.01x). Complex panels at 14 / 16: of 2
 * columns without C's early copy 0.83 / 0.81x, of 4 without it 0.94 /
 * 0.93x, of 8 with it 0.79 / 0.78x; a ring of 4 within 0.01x without the
 * copy, 0.69 / 0.70x with it (one block an SM). For reals C's early copy
 * lost (0.69 / 0.66x against 0.89 / 0.84x at 28 / 32), as did panels of 8
 * columns in a ring of 4 (0.63 / 0.64x). Session 30: 8 real columns in a
 * ring of 3 (one block an SM) lost 20-30 %, four matrices a block up to
 * 28 %, and C's fragments loaded from global memory at the start (each
 * lane's loads 32 sectors apart) halved the rate; at 17..24 (3 x 3 tiles
 * of C a warp) it lost to the staged kernel. copy_c is a parameter rather
 * than a constant of the shape: so compiled, the real kernel spills no
 * registers. */
template <typename T> bool try_dmma(const hetla__cuda_gemm &g, cudaStream_t st)
{
    constexpr bool real = std::is_same<T, double>::value;
    if constexpr (!real && !std::is_same<T, cd>::value) {
        return false;
    } else {
        using S = dmma_shape<T>;
        constexpr int W = DMMA_W, Wp = DMMA_WP;
        const ll max_bs = g.m <= 28 && g.n <= 28 ? 64 : 16; /* the most matrices a block of the layout */
        const bool fits = real ? g.m > 24 && g.n > 24 && g.m <= 32 && g.n <= 32 && g.A.s <= max_bs &&
                                     g.B.s <= max_bs && g.C.s <= max_bs
                               : g.m > 12 && g.n > 12 && g.m <= 16 && g.n <= 16;
        cudaFuncAttributes fa;
        if (!fits || cudaFuncGetAttributes(&fa, gemm_dmma<T>) != cudaSuccess || fa.ptxVersion < 80)
            return false;
        /* C's fragments: a lane's stores in distinct banks a half-warp */
        const int xc = real ? padded(g.m, Wp, 8, 2) : padded(g.m, Wp, 4, 1);
        const size_t ring = (size_t)DMMA_NBUF * S::KC * 2 * S::XP * Wp, cols = (size_t)16 * xc * Wp;
        const size_t smem = (S::COPY_C ? ring + cols : ring > cols ? ring : cols) * sizeof(T);
        cudaFuncSetAttribute(gemm_dmma<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        gemm_dmma<T><<<(unsigned)((g.count + W - 1) / W), 32 * W, smem, st>>>(g, xc, S::COPY_C);
        return true;
    }
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

/* Strided operands of orders up to SMALL_FIXED also take the unrolled
 * kernel, a thread per matrix: at order 2 a matrix is one 32-byte sector
 * and staging a block's matrices costs more than it saves. Measured
 * (`hetla bench gemm-batch --devices cuda`, 100 000 doubles, H200):
 * strided DGEMM at n = 2 222 Gflop/s this way against 123 staged; at n = 4
 * 299 against 493 (a warp's loads then straddle 4 sectors a thread). */
constexpr int SMALL_FIXED = 2;

template <typename T> cudaError_t gemm(const hetla__cuda_gemm &g, cudaStream_t st)
{
    bool fixed = g.kernel != HETLA__CUDA_GEMM_STAGED, all_lanes = lanes(g.A) && lanes(g.B) && lanes(g.C);
    bool done = all_lanes ? (fixed && try_fixed<T>(g, st)) || try_dmma<T>(g, st) || try_staged<T>(g, st)
                          : fixed && g.n <= SMALL_FIXED && try_fixed<T>(g, st);
    if (!done)
        launch_block<T>(g, st);
    return cudaGetLastError();
}

/* ---- layout copy ------------------------------------------------------------ */

/* A 32 x 32 tile of (matrices x elements) through shared memory, ROWS
 * rows of threads: read along a matrix's elements, written along the
 * matrices. The loads of a thread are issued together. */
constexpr int ROWS = 8;

template <typename T>
__global__ void __launch_bounds__(32 * ROWS)
    batch_copy(const hetla__cuda_bop src, const hetla__cuda_bop dst, int rows, int elems, ll count)
{
    __shared__ T tile[32][33];
    const ll t0 = blockIdx.x * 32ll;
    const int e0 = blockIdx.y * 32;
    T v[32 / ROWS];
    /* read: threadIdx.x along the elements of a matrix (strided: contiguous) */
#pragma unroll
    for (int u = 0; u < 32 / ROWS; u++) {
        const ll t = t0 + threadIdx.y + u * ROWS;
        const int e = e0 + threadIdx.x;
        if (t < count && e < elems)
            v[u] = ((const T *)src.ptr)[base(src, t) + (e % rows + (ll)(e / rows) * src.ld) * src.s];
    }
#pragma unroll
    for (int u = 0; u < 32 / ROWS; u++)
        tile[threadIdx.y + u * ROWS][threadIdx.x] = v[u];
    __syncthreads();
    /* write: threadIdx.x along the matrices (interleaved: contiguous) */
#pragma unroll
    for (int u = 0; u < 32 / ROWS; u++) {
        const ll t = t0 + threadIdx.x;
        const int e = e0 + threadIdx.y + u * ROWS;
        if (t < count && e < elems)
            ((T *)dst.ptr)[base(dst, t) + (e % rows + (ll)(e / rows) * dst.ld) * dst.s] =
                tile[threadIdx.x][threadIdx.y + u * ROWS];
    }
}

template <typename T>
cudaError_t copy(const hetla__cuda_bop &src, const hetla__cuda_bop &dst, int rows, int cols, ll count, cudaStream_t st)
{
    int elems = rows * cols;
    if (!elems || !count)
        return cudaSuccess;
    dim3 grid((unsigned)((count + 31) / 32), (unsigned)((elems + 31) / 32));
    batch_copy<T><<<grid, dim3(32, ROWS), 0, st>>>(src, dst, rows, elems, count);
    return cudaGetLastError();
}

/* ---- reading a buffer (the benches' cache flush) ---------------------------- */

__global__ void touch(const int4 *p, size_t n, int *sink)
{
    int acc = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        acc ^= p[i].x ^ p[i].w;
    if (acc == 0x7f3a91c5) /* the compiler must keep the loads; almost never true */
        *sink = acc;
}

} // namespace

cudaError_t hetla__cuda_touch(const void *p, size_t bytes, int *sink, cudaStream_t stream)
{
    touch<<<1024, 256, 0, stream>>>((const int4 *)p, bytes / sizeof(int4), sink);
    return cudaGetLastError();
}

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
