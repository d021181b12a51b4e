/* hetla's CUDA kernels for variable-size batches, on a chunk packed by the
 * C side (each matrix's elements with ld = its rows, its sizes, offsets,
 * scalars, info and pivots in a hetla__cuda_vmat), in four precisions:
 * GEMM and GEMV a thread block per matrix over C in tiles, op(A) and
 * op(B) staged in shared memory a panel at a time; TRSM a thread block per
 * matrix, a thread per right-hand side; Cholesky and LU a thread per
 * matrix. The solves and factorizations run the CPU reference's
 * algorithms (src/batch/zbatch_ref.c) element for element, so that info
 * and pivots match the CPU's. Any order, 0 included. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

namespace {

/* ---- GEMM and GEMV -------------------------------------------------------
 * C (M x N) in tiles of TM x TN, one element a thread; each tile loops
 * over K in panels of TK: op(A)'s TM x TK and op(B)'s TK x TN copied into
 * shared memory (consecutive threads along the operand's columns where it
 * is not transposed, along its rows where it is: coalesced either way),
 * then multiplied. GEMV is N = 1 with TN = 1, x as B and y as C. As BLAS,
 * alpha = 0 reads neither A nor B, beta = 0 not C. */

/* op(X)(r, c) of a matrix with leading dimension ld */
template <typename T> __device__ __forceinline__ T op_at(const T *X, ll ld, int trans, int r, int c)
{
    return trans ? cj(X[c + r * ld], trans == 2) : X[r + c * ld];
}

template <typename T, int TM, int TN, int TK>
__global__ void __launch_bounds__(TM *TN) vgemm(const hetla__cuda_vbatch v)
{
    __shared__ T sa[TK][TM + 1], sb[TK][TN + 1];
    const hetla__cuda_vmat d = v.meta[blockIdx.x];
    const bool vec = v.kind == HETLA__CUDA_VGEMV;
    const int ta = v.transa, tb = vec ? 0 : v.transb;
    const int M = (int)(vec && ta ? d.n : d.m), N = vec ? 1 : (int)d.n, K = (int)(vec ? (ta ? d.m : d.n) : d.k);
    T *D = (T *)v.data;
    const T *A = D + d.off[0], *B = D + d.off[1];
    T *C = D + d.off[2];
    const T alpha = scalar<T>::make(d.alpha), beta = scalar<T>::make(d.beta), zero = {};
    const bool reads = !scalar<T>::zero(d.alpha), keeps = !scalar<T>::zero(d.beta);
    const int x = threadIdx.x % TM, y = threadIdx.x / TM;
    for (int i0 = 0; i0 < M; i0 += TM)
        for (int j0 = 0; j0 < N; j0 += TN) {
            T acc = zero;
            for (int l0 = 0; reads && l0 < K; l0 += TK) { /* (uniform over the block) */
                for (int e = threadIdx.x; e < TM * TK; e += TM * TN) {
                    const int i = ta ? e / TK : e % TM, l = ta ? e % TK : e / TM;
                    sa[l][i] = i0 + i < M && l0 + l < K ? op_at(A, d.ld[0], ta, i0 + i, l0 + l) : zero;
                }
                for (int e = threadIdx.x; e < TK * TN; e += TM * TN) {
                    const int l = tb ? e / TN : e % TK, j = tb ? e % TN : e / TK;
                    sb[l][j] = l0 + l < K && j0 + j < N ? op_at(B, d.ld[1], tb, l0 + l, j0 + j) : zero;
                }
                __syncthreads();
#pragma unroll
                for (int l = 0; l < TK; l++)
                    acc = acc + sa[l][x] * sb[l][y];
                __syncthreads();
            }
            const int i = i0 + x, j = j0 + y;
            if (i < M && j < N) {
                T *c = C + i + j * d.ld[2];
                *c = keeps ? alpha * acc + beta * *c : alpha * acc;
            }
        }
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

/* ---- Cholesky and LU: a thread per matrix (potrf_in, getrf_in) --------- */

enum { FACTOR_THREADS = 128 };

template <typename T, bool LU> __global__ void __launch_bounds__(FACTOR_THREADS) vfactor(const hetla__cuda_vbatch v)
{
    const ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= v.count)
        return;
    hetla__cuda_vmat *d = v.meta + t;
    T *A = (T *)v.data + d->off[0];
    long long *ipiv = d->piv >= 0 ? (long long *)v.meta + d->piv : nullptr;
    d->info = LU ? getrf_in(A, 1, d->ld[0], (int)d->m, (int)d->n, ipiv) : potrf_in(A, 1, d->ld[0], (int)d->n, v.upper);
}

template <typename T> cudaError_t run(const hetla__cuda_vbatch &v, cudaStream_t st)
{
    const unsigned blocks = (unsigned)v.count,
                   factor_blocks = (unsigned)((v.count + FACTOR_THREADS - 1) / FACTOR_THREADS);
    switch (v.kind) {
    case HETLA__CUDA_VGEMM:
        vgemm<T, 16, 16, 16><<<blocks, 256, 0, st>>>(v);
        break;
    case HETLA__CUDA_VGEMV:
        vgemm<T, 128, 1, 16><<<blocks, 128, 0, st>>>(v);
        break;
    case HETLA__CUDA_VTRSM:
        vtrsm<T><<<blocks, 64, 0, st>>>(v);
        break;
    case HETLA__CUDA_VPOTRF:
        vfactor<T, false><<<factor_blocks, FACTOR_THREADS, 0, st>>>(v);
        break;
    default:
        vfactor<T, true><<<factor_blocks, FACTOR_THREADS, 0, st>>>(v);
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
