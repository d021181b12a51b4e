/* CLBlast's GEMM with a temporary buffer the caller keeps (C and C++).
 *
 * Where CLBlast's fast GEMM kernel needs A, B or C copied first
 * (transposed or padded: on an H200 through NVIDIA's OpenCL, every double
 * product from 2048 x 2048 up), its C call creates a buffer for the
 * copies and releases it before returning. On NVIDIA's OpenCL the release
 * waits for the device: the call returned only once the product had run,
 * and the device idled while the next was prepared (2048: 1578-1699 us a
 * product, against 1431-1454 us with a buffer kept; 4096: 3-4 % more).
 * CLBlast's C++ interface takes that buffer from the caller; these
 * functions ask CLBlast how large it must be and take it from @p scratch,
 * which keeps it (hetla__ocl_scratch: one per queue, reused in queue
 * order). Arguments as CLBlast's C call, column-major, offsets 0. */
#ifndef HETLA_KERNELS_CLBLAST_GEMM_H
#define HETLA_KERNELS_CLBLAST_GEMM_H

#include <clblast_c.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A buffer of at least @p bytes that the caller's queue may use until the
 *  next call; NULL if none can be had (CLBlast then creates its own). */
typedef cl_mem (*hetla__clb_scratch_fn)(void *user, size_t bytes);

/** hetla__clblast_sgemm, _dgemm, _cgemm, _zgemm: the signature of the one
 *  of precision @p x, whose scalars are of type @p S. */
#define HETLA__CLB_GEMM(x, S)                                                                                          \
    CLBlastStatusCode hetla__clblast_##x##gemm(CLBlastTranspose ta, CLBlastTranspose tb, size_t m, size_t n, size_t k, \
                                               S alpha, cl_mem A, size_t lda, cl_mem B, size_t ldb, S beta, cl_mem C,  \
                                               size_t ldc, cl_command_queue *queue, hetla__clb_scratch_fn scratch,     \
                                               void *user)
HETLA__CLB_GEMM(s, cl_float);
HETLA__CLB_GEMM(d, cl_double);
HETLA__CLB_GEMM(c, cl_float2);
HETLA__CLB_GEMM(z, cl_double2);

#ifdef __cplusplus
}
#endif

#endif
