/* The "zgemm" operation: C := alpha op(A) op(B) + beta C on three data
 * handles, in every kernel class that has it.
 * @precisions normal z -> s d c
 */
/* OpenBLAS's cblas.h first: blis.h carries its own CBLAS under the same
 * include guard, with other types. */
#include <cblas.h>
#include <blis.h>

#include "kernels/blas/level3.h"
#include "kernels/generic/generic.h"

#define COMPLEX

static hetla_status zgemm_generic(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla__generic_zgemm(a.transa, a.transb, (hetla_int)C->m, (hetla_int)C->n, hetla__gemm_k(&a, A),
                         (hetla_zcomplex)a.alpha, A->ptr, (hetla_int)A->ld, B->ptr, (hetla_int)B->ld,
                         (hetla_zcomplex)a.beta, C->ptr, (hetla_int)C->ld);
    return HETLA_SUCCESS;
}

static hetla_status zgemm_openblas(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
#ifdef COMPLEX
    hetla_zcomplex alpha = a.alpha, beta = a.beta;
    cblas_zgemm(CblasColMajor, (CBLAS_TRANSPOSE)a.transa, (CBLAS_TRANSPOSE)a.transb, (blasint)C->m, (blasint)C->n,
                (blasint)hetla__gemm_k(&a, A), &alpha, A->ptr, (blasint)A->ld, B->ptr, (blasint)B->ld, &beta, C->ptr,
                (blasint)C->ld);
#else
    cblas_zgemm(CblasColMajor, (CBLAS_TRANSPOSE)a.transa, (CBLAS_TRANSPOSE)a.transb, (blasint)C->m, (blasint)C->n,
                (blasint)hetla__gemm_k(&a, A), (hetla_zcomplex)a.alpha, A->ptr, (blasint)A->ld, B->ptr,
                (blasint)B->ld, (hetla_zcomplex)a.beta, C->ptr, (blasint)C->ld);
#endif
    return HETLA_SUCCESS;
}

static hetla_status zgemm_blis(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla_zcomplex alpha = (hetla_zcomplex)a.alpha, beta = (hetla_zcomplex)a.beta;
    bli_zgemm(hetla__blis_trans(a.transa), hetla__blis_trans(a.transb), (dim_t)C->m, (dim_t)C->n,
              (dim_t)hetla__gemm_k(&a, A), (dcomplex *)&alpha, A->ptr, 1, (inc_t)A->ld, B->ptr, 1, (inc_t)B->ld,
              (dcomplex *)&beta, C->ptr, 1, (inc_t)C->ld);
    return HETLA_SUCCESS;
}

static hetla__flops zgemm_flops(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
#ifdef COMPLEX
    const hetla__flops per_fma = 8;
#else
    const hetla__flops per_fma = 2;
#endif
    return per_fma * (hetla__flops)x->buf[2].m * (hetla__flops)x->buf[2].n * (hetla__flops)hetla__gemm_k(&a, &x->buf[0]);
}

hetla_status hetla__zgemm_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zgemm", zgemm_generic, zgemm_openblas, zgemm_blis, zgemm_flops);
}

/* ---- the synchronous call ---------------------------------------------- */

static hetla_status zgemm_check(hetla_context *ctx, hetla_layout layout, hetla_trans transa, hetla_trans transb,
                                hetla_int m, hetla_int n, hetla_int k, const hetla_zcomplex *A, hetla_int lda,
                                const hetla_zcomplex *B, hetla_int ldb, const hetla_zcomplex *C, hetla_int ldc)
{
    static const char fn[] = "hetla_zgemm";
    int col = layout == HETLA_COL_MAJOR;
    hetla_int arows = (transa == HETLA_NO_TRANS) == col ? m : k;
    hetla_int brows = (transb == HETLA_NO_TRANS) == col ? k : n;
    hetla_int crows = col ? m : n;
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!hetla__layout_ok(layout))
        return hetla__arg_error(fn, 2, "layout", "is %d, not a hetla_layout", (int)layout);
    if (!hetla__trans_ok(transa))
        return hetla__arg_error(fn, 3, "transa", "is %d, not a hetla_trans", (int)transa);
    if (!hetla__trans_ok(transb))
        return hetla__arg_error(fn, 4, "transb", "is %d, not a hetla_trans", (int)transb);
    if (m < 0)
        return hetla__arg_error(fn, 5, "m", "is %lld, must be >= 0", (long long)m);
    if (n < 0)
        return hetla__arg_error(fn, 6, "n", "is %lld, must be >= 0", (long long)n);
    if (k < 0)
        return hetla__arg_error(fn, 7, "k", "is %lld, must be >= 0", (long long)k);
    if (lda < hetla__max1(arows))
        return hetla__arg_error(fn, 10, "lda", "is %lld, must be >= %lld", (long long)lda,
                                (long long)hetla__max1(arows));
    if (ldb < hetla__max1(brows))
        return hetla__arg_error(fn, 12, "ldb", "is %lld, must be >= %lld", (long long)ldb,
                                (long long)hetla__max1(brows));
    if (ldc < hetla__max1(crows))
        return hetla__arg_error(fn, 15, "ldc", "is %lld, must be >= %lld", (long long)ldc,
                                (long long)hetla__max1(crows));
    if (!A && m > 0 && k > 0)
        return hetla__arg_error(fn, 9, "A", "is NULL");
    if (!B && n > 0 && k > 0)
        return hetla__arg_error(fn, 11, "B", "is NULL");
    if (!C && m > 0 && n > 0)
        return hetla__arg_error(fn, 14, "C", "is NULL");
    return HETLA_SUCCESS;
}

/* A large product on the tiles of the caller's matrices, over all workers. */
static hetla_status zgemm_tiled_call(hetla_context *ctx, hetla_trans transa, hetla_trans transb, hetla_int m,
                                     hetla_int n, hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A,
                                     hetla_int lda, const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                                     hetla_zcomplex *C, hetla_int ldc)
{
    size_t nb = hetla__blas_tile(ctx);
    int ta = transa != HETLA_NO_TRANS, tb = transb != HETLA_NO_TRANS;
    hetla_tiled *a = NULL, *b = NULL, *c = NULL;
    hetla_sequence *seq = NULL;
    hetla_status s = hetla_tiled_create(ctx, (void *)A, (size_t)(ta ? k : m), (size_t)(ta ? m : k), (size_t)lda, nb,
                                        nb, HETLA_ZCOMPLEX, &a);
    if (!s)
        s = hetla_tiled_create(ctx, (void *)B, (size_t)(tb ? n : k), (size_t)(tb ? k : n), (size_t)ldb, nb, nb,
                               HETLA_ZCOMPLEX, &b);
    if (!s)
        s = hetla_tiled_create(ctx, C, (size_t)m, (size_t)n, (size_t)ldc, nb, nb, HETLA_ZCOMPLEX, &c);
    if (!s)
        s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_zgemm_tiled(transa, transb, alpha, a, b, beta, c, seq);
    hetla_status w = seq ? hetla_sequence_destroy(seq) : HETLA_SUCCESS;
    hetla_tiled *all[] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (all[i]) {
            hetla_status d = hetla_tiled_destroy(all[i]);
            w = w ? w : d;
        }
    return s ? s : w;
}

hetla_status hetla_zgemm(hetla_context *ctx, hetla_layout layout, hetla_trans transa, hetla_trans transb,
                         hetla_int m, hetla_int n, hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A,
                         hetla_int lda, const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                         hetla_zcomplex *C, hetla_int ldc)
{
    hetla_status s = zgemm_check(ctx, layout, transa, transb, m, n, k, A, lda, B, ldb, C, ldc);
    if (s || m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return s;
    if (layout == HETLA_ROW_MAJOR) { /* C^T = op(B)^T op(A)^T, all column-major */
        hetla_trans t = transa;
        const hetla_zcomplex *p = A;
        hetla_int i = m, l = lda;
        transa = transb, transb = t, A = B, B = p, m = n, n = i, lda = ldb, ldb = l;
    }
    if (alpha == 0 || k == 0) { /* C := beta C, A and B not read (they may hold NaN) */
        hetla__scale_args sa = {beta};
        hetla__operand c = {C, (size_t)m, (size_t)n, (size_t)ldc, HETLA_ZCOMPLEX, beta == 0 ? HETLA_W : HETLA_RW};
        return hetla__blas_run(ctx, "zgescal", &c, 1, &sa, sizeof sa, 1);
    }
    if (hetla__blas_tiled_pays(ctx, "zgemm", (double)m * (double)n * (double)k))
        return zgemm_tiled_call(ctx, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
    int ta = transa != HETLA_NO_TRANS, tb = transb != HETLA_NO_TRANS;
    hetla__operand ops[3] = {
        {(void *)A, (size_t)(ta ? k : m), (size_t)(ta ? m : k), (size_t)lda, HETLA_ZCOMPLEX, HETLA_R},
        {(void *)B, (size_t)(tb ? n : k), (size_t)(tb ? k : n), (size_t)ldb, HETLA_ZCOMPLEX, HETLA_R},
        {C, (size_t)m, (size_t)n, (size_t)ldc, HETLA_ZCOMPLEX, beta == 0 ? HETLA_W : HETLA_RW}};
    hetla__gemm_args args = {transa, transb, alpha, beta};
    return hetla__blas_run(ctx, "zgemm", ops, 3, &args, sizeof args, 1);
}

/* ---- the task form ------------------------------------------------------ */

hetla_status hetla_zgemm_task(hetla_context *ctx, const hetla_task_opts *opts, hetla_trans transa,
                              hetla_trans transb, hetla_zcomplex alpha, hetla_data *A, hetla_data *B,
                              hetla_zcomplex beta, hetla_data *C)
{
    static const char fn[] = "hetla_zgemm_task";
    hetla__shape a, b, c;
    hetla_status s = hetla__shape_get(fn, 6, "A", A, HETLA_ZCOMPLEX, &a);
    if (!s)
        s = hetla__shape_get(fn, 7, "B", B, HETLA_ZCOMPLEX, &b);
    if (!s)
        s = hetla__shape_get(fn, 9, "C", C, HETLA_ZCOMPLEX, &c);
    if (s)
        return s;
    if (!hetla__trans_ok(transa))
        return hetla__arg_error(fn, 3, "transa", "is %d, not a hetla_trans", (int)transa);
    if (!hetla__trans_ok(transb))
        return hetla__arg_error(fn, 4, "transb", "is %d, not a hetla_trans", (int)transb);
    int ta = transa != HETLA_NO_TRANS, tb = transb != HETLA_NO_TRANS;
    size_t am = ta ? a.n : a.m, ak = ta ? a.m : a.n, bk = tb ? b.n : b.m, bn = tb ? b.m : b.n;
    if (am != c.m || bn != c.n || ak != bk)
        return hetla__arg_error(fn, 7, "B", "gives op(A) %zu x %zu, op(B) %zu x %zu, C %zu x %zu: not conformal", am,
                                ak, bk, bn, c.m, c.n);
    if (alpha == 0 || ak == 0) /* C := beta C: A and B are not read, as BLAS says */
        return hetla_zgescal_task(ctx, opts, beta, C);
    hetla__gemm_args args = {transa, transb, alpha, beta};
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, beta == 0 ? HETLA_W : HETLA_RW}};
    return hetla__blas_task(ctx, opts, "zgemm", data, 3, &args, sizeof args);
}
