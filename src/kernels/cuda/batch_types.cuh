/* The element types of hetla's batched CUDA kernels (the .cu files beside
 * this one): the complex ones as plain pairs with the arithmetic the
 * kernels use, scalars from the (re, im) pairs of the C side, the
 * triangular substitution of TRSM and the solves, one thread's Cholesky
 * and LU, and the address and span of a matrix of a batch operand
 * (batch_cuda.h), and how many blocks of a kernel a device holds at once. */
#ifndef HETLA_KERNELS_CUDA_BATCH_TYPES_CUH
#define HETLA_KERNELS_CUDA_BATCH_TYPES_CUH

#include "kernels/cuda/batch_cuda.h"

#include <type_traits>

typedef long long ll;

namespace {

struct __align__(8) cf {
    float re, im;
};
struct __align__(16) cd {
    double re, im;
};

__device__ __forceinline__ cf operator*(cf a, cf b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
__device__ __forceinline__ cd operator*(cd a, cd b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
__device__ __forceinline__ cf operator+(cf a, cf b) { return {a.re + b.re, a.im + b.im}; }
__device__ __forceinline__ cd operator+(cd a, cd b) { return {a.re + b.re, a.im + b.im}; }
__device__ __forceinline__ cf operator-(cf a, cf b) { return {a.re - b.re, a.im - b.im}; }
__device__ __forceinline__ cd operator-(cd a, cd b) { return {a.re - b.re, a.im - b.im}; }

__device__ __forceinline__ float cj(float a, bool) { return a; }
__device__ __forceinline__ double cj(double a, bool) { return a; }
__device__ __forceinline__ cf cj(cf a, bool c) { return c ? cf{a.re, -a.im} : a; }
__device__ __forceinline__ cd cj(cd a, bool c) { return c ? cd{a.re, -a.im} : a; }

template <typename T> struct scalar;
template <> struct scalar<float> {
    static constexpr bool real = true;
    static __host__ __device__ float make(const double *v) { return (float)v[0]; }
    static __host__ __device__ bool zero(const double *v) { return v[0] == 0; }
};
template <> struct scalar<double> {
    static constexpr bool real = true;
    static __host__ __device__ double make(const double *v) { return v[0]; }
    static __host__ __device__ bool zero(const double *v) { return v[0] == 0; }
};
template <> struct scalar<cf> {
    static constexpr bool real = false;
    static __host__ __device__ cf make(const double *v) { return {(float)v[0], (float)v[1]}; }
    static __host__ __device__ bool zero(const double *v) { return v[0] == 0 && v[1] == 0; }
};
template <> struct scalar<cd> {
    static constexpr bool real = false;
    static __host__ __device__ cd make(const double *v) { return {v[0], v[1]}; }
    static __host__ __device__ bool zero(const double *v) { return v[0] == 0 && v[1] == 0; }
};

/* The real part, |re| + |im| (LAPACK's pivot measure), a real as T, and
 * division by a scalar of T. */
__device__ __forceinline__ double re(float a) { return a; }
__device__ __forceinline__ double re(double a) { return a; }
__device__ __forceinline__ double re(cf a) { return a.re; }
__device__ __forceinline__ double re(cd a) { return a.re; }
__device__ __forceinline__ double abs1(float a) { return fabsf(a); }
__device__ __forceinline__ double abs1(double a) { return fabs(a); }
__device__ __forceinline__ double abs1(cf a) { return fabsf(a.re) + fabsf(a.im); }
__device__ __forceinline__ double abs1(cd a) { return fabs(a.re) + fabs(a.im); }
template <typename T> __device__ __forceinline__ T real_as(double v);
template <> __device__ __forceinline__ float real_as<float>(double v) { return (float)v; }
template <> __device__ __forceinline__ double real_as<double>(double v) { return v; }
template <> __device__ __forceinline__ cf real_as<cf>(double v) { return {(float)v, 0}; }
template <> __device__ __forceinline__ cd real_as<cd>(double v) { return {v, 0}; }
__device__ __forceinline__ float quot(float a, float b) { return a / b; }
__device__ __forceinline__ double quot(double a, double b) { return a / b; }
template <typename C, typename R> __device__ __forceinline__ C cquot(C a, C b)
{
    /* Smith's algorithm: no overflow in |b|^2 */
    if (fabs((double)b.re) >= fabs((double)b.im)) {
        R r = b.im / b.re, d = b.re + b.im * r;
        return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
    }
    R r = b.re / b.im, d = b.im + b.re * r;
    return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
}
__device__ __forceinline__ cf quot(cf a, cf b) { return cquot<cf, float>(a, b); }
__device__ __forceinline__ cd quot(cd a, cd b) { return cquot<cd, double>(a, b); }

/* ---- small orders unrolled ------------------------------------------------ */

/* Calls @p launch(std::integral_constant<int, N>()) for order @p n in
 * 1..8, N capped at TOP (orders past it are not instantiated): the
 * kernels unrolled for each small order. */
template <int TOP, typename F> inline void by_order(int n, F &&launch)
{
    switch (n) {
    case 1: launch(std::integral_constant<int, 1>()); break;
    case 2: launch(std::integral_constant<int, (TOP < 2 ? TOP : 2)>()); break;
    case 3: launch(std::integral_constant<int, (TOP < 3 ? TOP : 3)>()); break;
    case 4: launch(std::integral_constant<int, (TOP < 4 ? TOP : 4)>()); break;
    case 5: launch(std::integral_constant<int, (TOP < 5 ? TOP : 5)>()); break;
    case 6: launch(std::integral_constant<int, (TOP < 6 ? TOP : 6)>()); break;
    case 7: launch(std::integral_constant<int, (TOP < 7 ? TOP : 7)>()); break;
    default: launch(std::integral_constant<int, TOP>()); break;
    }
}

/* ---- triangular solves ---------------------------------------------------- */

/* One triangular solve: op(A), trans 0, 1, 2 (none, transpose, conjugate
 * transpose), of the lower or upper A. */
struct tri_step {
    int trans;
    bool upper, unit;
};

/* A triangular matrix as a substitution walks it: element (i, l) at
 * a[i * r + l * c], conjugated if conj; lower: solved from the first row. */
struct tri {
    ll r, c;
    bool conj, lower, unit;
};

/* op(A) of step @p s (its transpose on the right) for A's element spacing
 * @p es and column stride @p cs. */
__device__ __forceinline__ tri tri_of(const tri_step &s, bool right, ll es, ll cs)
{
    const bool t = s.trans != 0, across = t != right;
    /* op(A) is lower when uplo and trans agree; its transpose the other way */
    const bool lower = (!s.upper == !t) != right;
    return {across ? cs : es, across ? es : cs, s.trans == 2, lower, s.unit};
}

/* op(A) x = alpha b in place, element i of b at b[i * bi]: the CPU
 * reference's substitution (src/batch/zbatch_ref.c), step for step. */
template <typename T> __device__ void trsv(const T *a, const tri &A, int n, T alpha, T *b, ll bi)
{
    for (int q = 0; q < n; q++) {
        const int i = A.lower ? q : n - 1 - q;
        T acc = alpha * b[i * bi];
        for (int p = 0; p < q; p++) {
            const int l = A.lower ? p : n - 1 - p;
            acc = acc - cj(a[i * A.r + l * A.c], A.conj) * b[l * bi];
        }
        b[i * bi] = A.unit ? acc : quot(acc, cj(a[i * (A.r + A.c)], A.conj));
    }
}

/* ---- one thread's Cholesky and LU, the CPU reference's algorithms ------ */

/* The lower case; the upper one is the lower on the conjugate transpose,
 * U(j, i) = conj(L(i, j)): rows and columns swap strides. Stops at the
 * first minor that is not positive definite, as LAPACK does. A(i, j) at
 * A + i * s + j * ld. @return LAPACK's info. */
template <typename T> __device__ long long potrf_in(T *A, ll s, ll ld, int n, bool up)
{
    const ll r = up ? ld : s, c = up ? s : ld;
    for (int j = 0; j < n; j++) {
        T *ajj = A + j * (r + c);
        double d = re(*ajj);
        for (int l = 0; l < j; l++) {
            T v = A[j * r + l * c];
            d -= re(v * cj(v, true));
        }
        if (!(d > 0)) {
            *ajj = real_as<T>(d);
            return j + 1;
        }
        d = sqrt(d);
        *ajj = real_as<T>(d);
        for (int i = j + 1; i < n; i++) {
            T acc = cj(A[i * r + j * c], up);
            for (int l = 0; l < j; l++)
                acc = acc - cj(A[i * r + l * c], up) * cj(cj(A[j * r + l * c], up), true);
            A[i * r + j * c] = cj(quot(acc, real_as<T>(d)), up);
        }
    }
    return 0;
}

/* Right-looking LU, the pivot the first largest |re| + |im| of the column
 * (LAPACK's i?amax); a zero pivot sets info and the elimination goes on.
 * Pivots (1-based) into @p ipiv unless NULL (no pivoting). */
template <typename T> __device__ long long getrf_in(T *A, ll s, ll ld, int m, int n, long long *ipiv)
{
#define E(i, j) A[(i) * s + (ll)(j) * ld]
    long long info = 0;
    int mn = m < n ? m : n;
    for (int j = 0; j < mn; j++) {
        if (ipiv) {
            int p = j;
            double best = abs1(E(j, j));
            for (int i = j + 1; i < m; i++) {
                double v = abs1(E(i, j));
                if (v > best)
                    p = i, best = v;
            }
            ipiv[j] = p + 1;
            if (p != j)
                for (int col = 0; col < n; col++) {
                    T v = E(j, col);
                    E(j, col) = E(p, col);
                    E(p, col) = v;
                }
        }
        T d = E(j, j);
        if (abs1(d) == 0)
            info = info ? info : j + 1;
        else
            for (int i = j + 1; i < m; i++)
                E(i, j) = quot(E(i, j), d);
        for (int col = j + 1; col < n; col++) {
            T u = E(j, col);
            for (int i = j + 1; i < m; i++)
                E(i, col) = E(i, col) - E(i, j) * u;
        }
    }
#undef E
    return info;
}

/* ---- addressing ---------------------------------------------------------- */

/* (strided operands skip the 64-bit division) */
__device__ __forceinline__ ll base(const hetla__cuda_bop &o, ll t)
{
    return o.bs == 1 ? t * o.bspan : (t / o.bs) * o.bspan + t % o.bs;
}

/* The span of one matrix: the elements from (0, 0) to (rows-1, cols-1). */
inline int span(const hetla__cuda_bop &o, int rows, int cols)
{
    return rows && cols ? (int)(o.ld * (cols - 1) + rows) : 0;
}

/* Whether consecutive matrices of @p o sit side by side (interleaved,
 * blocked), so that one thread per matrix reads them coalesced. */
__host__ __device__ inline bool lanes(const hetla__cuda_bop &o)
{
    return o.bs > 1;
}

/* The blocks of @p kernel (@p threads a block, @p bytes of dynamic shared
 * memory) that device @p dev holds at once, at most @p want: the
 * launches whose resident blocks take their matrices in turn (from a
 * counter, vbatch.cu; every gridDim-th group, getrf_left). */
template <typename K> cudaError_t resident_blocks(K kernel, int threads, size_t bytes, ll want, int dev, ll *blocks)
{
    int sms = 0, resident = 0;
    cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, threads, bytes);
    *blocks = (ll)sms * resident < want ? (ll)sms * resident : want;
    return e;
}

} // namespace

#endif
