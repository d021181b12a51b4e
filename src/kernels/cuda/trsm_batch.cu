/* hetla's CUDA kernels for batched triangular solves over the batch
 * layouts, in four precisions: TRSM, and the Cholesky and LU solves
 * (POTRS, GETRS) made of its substitution and the row interchanges. One
 * thread per matrix and right-hand side, each running the CPU reference's
 * substitution (src/batch/zbatch_ref.c) on its own column of B (row, on
 * the right), so the systems of a matrix need no synchronisation.
 * Interleaved operands are read in place (element (i, j) of consecutive
 * matrices one coalesced load); strided ones are staged in shared memory
 * a group of matrices at a time by coalesced copies. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

namespace
{

/* What each system of a call runs: the interchanges of the 1-based pivots
 * at ipiv + t * ipiv_ld (swaps > 0: forward, before the solves; < 0:
 * backward, after them; ipiv NULL: none), then nsteps solves of order n,
 * the first one's right-hand side scaled by alpha. The systems are B's nv
 * columns, or its nv rows when right: X op(A) = alpha B is
 * op(A)^T X^T = alpha B^T. */
struct plan {
    int n, nv;
    bool right;
    int nsteps;
    tri_step st[2];
    double alpha[2];
    int swaps;
    const long long *ipiv;
    ll ipiv_ld;
    ll count;
    hetla__cuda_bop A, B;
};

/* The interchanges of pivots @p piv (row i with row piv[i] - 1) on b,
 * first to last or last to first. */
template <typename T> __device__ void swap_rows(const long long *piv, int n, bool backward, T *b, ll bi)
{
    for (int q = 0; q < n; q++) {
        const int i = backward ? n - 1 - q : q;
        const ll p = piv[i] - 1;
        if (p != i) {
            const T v = b[i * bi];
            b[i * bi] = b[p * bi];
            b[p * bi] = v;
        }
    }
}

/* One system of @p p: A's element (i, j) at a[i * es + j * cs], element i
 * of the right-hand side at b[i * bi]. The steps are unrolled: indexed by
 * constants, they stay out of local memory. */
template <typename T> __device__ void solve(const plan &p, const T *a, ll es, ll cs, T *b, ll bi, const long long *piv)
{
    if (piv && p.swaps > 0)
        swap_rows(piv, p.n, false, b, bi);
#pragma unroll
    for (int k = 0; k < 2; k++)
        if (k < p.nsteps)
            trsv(a, tri_of(p.st[k], p.right, es, cs), p.n, k ? real_as<T>(1) : scalar<T>::make(p.alpha), b, bi);
    if (piv && p.swaps < 0)
        swap_rows(piv, p.n, true, b, bi);
}

/* ---- in place: threadIdx.x the matrix, threadIdx.y the first system -------
 * Consecutive threads take consecutive matrices (interleaved: coalesced);
 * the systems of one matrix share A through L1. */

enum { THREADS = 256 };

template <typename T> __global__ void __launch_bounds__(THREADS) solve_direct(const plan p)
{
    const ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= p.count)
        return;
    const T *a = (const T *)p.A.ptr + base(p.A, t);
    T *B = (T *)p.B.ptr + base(p.B, t);
    const ll bcs = p.B.ld * p.B.s, bi = p.right ? bcs : p.B.s, bv = p.right ? p.B.s : bcs;
    const long long *piv = p.ipiv ? p.ipiv + t * p.ipiv_ld : nullptr;
    for (int v = threadIdx.y; v < p.nv; v += blockDim.y)
        solve(p, a, p.A.s, p.A.ld * p.A.s, B + v * bv, bi, piv);
}

/* ---- staged: a block per group of G matrices --------------------------------
 * A's span (ea elements) and B (its columns sld apart, sld odd so that
 * the columns solved side by side fall in different banks) copied into
 * shared memory by coalesced loads, solved there, B copied back. */

/* Shared memory a staged block may take: the limit without opting in. */
constexpr int STAGE_BYTES = 48 << 10;
enum { STAGE_THREADS = 128 };

template <typename T>
__global__ void __launch_bounds__(STAGE_THREADS) solve_staged(const plan p, int G, int ea, int sld)
{
    extern __shared__ __align__(16) unsigned char smem[];
    const int rows = p.right ? p.nv : p.n, cols = p.right ? p.n : p.nv, eb = sld * cols, mn = rows * cols;
    T *sA = (T *)smem, *sB = sA + (ll)G * ea;
    const ll t0 = blockIdx.x * (ll)G;
    const int gn = (int)(p.count - t0 < G ? p.count - t0 : G);
    const T *A = (const T *)p.A.ptr;
    T *B = (T *)p.B.ptr;
    for (int x = threadIdx.x; x < gn * ea; x += blockDim.x) {
        const int q = x / ea, e = x - q * ea;
        sA[x] = A[base(p.A, t0 + q) + e * p.A.s];
    }
    for (int x = threadIdx.x; x < gn * mn; x += blockDim.x) {
        const int q = x / mn, e = x - q * mn, i = e % rows, j = e / rows;
        sB[q * eb + i + j * sld] = B[base(p.B, t0 + q) + (i + j * p.B.ld) * p.B.s];
    }
    __syncthreads();
    const ll bi = p.right ? sld : 1, bv = p.right ? 1 : sld;
    for (int x = threadIdx.x; x < gn * p.nv; x += blockDim.x) {
        const int q = x / p.nv, v = x - q * p.nv;
        const long long *piv = p.ipiv ? p.ipiv + (t0 + q) * p.ipiv_ld : nullptr;
        solve(p, sA + (ll)q * ea, 1, p.A.ld, sB + q * eb + v * bv, bi, piv);
    }
    __syncthreads();
    for (int x = threadIdx.x; x < gn * mn; x += blockDim.x) {
        const int q = x / mn, e = x - q * mn, i = e % rows, j = e / rows;
        B[base(p.B, t0 + q) + (i + j * p.B.ld) * p.B.s] = sB[q * eb + i + j * sld];
    }
}

/* ---- alpha = 0: B := 0, neither A nor B read ---------------------------------
 * Consecutive threads along the matrices where they sit side by side,
 * else along one matrix's elements. */

template <typename T>
__global__ void __launch_bounds__(THREADS) zero_b(const hetla__cuda_bop B, int rows, int cols, ll count)
{
    const ll x = blockIdx.x * (ll)blockDim.x + threadIdx.x, mn = (ll)rows * cols;
    if (x >= count * mn)
        return;
    const bool across = lanes(B);
    const ll t = across ? x % count : x / mn, e = across ? x / count : x % mn;
    ((T *)B.ptr)[base(B, t) + (e % rows + e / rows * B.ld) * B.s] = T{};
}

/* ---- choosing a kernel ----------------------------------------------------- */

template <typename T> cudaError_t run(const plan &p, cudaStream_t st)
{
    const int rows = p.right ? p.nv : p.n, cols = p.right ? p.n : p.nv;
    if (scalar<T>::zero(p.alpha)) {
        const ll elems = p.count * rows * cols;
        zero_b<T><<<(unsigned)((elems + THREADS - 1) / THREADS), THREADS, 0, st>>>(p.B, rows, cols, p.count);
        return cudaGetLastError();
    }
    const int ea = span(p.A, p.n, p.n), sld = rows | 1;
    const size_t per = (size_t)(ea + (ll)sld * cols) * sizeof(T);
    if (!(lanes(p.A) && lanes(p.B)) && per <= (size_t)STAGE_BYTES) {
        /* enough systems for the block's threads, no more matrices than fit */
        ll G = (ll)(STAGE_BYTES / per), want = (STAGE_THREADS + p.nv - 1) / p.nv;
        G = G < want ? G : want;
        G = G < p.count ? G : p.count;
        solve_staged<T><<<(unsigned)((p.count + G - 1) / G), STAGE_THREADS, (size_t)G * per, st>>>(p, (int)G, ea, sld);
    } else {
        /* up to 8 systems of a matrix side by side, whole warps along the matrices */
        const int ny = p.nv >= 8 ? 8 : p.nv >= 4 ? 4 : p.nv >= 2 ? 2 : 1;
        const dim3 block(THREADS / ny, ny);
        solve_direct<T><<<(unsigned)((p.count + block.x - 1) / block.x), block, 0, st>>>(p);
    }
    return cudaGetLastError();
}

cudaError_t solve_batch(hetla__cuda_type type, const plan &p, cudaStream_t st)
{
    if (p.count == 0 || p.n == 0 || p.nv == 0)
        return cudaSuccess;
    switch (type) {
    case HETLA__CUDA_S:
        return run<float>(p, st);
    case HETLA__CUDA_D:
        return run<double>(p, st);
    case HETLA__CUDA_C:
        return run<cf>(p, st);
    default:
        return run<cd>(p, st);
    }
}

/* The plan of a Cholesky or LU solve: two steps, alpha = 1. */
plan two_steps(const hetla__cuda_solve &s, tri_step first, tri_step second, int swaps)
{
    plan p = {};
    p.n = s.n;
    p.nv = s.nrhs;
    p.nsteps = 2;
    p.st[0] = first;
    p.st[1] = second;
    p.alpha[0] = 1;
    p.swaps = swaps;
    p.ipiv = swaps ? s.ipiv : nullptr;
    p.ipiv_ld = s.ipiv_ld;
    p.count = s.count;
    p.A = s.A;
    p.B = s.B;
    return p;
}

} // namespace

cudaError_t hetla__cuda_trsm_batch(const hetla__cuda_trsm *t, cudaStream_t stream)
{
    plan p = {};
    p.n = t->right ? t->n : t->m;
    p.nv = t->right ? t->m : t->n;
    p.right = t->right != 0;
    p.nsteps = 1;
    p.st[0] = {t->trans, t->upper != 0, t->unit != 0};
    p.alpha[0] = t->alpha[0];
    p.alpha[1] = t->alpha[1];
    p.count = t->count;
    p.A = t->A;
    p.B = t->B;
    return solve_batch(t->type, p, stream);
}

/* L L^H X = B: L y = b, then L^H x = y; U^H U X = B: U^H y = b, then U x = y. */
cudaError_t hetla__cuda_potrs_batch(const hetla__cuda_solve *s, cudaStream_t stream)
{
    const bool up = s->upper != 0;
    return solve_batch(s->type, two_steps(*s, {up ? 2 : 0, up, false}, {up ? 0 : 2, up, false}, 0), stream);
}

/* A = P L U, L with a unit diagonal: A X = B is L U X = P^T B, the
 * interchanges first to last on B, then L y = b and U x = y; op(A) X = B
 * is op(U) op(L) P^T X = B: op(U) y = b, op(L) z = y, then the
 * interchanges last to first. */
cudaError_t hetla__cuda_getrs_batch(const hetla__cuda_solve *s, cudaStream_t stream)
{
    const int t = s->trans;
    const tri_step L = {t, false, true}, U = {t, true, false};
    return solve_batch(s->type, t ? two_steps(*s, U, L, -1) : two_steps(*s, L, U, 1), stream);
}
