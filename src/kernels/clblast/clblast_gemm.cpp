/* hetla__clblast_?gemm (clblast_gemm.h): CLBlast's C++ GEMM with the
 * caller's temporary buffer. The one C++ file of hetla: CLBlast's C
 * interface has no such argument. CLBlast's C++ calls return their
 * status and throw nothing. */
#include <clblast.h>

#include <complex>

#include "kernels/clblast/clblast_gemm.h"

namespace {

float value(cl_float v) { return v; }
double value(cl_double v) { return v; }
std::complex<float> value(cl_float2 v) { return {v.s[0], v.s[1]}; }
std::complex<double> value(cl_double2 v) { return {v.s[0], v.s[1]}; }

/* A product's shape: a thread remembers the buffer size of the last one
 * it asked CLBlast about (a worker drives one queue and repeats its
 * shapes; the query takes about 1 us). */
struct shape {
    cl_command_queue queue;
    size_t m, n, k, lda, ldb, ldc;
    int ta, tb;
    bool operator==(const shape &o) const
    {
        return queue == o.queue && m == o.m && n == o.n && k == o.k && lda == o.lda && ldb == o.ldb && ldc == o.ldc &&
               ta == o.ta && tb == o.tb;
    }
};

template <typename S>
CLBlastStatusCode gemm(CLBlastTranspose ta, CLBlastTranspose tb, size_t m, size_t n, size_t k, S alpha, cl_mem A,
                       size_t lda, cl_mem B, size_t ldb, S beta, cl_mem C, size_t ldc, cl_command_queue *queue,
                       hetla__clb_scratch_fn scratch, void *user)
{
    using T = decltype(value(alpha));
    using namespace clblast;
    const Layout col = Layout::kColMajor;
    const Transpose a = static_cast<Transpose>(ta), b = static_cast<Transpose>(tb);
    thread_local shape last{};
    thread_local size_t last_bytes = 0;
    const shape now{*queue, m, n, k, lda, ldb, ldc, ta, tb};
    StatusCode st = StatusCode::kInsufficientMemoryTemp;
    /* twice at most: a queue created where a released one was, on another
     * device, may need a larger buffer than remembered */
    for (int fresh = !(now == last); st == StatusCode::kInsufficientMemoryTemp && fresh < 2; fresh++) {
        if (fresh) {
            size_t bytes = 0;
            if (GemmTempBufferSize<T>(col, a, b, m, n, k, 0, lda, 0, ldb, 0, ldc, queue, bytes) != StatusCode::kSuccess)
                bytes = 0; /* Gemm reports what is wrong */
            last = now, last_bytes = bytes;
        }
        cl_mem temp = last_bytes ? scratch(user, last_bytes) : nullptr;
        st = Gemm<T>(col, a, b, m, n, k, value(alpha), A, 0, lda, B, 0, ldb, value(beta), C, 0, ldc, queue, nullptr,
                     temp);
    }
    return static_cast<CLBlastStatusCode>(st);
}

} // namespace

/* the four precisions, each the template's instance for its scalars */
#define DEFINE(x, S)                                                                                                   \
    HETLA__CLB_GEMM(x, S)                                                                                              \
    {                                                                                                                  \
        return gemm(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, queue, scratch, user);                       \
    }

extern "C" {
DEFINE(s, cl_float)
DEFINE(d, cl_double)
DEFINE(c, cl_float2)
DEFINE(z, cl_double2)
}

#undef DEFINE
