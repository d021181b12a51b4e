/* The LU tile operations: "zgetrf" (a panel, partial pivoting) and
 * "zgetrf_nopiv" (a tile, no pivoting), in every CPU class that has them.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <cblas.h>
#include <complex.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>

#include "kernels/lapack/lapack.h"

/* LAPACK's pivot measure: |re| + |im| (i?amax), |x| for real data. */
#ifdef COMPLEX
static double abs1(hetla_zcomplex v) { return fabs(creal(v)) + fabs(cimag(v)); }
#else
static double abs1(hetla_zcomplex v) { return fabs(v); }
#endif

/* Right-looking unblocked LU of the m x n A, with partial pivoting if
 * @p ipiv (0-based rows into ipiv[0 .. min(m,n)-1]); @return 0 or the
 * 1-based column of the first zero pivot. A zero pivot leaves its column
 * unscaled, as LAPACK's getf2. */
static hetla_int getrf_generic(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda, hetla_int *ipiv)
{
    hetla_int info = 0, k = m < n ? m : n;
    for (hetla_int j = 0; j < k; j++) {
        hetla_int p = j;
        if (ipiv) {
            for (hetla_int i = j + 1; i < m; i++)
                if (abs1(A[i + j * lda]) > abs1(A[p + j * lda]))
                    p = i;
            ipiv[j] = p;
            if (p != j)
                for (hetla_int c = 0; c < n; c++) {
                    hetla_zcomplex t = A[j + c * lda];
                    A[j + c * lda] = A[p + c * lda];
                    A[p + c * lda] = t;
                }
        }
        hetla_zcomplex d = A[j + j * lda];
        if (d == 0) {
            if (!info)
                info = j + 1;
            continue;
        }
        for (hetla_int i = j + 1; i < m; i++)
            A[i + j * lda] /= d;
        for (hetla_int c = j + 1; c < n; c++) {
            hetla_zcomplex t = A[j + c * lda];
            for (hetla_int i = j + 1; i < m; i++)
                A[i + c * lda] -= A[i + j * lda] * t;
        }
    }
    return info;
}

static hetla_status getrf_done(const hetla__getrf_args *a, hetla_int r)
{
    if (r)
        hetla__info_set(a->info, a->offset + r);
    return HETLA_SUCCESS;
}

/* ---- panels with partial pivoting ------------------------------------------- */

static hetla_status zgetrf_generic(const hetla_exec *x)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    hetla__panel p;
    hetla_status s = hetla__panel_open(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p);
    if (s)
        return s;
    hetla_int k = (hetla_int)(p.m < p.n ? p.m : p.n), *piv = a.ipiv + a.offset;
    hetla_int r = getrf_generic((hetla_int)p.m, (hetla_int)p.n, p.ptr, (hetla_int)p.ld, piv);
    for (hetla_int i = 0; i < k; i++)
        piv[i] += a.offset + 1;
    hetla__panel_close(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p, 1);
    return getrf_done(&a, r);
}

static hetla_status zgetrf_openblas(const hetla_exec *x)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    hetla__panel p;
    hetla_status s = hetla__panel_open(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p);
    if (s)
        return s;
    hetla_int k = (hetla_int)(p.m < p.n ? p.m : p.n);
    lapack_int *piv = malloc((size_t)(k ? k : 1) * sizeof *piv);
    if (!piv) {
        hetla__panel_close(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p, 0);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "zgetrf: out of memory");
    }
    lapack_int r = LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, (lapack_int)p.m, (lapack_int)p.n, p.ptr,
                                       (lapack_int)p.ld, piv);
    for (hetla_int i = 0; i < k; i++)
        a.ipiv[a.offset + i] = a.offset + piv[i];
    free(piv);
    hetla__panel_close(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p, 1);
    return getrf_done(&a, r);
}

hetla_status hetla__zgetrf_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgetrf", zgetrf_generic, zgetrf_openblas, NULL, hetla__getrf_flops);
}

/* ---- tiles without pivoting --------------------------------------------------- */

static hetla_status zgetrf_nopiv_generic(const hetla_exec *x)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    return getrf_done(&a, getrf_generic((hetla_int)A->m, (hetla_int)A->n, A->ptr, (hetla_int)A->ld, NULL));
}

/* Recursive LU without pivoting (the columns split in halves; TRSM and
 * GEMM on the halves), level 3 down to narrow panels. */
static hetla_int getrf_nopiv_recursive(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda)
{
    hetla_int k = m < n ? m : n;
    if (k <= 16)
        return getrf_generic(m, n, A, lda, NULL);
    hetla_int n1 = k / 2, n2 = n - n1;
    const hetla_zcomplex one = 1, minus = -1;
    hetla_int info = getrf_nopiv_recursive(m, n1, A, lda);
    hetla_zcomplex *A12 = A + n1 * lda, *A21 = A + n1, *A22 = A12 + n1;
    cblas_ztrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, (blasint)n1, (blasint)n2,
                HETLA__CBLAS_SCALAR(one), A, (blasint)lda, A12, (blasint)lda);
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (blasint)(m - n1), (blasint)n2, (blasint)n1,
                HETLA__CBLAS_SCALAR(minus), A21, (blasint)lda, A12, (blasint)lda, HETLA__CBLAS_SCALAR(one), A22,
                (blasint)lda);
    hetla_int r = getrf_nopiv_recursive(m - n1, n2, A22, lda);
    return info ? info : r ? r + n1 : 0;
}

static hetla_status zgetrf_nopiv_openblas(const hetla_exec *x)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0];
    return getrf_done(&a, getrf_nopiv_recursive((hetla_int)A->m, (hetla_int)A->n, A->ptr, (hetla_int)A->ld));
}

hetla_status hetla__zgetrf_nopiv_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgetrf_nopiv", zgetrf_nopiv_generic, zgetrf_nopiv_openblas, NULL,
                               hetla__getrf_flops);
}
