/* The QR panel operations: "zgeqrt" (Householder QR of a column of tiles
 * and the T of its compact WY form) and "zlarft" (T from given reflectors
 * and tau), in every CPU class that has them.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>

#include "kernels/lapack/lapack.h"

#if defined(COMPLEX)
static double imag_of(hetla_zcomplex v) { return cimag(v); }
static hetla_zcomplex make(double re, double im) { return CMPLX(re, im); }
#else
static double imag_of(hetla_zcomplex v)
{
    (void)v;
    return 0;
}
static hetla_zcomplex make(double re, double im)
{
    (void)im;
    return re;
}
#endif

/* sqrt(sum |x_i|^2) over the real and imaginary parts, as LAPACK's
 * scaled sum of squares: no overflow or harmful underflow on the way. */
static double nrm2(hetla_int n, const hetla_zcomplex *x)
{
    const double *r = (const double *)x;
    size_t len = (size_t)n * (sizeof *x / sizeof *r);
    double scale = 0, ssq = 1;
    for (size_t i = 0; i < len; i++) {
        if (r[i] == 0)
            continue;
        double a = fabs(r[i]);
        if (scale < a) {
            ssq = 1 + ssq * (scale / a) * (scale / a);
            scale = a;
        } else {
            ssq += (a / scale) * (a / scale);
        }
    }
    return scale * sqrt(ssq);
}

/* LAPACK's larfg: the reflector H = I - tau v v^H with H^H (alpha; x) =
 * (beta; 0), beta real; v = (1; x) overwrites x and beta alpha. Vectors so
 * small that beta would lose accuracy are scaled up first. @return tau. */
static hetla_zcomplex larfg(hetla_int n, hetla_zcomplex *alpha, hetla_zcomplex *x)
{
    double xnorm = nrm2(n - 1, x), alphr = creal(*alpha), alphi = imag_of(*alpha);
    if (xnorm == 0 && alphi == 0)
        return 0; /* H = I */
    double beta = -copysign(hypot(hypot(alphr, alphi), xnorm), alphr);
    const double safmin = DBL_MIN / DBL_EPSILON;
    int knt = 0;
    for (; fabs(beta) < safmin && knt < 20; knt++) {
        for (hetla_int i = 0; i < n - 1; i++)
            x[i] /= safmin;
        beta /= safmin, alphr /= safmin, alphi /= safmin;
    }
    if (knt) {
        xnorm = nrm2(n - 1, x);
        beta = -copysign(hypot(hypot(alphr, alphi), xnorm), alphr);
    }
    hetla_zcomplex tau = make((beta - alphr) / beta, -alphi / beta);
    hetla_zcomplex scal = 1 / (make(alphr, alphi) - beta);
    for (hetla_int i = 0; i < n - 1; i++)
        x[i] *= scal;
    for (int j = 0; j < knt; j++)
        beta *= safmin;
    *alpha = beta;
    return tau;
}

/* LAPACK's larft, forward and columnwise: the k x k upper triangular T
 * with H_0 H_1 ... H_{k-1} = I - V T V^H for the reflectors in the m x k
 * unit lower trapezoidal V, their tau already on T's diagonal. Column i:
 * T(0:i, i) = -tau_i T(0:i, 0:i) V(:, 0:i)^H v_i. */
static void larft_generic(hetla_int m, hetla_int k, const hetla_zcomplex *V, hetla_int ldv, hetla_zcomplex *T,
                          hetla_int ldt)
{
    for (hetla_int i = 0; i < k; i++) {
        hetla_zcomplex tau = T[i + i * ldt], *t = T + i * ldt;
        const hetla_zcomplex *vi = V + i * ldv;
        for (hetla_int l = 0; l < i; l++) {
            const hetla_zcomplex *vl = V + l * ldv;
            hetla_zcomplex s = conj(vl[i]); /* v_i(i) = 1 */
            for (hetla_int r = i + 1; r < m; r++)
                s += conj(vl[r]) * vi[r];
            t[l] = -tau * s;
        }
        for (hetla_int l = 0; l < i; l++) { /* t := T(0:i, 0:i) t, top down */
            hetla_zcomplex s = T[l + l * ldt] * t[l];
            for (hetla_int c = l + 1; c < i; c++)
                s += T[l + c * ldt] * t[c];
            t[l] = s;
        }
    }
}

/* Unblocked Householder QR of the m x n A (LAPACK's geqr2), then T. */
static void geqrt_generic(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *T, hetla_int ldt)
{
    hetla_int k = m < n ? m : n;
    for (hetla_int j = 0; j < k; j++) {
        hetla_zcomplex *v = A + j + j * lda;
        hetla_zcomplex tau = larfg(m - j, v, v + 1);
        T[j + j * ldt] = tau;
        /* A(j:m, j+1:n) := H^H A(j:m, j+1:n), v(0) = 1 in place of beta */
        for (hetla_int c = j + 1; c < n; c++) {
            hetla_zcomplex *a = A + j + c * lda, s = a[0];
            for (hetla_int r = 1; r < m - j; r++)
                s += conj(v[r]) * a[r];
            s *= conj(tau);
            a[0] -= s;
            for (hetla_int r = 1; r < m - j; r++)
                a[r] -= v[r] * s;
        }
    }
    larft_generic(m, k, A, lda, T, ldt);
}

/* The first exactly zero diagonal entry of R (1-based), 0 if none. */
static hetla_int zero_diagonal(const hetla__panel *p)
{
    const hetla_zcomplex *A = p->ptr;
    size_t k = p->m < p->n ? p->m : p->n;
    for (size_t j = 0; j < k; j++)
        if (A[j + j * p->ld] == 0)
            return (hetla_int)j + 1;
    return 0;
}

/* Runs @p factor on the panel of buffers 0 .. nbuf-2 and T (buffer
 * nbuf-1), then records a zero diagonal entry of R. */
static hetla_status geqrt_run(const hetla_exec *x,
                              hetla_status (*factor)(hetla__panel *p, hetla_zcomplex *T, hetla_int ldt))
{
    hetla__geqrt_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *T = &x->buf[x->nbuf - 1];
    hetla__panel p;
    hetla_status s = hetla__panel_open(x->buf, x->nbuf - 1, sizeof(hetla_zcomplex), &p);
    if (s)
        return s;
    s = factor(&p, T->ptr, (hetla_int)T->ld);
    hetla_int zero = s || !a.info ? 0 : zero_diagonal(&p);
    hetla__panel_close(x->buf, x->nbuf - 1, sizeof(hetla_zcomplex), &p, !s);
    if (zero)
        hetla__info_set(a.info, a.offset + zero);
    return s;
}

static hetla_status factor_generic(hetla__panel *p, hetla_zcomplex *T, hetla_int ldt)
{
    geqrt_generic((hetla_int)p->m, (hetla_int)p->n, p->ptr, (hetla_int)p->ld, T, ldt);
    return HETLA_SUCCESS;
}

/* LAPACK's geqrt with one block as wide as the panel: the recursive,
 * level-3 geqrt3 over it (plus the update of the columns past the
 * diagonal when the panel is wider than tall). */
static hetla_status factor_openblas(hetla__panel *p, hetla_zcomplex *T, hetla_int ldt)
{
    lapack_int m = (lapack_int)p->m, n = (lapack_int)p->n, k = m < n ? m : n;
    hetla_zcomplex *work = malloc((size_t)k * (size_t)n * sizeof *work);
    if (!work)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "zgeqrt: out of memory");
    lapack_int r = LAPACKE_zgeqrt_work(LAPACK_COL_MAJOR, m, n, k, p->ptr, (lapack_int)p->ld, T, ldt, work);
    free(work);
    return r ? hetla__fail(HETLA_ERR_INTERNAL, "zgeqrt: LAPACK rejected argument %d", (int)-r) : HETLA_SUCCESS;
}

static hetla_status zgeqrt_generic(const hetla_exec *x) { return geqrt_run(x, factor_generic); }
static hetla_status zgeqrt_openblas(const hetla_exec *x) { return geqrt_run(x, factor_openblas); }

/* The panel's rows and columns. */
static void panel_shape(const hetla_exec *x, int nv, hetla__flops *m, hetla__flops *n)
{
    *m = 0;
    for (int i = 0; i < nv; i++)
        *m += (hetla__flops)x->buf[i].m;
    *n = (hetla__flops)x->buf[0].n;
}

/* LAPACK's count for geqrf, m n k - k^3 / 3 multiply-adds (k = min(m,
 * n)), and T's k^2 m / 2. */
static hetla__flops zgeqrt_flops(const hetla_exec *x)
{
    hetla__flops m, n;
    panel_shape(x, x->nbuf - 1, &m, &n);
    hetla__flops k = m < n ? m : n;
    return hetla__fma_flops(&x->buf[0]) * (m * n * k - k * k * k / 3 + k * k * m / 2);
}

hetla_status hetla__zgeqrt_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgeqrt", zgeqrt_generic, zgeqrt_openblas, NULL, zgeqrt_flops);
}

/* ---- T from the reflectors and tau ------------------------------------------- */

/* Runs @p build on the panel of buffers 0 .. nbuf-3 (read only) with tau
 * (buffer nbuf-2, a column) and T (buffer nbuf-1). */
static hetla_status larft_run(const hetla_exec *x, void (*build)(const hetla__panel *p, const hetla_zcomplex *tau,
                                                                 hetla_zcomplex *T, hetla_int ldt))
{
    const hetla_buffer *tau = &x->buf[x->nbuf - 2], *T = &x->buf[x->nbuf - 1];
    hetla__panel p;
    hetla_status s = hetla__panel_open(x->buf, x->nbuf - 2, sizeof(hetla_zcomplex), &p);
    if (s)
        return s;
    build(&p, tau->ptr, T->ptr, (hetla_int)T->ld);
    hetla__panel_close(x->buf, x->nbuf - 2, sizeof(hetla_zcomplex), &p, 0);
    return HETLA_SUCCESS;
}

static void build_generic(const hetla__panel *p, const hetla_zcomplex *tau, hetla_zcomplex *T, hetla_int ldt)
{
    hetla_int k = (hetla_int)(p->m < p->n ? p->m : p->n);
    for (hetla_int i = 0; i < k; i++)
        T[i + i * ldt] = tau[i];
    larft_generic((hetla_int)p->m, k, p->ptr, (hetla_int)p->ld, T, ldt);
}

static void build_openblas(const hetla__panel *p, const hetla_zcomplex *tau, hetla_zcomplex *T, hetla_int ldt)
{
    lapack_int k = (lapack_int)(p->m < p->n ? p->m : p->n);
    LAPACKE_zlarft_work(LAPACK_COL_MAJOR, 'F', 'C', (lapack_int)p->m, k, p->ptr, (lapack_int)p->ld, tau, T, ldt);
}

static hetla_status zlarft_generic(const hetla_exec *x) { return larft_run(x, build_generic); }
static hetla_status zlarft_openblas(const hetla_exec *x) { return larft_run(x, build_openblas); }

static hetla__flops zlarft_flops(const hetla_exec *x)
{
    hetla__flops m, n;
    panel_shape(x, x->nbuf - 2, &m, &n);
    hetla__flops k = m < n ? m : n;
    return hetla__fma_flops(&x->buf[0]) * k * k * m / 2;
}

hetla_status hetla__zlarft_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zlarft", zlarft_generic, zlarft_openblas, NULL, zlarft_flops);
}
