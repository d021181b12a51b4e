/* hetla's CUDA kernels for batched Cholesky and LU (with and without
 * partial pivoting) over the batch layouts, in four precisions: one thread
 * per matrix, the algorithms of the CPU reference (src/batch/zbatch_ref.c)
 * element for element, so that the results and every matrix's own info
 * match the CPU's. Interleaved operands make each step one coalesced load
 * across 32 matrices. */
#include "kernels/cuda/batch_cuda.h"
#include "kernels/cuda/batch_types.cuh"

namespace {

enum { THREADS = 128 };

/* The lower case; the upper one is the lower on the conjugate transpose,
 * U(j, i) = conj(L(i, j)): rows and columns swap strides. Stops at the
 * first minor that is not positive definite, as LAPACK does. */
template <typename T> __global__ void __launch_bounds__(THREADS) potrf_one(const hetla__cuda_factor f)
{
    ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= f.count)
        return;
    T *A = (T *)f.A.ptr + base(f.A, t);
    const bool up = f.upper;
    const ll r = up ? f.A.ld * f.A.s : f.A.s, c = up ? f.A.s : f.A.ld * f.A.s;
    long long info = 0;
    for (int j = 0; j < f.n; j++) {
        T *ajj = A + j * (r + c);
        double d = re(*ajj);
        for (int l = 0; l < j; l++) {
            T v = A[j * r + l * c];
            d -= re(v * cj(v, true));
        }
        if (!(d > 0)) {
            *ajj = real_as<T>(d);
            info = j + 1;
            break;
        }
        d = sqrt(d);
        *ajj = real_as<T>(d);
        for (int i = j + 1; i < f.n; i++) {
            T acc = cj(A[i * r + j * c], up);
            for (int l = 0; l < j; l++)
                acc = acc - cj(A[i * r + l * c], up) * cj(cj(A[j * r + l * c], up), true);
            A[i * r + j * c] = cj(quot(acc, real_as<T>(d)), up);
        }
    }
    f.info[t] = info;
}

/* Right-looking LU, the pivot the first largest |re| + |im| of the column
 * (LAPACK's i?amax); a zero pivot sets info and the elimination goes on. */
template <typename T> __global__ void __launch_bounds__(THREADS) getrf_one(const hetla__cuda_factor f)
{
    ll t = blockIdx.x * (ll)blockDim.x + threadIdx.x;
    if (t >= f.count)
        return;
    T *A = (T *)f.A.ptr + base(f.A, t);
    const ll s = f.A.s, ld = f.A.ld * f.A.s;
#define E(i, j) A[(i) * s + (ll)(j) * ld]
    long long info = 0, *ipiv = f.ipiv ? f.ipiv + t * f.ipiv_ld : nullptr;
    int mn = f.m < f.n ? f.m : f.n;
    for (int j = 0; j < mn; j++) {
        if (ipiv) {
            int p = j;
            double best = abs1(E(j, j));
            for (int i = j + 1; i < f.m; i++) {
                double v = abs1(E(i, j));
                if (v > best)
                    p = i, best = v;
            }
            ipiv[j] = p + 1;
            if (p != j)
                for (int col = 0; col < f.n; col++) {
                    T v = E(j, col);
                    E(j, col) = E(p, col);
                    E(p, col) = v;
                }
        }
        T d = E(j, j);
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else
            for (int i = j + 1; i < f.m; i++)
                E(i, j) = quot(E(i, j), d);
        for (int col = j + 1; col < f.n; col++) {
            T u = E(j, col);
            for (int i = j + 1; i < f.m; i++)
                E(i, col) = E(i, col) - E(i, j) * u;
        }
    }
#undef E
    f.info[t] = info;
}

/* One thread per matrix, Cholesky or LU in the type of @p f. */
template <typename T> cudaError_t launch(const hetla__cuda_factor &f, bool lu, cudaStream_t st)
{
    void (*kernel)(hetla__cuda_factor) = lu ? getrf_one<T> : potrf_one<T>;
    kernel<<<(unsigned)((f.count + THREADS - 1) / THREADS), THREADS, 0, st>>>(f);
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
