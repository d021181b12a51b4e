/* The two steps of applying a panel's Q = I - V T V^H that involve the
 * panel's diagonal tile (lapack.h): "zlarfb_w" (W := V^H C or C V) and
 * "zlarfb_c" (C -= V W or W V^H), V the unit lower trapezoidal part of
 * the tile; the other steps are GEMMs and a TRMM on whole tiles.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>
#include <complex.h>

#include "kernels/lapack/lapack.h"

/* The reflector part of the diagonal tile: mv x k, k = min(mv, columns). */
typedef struct vtile {
    const hetla_zcomplex *p;
    hetla_int m, k, ld;
} vtile;

static vtile vtile_of(const hetla_buffer *b)
{
    hetla_int m = (hetla_int)b->m, n = (hetla_int)b->n;
    return (vtile){b->ptr, m, m < n ? m : n, (hetla_int)b->ld};
}

/* The entry (r, l) of V, r >= l: 1 on the diagonal. */
static hetla_zcomplex v_at(const vtile *v, hetla_int r, hetla_int l) { return r == l ? 1 : v->p[r + l * v->ld]; }

/* W := V^H C (left; C mv x n, W k x n) or C V (right; C m x mv, W m x k). */
static hetla_status zlarfb_w_generic(const hetla_exec *x)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla_buffer *C = &x->buf[1], *W = &x->buf[2];
    const hetla_zcomplex *c = C->ptr;
    hetla_zcomplex *w = W->ptr;
    hetla_int ldc = (hetla_int)C->ld, ldw = (hetla_int)W->ld;
    if (a.side == HETLA_LEFT) {
        for (hetla_int j = 0; j < (hetla_int)C->n; j++)
            for (hetla_int l = 0; l < v.k; l++) {
                hetla_zcomplex s = 0;
                for (hetla_int r = l; r < v.m; r++)
                    s += conj(v_at(&v, r, l)) * c[r + j * ldc];
                w[l + j * ldw] = s;
            }
        return HETLA_SUCCESS;
    }
    for (hetla_int l = 0; l < v.k; l++) {
        for (hetla_int i = 0; i < (hetla_int)C->m; i++)
            w[i + l * ldw] = 0;
        for (hetla_int r = l; r < v.m; r++) {
            hetla_zcomplex t = v_at(&v, r, l);
            for (hetla_int i = 0; i < (hetla_int)C->m; i++)
                w[i + l * ldw] += c[i + r * ldc] * t;
        }
    }
    return HETLA_SUCCESS;
}

/* C -= V W (left) or W V^H (right). */
static hetla_status zlarfb_c_generic(const hetla_exec *x)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla_buffer *W = &x->buf[1], *C = &x->buf[2];
    const hetla_zcomplex *w = W->ptr;
    hetla_zcomplex *c = C->ptr;
    hetla_int ldc = (hetla_int)C->ld, ldw = (hetla_int)W->ld;
    if (a.side == HETLA_LEFT) {
        for (hetla_int j = 0; j < (hetla_int)C->n; j++)
            for (hetla_int l = 0; l < v.k; l++) {
                hetla_zcomplex t = w[l + j * ldw];
                for (hetla_int r = l; r < v.m; r++)
                    c[r + j * ldc] -= v_at(&v, r, l) * t;
            }
        return HETLA_SUCCESS;
    }
    for (hetla_int l = 0; l < v.k; l++)
        for (hetla_int r = l; r < v.m; r++) {
            hetla_zcomplex t = conj(v_at(&v, r, l));
            for (hetla_int i = 0; i < (hetla_int)C->m; i++)
                c[i + r * ldc] -= w[i + l * ldw] * t;
        }
    return HETLA_SUCCESS;
}

/* dst := src, m x n. */
static void copy(hetla_int m, hetla_int n, const hetla_zcomplex *src, hetla_int lds, hetla_zcomplex *dst, hetla_int ldd)
{
    for (hetla_int j = 0; j < n; j++)
        memcpy(dst + j * ldd, src + j * lds, (size_t)m * sizeof *dst);
}

/* As LAPACK's larfb: the triangle V1 (k x k) by TRMM, the rectangle V2
 * below it by GEMM. */
static hetla_status zlarfb_w_openblas(const hetla_exec *x)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla_buffer *C = &x->buf[1], *W = &x->buf[2];
    const hetla_zcomplex one = 1, *c = C->ptr;
    hetla_zcomplex *w = W->ptr;
    blasint ldc = (blasint)C->ld, ldw = (blasint)W->ld, ldv = (blasint)v.ld, k = (blasint)v.k,
            m2 = (blasint)(v.m - v.k);
    if (a.side == HETLA_LEFT) { /* W = V1^H C1 + V2^H C2 */
        blasint n = (blasint)C->n;
        copy(k, n, c, ldc, w, ldw);
        cblas_ztrmm(CblasColMajor, CblasLeft, CblasLower, CblasConjTrans, CblasUnit, k, n, HETLA__CBLAS_SCALAR(one),
                    v.p, ldv, w, ldw);
        if (m2 > 0)
            cblas_zgemm(CblasColMajor, CblasConjTrans, CblasNoTrans, k, n, m2, HETLA__CBLAS_SCALAR(one), v.p + k, ldv,
                        c + k, ldc, HETLA__CBLAS_SCALAR(one), w, ldw);
        return HETLA_SUCCESS;
    }
    blasint m = (blasint)C->m; /* W = C1 V1 + C2 V2 */
    copy(m, k, c, ldc, w, ldw);
    cblas_ztrmm(CblasColMajor, CblasRight, CblasLower, CblasNoTrans, CblasUnit, m, k, HETLA__CBLAS_SCALAR(one), v.p,
                ldv, w, ldw);
    if (m2 > 0)
        cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, k, m2, HETLA__CBLAS_SCALAR(one), c + k * ldc, ldc,
                    v.p + k, ldv, HETLA__CBLAS_SCALAR(one), w, ldw);
    return HETLA_SUCCESS;
}

/* C2 -= V2 W by GEMM; C1 -= V1 W through the scratch S := V1 W (TRMM
 * works in place, and W is still read by other tasks). */
static hetla_status zlarfb_c_openblas(const hetla_exec *x)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla_buffer *W = &x->buf[1], *C = &x->buf[2], *S = &x->buf[3];
    const hetla_zcomplex one = 1, minus = -1, *w = W->ptr;
    hetla_zcomplex *c = C->ptr, *s = S->ptr;
    blasint ldc = (blasint)C->ld, ldw = (blasint)W->ld, lds = (blasint)S->ld, ldv = (blasint)v.ld, k = (blasint)v.k,
            m2 = (blasint)(v.m - v.k);
    if (a.side == HETLA_LEFT) { /* C1 -= V1 W, C2 -= V2 W */
        blasint n = (blasint)C->n;
        copy(k, n, w, ldw, s, lds);
        cblas_ztrmm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, k, n, HETLA__CBLAS_SCALAR(one), v.p,
                    ldv, s, lds);
        for (blasint j = 0; j < n; j++)
            for (blasint i = 0; i < k; i++)
                c[i + j * ldc] -= s[i + j * lds];
        if (m2 > 0)
            cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m2, n, k, HETLA__CBLAS_SCALAR(minus), v.p + k, ldv,
                        w, ldw, HETLA__CBLAS_SCALAR(one), c + k, ldc);
        return HETLA_SUCCESS;
    }
    blasint m = (blasint)C->m; /* C1 -= W V1^H, C2 -= W V2^H */
    copy(m, k, w, ldw, s, lds);
    cblas_ztrmm(CblasColMajor, CblasRight, CblasLower, CblasConjTrans, CblasUnit, m, k, HETLA__CBLAS_SCALAR(one), v.p,
                ldv, s, lds);
    for (blasint j = 0; j < k; j++)
        for (blasint i = 0; i < m; i++)
            c[i + j * ldc] -= s[i + j * lds];
    if (m2 > 0)
        cblas_zgemm(CblasColMajor, CblasNoTrans, CblasConjTrans, m, m2, k, HETLA__CBLAS_SCALAR(minus), w, ldw, v.p + k,
                    ldv, HETLA__CBLAS_SCALAR(one), c + k * ldc, ldc);
    return HETLA_SUCCESS;
}

/* k (mv - k/2) multiply-adds per column (left) or row (right) of C. */
static hetla__flops larfb_flops(const hetla_exec *x, const hetla_buffer *C)
{
    hetla__larfb_args a;
    HETLA__ARGS(x, a);
    vtile v = vtile_of(&x->buf[0]);
    const hetla__flops per_fma = hetla__fma_flops(C);
    hetla__flops other = (hetla__flops)(a.side == HETLA_LEFT ? C->n : C->m);
    return per_fma * other * (hetla__flops)v.k * ((hetla__flops)v.m - (hetla__flops)v.k / 2);
}

static hetla__flops zlarfb_w_flops(const hetla_exec *x) { return larfb_flops(x, &x->buf[1]); }
static hetla__flops zlarfb_c_flops(const hetla_exec *x) { return larfb_flops(x, &x->buf[2]); }

hetla_status hetla__zlarfb_w_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zlarfb_w", zlarfb_w_generic, zlarfb_w_openblas, NULL, zlarfb_w_flops);
}

hetla_status hetla__zlarfb_c_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zlarfb_c", zlarfb_c_generic, zlarfb_c_openblas, NULL, zlarfb_c_flops);
}
