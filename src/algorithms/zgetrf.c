/* LU: the tiled factorizations with and without pivoting, the solves, and
 * the synchronous calls on the caller's matrices.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include "algorithms/algorithms.h"
#include "kernels/lapack/lapack.h"
#include "runtime/runtime.h"

/* The kernels of one call, and where its tasks go. */
typedef struct lu_job {
    hetla_context *ctx;
    hetla_sequence *seq;
    hetla_kernel *panel, *laswp, *trsm, *gemm, *step, *update;
    hetla__tiles a;
} lu_job;

static hetla_status lu_start(lu_job *j, hetla_sequence *seq, const char *panel)
{
    j->ctx = j->a.ctx;
    j->seq = seq;
    hetla_status s = hetla_kernel_find(j->ctx, panel, &j->panel);
    if (!s)
        s = hetla_kernel_find(j->ctx, "zlaswp", &j->laswp);
    if (!s)
        s = hetla_kernel_find(j->ctx, "ztrsm", &j->trsm);
    if (!s)
        s = hetla_kernel_find(j->ctx, "zgemm", &j->gemm);
    if (!s)
        s = hetla_kernel_find(j->ctx, "zgetrf_step", &j->step);
    if (!s)
        s = hetla_kernel_find(j->ctx, "zgetrf_update", &j->update);
    return s;
}

static hetla_status trsm_tile(const lu_job *j, hetla_side side, hetla_uplo uplo, hetla_diag diag, hetla_data *T,
                              hetla_data *B, int prio)
{
    hetla__trxm_args args = {side, uplo, HETLA_NO_TRANS, diag, 1};
    hetla_task_arg data[2] = {{T, HETLA_R}, {B, HETLA_RW}};
    return hetla__put(j->ctx, j->seq, j->trsm, data, 2, &args, sizeof args, prio);
}

/* C -= A B */
static hetla_status gemm_tile(const lu_job *j, hetla_data *A, hetla_data *B, hetla_data *C, int prio)
{
    hetla__gemm_args args = {HETLA_NO_TRANS, HETLA_NO_TRANS, -1, 1};
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, HETLA_RW}};
    return hetla__put(j->ctx, j->seq, j->gemm, data, 3, &args, sizeof args, prio);
}

/* Panel k's pivot count and its first pivot's index. */
static hetla_int panel_pivots(const hetla__tiles *a, size_t k, hetla_int *first)
{
    size_t r = a->m - k * a->nb, c = a->n - k * a->nb;
    *first = (hetla_int)(k * a->nb);
    return (hetla_int)(r < c ? (r < a->nb ? r : a->nb) : (c < a->nb ? c : a->nb));
}

/* Panel k's interchanges on tile column c of X (rows tiled as A's), from
 * tile row k down. The task reads A's diagonal tile (k, k) so that it runs
 * after the panel that wrote the pivots. */
static hetla_status laswp_tiles(const lu_job *j, hetla_tiled *A, const hetla_int *ipiv, size_t k, hetla_tiled *X,
                                size_t c, int backward, int prio)
{
    size_t mt;
    hetla_status s = hetla_tiled_shape(X, NULL, NULL, NULL, NULL, &mt, NULL);
    if (s)
        return s;
    if (mt - k + 1 > HETLA_MAX_TASK_DATA)
        return hetla__fail(HETLA_ERR_NOT_SUPPORTED, "LU: %zu tile rows below a panel, at most %d; use larger tiles",
                           mt - k, HETLA_MAX_TASK_DATA - 1);
    hetla_task_arg data[HETLA_MAX_TASK_DATA];
    int n = 0;
    data[n++] = (hetla_task_arg){hetla_tiled_tile(A, k, k), HETLA_R};
    for (size_t i = k; i < mt; i++)
        data[n++] = (hetla_task_arg){hetla_tiled_tile(X, i, c), HETLA_RW};
    hetla__laswp_args args = {ipiv, 0, 0, 0, backward};
    hetla_int count = panel_pivots(&j->a, k, &args.first);
    args.last = args.first + count;
    args.row0 = args.first;
    return hetla__put(j->ctx, j->seq, j->laswp, data, n, &args, sizeof args, prio);
}

/* The factorization of panel k (its tiles in @p data): one task, or, for
 * panels wider than HETLA__LU_STEP on CPU cores alone, narrow steps of
 * that many columns, each a task over the panel followed by one update
 * task per tile below the first, which run in parallel. The steps shorten
 * the critical path (a narrow factorization per step instead of the whole
 * panel's) at the price of more tasks; they exist on CPU cores only, and
 * a GPU factors a whole panel faster than the CPU cores a step of it. */
static hetla_status panel_tasks(const lu_job *j, hetla_tiled *A, hetla_int *ipiv, hetla_int *info, size_t k,
                                const hetla_task_arg *data, int n)
{
    const hetla__tiles *a = &j->a;
    int prio = hetla__prio_panel(a->nt);
    hetla__getrf_args pa = {(hetla_int)(k * a->nb), ipiv, info, 0, 0};
    hetla_int first, kp = panel_pivots(a, k, &first);
    hetla_int width = (hetla_int)(a->n - k * a->nb < a->nb ? a->n - k * a->nb : a->nb);
    if (width <= HETLA__LU_STEP || hetla__accelerators_for(j->ctx, j->panel))
        return hetla__put(j->ctx, j->seq, j->panel, data, n, &pa, sizeof pa, prio);
    hetla_status s = HETLA_SUCCESS;
    for (hetla_int c0 = 0; c0 < kp && !s; c0 += HETLA__LU_STEP) {
        pa.col0 = c0;
        pa.width = kp - c0 < HETLA__LU_STEP ? kp - c0 : HETLA__LU_STEP;
        s = hetla__put(j->ctx, j->seq, j->step, data, n, &pa, sizeof pa, prio);
        for (size_t i = k + 1; i < a->mt && c0 + pa.width < width && !s; i++) {
            hetla_task_arg d[2] = {{hetla_tiled_tile(A, i, k), HETLA_RW}, {hetla_tiled_tile(A, k, k), HETLA_R}};
            s = hetla__put(j->ctx, j->seq, j->update, d, 2, &pa, sizeof pa, prio);
        }
    }
    return s;
}

/* Step k with partial pivoting: the panel (one task over its column of
 * tiles), then for each tile column on the right its interchanges, the
 * TRSM of its row-k tile and the GEMMs below; the interchanges reach the
 * columns on the left at the lowest priority. */
static hetla_status getrf_step(const lu_job *j, hetla_tiled *A, hetla_int *ipiv, hetla_int *info, size_t k)
{
    const hetla__tiles *a = &j->a;
    if (a->mt - k > HETLA_MAX_TASK_DATA)
        return hetla__fail(HETLA_ERR_NOT_SUPPORTED, "LU: %zu tile rows in a panel, at most %d; use larger tiles",
                           a->mt - k, HETLA_MAX_TASK_DATA);
    hetla_task_arg data[HETLA_MAX_TASK_DATA];
    int n = 0;
    for (size_t i = k; i < a->mt; i++)
        data[n++] = (hetla_task_arg){hetla_tiled_tile(A, i, k), HETLA_RW};
    hetla_status s = panel_tasks(j, A, ipiv, info, k, data, n);
    for (size_t c = k + 1; c < a->nt && !s; c++) {
        int prio = hetla__prio_update(a->nt, k, c);
        s = laswp_tiles(j, A, ipiv, k, A, c, 0, prio);
        if (!s)
            s = trsm_tile(j, HETLA_LEFT, HETLA_LOWER, HETLA_UNIT, hetla_tiled_tile(A, k, k),
                          hetla_tiled_tile(A, k, c), prio);
        for (size_t i = k + 1; i < a->mt && !s; i++)
            s = gemm_tile(j, hetla_tiled_tile(A, i, k), hetla_tiled_tile(A, k, c), hetla_tiled_tile(A, i, c), prio);
    }
    for (size_t c = 0; c < k && !s; c++)
        s = laswp_tiles(j, A, ipiv, k, A, c, 0, 0);
    return s;
}

/* Step k without pivoting: tile LU, TRSMs on its row and column, GEMMs. */
static hetla_status nopiv_step(const lu_job *j, hetla_tiled *A, hetla_int *info, size_t k)
{
    const hetla__tiles *a = &j->a;
    hetla_data *akk = hetla_tiled_tile(A, k, k);
    hetla__getrf_args pa = {(hetla_int)(k * a->nb), NULL, info, 0, 0};
    hetla_task_arg d[1] = {{akk, HETLA_RW}};
    int top = hetla__prio_panel(a->nt);
    hetla_status s = hetla__put(j->ctx, j->seq, j->panel, d, 1, &pa, sizeof pa, top);
    for (size_t i = k + 1; i < a->mt && !s; i++)
        s = trsm_tile(j, HETLA_RIGHT, HETLA_UPPER, HETLA_NON_UNIT, akk, hetla_tiled_tile(A, i, k), top - 1);
    for (size_t c = k + 1; c < a->nt && !s; c++) {
        int prio = hetla__prio_update(a->nt, k, c);
        s = trsm_tile(j, HETLA_LEFT, HETLA_LOWER, HETLA_UNIT, akk, hetla_tiled_tile(A, k, c), prio);
        for (size_t i = k + 1; i < a->mt && !s; i++)
            s = gemm_tile(j, hetla_tiled_tile(A, i, k), hetla_tiled_tile(A, k, c), hetla_tiled_tile(A, i, c), prio);
    }
    return s;
}

/* The checks of a factorization: A in square tiles, info given. */
static hetla_status getrf_check(const char *fn, hetla_tiled *A, int ipos, hetla_int *info, lu_job *j)
{
    if (!info)
        return hetla__arg_error(fn, ipos, "info", "is NULL");
    *info = 0;
    hetla_status s = hetla__tiles_get(fn, 1, "A", A, HETLA_ZCOMPLEX, &j->a);
    if (!s && j->a.mb != j->a.nb)
        return hetla__arg_error(fn, 1, "A", "is in %zu x %zu tiles, must be in square tiles", j->a.mb, j->a.nb);
    return s;
}

/* The number of panels: tile columns that reach the diagonal. */
static size_t panels(const hetla__tiles *a)
{
    size_t k = a->m < a->n ? a->m : a->n;
    return (k + a->nb - 1) / a->nb;
}

hetla_status hetla_zgetrf_tiled(hetla_tiled *A, hetla_int *ipiv, hetla_int *info, hetla_sequence *seq)
{
    static const char fn[] = "hetla_zgetrf_tiled";
    lu_job j = {0};
    hetla_status s = getrf_check(fn, A, 3, info, &j);
    if (!s && !ipiv && panels(&j.a))
        return hetla__arg_error(fn, 2, "ipiv", "is NULL");
    if (!s)
        s = lu_start(&j, seq, "zgetrf");
    for (size_t k = 0; !s && k < panels(&j.a); k++)
        s = getrf_step(&j, A, ipiv, info, k);
    return s;
}

hetla_status hetla_zgetrf_nopiv_tiled(hetla_tiled *A, hetla_int *info, hetla_sequence *seq)
{
    lu_job j = {0};
    hetla_status s = getrf_check("hetla_zgetrf_nopiv_tiled", A, 2, info, &j);
    if (!s)
        s = lu_start(&j, seq, "zgetrf_nopiv");
    for (size_t k = 0; !s && k < panels(&j.a); k++)
        s = nopiv_step(&j, A, info, k);
    return s;
}

/* op(A) X = B with the factors: P^T, L, U in turn (no transpose), or
 * U^op, L^op, P (transposed). */
static hetla_status getrs(lu_job *j, hetla_trans trans, hetla_tiled *A, const hetla_int *ipiv, hetla_tiled *B)
{
    size_t nt;
    hetla_status s = hetla_tiled_shape(B, NULL, NULL, NULL, NULL, NULL, &nt);
    size_t kt = panels(&j->a);
    if (trans == HETLA_NO_TRANS) {
        for (size_t k = 0; k < kt && ipiv && !s; k++)
            for (size_t c = 0; c < nt && !s; c++)
                s = laswp_tiles(j, A, ipiv, k, B, c, 0, 0);
        if (!s)
            s = hetla_ztrsm_tiled(HETLA_LEFT, HETLA_LOWER, trans, HETLA_UNIT, 1, A, B, j->seq);
        if (!s)
            s = hetla_ztrsm_tiled(HETLA_LEFT, HETLA_UPPER, trans, HETLA_NON_UNIT, 1, A, B, j->seq);
        return s;
    }
    if (!s)
        s = hetla_ztrsm_tiled(HETLA_LEFT, HETLA_UPPER, trans, HETLA_NON_UNIT, 1, A, B, j->seq);
    if (!s)
        s = hetla_ztrsm_tiled(HETLA_LEFT, HETLA_LOWER, trans, HETLA_UNIT, 1, A, B, j->seq);
    for (size_t k = kt; k-- > 0 && ipiv && !s;)
        for (size_t c = 0; c < nt && !s; c++)
            s = laswp_tiles(j, A, ipiv, k, B, c, 1, 0);
    return s;
}

/* The solve's checks: A square in square tiles, B with A's row tiling. */
static hetla_status getrs_check(const char *fn, hetla_tiled *A, hetla_tiled *B, int apos, int bpos, lu_job *j)
{
    hetla__tiles b;
    hetla_status s = hetla__tiles_get(fn, apos, "A", A, HETLA_ZCOMPLEX, &j->a);
    if (!s && (j->a.m != j->a.n || j->a.mb != j->a.nb))
        return hetla__arg_error(fn, apos, "A", "is %zu x %zu in %zu x %zu tiles, must be square in square tiles",
                                j->a.m, j->a.n, j->a.mb, j->a.nb);
    if (!s)
        s = hetla__tiles_get(fn, bpos, "B", B, HETLA_ZCOMPLEX, &b);
    if (!s && (b.m != j->a.n || b.mb != j->a.nb))
        return hetla__arg_error(fn, bpos, "B", "has %zu rows in tiles of %zu, A is %zu x %zu in tiles of %zu", b.m,
                                b.mb, j->a.m, j->a.n, j->a.nb);
    if (!s && b.ctx != j->a.ctx)
        return hetla__arg_error(fn, bpos, "B", "belongs to another context than A");
    return s;
}

hetla_status hetla_zgetrs_tiled(hetla_trans trans, hetla_tiled *A, const hetla_int *ipiv, hetla_tiled *B,
                                hetla_sequence *seq)
{
    static const char fn[] = "hetla_zgetrs_tiled";
    if (!hetla__trans_ok(trans))
        return hetla__arg_error(fn, 1, "trans", "is %d, not a hetla_trans", (int)trans);
    lu_job j = {0};
    hetla_status s = getrs_check(fn, A, B, 2, 4, &j);
    if (!s)
        s = lu_start(&j, seq, "zgetrf");
    return s ? s : getrs(&j, trans, A, ipiv, B);
}

/* Fails the sequence before the solve if U is singular: one check per
 * tile column of B, ordered after the last panel (whose task follows every
 * earlier panel's) and before B's first interchange. */
static hetla_status check_info(const lu_job *j, hetla_tiled *A, const hetla_int *info, hetla_tiled *B)
{
    size_t nt, kt = panels(&j->a);
    hetla_kernel *k;
    hetla_status s = hetla_tiled_shape(B, NULL, NULL, NULL, NULL, NULL, &nt);
    if (!s)
        s = hetla_kernel_find(j->ctx, "info_check", &k);
    hetla__info_args args = {info};
    for (size_t c = 0; c < nt && kt && !s; c++) {
        hetla_task_arg data[2] = {{hetla_tiled_tile(A, kt - 1, kt - 1), HETLA_R}, {hetla_tiled_tile(B, 0, c), HETLA_RW}};
        s = hetla__put(j->ctx, j->seq, k, data, 2, &args, sizeof args, 0);
    }
    return s;
}

hetla_status hetla_zgesv_tiled(hetla_tiled *A, hetla_int *ipiv, hetla_tiled *B, hetla_int *info, hetla_sequence *seq)
{
    static const char fn[] = "hetla_zgesv_tiled";
    if (!info)
        return hetla__arg_error(fn, 4, "info", "is NULL");
    lu_job j = {0};
    hetla_status s = getrs_check(fn, A, B, 1, 3, &j);
    if (!s)
        s = hetla_zgetrf_tiled(A, ipiv, info, seq);
    if (!s)
        s = lu_start(&j, seq, "zgetrf");
    if (!s)
        s = check_info(&j, A, info, B);
    return s ? s : getrs(&j, HETLA_NO_TRANS, A, ipiv, B);
}

/* ---- synchronous calls --------------------------------------------------------- */

/* ctx, then the sizes m and n (named @p mname, @p nname) just before A
 * at position @p apos and lda after it. */
static hetla_status check_dims(const char *fn, hetla_context *ctx, hetla_int m, hetla_int n, const void *A,
                               hetla_int lda, int apos, const char *mname, const char *nname)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (m < 0)
        return hetla__arg_error(fn, apos - 2, mname, "is %lld, must be >= 0", (long long)m);
    if (n < 0)
        return hetla__arg_error(fn, apos - 1, nname, "is %lld, must be >= 0", (long long)n);
    if (!A && m > 0 && n > 0)
        return hetla__arg_error(fn, apos, "A", "is NULL");
    if (lda < hetla__max1(m))
        return hetla__arg_error(fn, apos + 1, "lda", "is %lld, must be >= max(1, %lld)", (long long)lda,
                                (long long)m);
    return HETLA_SUCCESS;
}

/* Runs @p fn's work over tiled views of the caller's A (m x n) and B (n x
 * nrhs, or none). */
typedef enum lu_work { LU_GETRF, LU_NOPIV, LU_GETRS, LU_GESV } lu_work;

static hetla_status lu_sync(hetla_context *ctx, lu_work w, hetla_trans trans, hetla_int m, hetla_int n,
                            hetla_int nrhs, void *A, hetla_int lda, hetla_int *ipiv, void *B, hetla_int ldb,
                            hetla_int *info)
{
    hetla__operand ops[2] = {{A, (size_t)m, (size_t)n, (size_t)lda, HETLA_ZCOMPLEX, HETLA_RW},
                             {B, (size_t)n, (size_t)nrhs, (size_t)ldb, HETLA_ZCOMPLEX, HETLA_RW}};
    hetla__views v;
    hetla_status s = hetla__views_create(ctx, ops, w >= LU_GETRS ? 2 : 1, hetla__lu_tile(ctx), &v);
    if (!s)
        s = w == LU_GETRF   ? hetla_zgetrf_tiled(v.t[0], ipiv, info, v.seq)
            : w == LU_NOPIV ? hetla_zgetrf_nopiv_tiled(v.t[0], info, v.seq)
            : w == LU_GETRS ? hetla_zgetrs_tiled(trans, v.t[0], ipiv, v.t[1], v.seq)
                            : hetla_zgesv_tiled(v.t[0], ipiv, v.t[1], info, v.seq);
    s = hetla__views_destroy(&v, s);
    return s ? s : info && *info ? HETLA_NUMERICAL : HETLA_SUCCESS;
}

hetla_status hetla_zgetrf(hetla_context *ctx, hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda,
                          hetla_int *ipiv, hetla_int *info)
{
    static const char fn[] = "hetla_zgetrf";
    hetla_int unused;
    info = info ? info : &unused;
    *info = 0;
    hetla_status s = check_dims(fn, ctx, m, n, A, lda, 4, "m", "n");
    if (!s && !ipiv && m > 0 && n > 0)
        s = hetla__arg_error(fn, 6, "ipiv", "is NULL");
    if (s || m == 0 || n == 0)
        return s;
    return lu_sync(ctx, LU_GETRF, HETLA_NO_TRANS, m, n, 0, A, lda, ipiv, NULL, 1, info);
}

hetla_status hetla_zgetrf_nopiv(hetla_context *ctx, hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda,
                                hetla_int *info)
{
    hetla_int unused;
    info = info ? info : &unused;
    *info = 0;
    hetla_status s = check_dims("hetla_zgetrf_nopiv", ctx, m, n, A, lda, 4, "m", "n");
    if (s || m == 0 || n == 0)
        return s;
    return lu_sync(ctx, LU_NOPIV, HETLA_NO_TRANS, m, n, 0, A, lda, NULL, NULL, 1, info);
}

/* The checks of the solves: A n x n, ipiv, B n x nrhs. */
static hetla_status solve_check(const char *fn, hetla_context *ctx, hetla_int n, hetla_int nrhs, const void *A,
                                hetla_int lda, const hetla_int *ipiv, const void *B, hetla_int ldb, int npos)
{
    hetla_status s = check_dims(fn, ctx, n, nrhs, A, lda, npos + 2, "n", "nrhs");
    if (!s && !ipiv && n > 0)
        s = hetla__arg_error(fn, npos + 4, "ipiv", "is NULL");
    if (!s && !B && n > 0 && nrhs > 0)
        s = hetla__arg_error(fn, npos + 5, "B", "is NULL");
    if (!s && ldb < hetla__max1(n))
        s = hetla__arg_error(fn, npos + 6, "ldb", "is %lld, must be >= max(1, n) = %lld", (long long)ldb,
                             (long long)hetla__max1(n));
    return s;
}

hetla_status hetla_zgetrs(hetla_context *ctx, hetla_trans trans, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A,
                          hetla_int lda, const hetla_int *ipiv, hetla_zcomplex *B, hetla_int ldb)
{
    static const char fn[] = "hetla_zgetrs";
    if (ctx && !hetla__trans_ok(trans))
        return hetla__arg_error(fn, 2, "trans", "is %d, not a hetla_trans", (int)trans);
    hetla_status s = solve_check(fn, ctx, n, nrhs, A, lda, ipiv, B, ldb, 3);
    if (s || n == 0 || nrhs == 0)
        return s;
    /* A is only read: its tiles are never written back; ipiv neither */
    return lu_sync(ctx, LU_GETRS, trans, n, n, nrhs, (void *)A, lda, (hetla_int *)ipiv, B, ldb, NULL);
}

hetla_status hetla_zgesv(hetla_context *ctx, hetla_int n, hetla_int nrhs, hetla_zcomplex *A, hetla_int lda,
                         hetla_int *ipiv, hetla_zcomplex *B, hetla_int ldb, hetla_int *info)
{
    hetla_int unused;
    info = info ? info : &unused;
    *info = 0;
    hetla_status s = solve_check("hetla_zgesv", ctx, n, nrhs, A, lda, ipiv, B, ldb, 2);
    if (s || n == 0)
        return s;
    if (nrhs == 0)
        return lu_sync(ctx, LU_GETRF, HETLA_NO_TRANS, n, n, 0, A, lda, ipiv, NULL, 1, info);
    return lu_sync(ctx, LU_GESV, HETLA_NO_TRANS, n, n, nrhs, A, lda, ipiv, B, ldb, info);
}
