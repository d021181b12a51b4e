/* hetla's own OpenCL C tile kernels (class OPENCL_GEN), one source for the
 * four precisions: the build option -DPRECISION_<s|d|c|z> picks the
 * element type. Compiled at first use per device and options. */
#if defined(PRECISION_d) || defined(PRECISION_z)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#if defined(PRECISION_s)
typedef float T;
#elif defined(PRECISION_d)
typedef double T;
#elif defined(PRECISION_c)
typedef float2 T;
#define COMPLEX
#else
typedef double2 T;
#define COMPLEX
#endif

static T mul(T a, T b)
{
#ifdef COMPLEX
    return (T)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
#else
    return a * b;
#endif
}

/* A := alpha A over an m x n tile (one work-item per element); alpha = 0
 * writes zeros, so NaN and Inf do not survive (LAPACK's laset). */
kernel void gescal(global T *A, ulong lda, T alpha, int zero)
{
    size_t i = get_global_id(0), j = get_global_id(1);
    global T *a = A + j * lda + i;
    *a = zero ? (T)0 : mul(alpha, *a);
}
