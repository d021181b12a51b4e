/* hetla's own CUDA kernels for batched BLAS (the .cu files beside this one) as the
 * C side sees them: plain descriptions of batch operands in device memory
 * and launchers that enqueue on a stream. Shared by the CUDA_NATIVE and
 * CUDA_CUBLAS implementations (batch_cuda.c) and the bench peers
 * (src/devices/cuda/cuda_batch_peer.c); nvcc compiles it as C++. */
#ifndef HETLA_KERNELS_CUDA_BATCH_H
#define HETLA_KERNELS_CUDA_BATCH_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One batch operand on the device. Element (i, j) of matrix t is at
 *  ptr + (t / bs) * bspan + t % bs + (i + j * ld) * s, in elements:
 *  interleaved: bs = the chunk's count, s = its lane stride; blocked: bs
 *  matrices a block, s = bs; strided: bs = 1, bspan = the matrix stride,
 *  s = 1. */
typedef struct hetla__cuda_bop {
    void *ptr;
    long long bs, bspan, s, ld;
} hetla__cuda_bop;

/** Element types, in the order of the four precisions. */
typedef enum { HETLA__CUDA_S, HETLA__CUDA_D, HETLA__CUDA_C, HETLA__CUDA_Z } hetla__cuda_type;

/** The kernels of a batched GEMM on interleaved operands (see
 *  hetla__cuda_gemm_batch); AUTO picks by the orders. */
typedef enum { HETLA__CUDA_GEMM_AUTO, HETLA__CUDA_GEMM_FIXED, HETLA__CUDA_GEMM_STAGED } hetla__cuda_gemm_kernel;

/** C_t := alpha op(A_t) op(B_t) + beta C_t for t < count; trans 0, 1, 2 =
 *  none, transpose, conjugate transpose. Scalars as (re, im); the real
 *  precisions read re. alpha = 0 reads neither A nor B, beta = 0 not C
 *  (BLAS semantics: NaN there does not propagate). GEMV is the case n = 1,
 *  transb = 0, with x as B and y as C. @p kernel: AUTO (zero) in the
 *  library; the bench names one to measure the choice. */
typedef struct hetla__cuda_gemm {
    hetla__cuda_type type;
    int transa, transb;
    int m, n, k;
    double alpha[2], beta[2];
    long long count;
    hetla__cuda_bop A, B, C;
    hetla__cuda_gemm_kernel kernel;
} hetla__cuda_gemm;

/** Enqueues @p g on @p stream. Every operand (block-)interleaved: one
 *  thread per matrix with C in registers for square orders up to 8
 *  (FIXED), else, for m, n <= 32, a thread block per group of matrices
 *  staging panels of A and B in shared memory, each thread a block of C
 *  of 4 x 4 to 8 x 8 (STAGED), or, for real doubles with m and n in
 *  25..32 in blocks of up to 16 matrices, a warp a matrix on the tensor
 *  cores (sm_80 on); strided operands of square orders 1 and 2 FIXED too;
 *  other cases a thread block per group of matrices, one C element per
 *  thread. A kernel named in @p g that does not apply falls
 *  back to that order. @return the launch's error. */
cudaError_t hetla__cuda_gemm_batch(const hetla__cuda_gemm *g, cudaStream_t stream);

/** Cholesky (n x n, lower or @p upper) or LU (m x n) of @p count matrices
 *  in place, one thread per matrix, as the CPU reference kernels do:
 *  LAPACK's info of each matrix in info[t], LU's pivots (1-based, partial
 *  pivoting; none when @p ipiv is NULL) at ipiv + t * ipiv_ld. */
typedef struct hetla__cuda_factor {
    hetla__cuda_type type;
    int upper;
    int m, n;
    long long count;
    hetla__cuda_bop A;
    long long *info, *ipiv, ipiv_ld;
} hetla__cuda_factor;

cudaError_t hetla__cuda_potrf_batch(const hetla__cuda_factor *f, cudaStream_t stream);
cudaError_t hetla__cuda_getrf_batch(const hetla__cuda_factor *f, cudaStream_t stream);

/** B_t := alpha op(A_t)^-1 B_t (left) or alpha B_t op(A_t)^-1 (@p right)
 *  for t < count, B_t m x n, A_t triangular (lower or @p upper, its
 *  diagonal read unless @p unit) of order m (left) or n (right); trans as
 *  in GEMM. alpha = 0 sets B to zero, reading neither A nor B (BLAS). */
typedef struct hetla__cuda_trsm {
    hetla__cuda_type type;
    int right, upper, trans, unit;
    int m, n;
    double alpha[2];
    long long count;
    hetla__cuda_bop A, B;
} hetla__cuda_trsm;

/** Enqueues @p t on @p stream: one thread per matrix and right-hand side
 *  (column of B, or row on the right), reading in place where A and B
 *  are both (block-)interleaved, else through shared memory a group of
 *  matrices at a time (global memory where one matrix does not fit).
 *  @return the launch's error. */
cudaError_t hetla__cuda_trsm_batch(const hetla__cuda_trsm *t, cudaStream_t stream);

/** The solves with the factors of hetla__cuda_potrf_batch (A_t X = B_t,
 *  the lower or @p upper factor) and hetla__cuda_getrf_batch (op(A_t) X =
 *  B_t, trans as in GEMM; the interchanges of the pivots at ipiv + t *
 *  ipiv_ld, none when @p ipiv is NULL): B_t n x nrhs, overwritten. As
 *  the CPU reference kernels: two triangular solves, the interchanges
 *  before them (no transpose) or after (transposes). */
typedef struct hetla__cuda_solve {
    hetla__cuda_type type;
    int upper, trans;
    int n, nrhs;
    long long count;
    hetla__cuda_bop A, B;
    const long long *ipiv;
    long long ipiv_ld;
} hetla__cuda_solve;

cudaError_t hetla__cuda_potrs_batch(const hetla__cuda_solve *s, cudaStream_t stream);
cudaError_t hetla__cuda_getrs_batch(const hetla__cuda_solve *s, cudaStream_t stream);

/** The operations of variable-size batches, on packed chunks. */
typedef enum {
    HETLA__CUDA_VGEMM,
    HETLA__CUDA_VGEMV,
    HETLA__CUDA_VTRSM,
    HETLA__CUDA_VPOTRF,
    HETLA__CUDA_VGETRF
} hetla__cuda_vkind;

/** One matrix of a packed chunk, as the C side lays it out (hetla__vmat
 *  in src/batch/batch.h): sizes, its operands' offsets in elements from
 *  the data buffer and leading dimensions (A, B, C; GEMV: A, x, y), its
 *  pivots' first word from the metadata (-1: none), its info, scalars as
 *  (re, im). */
typedef struct hetla__cuda_vmat {
    long long m, n, k;
    long long off[3], ld[3];
    long long piv, info;
    double alpha[2], beta[2];
} hetla__cuda_vmat;

/** A packed chunk of @p count matrices of a variable batch: @p data the
 *  elements, @p meta the matrices (then their pivots). Options as in
 *  hetla__cuda_gemm and hetla__cuda_trsm (GEMV: transa; TRSM: transa,
 *  right, upper, unit; Cholesky: upper); each matrix's scalars, info and
 *  pivots (1-based) in its hetla__cuda_vmat. GEMM and GEMV: a thread
 *  block per group of matrices, as many whole matrices as fit copied into
 *  shared memory at a time; the larger ones after, GEMM a thread block
 *  each over C in tiles, GEMV a warp each; TRSM: a thread block per
 *  matrix, a thread per right-hand side; Cholesky and LU: a warp per matrix in shared
 *  memory (a thread where a window's orders are all small), or with
 *  @p top small a thread per matrix in global memory, the one-thread
 *  algorithms of hetla__cuda_potrf_batch and hetla__cuda_getrf_batch
 *  element for element; the larger matrices a thread block each in
 *  shared memory (Cholesky right-looking, each element's operations
 *  still in the one-thread order). */
typedef struct hetla__cuda_vbatch {
    hetla__cuda_type type;
    hetla__cuda_vkind kind;
    int transa, transb, right, upper, unit;
    long long count;
    long long top; /**< the largest order (0: not known) */
    void *data;
    hetla__cuda_vmat *meta;
    /** all but TRSM: HETLA__CUDA_VBATCH_WORK bytes of device memory the
     *  kernels use as they like (the counters of the matrices larger than
     *  a window) */
    void *work;
} hetla__cuda_vbatch;

enum { HETLA__CUDA_VBATCH_WORK = 64 };

cudaError_t hetla__cuda_vbatch_run(const hetla__cuda_vbatch *v, cudaStream_t stream);

/** Copies @p count matrices of @p rows x @p cols elements of @p esize
 *  bytes (4, 8 or 16) from @p src to @p dst, any two layouts, through
 *  32 x 32 tiles of (matrix, element) in shared memory so that strided and
 *  interleaved sides are both read and written in whole transactions. */
cudaError_t hetla__cuda_batch_copy(const hetla__cuda_bop *src, const hetla__cuda_bop *dst, int rows, int cols,
                                   long long count, int esize, cudaStream_t stream);

/** Reads @p bytes (a multiple of 16) at @p p on @p stream, writing to
 *  @p sink (one int) only in the unlikely case the data hash to a given
 *  value: the benches evict what the GPU's L2 cache holds with it, leaving
 *  no dirty line behind. */
cudaError_t hetla__cuda_touch(const void *p, size_t bytes, int *sink, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
