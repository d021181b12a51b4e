// Row interchanges of LU on a column of tiles in GPU memory (CUDA_NATIVE
// "?laswp"). The host turns the sequence of swaps into the permutation it
// makes of the rows it touches (src/kernels/cuda/laswp_cuda.c), so the
// device does two parallel passes instead of a chain of dependent swaps:
// the touched rows are gathered into a buffer, then written to their new
// places. Elements are moved as 4, 8 or 16 bytes: one kernel serves every
// precision.
#include "kernels/cuda/laswp_cuda.h"

namespace {

template <typename T>
__device__ T *element(const hetla__cuda_swap &p, long long row, long long col)
{
    long long tile = row / p.mb;
    return static_cast<T *>(p.tiles[tile]) + (row - tile * p.mb) + col * p.ld[tile];
}

// buffer[r + c * rows] := the source row of touched row r, column c
template <typename T>
__global__ void gather(hetla__cuda_swap p)
{
    long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x, c = blockIdx.y;
    for (; c < p.cols; c += gridDim.y)
        if (r < p.rows)
            static_cast<T *>(p.buffer)[r + c * p.rows] = *element<T>(p, p.src[r], c);
}

template <typename T>
__global__ void scatter(hetla__cuda_swap p)
{
    long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x, c = blockIdx.y;
    for (; c < p.cols; c += gridDim.y)
        if (r < p.rows)
            *element<T>(p, p.dst[r], c) = static_cast<const T *>(p.buffer)[r + c * p.rows];
}

template <typename T>
cudaError_t launch(const hetla__cuda_swap &p, cudaStream_t stream)
{
    const unsigned threads = 128;
    dim3 grid((unsigned)((p.rows + threads - 1) / threads), (unsigned)(p.cols < 65535 ? p.cols : 65535));
    gather<T><<<grid, threads, 0, stream>>>(p);
    scatter<T><<<grid, threads, 0, stream>>>(p);
    return cudaGetLastError();
}

} // namespace

extern "C" cudaError_t hetla__cuda_swap_rows(const hetla__cuda_swap *p, cudaStream_t stream)
{
    if (p->rows == 0 || p->cols == 0)
        return cudaSuccess;
    switch (p->elsize) {
    case 4:
        return launch<float>(*p, stream);
    case 8:
        return launch<double>(*p, stream);
    default:
        return launch<double2>(*p, stream);
    }
}
