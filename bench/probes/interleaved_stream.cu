/* How fast the memory system serves the access pattern of a batched GEMM
 * of order n on interleaved operands, with no arithmetic in the way: a
 * block of W matrices reads its n x n elements of A and B and reads and
 * writes those of C (each element of the W matrices a run of W elements,
 * the element rows `count` elements apart), beside the same kernel on
 * strided operands (each matrix contiguous). Device-resident, L2 flushed
 * before each run, median of 5. A block may take `smem` bytes of shared
 * memory it does not use, to hold the blocks an SM to as many as a GEMM
 * kernel's registers and buffers allow (0: as many as fit).
 *   nvcc -O3 -arch=sm_90 -o interleaved_stream interleaved_stream.cu
 *   ./interleaved_stream [n] [count] [smem] */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                                                          \
    do {                                                                                                               \
        cudaError_t e_ = (x);                                                                                          \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                                                   \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)

/* element e of matrix t: interleaved at e * count + t, strided at t * E + e */
template <bool INTERLEAVED, int U>
__global__ void stream(const double *A, const double *B, double *C, long long count, int E, int W)
{
    const int q = threadIdx.x % W, P = blockDim.x / W;
    const long long t = blockIdx.x * (long long)W + q;
    if (t >= count)
        return;
    auto at = [&](int e) { return INTERLEAVED ? e * count + t : t * E + e; };
    double s = 0;
    for (int e0 = threadIdx.x / W; e0 < E; e0 += U * P) {
        double v[2 * U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            int e = e0 + u * P;
            v[2 * u] = e < E ? A[at(e)] : 0, v[2 * u + 1] = e < E ? B[at(e)] : 0;
        }
#pragma unroll
        for (int u = 0; u < 2 * U; u++)
            s += v[u];
    }
    __syncthreads();
    for (int e0 = threadIdx.x / W; e0 < E; e0 += U * P) {
        double v[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            if (e0 + u * P < E)
                v[u] = C[at(e0 + u * P)];
#pragma unroll
        for (int u = 0; u < U; u++)
            if (e0 + u * P < E)
                C[at(e0 + u * P)] = v[u] + s;
    }
}

__global__ void flush(const double *p, size_t n, double *sink)
{
    double a = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        a += p[i];
    if (a == 12345.678)
        *sink = a;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 32;
    const long long count = argc > 2 ? atoll(argv[2]) : 100000;
    const int smem = argc > 3 ? atoi(argv[3]) : 0;
    const int E = n * n;
    const size_t bytes = (size_t)E * count * sizeof(double);
    double *A, *B, *C, *F;
    const size_t fn = 256 << 20;
    CK(cudaMalloc(&A, bytes));
    CK(cudaMalloc(&B, bytes));
    CK(cudaMalloc(&C, bytes));
    CK(cudaMalloc(&F, fn));
    CK(cudaMemset(A, 0, bytes));
    CK(cudaMemset(B, 0, bytes));
    CK(cudaMemset(C, 0, bytes));
    CK(cudaMemset(F, 0, fn));
    int dev;
    cudaDeviceProp pr;
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&pr, dev));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    auto time = [&](auto launch) {
        std::vector<float> ts;
        for (int r = 0; r < 5; r++) {
            flush<<<1024, 256>>>(F, fn / sizeof(double), F);
            CK(cudaEventRecord(e0));
            launch();
            CK(cudaEventRecord(e1));
            CK(cudaEventSynchronize(e1));
            float ms;
            CK(cudaEventElapsedTime(&ms, e0, e1));
            ts.push_back(ms);
        }
        std::sort(ts.begin(), ts.end());
        return ts[2] * 1e-3;
    };
    const double moved = 4.0 * bytes;
    printf("%s, n = %d, count = %lld, %.1f MB moved a run, %d bytes of shared memory a block\n", pr.name, n, count,
           moved / 1e6, smem);
    CK(cudaFuncSetAttribute(stream<true, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 << 10));
    CK(cudaFuncSetAttribute(stream<false, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 << 10));
    printf("%-12s %4s %7s %10s %9s\n", "layout", "W", "threads", "seconds", "GB/s");
    const double copy = time([&] { CK(cudaMemcpyAsync(C, A, bytes, cudaMemcpyDeviceToDevice)); });
    printf("%-12s %4s %7s %10.3e %9.0f\n", "cudaMemcpy", "-", "-", copy, 2.0 * bytes / copy / 1e9);
    const int Ws[] = {4, 8, 16, 32, 64}, Ts[] = {256, 512};
    for (int il = 1; il >= 0; il--)
        for (int W : Ws)
            for (int T : Ts) {
                const unsigned blocks = (unsigned)((count + W - 1) / W);
                const double s = time([&] {
                    if (il)
                        stream<true, 8><<<blocks, T, smem>>>(A, B, C, count, E, W);
                    else
                        stream<false, 8><<<blocks, T, smem>>>(A, B, C, count, E, W);
                });
                CK(cudaGetLastError());
                printf("%-12s %4d %7d %10.3e %9.0f\n", il ? "interleaved" : "strided", W, T, s, moved / s / 1e9);
            }
    return 0;
}
