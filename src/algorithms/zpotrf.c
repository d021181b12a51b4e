/* Cholesky: the tiled factorization and solves, and the synchronous calls
 * on the caller's matrices.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "algorithms/algorithms.h"
#include "kernels/lapack/lapack.h"

/* The kernels of one factorization, and where its tasks go. With
 * @p trtri (inverse_kernels) the panel's solves multiply by the inverse of
 * the diagonal tile, made once per panel into inv[k % 2] (two, so that a
 * panel's inverse need not wait for the last solve of the panel before). */
typedef struct potrf_job {
    hetla_context *ctx;
    hetla_sequence *seq;
    hetla_kernel *potrf, *trsm, *herk, *gemm, *trtri, *trmm;
    hetla_data *inv[2];
    size_t nt;
} potrf_job;

/* B := B L^-H (lower, right) or U^-H B (upper, left), L or U the factor's
 * diagonal tile @p L, or what @p Linv holds, its inverse. */
static hetla_status solve_tile(const potrf_job *j, hetla_uplo uplo, hetla_data *L, hetla_data *Linv, hetla_data *B,
                               int prio)
{
    hetla_side side = uplo == HETLA_LOWER ? HETLA_RIGHT : HETLA_LEFT;
    hetla__trxm_args args = {side, uplo, HETLA_CONJ_TRANS, HETLA_NON_UNIT, 1};
    hetla_task_arg data[2] = {{Linv ? Linv : L, HETLA_R}, {B, HETLA_RW}};
    return hetla__put(j->ctx, j->seq, Linv ? j->trmm : j->trsm, data, 2, &args, sizeof args, prio);
}

/* The inverse of the diagonal tile @p L into the workspace of step @p k. */
static hetla_status inverse_tile(potrf_job *j, hetla_uplo uplo, hetla_data *L, size_t k, size_t nb)
{
    hetla_data **w = &j->inv[k % 2];
    hetla_status s = *w ? HETLA_SUCCESS : hetla_data_create(j->ctx, nb, nb, HETLA_ZCOMPLEX, w);
    hetla__trtri_args args = {uplo, HETLA_NON_UNIT};
    hetla_task_arg data[2] = {{L, HETLA_R}, {*w, HETLA_W}};
    return s ? s : hetla__put(j->ctx, j->seq, j->trtri, data, 2, &args, sizeof args, hetla__prio_panel(j->nt));
}

/* C -= op(A) op(A)^H on a diagonal tile. */
static hetla_status herk_tile(const potrf_job *j, hetla_uplo uplo, hetla_trans trans, hetla_data *A, hetla_data *C,
                              int prio)
{
    hetla__rank_args args = {uplo, trans, -1, 1};
    hetla_task_arg data[2] = {{A, HETLA_R}, {C, HETLA_RW}};
    return hetla__put(j->ctx, j->seq, j->herk, data, 2, &args, sizeof args, prio);
}

/* C -= op(A) op(B). */
static hetla_status gemm_tile(const potrf_job *j, hetla_trans ta, hetla_trans tb, hetla_data *A, hetla_data *B,
                              hetla_data *C, int prio)
{
    hetla__gemm_args args = {ta, tb, -1, 1};
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, HETLA_RW}};
    return hetla__put(j->ctx, j->seq, j->gemm, data, 3, &args, sizeof args, prio);
}

/* Step k of the right-looking factorization. Lower: L(k,k), the column
 * below it, then the trailing lower triangle; upper mirrors it on rows. */
static hetla_status potrf_step(potrf_job *j, hetla_uplo uplo, hetla_tiled *A, size_t k, hetla_int *info, size_t nb)
{
    size_t nt = j->nt;
    hetla__potrf_args pa = {uplo, (hetla_int)(k * nb), info};
    hetla_task_arg d[1] = {{hetla_tiled_tile(A, k, k), HETLA_RW}};
    hetla_status s = hetla__put(j->ctx, j->seq, j->potrf, d, 1, &pa, sizeof pa, hetla__prio_panel(nt));
    int lower = uplo == HETLA_LOWER;
    /* tile (p, q) of the stored triangle, p >= q: (p, q) lower, (q, p) upper */
#define T(p, q) (lower ? hetla_tiled_tile(A, p, q) : hetla_tiled_tile(A, q, p))
    hetla_data *Linv = NULL; /* every diagonal tile with tiles below it is nb x nb */
    if (!s && j->trtri && k + 1 < nt) {
        s = inverse_tile(j, uplo, T(k, k), k, nb);
        Linv = j->inv[k % 2];
    }
    for (size_t i = k + 1; i < nt && !s; i++)
        s = solve_tile(j, uplo, T(k, k), Linv, T(i, k), hetla__prio_panel(nt) - 1);
    for (size_t c = k + 1; c < nt && !s; c++) {
        int prio = hetla__prio_update(nt, k, c);
        s = herk_tile(j, uplo, lower ? HETLA_NO_TRANS : HETLA_CONJ_TRANS, T(c, k), T(c, c), prio);
        for (size_t i = c + 1; i < nt && !s; i++)
            s = lower ? gemm_tile(j, HETLA_NO_TRANS, HETLA_CONJ_TRANS, T(i, k), T(c, k), T(i, c), prio)
                      : gemm_tile(j, HETLA_CONJ_TRANS, HETLA_NO_TRANS, T(c, k), T(i, k), T(i, c), prio);
    }
#undef T
    return s;
}

/* The panel's solves by inverse where an accelerator of the context
 * inverts triangles ("ztrtri"), unless hetla_config.stable_solves: on an
 * H200 a 4096 tile's triangular solve took 2.8 ms as a task, its product
 * by the inverse ("ztrmm") 1.5 ms, and the inverse 0.7 ms, made once for
 * the whole panel. The error of such a solve grows with the condition
 * number of the diagonal tile, where a substitution's is backward stable,
 * as in the GPU libraries that solve by inverted diagonal blocks (MAGMA);
 * CPU-only runs keep substitution. (LU tried it too and kept its TRSMs:
 * two GPUs ran slower, and the residual grew.) */
static hetla_status inverse_kernels(potrf_job *j)
{
    hetla_kernel *trtri;
    hetla_status s = hetla_kernel_find(j->ctx, "ztrtri", &trtri);
    if (!s && !j->ctx->stable_solves && hetla__accelerators_for(j->ctx, trtri)) {
        j->trtri = trtri;
        s = hetla_kernel_find(j->ctx, "ztrmm", &j->trmm);
    }
    return s;
}

/* A square, in square tiles. */
static hetla_status square(const char *fn, int pos, const char *name, const hetla__tiles *a)
{
    if (a->m != a->n || a->mb != a->nb)
        return hetla__arg_error(fn, pos, name, "is %zu x %zu in %zu x %zu tiles, must be square in square tiles",
                                a->m, a->n, a->mb, a->nb);
    return HETLA_SUCCESS;
}

hetla_status hetla_zpotrf_tiled(hetla_uplo uplo, hetla_tiled *A, hetla_int *info, hetla_sequence *seq)
{
    static const char fn[] = "hetla_zpotrf_tiled";
    if (!hetla__uplo_ok(uplo))
        return hetla__arg_error(fn, 1, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    if (!info)
        return hetla__arg_error(fn, 3, "info", "is NULL");
    *info = 0;
    hetla__tiles a;
    hetla_status s = hetla__tiles_get(fn, 2, "A", A, HETLA_ZCOMPLEX, &a);
    if (!s)
        s = square(fn, 2, "A", &a);
    potrf_job j = {a.ctx, seq, .nt = a.nt};
    if (!s)
        s = hetla_kernel_find(a.ctx, "zpotrf", &j.potrf);
    if (!s)
        s = hetla_kernel_find(a.ctx, "ztrsm", &j.trsm);
    if (!s)
        s = hetla_kernel_find(a.ctx, "zherk", &j.herk);
    if (!s)
        s = hetla_kernel_find(a.ctx, "zgemm", &j.gemm);
    if (!s)
        s = inverse_kernels(&j);
    for (size_t k = 0; k < a.nt && !s; k++)
        s = potrf_step(&j, uplo, A, k, info, a.nb);
    for (int i = 0; i < 2; i++)
        if (j.inv[i])
            hetla__data_dispose(j.inv[i]);
    return s;
}

/* The solve's checks: A as for the factorization, B with A's row tiling. */
static hetla_status potrs_check(const char *fn, hetla_uplo uplo, hetla_tiled *A, hetla_tiled *B, int bpos)
{
    if (!hetla__uplo_ok(uplo))
        return hetla__arg_error(fn, 1, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    hetla__tiles a, b;
    hetla_status s = hetla__tiles_get(fn, 2, "A", A, HETLA_ZCOMPLEX, &a);
    if (!s)
        s = square(fn, 2, "A", &a);
    if (!s)
        s = hetla__tiles_get(fn, bpos, "B", B, HETLA_ZCOMPLEX, &b);
    if (!s && (b.m != a.n || b.mb != a.nb))
        return hetla__arg_error(fn, bpos, "B", "has %zu rows in tiles of %zu, A is %zu x %zu in tiles of %zu", b.m,
                                b.mb, a.m, a.n, a.nb);
    if (!s && b.ctx != a.ctx)
        return hetla__arg_error(fn, bpos, "B", "belongs to another context than A");
    return s;
}

/* A X = B: L (L^H X) = B or U^H (U X) = B, two block substitutions. */
static hetla_status potrs(hetla_uplo uplo, hetla_tiled *A, hetla_tiled *B, hetla_sequence *seq)
{
    int lower = uplo == HETLA_LOWER;
    hetla_status s = hetla_ztrsm_tiled(HETLA_LEFT, uplo, lower ? HETLA_NO_TRANS : HETLA_CONJ_TRANS, HETLA_NON_UNIT,
                                       1, A, B, seq);
    if (!s)
        s = hetla_ztrsm_tiled(HETLA_LEFT, uplo, lower ? HETLA_CONJ_TRANS : HETLA_NO_TRANS, HETLA_NON_UNIT, 1, A, B,
                              seq);
    return s;
}

hetla_status hetla_zpotrs_tiled(hetla_uplo uplo, hetla_tiled *A, hetla_tiled *B, hetla_sequence *seq)
{
    hetla_status s = potrs_check("hetla_zpotrs_tiled", uplo, A, B, 3);
    return s ? s : potrs(uplo, A, B, seq);
}

hetla_status hetla_zposv_tiled(hetla_uplo uplo, hetla_tiled *A, hetla_tiled *B, hetla_int *info,
                               hetla_sequence *seq)
{
    static const char fn[] = "hetla_zposv_tiled";
    if (!info)
        return hetla__arg_error(fn, 4, "info", "is NULL");
    *info = 0;
    hetla_status s = potrs_check(fn, uplo, A, B, 3);
    if (!s)
        s = hetla_zpotrf_tiled(uplo, A, info, seq);
    return s ? s : potrs(uplo, A, B, seq); /* skipped by the sequence if A is not positive definite */
}

/* ---- synchronous calls --------------------------------------------------------- */

/* The checks LAPACK makes, with hetla's positions (ctx is argument 1). */
static hetla_status sync_check(const char *fn, hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_int nrhs,
                               const void *A, hetla_int lda, const void *B, hetla_int ldb, int rhs)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!hetla__uplo_ok(uplo))
        return hetla__arg_error(fn, 2, "uplo", "is %d, not a hetla_uplo", (int)uplo);
    if (n < 0)
        return hetla__arg_error(fn, 3, "n", "is %lld, must be >= 0", (long long)n);
    int p = rhs ? 5 : 4; /* A's position */
    if (rhs && nrhs < 0)
        return hetla__arg_error(fn, 4, "nrhs", "is %lld, must be >= 0", (long long)nrhs);
    if (!A && n > 0)
        return hetla__arg_error(fn, p, "A", "is NULL");
    if (lda < hetla__max1(n))
        return hetla__arg_error(fn, p + 1, "lda", "is %lld, must be >= max(1, n) = %lld", (long long)lda,
                                (long long)hetla__max1(n));
    if (rhs && !B && n > 0 && nrhs > 0)
        return hetla__arg_error(fn, p + 2, "B", "is NULL");
    if (rhs && ldb < hetla__max1(n))
        return hetla__arg_error(fn, p + 3, "ldb", "is %lld, must be >= max(1, n) = %lld", (long long)ldb,
                                (long long)hetla__max1(n));
    return HETLA_SUCCESS;
}

/* Runs a factorization (and solve if B) over tiled views of the caller's
 * matrices; @p info NULL for a solve alone. */
static hetla_status cholesky_sync(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_int nrhs, void *A,
                                  hetla_int lda, void *B, hetla_int ldb, hetla_int *info)
{
    int solve = B && nrhs > 0;
    hetla__operand ops[2] = {{A, (size_t)n, (size_t)n, (size_t)lda, HETLA_ZCOMPLEX, HETLA_RW},
                             {B, (size_t)n, (size_t)nrhs, (size_t)ldb, HETLA_ZCOMPLEX, HETLA_RW}};
    hetla__views v;
    hetla_status s = hetla__views_create(ctx, ops, solve ? 2 : 1, hetla__lu_tile(ctx), &v);
    if (!s)
        s = !info ? potrs(uplo, v.t[0], v.t[1], v.seq)
            : solve ? hetla_zposv_tiled(uplo, v.t[0], v.t[1], info, v.seq)
                    : hetla_zpotrf_tiled(uplo, v.t[0], info, v.seq);
    return hetla__views_destroy(&v, s);
}

hetla_status hetla_zpotrf(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_zcomplex *A, hetla_int lda,
                          hetla_int *info)
{
    hetla_int unused;
    info = info ? info : &unused;
    *info = 0;
    hetla_status s = sync_check("hetla_zpotrf", ctx, uplo, n, 0, A, lda, NULL, 1, 0);
    if (s || n == 0)
        return s;
    return cholesky_sync(ctx, uplo, n, 0, A, lda, NULL, 1, info);
}

hetla_status hetla_zpotrs(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A,
                          hetla_int lda, hetla_zcomplex *B, hetla_int ldb)
{
    hetla_status s = sync_check("hetla_zpotrs", ctx, uplo, n, nrhs, A, lda, B, ldb, 1);
    if (s || n == 0 || nrhs == 0)
        return s;
    /* A is only read: its tiles are never written back */
    return cholesky_sync(ctx, uplo, n, nrhs, (void *)A, lda, B, ldb, NULL);
}

hetla_status hetla_zposv(hetla_context *ctx, hetla_uplo uplo, hetla_int n, hetla_int nrhs, hetla_zcomplex *A,
                         hetla_int lda, hetla_zcomplex *B, hetla_int ldb, hetla_int *info)
{
    hetla_int unused;
    info = info ? info : &unused;
    *info = 0;
    hetla_status s = sync_check("hetla_zposv", ctx, uplo, n, nrhs, A, lda, B, ldb, 1);
    if (s || n == 0)
        return s;
    return cholesky_sync(ctx, uplo, n, nrhs, A, lda, B, ldb, info);
}
