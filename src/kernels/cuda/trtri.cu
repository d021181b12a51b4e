/* The inverses of the diagonal blocks of a triangle (trtri_cuda.h): a
 * thread block per diagonal block, the block in shared memory, a thread
 * per column of its inverse, found by substitution from the columns'
 * known entries. */
#include "kernels/cuda/batch_types.cuh"
#include "kernels/cuda/trtri_cuda.h"

namespace {

constexpr int NB = HETLA__TRTRI_NB;

template <typename T>
__global__ void __launch_bounds__(NB) trtri_blocks(const T *A, ll lda, T *W, ll ldw, ll n, bool lower, bool unit)
{
    __shared__ T a[NB][NB + 1]; /* a[c][r]: A(r, c) of the block */
    __shared__ T x[NB][NB + 1]; /* x[c][r]: its inverse */
    const ll o = (ll)blockIdx.x * NB;
    const int nb = (int)(n - o < NB ? n - o : NB), t = threadIdx.x;
    if (t < nb)
        for (int c = 0; c < nb; c++) /* coalesced: a thread a row */
            if (lower ? t >= c : t <= c)
                a[c][t] = A[(o + t) + (o + c) * lda];
    __syncthreads();
    if (t < nb) {
        const int j = t;
        T *xj = x[j];
        const T one = real_as<T>(1);
        /* X(i, j) A(i, i) = -(A(i, k) X(k, j) over k strictly between i and j) */
        xj[j] = unit ? one : quot(one, a[j][j]);
        for (int s = 1; s < (lower ? nb - j : j + 1); s++) {
            const int i = lower ? j + s : j - s;
            T sum = real_as<T>(0);
            for (int k = lower ? j : i + 1; k <= (lower ? i - 1 : j); k++)
                sum = sum + a[k][i] * xj[k];
            const T v = real_as<T>(0) - sum;
            xj[i] = unit ? v : quot(v, a[i][i]);
        }
    }
    __syncthreads();
    if (t < nb)
        for (int c = 0; c < nb; c++)
            if (lower ? t >= c : t <= c)
                W[(o + t) + (o + c) * ldw] = x[c][t];
}

template <typename T> cudaError_t launch(const hetla__cuda_trtri *p, cudaStream_t stream)
{
    const unsigned blocks = (unsigned)((p->n + NB - 1) / NB);
    if (blocks)
        trtri_blocks<T><<<blocks, NB, 0, stream>>>(static_cast<const T *>(p->A), p->lda, static_cast<T *>(p->W),
                                                    p->ldw, p->n, p->lower != 0, p->unit != 0);
    return cudaGetLastError();
}

} // namespace

extern "C" cudaError_t hetla__cuda_trtri_blocks(const hetla__cuda_trtri *p, cudaStream_t stream)
{
    switch (p->type) {
    case HETLA__CUDA_S: return launch<float>(p, stream);
    case HETLA__CUDA_D: return launch<double>(p, stream);
    case HETLA__CUDA_C: return launch<cf>(p, stream);
    default: return launch<cd>(p, stream);
    }
}
