/* Shared pieces of the factorization tile kernels: panels over a column of
 * tiles, the info check, flop counts, registration. */
#include <stdlib.h>

#include "kernels/lapack/lapack.h"

hetla_status hetla__panel_open(const hetla_buffer *b, int nb, size_t esize, hetla__panel *p)
{
    size_t m = 0;
    int contiguous = 1;
    for (int i = 0; i < nb; i++) {
        m += b[i].m;
        if (i > 0)
            contiguous &= b[i].ld == b[0].ld && b[i].n == b[0].n &&
                          (char *)b[i].ptr == (char *)b[i - 1].ptr + b[i - 1].m * esize;
    }
    if (contiguous) {
        *p = (hetla__panel){b[0].ptr, m, b[0].n, b[0].ld, 0};
        return HETLA_SUCCESS;
    }
    size_t ld = m ? m : 1;
    char *c = malloc(ld * (b[0].n ? b[0].n : 1) * esize);
    if (!c)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "panel of %zu x %zu: out of memory", m, b[0].n);
    for (size_t j = 0; j < b[0].n; j++)
        for (int i = 0, row = 0; i < nb; row += (int)b[i].m, i++)
            memcpy(c + (j * ld + (size_t)row) * esize, (const char *)b[i].ptr + j * b[i].ld * esize,
                   b[i].m * esize);
    *p = (hetla__panel){c, m, b[0].n, ld, 1};
    return HETLA_SUCCESS;
}

void hetla__panel_close(const hetla_buffer *b, int nb, size_t esize, hetla__panel *p, int write)
{
    if (!p->copied)
        return;
    const char *c = p->ptr;
    if (write)
        for (size_t j = 0; j < b[0].n; j++)
            for (int i = 0, row = 0; i < nb; row += (int)b[i].m, i++)
                memcpy((char *)b[i].ptr + j * b[i].ld * esize, c + (j * p->ld + (size_t)row) * esize,
                       b[i].m * esize);
    free(p->ptr);
    p->ptr = NULL;
}

hetla__flops hetla__potrf_flops(const hetla_exec *x)
{
    hetla__flops n = (hetla__flops)x->buf[0].n;
    return hetla__fma_flops(&x->buf[0]) * n * n * n / 6;
}

hetla__flops hetla__getrf_flops(const hetla_exec *x)
{
    hetla__flops m = 0, n = (hetla__flops)x->buf[0].n;
    for (int i = 0; i < x->nbuf; i++)
        m += (hetla__flops)x->buf[i].m;
    hetla__flops k = m < n ? m : n;
    /* LAPACK's count: m n k - (m + n) k^2 / 2 + k^3 / 3 multiply-adds */
    return hetla__fma_flops(&x->buf[0]) * (m * n * k - (m + n) * k * k / 2 + k * k * k / 3);
}

hetla__flops hetla__trtri_flops(const hetla_exec *x)
{
    hetla__flops n = (hetla__flops)x->buf[0].n;
    return hetla__fma_flops(&x->buf[0]) * n * n * n / 6;
}

/* Fails when the factorization before it found a singular matrix. */
static hetla_status info_check(const hetla_exec *x)
{
    hetla__info_args a;
    HETLA__ARGS(x, a);
    hetla_int info = atomic_load((_Atomic hetla_int *)a.info);
    if (info > 0)
        return hetla__fail(HETLA_NUMERICAL, "the factorization is singular (info = %lld); no solve",
                           (long long)info);
    return HETLA_SUCCESS;
}

hetla_status hetla__lapack_register(hetla_context *ctx)
{
    static hetla_status (*const reg[])(hetla_context *) = {
        hetla__spotrf_register,       hetla__dpotrf_register,       hetla__cpotrf_register,
        hetla__zpotrf_register,       hetla__sgetrf_register,       hetla__dgetrf_register,
        hetla__cgetrf_register,       hetla__zgetrf_register,       hetla__sgetrf_nopiv_register,
        hetla__dgetrf_nopiv_register, hetla__cgetrf_nopiv_register, hetla__zgetrf_nopiv_register,
        hetla__slaswp_register,       hetla__dlaswp_register,       hetla__claswp_register,
        hetla__zlaswp_register,       hetla__strtri_register,       hetla__dtrtri_register,
        hetla__ctrtri_register,       hetla__ztrtri_register,
        /* QR */
        hetla__sgeqrt_register, hetla__dgeqrt_register, hetla__cgeqrt_register, hetla__zgeqrt_register,
        hetla__slarft_register, hetla__dlarft_register, hetla__clarft_register, hetla__zlarft_register,
        hetla__slarfb_w_register, hetla__dlarfb_w_register, hetla__clarfb_w_register, hetla__zlarfb_w_register,
        hetla__slarfb_c_register, hetla__dlarfb_c_register, hetla__clarfb_c_register, hetla__zlarfb_c_register,
        hetla__strsm_lead_register, hetla__dtrsm_lead_register, hetla__ctrsm_lead_register,
        hetla__ztrsm_lead_register,
    };
    /* The check reads host memory only: any device's worker may run it. */
    static const hetla_kernel_class any[] = {HETLA_CLASS_GENERIC, HETLA_CLASS_CUDA_NATIVE, HETLA_CLASS_OPENCL_NATIVE};
    hetla_kernel *k;
    hetla_status s = hetla_kernel_create(ctx, "info_check", &k);
    for (size_t i = 0; i < sizeof any / sizeof *any && !s; i++)
        s = hetla_kernel_add(k, any[i], info_check);
    for (size_t i = 0; i < sizeof reg / sizeof *reg && !s; i++)
        s = reg[i](ctx);
    return s;
}
