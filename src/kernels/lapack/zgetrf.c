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

#include "kernels/generic/generic.h"
#include "kernels/lapack/lapack.h"

/* LAPACK's pivot measure: |re| + |im| (i?amax), |x| for real data. */
#ifdef COMPLEX
static double abs1(hetla_zcomplex v) { return fabs(creal(v)) + fabs(cimag(v)); }
#else
static double abs1(hetla_zcomplex v) { return fabs(v); }
#endif

/* Swaps rows i and p over the n columns of A. */
static void swap_rows(hetla_int n, hetla_zcomplex *A, hetla_int lda, hetla_int i, hetla_int p)
{
    for (hetla_int c = 0; c < n; c++) {
        hetla_zcomplex t = A[i + c * lda];
        A[i + c * lda] = A[p + c * lda];
        A[p + c * lda] = t;
    }
}

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
                swap_rows(n, A, lda, j, p);
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


/* ---- panels in narrow steps ------------------------------------------------------
 *
 * One step of a panel split into narrow column blocks, so that the panel's
 * critical path is a chain of narrow factorizations while the updates of
 * its rows below the first tile run as parallel tasks ("zgetrf_update").
 * The step does, on the panel P (buffers 0 .. nbuf-1, rows from the
 * diagonal down) and its columns c0 .. c0+w-1: LU with partial pivoting of
 * P[c0:, c0:c0+w], the interchanges on P's other columns, U12 := L11^-1
 * A12 on the block's rows right of it, and the update of the rest of the
 * first tile. What a class brings: */
typedef struct sub_ops {
    hetla_int (*getrf)(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda, hetla_int *ipiv);
    void (*trsm)(hetla_int m, hetla_int n, const hetla_zcomplex *L, hetla_int ldl, hetla_zcomplex *B, hetla_int ldb);
    /* C -= A B */
    void (*gemm)(hetla_int m, hetla_int n, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                 const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex *C, hetla_int ldc);
} sub_ops;

static hetla_status getrf_sub_run(const hetla_exec *x, const sub_ops *ops)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    hetla__panel p;
    hetla_status s = hetla__panel_open(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p);
    if (s)
        return s;
    hetla_zcomplex *P = p.ptr;
    hetla_int ld = (hetla_int)p.ld, M = (hetla_int)p.m, N = (hetla_int)p.n, c0 = a.col0;
    hetla_int w = a.width, kw = M - c0 < w ? M - c0 : w, right = N - c0 - w, m0 = (hetla_int)x->buf[0].m;
    hetla_int *piv = a.ipiv + a.offset + c0;
    hetla_int r = ops->getrf(M - c0, w, P + c0 + c0 * ld, ld, piv);
    for (hetla_int i = 0; i < kw; i++) {
        hetla_int q = c0 + piv[i]; /* 0-based panel row */
        if (q != c0 + i) {
            swap_rows(c0, P, ld, c0 + i, q);
            swap_rows(right, P + (c0 + w) * ld, ld, c0 + i, q);
        }
        piv[i] = a.offset + q + 1;
    }
    if (right > 0 && kw > 0) {
        hetla_zcomplex *U12 = P + c0 + (c0 + w) * ld;
        ops->trsm(kw, right, P + c0 + c0 * ld, ld, U12, ld);
        if (m0 > c0 + kw)
            ops->gemm(m0 - c0 - kw, right, kw, P + c0 + kw + c0 * ld, ld, U12, ld, U12 + kw, ld);
    }
    hetla__panel_close(x->buf, x->nbuf, sizeof(hetla_zcomplex), &p, 1);
    return getrf_done(&a, r ? r + c0 : 0);
}

static void sub_trsm_generic(hetla_int m, hetla_int n, const hetla_zcomplex *L, hetla_int ldl, hetla_zcomplex *B,
                             hetla_int ldb)
{
    hetla__generic_ztrsm(HETLA_LEFT, HETLA_LOWER, HETLA_NO_TRANS, HETLA_UNIT, m, n, 1, L, ldl, B, ldb);
}

static void sub_gemm_generic(hetla_int m, hetla_int n, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                             const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex *C, hetla_int ldc)
{
    hetla__generic_zgemm(HETLA_NO_TRANS, HETLA_NO_TRANS, m, n, k, -1, A, lda, B, ldb, 1, C, ldc);
}

/* LAPACK's recursive getrf; its 1-based pivots made 0-based. */
static hetla_int sub_getrf_openblas(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda, hetla_int *ipiv)
{
    hetla_int k = m < n ? m : n;
    lapack_int piv[HETLA__LU_STEP];
    lapack_int r = LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, (lapack_int)m, (lapack_int)n, A, (lapack_int)lda, piv);
    for (hetla_int i = 0; i < k; i++)
        ipiv[i] = piv[i] - 1;
    return r;
}

static void sub_trsm_openblas(hetla_int m, hetla_int n, const hetla_zcomplex *L, hetla_int ldl, hetla_zcomplex *B,
                              hetla_int ldb)
{
    const hetla_zcomplex one = 1;
    cblas_ztrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, (blasint)m, (blasint)n,
                HETLA__CBLAS_SCALAR(one), L, (blasint)ldl, B, (blasint)ldb);
}

static void sub_gemm_openblas(hetla_int m, hetla_int n, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                              const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex *C, hetla_int ldc)
{
    const hetla_zcomplex one = 1, minus = -1;
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (blasint)m, (blasint)n, (blasint)k,
                HETLA__CBLAS_SCALAR(minus), A, (blasint)lda, B, (blasint)ldb, HETLA__CBLAS_SCALAR(one), C,
                (blasint)ldc);
}

static const sub_ops generic_ops = {getrf_generic, sub_trsm_generic, sub_gemm_generic};
static const sub_ops openblas_ops = {sub_getrf_openblas, sub_trsm_openblas, sub_gemm_openblas};

static hetla_status zgetrf_step_generic(const hetla_exec *x) { return getrf_sub_run(x, &generic_ops); }
static hetla_status zgetrf_step_openblas(const hetla_exec *x) { return getrf_sub_run(x, &openblas_ops); }

/* "zgetrf_update": a tile below the panel's first (buffer 0) takes the
 * step's update A[:, c0+w:] -= A[:, c0:c0+w] U12, U12 in the first tile
 * (buffer 1). */
static hetla_status update_run(const hetla_exec *x, const sub_ops *ops)
{
    hetla__getrf_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *T = &x->buf[0], *F = &x->buf[1];
    hetla_int c0 = a.col0, w = a.width, right = (hetla_int)T->n - c0 - w;
    hetla_int ldt = (hetla_int)T->ld, ldf = (hetla_int)F->ld;
    hetla_int kw = (hetla_int)F->m - c0 < w ? (hetla_int)F->m - c0 : w;
    if (right > 0 && kw > 0)
        ops->gemm((hetla_int)T->m, right, kw, (hetla_zcomplex *)T->ptr + c0 * ldt, ldt,
                  (hetla_zcomplex *)F->ptr + c0 + (c0 + w) * ldf, ldf, (hetla_zcomplex *)T->ptr + (c0 + w) * ldt, ldt);
    return HETLA_SUCCESS;
}

static hetla_status zgetrf_update_generic(const hetla_exec *x) { return update_run(x, &generic_ops); }
static hetla_status zgetrf_update_openblas(const hetla_exec *x) { return update_run(x, &openblas_ops); }

hetla_status hetla__zgetrf_register(hetla_context *ctx)
{
    hetla_status s = hetla__cpu_register(ctx, "zgetrf", zgetrf_generic, zgetrf_openblas, NULL, hetla__getrf_flops);
    if (!s)
        s = hetla__cpu_register(ctx, "zgetrf_step", zgetrf_step_generic, zgetrf_step_openblas, NULL, NULL);
    if (!s)
        s = hetla__cpu_register(ctx, "zgetrf_update", zgetrf_update_generic, zgetrf_update_openblas, NULL, NULL);
    return s;
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
