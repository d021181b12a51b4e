/* QR: the tiled factorization, the application of its Q, the least
 * squares solve, and the synchronous calls on the caller's matrices.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <stdlib.h>

#include "algorithms/algorithms.h"
#include "kernels/lapack/lapack.h"

/* ^H: the conjugate transpose, the transpose in the real precisions. */
#if defined(COMPLEX)
static const hetla_trans star = HETLA_CONJ_TRANS;
#else
static const hetla_trans star = HETLA_TRANS;
#endif

/* The reflectors of one factorization (A, T) and where tasks go. */
typedef struct qr_job {
    hetla_context *ctx;
    hetla_sequence *seq;
    hetla_kernel *geqrt, *larfb_w, *larfb_c, *gemm, *trmm, *trsm_lead;
    hetla_tiled *A, *T;
    hetla__tiles a;
} qr_job;

static hetla_status job_start(qr_job *j, hetla_sequence *seq)
{
    static const char *const ops[] = {"zgeqrt", "zlarfb_w", "zlarfb_c", "zgemm", "ztrmm", "ztrsm_lead"};
    hetla_kernel **k[] = {&j->geqrt, &j->larfb_w, &j->larfb_c, &j->gemm, &j->trmm, &j->trsm_lead};
    j->ctx = j->a.ctx;
    j->seq = seq;
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla_kernel_find(j->ctx, ops[i], k[i]);
    return s;
}

/* Rows (columns) of tile i of a dimension of @p len in tiles of @p b. */
static size_t tile_len(size_t len, size_t b, size_t i) { return len - i * b < b ? len - i * b : b; }

/* The number of panels, tile columns that reach the diagonal, and the
 * reflectors of panel k. */
static size_t panels(const hetla__tiles *a) { return ((a->m < a->n ? a->m : a->n) + a->nb - 1) / a->nb; }
static size_t panel_k(const hetla__tiles *a, size_t k)
{
    size_t r = tile_len(a->m, a->nb, k), c = tile_len(a->n, a->nb, k);
    return r < c ? r : c;
}

/* ---- workspace ------------------------------------------------------------------- */

/* The workspace of one application of Q: a tile W per tile column (left)
 * or row (right) of C, k x columns or rows x k for panels of k reflectors,
 * and a scratch tile for "zlarfb_c".
 *
 * W is written by the first task of a panel's update of its column and
 * read by the last, so HETLA_SCRATCH (contents kept within one task only)
 * cannot hold it: it is a device-resident handle (hetla_data_create). One
 * per column, not per (panel, column): the next panel's first write to it
 * waits for this panel's readers, which that panel's data waits for
 * anyway. The tiled calls return before their tasks run, so they hand
 * their workspace to hetla__data_dispose, which frees it once those tasks
 * are done; hetla_data_unregister would wait for them and make the calls
 * synchronous. The synchronous calls free it after their wait. */
typedef struct qr_ws {
    hetla_data **w; /* created on first use */
    size_t count, k;
    hetla_data *scratch;
} qr_ws;

static hetla_status ws_init(qr_ws *ws, hetla_context *ctx, size_t count, size_t sm, size_t sn)
{
    *ws = (qr_ws){calloc(count + 1, sizeof *ws->w), count, 0, NULL};
    if (!ws->w)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "QR: out of memory (workspace)");
    return hetla_data_create(ctx, sm, sn, HETLA_ZCOMPLEX, &ws->scratch);
}

static void ws_drop(qr_ws *ws)
{
    for (size_t i = 0; i < ws->count; i++)
        if (ws->w[i]) {
            hetla__data_dispose(ws->w[i]);
            ws->w[i] = NULL;
        }
}

static void ws_release(qr_ws *ws)
{
    if (ws->w)
        ws_drop(ws);
    if (ws->scratch)
        hetla__data_dispose(ws->scratch);
    free(ws->w);
}

/* W for tile column (row) i of C, m x n, facing a panel of k reflectors;
 * the last panel may have fewer than the others. */
static hetla_status ws_tile(qr_ws *ws, hetla_context *ctx, size_t k, size_t i, size_t m, size_t n, hetla_data **w)
{
    if (ws->k != k) {
        ws_drop(ws);
        ws->k = k;
    }
    hetla_status s = ws->w[i] ? HETLA_SUCCESS : hetla_data_create(ctx, m, n, HETLA_ZCOMPLEX, &ws->w[i]);
    *w = ws->w[i];
    return s;
}

/* ---- tile tasks ---------------------------------------------------------------------- */

static hetla_status put(const qr_job *j, hetla_kernel *k, const hetla_task_arg *data, int n, const void *args,
                        size_t size, int prio)
{
    return hetla__put(j->ctx, j->seq, k, data, n, args, size, prio);
}

/* C += alpha op(A) op(B). */
static hetla_status gemm_tile(const qr_job *j, hetla_trans ta, hetla_trans tb, hetla_zcomplex alpha, hetla_data *A,
                              hetla_data *B, hetla_data *C, int prio)
{
    hetla__gemm_args args = {ta, tb, alpha, 1};
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, HETLA_RW}};
    return put(j, j->gemm, data, 3, &args, sizeof args, prio);
}

/* Panel k: the Householder QR of its column of tiles, and T. */
static hetla_status panel(const qr_job *j, size_t k, hetla_int *info)
{
    const hetla__tiles *a = &j->a;
    hetla_task_arg data[HETLA_MAX_TASK_DATA];
    int n = 0;
    for (size_t i = k; i < a->mt; i++)
        data[n++] = (hetla_task_arg){hetla_tiled_tile(j->A, i, k), HETLA_RW};
    data[n++] = (hetla_task_arg){hetla_tiled_tile(j->T, 0, k), HETLA_W};
    hetla__geqrt_args args = {(hetla_int)(k * a->nb), info};
    return put(j, j->geqrt, data, n, &args, sizeof args, hetla__prio_panel(a->nt));
}

/* C := op(Q_k) C (left) or C op(Q_k) (right), Q_k = I - V T V^H of panel
 * k, on the tile columns (left) or rows (right) o >= @p first of C: W :=
 * V^H C or C V (the diagonal tile's part, then a GEMM chain down the
 * panel), W := op(T) W or W op(T), C -= V W or W V^H (a GEMM per tile,
 * then the diagonal tile's part). With @p lookahead (the factorization
 * updating itself) the tasks carry the update priorities. */
static hetla_status apply_panel(const qr_job *j, qr_ws *ws, hetla_side side, hetla_trans trans, hetla_tiled *C,
                                const hetla__tiles *c, size_t k, size_t first, int lookahead)
{
    const hetla__tiles *a = &j->a;
    int left = side == HETLA_LEFT;
    size_t kk = panel_k(a, k), count = left ? c->nt : c->mt;
    hetla_data *vkk = hetla_tiled_tile(j->A, k, k), *t = hetla_tiled_tile(j->T, 0, k);
    hetla__larfb_args la = {side};
    hetla__trxm_args ta = {side, HETLA_UPPER, trans, HETLA_NON_UNIT, 1};
    hetla_status s = HETLA_SUCCESS;
    for (size_t o = first; o < count && !s; o++) {
        int prio = lookahead ? hetla__prio_update(a->nt, k, o) : 0;
        /* tile i of the panel's rows (left) or columns (right) of C */
#define CT(i) (left ? hetla_tiled_tile(C, i, o) : hetla_tiled_tile(C, o, i))
        hetla_data *w;
        s = left ? ws_tile(ws, j->ctx, kk, o, kk, tile_len(c->n, c->nb, o), &w)
                 : ws_tile(ws, j->ctx, kk, o, tile_len(c->m, c->mb, o), kk, &w);
        if (!s) {
            hetla_task_arg data[3] = {{vkk, HETLA_R}, {CT(k), HETLA_R}, {w, HETLA_W}};
            s = put(j, j->larfb_w, data, 3, &la, sizeof la, prio);
        }
        for (size_t i = k + 1; i < a->mt && !s; i++)
            s = left ? gemm_tile(j, star, HETLA_NO_TRANS, 1, hetla_tiled_tile(j->A, i, k), CT(i), w, prio)
                     : gemm_tile(j, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, CT(i), hetla_tiled_tile(j->A, i, k), w, prio);
        if (!s) {
            hetla_task_arg data[2] = {{t, HETLA_R}, {w, HETLA_RW}};
            s = put(j, j->trmm, data, 2, &ta, sizeof ta, prio);
        }
        for (size_t i = k + 1; i < a->mt && !s; i++)
            s = left ? gemm_tile(j, HETLA_NO_TRANS, HETLA_NO_TRANS, -1, hetla_tiled_tile(j->A, i, k), w, CT(i), prio)
                     : gemm_tile(j, HETLA_NO_TRANS, star, -1, w, hetla_tiled_tile(j->A, i, k), CT(i), prio);
        if (!s) {
            hetla_task_arg data[4] = {{vkk, HETLA_R}, {w, HETLA_R}, {CT(k), HETLA_RW}, {ws->scratch, HETLA_SCRATCH}};
            s = put(j, j->larfb_c, data, 4, &la, sizeof la, prio);
        }
#undef CT
    }
    return s;
}

/* ---- argument checks ----------------------------------------------------------------- */

/* A in square tiles (with m >= n if @p tall), few enough tile rows for a
 * panel task; T nb x min(m, n) in A's tiles, of the same context. */
static hetla_status check_factors(const char *fn, int apos, hetla_tiled *A, hetla_tiled *T, int tall, qr_job *j)
{
    hetla__tiles t;
    hetla__tiles *a = &j->a;
    hetla_status s = hetla__tiles_get(fn, apos, "A", A, HETLA_ZCOMPLEX, a);
    if (!s && a->mb != a->nb)
        return hetla__arg_error(fn, apos, "A", "is in %zu x %zu tiles, must be in square tiles", a->mb, a->nb);
    if (!s && tall && a->m < a->n)
        return hetla__arg_error(fn, apos, "A", "is %zu x %zu, must have m >= n", a->m, a->n);
    /* a panel task holds its tiles, T and tau */
    if (!s && a->mt + 2 > HETLA_MAX_TASK_DATA)
        return hetla__fail(HETLA_ERR_NOT_SUPPORTED, "%s: A has %zu tile rows, at most %d; use larger tiles", fn, a->mt,
                           HETLA_MAX_TASK_DATA - 2);
    if (!s)
        s = hetla__tiles_get(fn, apos + 1, "T", T, HETLA_ZCOMPLEX, &t);
    size_t k = a->m < a->n ? a->m : a->n;
    if (!s && (t.m != a->nb || t.n != k || t.mb != a->nb || t.nb != a->nb))
        return hetla__arg_error(fn, apos + 1, "T",
                                "is %zu x %zu in %zu x %zu tiles, must be %zu x %zu in %zu x %zu tiles", t.m, t.n, t.mb,
                                t.nb, a->nb, k, a->nb, a->nb);
    if (!s && t.ctx != a->ctx)
        return hetla__arg_error(fn, apos + 1, "T", "belongs to another context than A");
    j->A = A;
    j->T = T;
    return s;
}

/* C's rows (left) or columns (right) tiled as A's rows. */
static hetla_status check_c(const char *fn, int pos, const char *name, hetla_side side, const hetla__tiles *a,
                            hetla_tiled *C, hetla__tiles *c)
{
    hetla_status s = hetla__tiles_get(fn, pos, name, C, HETLA_ZCOMPLEX, c);
    int left = side == HETLA_LEFT;
    size_t len = left ? c->m : c->n, b = left ? c->mb : c->nb;
    if (!s && (len != a->m || b != a->mb))
        return hetla__arg_error(fn, pos, name, "has %zu %s in tiles of %zu, A has %zu rows in tiles of %zu", len,
                                left ? "rows" : "columns", b, a->m, a->mb);
    if (!s && c->ctx != a->ctx)
        return hetla__arg_error(fn, pos, name, "belongs to another context than A");
    return s;
}

/* op(Q): none or ^H. */
static hetla_status check_trans(const char *fn, int pos, hetla_trans trans)
{
    if (trans == HETLA_NO_TRANS || trans == star)
        return HETLA_SUCCESS;
    return hetla__arg_error(fn, pos, "trans", "is %d, must be HETLA_NO_TRANS or %s", (int)trans,
                            star == HETLA_TRANS ? "HETLA_TRANS" : "HETLA_CONJ_TRANS");
}

/* ---- the tiled calls ------------------------------------------------------------------- */

/* The factorization, *info set by a zero diagonal entry of R when @p info
 * is not NULL (for the solves). */
static hetla_status geqrf(qr_job *j, hetla_int *info)
{
    const hetla__tiles *a = &j->a;
    qr_ws ws;
    hetla_status s = ws_init(&ws, j->ctx, a->nt, a->nb, a->nb);
    for (size_t k = 0; k < panels(a) && !s; k++) {
        s = panel(j, k, info);
        if (!s)
            s = apply_panel(j, &ws, HETLA_LEFT, star, j->A, a, k, k + 1, 1);
    }
    ws_release(&ws);
    return s;
}

hetla_status hetla_zgeqrf_tiled(hetla_tiled *A, hetla_tiled *T, hetla_sequence *seq)
{
    qr_job j = {0};
    hetla_status s = check_factors("hetla_zgeqrf_tiled", 1, A, T, 0, &j);
    if (!s)
        s = job_start(&j, seq);
    return s ? s : geqrf(&j, NULL);
}

/* C := op(Q) C or C op(Q), panel by panel in the order the product asks:
 * Q^H C = Q_K^H ... Q_1^H C and C Q = C Q_1 ... Q_K from the first. */
static hetla_status unmqr(qr_job *j, hetla_side side, hetla_trans trans, hetla_tiled *C, const hetla__tiles *c)
{
    const hetla__tiles *a = &j->a;
    int left = side == HETLA_LEFT, forward = left == (trans != HETLA_NO_TRANS);
    size_t kt = panels(a);
    qr_ws ws;
    hetla_status s = left ? ws_init(&ws, j->ctx, c->nt, a->nb, c->nb) : ws_init(&ws, j->ctx, c->mt, c->mb, a->nb);
    for (size_t p = 0; p < kt && !s; p++)
        s = apply_panel(j, &ws, side, trans, C, c, forward ? p : kt - 1 - p, 0, 0);
    ws_release(&ws);
    return s;
}

hetla_status hetla_zunmqr_tiled(hetla_side side, hetla_trans trans, hetla_tiled *A, hetla_tiled *T, hetla_tiled *C,
                                hetla_sequence *seq)
{
    static const char fn[] = "hetla_zunmqr_tiled";
    if (!hetla__side_ok(side))
        return hetla__arg_error(fn, 1, "side", "is %d, not a hetla_side", (int)side);
    qr_job j = {0};
    hetla__tiles c;
    hetla_status s = check_trans(fn, 2, trans);
    if (!s)
        s = check_factors(fn, 3, A, T, 0, &j);
    if (!s)
        s = check_c(fn, 5, "C", side, &j.a, C, &c);
    if (!s)
        s = job_start(&j, seq);
    return s ? s : unmqr(&j, side, trans, C, &c);
}

/* B(0:n-1, :) := R^-1 B(0:n-1, :), R the n x n upper triangle of the m x n
 * A (m >= n), B's rows tiled as A's: block back substitution. The last
 * diagonal block ends inside its tile when n is not a multiple of the
 * tile size, hence "ztrsm_lead"; the GEMMs read the leading rows of a
 * solved tile only, as many as their R tile has columns. */
static hetla_status solve_r(const qr_job *j, hetla_tiled *B, const hetla__tiles *b)
{
    hetla__trxm_args ta = {HETLA_LEFT, HETLA_UPPER, HETLA_NO_TRANS, HETLA_NON_UNIT, 1};
    hetla_status s = HETLA_SUCCESS;
    for (size_t k = j->a.nt; k-- > 0 && !s;)
        for (size_t c = 0; c < b->nt && !s; c++) {
            hetla_data *bk = hetla_tiled_tile(B, k, c);
            hetla_task_arg data[2] = {{hetla_tiled_tile(j->A, k, k), HETLA_R}, {bk, HETLA_RW}};
            s = put(j, j->trsm_lead, data, 2, &ta, sizeof ta, 0);
            for (size_t i = 0; i < k && !s; i++)
                s = gemm_tile(j, HETLA_NO_TRANS, HETLA_NO_TRANS, -1, hetla_tiled_tile(j->A, i, k), bk,
                              hetla_tiled_tile(B, i, c), 0);
        }
    return s;
}

/* Fails the sequence before the solve if R is singular: one check per
 * tile column of B, after the last panel, before the solve's first task
 * on that column (the last block row of R's rows). */
static hetla_status check_info(const qr_job *j, const hetla_int *info, hetla_tiled *B, const hetla__tiles *b)
{
    size_t kt = panels(&j->a);
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(j->ctx, "info_check", &k);
    hetla__info_args args = {info};
    for (size_t c = 0; c < b->nt && kt && !s; c++) {
        hetla_task_arg data[2] = {{hetla_tiled_tile(j->A, kt - 1, kt - 1), HETLA_R},
                                  {hetla_tiled_tile(B, kt - 1, c), HETLA_RW}};
        s = put(j, k, data, 2, &args, sizeof args, 0);
    }
    return s;
}

/* Least squares with A m x n, m >= n: A = QR, B := Q^H B, R X = B(0:n-1). */
static hetla_status gels(qr_job *j, hetla_tiled *B, const hetla__tiles *b, hetla_int *info)
{
    hetla_status s = geqrf(j, info);
    if (!s)
        s = unmqr(j, HETLA_LEFT, star, B, b);
    if (!s)
        s = check_info(j, info, B, b);
    return s ? s : solve_r(j, B, b);
}

hetla_status hetla_zgels_tiled(hetla_tiled *A, hetla_tiled *T, hetla_tiled *B, hetla_int *info, hetla_sequence *seq)
{
    static const char fn[] = "hetla_zgels_tiled";
    if (!info)
        return hetla__arg_error(fn, 4, "info", "is NULL");
    *info = 0;
    qr_job j = {0};
    hetla__tiles b;
    hetla_status s = check_factors(fn, 1, A, T, 1, &j);
    if (!s)
        s = check_c(fn, 3, "B", HETLA_LEFT, &j.a, B, &b);
    if (!s)
        s = job_start(&j, seq);
    return s ? s : gels(&j, B, &b, info);
}

/* ---- synchronous calls ------------------------------------------------------------------ */

static hetla_status check_size(const char *fn, int pos, const char *name, hetla_int v)
{
    return v < 0 ? hetla__arg_error(fn, pos, name, "is %lld, must be >= 0", (long long)v) : HETLA_SUCCESS;
}

static hetla_status check_ld(const char *fn, int pos, const char *name, hetla_int ld, hetla_int rows)
{
    if (ld >= hetla__max1(rows))
        return HETLA_SUCCESS;
    return hetla__arg_error(fn, pos, name, "is %lld, must be >= max(1, %lld)", (long long)ld, (long long)rows);
}

static hetla_status check_ptr(const char *fn, int pos, const char *name, const void *p, int used)
{
    return !p && used ? hetla__arg_error(fn, pos, name, "is NULL") : HETLA_SUCCESS;
}

/* T for the factorization of an m x n matrix in the synchronous calls'
 * tiles, on the devices only. */
static hetla_status t_create(hetla_context *ctx, hetla_int m, hetla_int n, hetla_tiled **T)
{
    size_t nb = hetla__blas_tile(ctx);
    return hetla_tiled_create(ctx, NULL, nb, (size_t)(m < n ? m : n), 0, nb, nb, HETLA_ZCOMPLEX, T);
}

/* The end of a synchronous call: waits for the views' tasks and brings
 * their tiles home (hetla__views_destroy), frees T, and frees the
 * workspace the tiled calls disposed of, now idle. @return the first
 * failure, @p s included. */
static hetla_status sync_end(hetla_context *ctx, hetla__views *v, hetla_tiled *T, hetla_status s)
{
    s = hetla__views_destroy(v, s);
    if (T) {
        hetla_status d = hetla_tiled_destroy(T);
        s = s ? s : d;
    }
    hetla__data_disposed_sweep(ctx);
    return s;
}

hetla_status hetla_zgeqrf(hetla_context *ctx, hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda,
                          hetla_zcomplex *tau)
{
    static const char fn[] = "hetla_zgeqrf";
    hetla_int k = m < n ? m : n;
    hetla_status s = ctx ? HETLA_SUCCESS : hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!s)
        s = check_size(fn, 2, "m", m);
    if (!s)
        s = check_size(fn, 3, "n", n);
    if (!s)
        s = check_ptr(fn, 4, "A", A, k > 0);
    if (!s)
        s = check_ld(fn, 5, "lda", lda, m);
    if (!s)
        s = check_ptr(fn, 6, "tau", tau, k > 0);
    if (s || k == 0)
        return s;
    /* T in host memory, nb x k: its diagonal is tau */
    size_t nb = hetla__blas_tile(ctx);
    hetla_zcomplex *t = malloc(nb * (size_t)k * sizeof *t);
    if (!t)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory", fn);
    hetla__operand ops[2] = {{A, (size_t)m, (size_t)n, (size_t)lda, HETLA_ZCOMPLEX, HETLA_RW},
                             {t, nb, (size_t)k, nb, HETLA_ZCOMPLEX, HETLA_W}};
    hetla__views v;
    s = hetla__views_create(ctx, ops, 2, 0, &v);
    if (!s)
        s = hetla_zgeqrf_tiled(v.t[0], v.t[1], v.seq);
    s = sync_end(ctx, &v, NULL, s);
    for (hetla_int i = 0; i < k && !s; i++)
        tau[i] = t[(size_t)i % nb + (size_t)i * nb];
    free(t);
    return s;
}

/* T of each panel of LAPACK's reflectors in A, from tau (a column tiled
 * as A's columns). */
static hetla_status larft(hetla_context *ctx, hetla_sequence *seq, hetla_tiled *A, hetla_tiled *tau, hetla_tiled *T)
{
    size_t mt, kt;
    hetla_kernel *op;
    hetla_status s = hetla_tiled_shape(A, NULL, NULL, NULL, NULL, &mt, &kt);
    if (!s)
        s = hetla_kernel_find(ctx, "zlarft", &op);
    if (!s && mt + 2 > HETLA_MAX_TASK_DATA)
        s = hetla__fail(HETLA_ERR_NOT_SUPPORTED, "hetla_zunmqr: %zu tile rows, at most %d; use larger tiles", mt,
                        HETLA_MAX_TASK_DATA - 2);
    hetla_task_arg data[HETLA_MAX_TASK_DATA];
    for (size_t k = 0; k < kt && !s; k++) {
        int n = 0;
        for (size_t i = k; i < mt; i++)
            data[n++] = (hetla_task_arg){hetla_tiled_tile(A, i, k), HETLA_R};
        data[n++] = (hetla_task_arg){hetla_tiled_tile(tau, k, 0), HETLA_R};
        data[n++] = (hetla_task_arg){hetla_tiled_tile(T, 0, k), HETLA_W};
        s = hetla__put(ctx, seq, op, data, n, NULL, 0, hetla__prio_panel(kt));
    }
    return s;
}

hetla_status hetla_zunmqr(hetla_context *ctx, hetla_side side, hetla_trans trans, hetla_int m, hetla_int n, hetla_int k,
                          const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *tau, hetla_zcomplex *C,
                          hetla_int ldc)
{
    static const char fn[] = "hetla_zunmqr";
    hetla_int nq = side == HETLA_LEFT ? m : n; /* the order of Q */
    hetla_status s = ctx ? HETLA_SUCCESS : hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!s && !hetla__side_ok(side))
        s = hetla__arg_error(fn, 2, "side", "is %d, not a hetla_side", (int)side);
    if (!s)
        s = check_trans(fn, 3, trans);
    if (!s)
        s = check_size(fn, 4, "m", m);
    if (!s)
        s = check_size(fn, 5, "n", n);
    if (!s && (k < 0 || k > nq))
        s = hetla__arg_error(fn, 6, "k", "is %lld, must be in 0 .. %lld", (long long)k, (long long)nq);
    if (!s)
        s = check_ptr(fn, 7, "A", A, k > 0);
    if (!s)
        s = check_ld(fn, 8, "lda", lda, nq);
    if (!s)
        s = check_ptr(fn, 9, "tau", tau, k > 0);
    if (!s)
        s = check_ptr(fn, 10, "C", C, m > 0 && n > 0);
    if (!s)
        s = check_ld(fn, 11, "ldc", ldc, m);
    if (s || m == 0 || n == 0 || k == 0)
        return s;
    /* A and tau are only read: their tiles are never written back */
    hetla__operand ops[3] = {{(void *)A, (size_t)nq, (size_t)k, (size_t)lda, HETLA_ZCOMPLEX, HETLA_R},
                             {(void *)tau, (size_t)k, 1, (size_t)k, HETLA_ZCOMPLEX, HETLA_R},
                             {C, (size_t)m, (size_t)n, (size_t)ldc, HETLA_ZCOMPLEX, HETLA_RW}};
    hetla__views v;
    hetla_tiled *T = NULL;
    s = hetla__views_create(ctx, ops, 3, 0, &v);
    if (!s)
        s = t_create(ctx, nq, k, &T);
    if (!s)
        s = larft(ctx, v.seq, v.t[0], v.t[1], T);
    if (!s)
        s = hetla_zunmqr_tiled(side, trans, v.t[0], T, v.t[2], v.seq);
    return sync_end(ctx, &v, T, s);
}

/* ---- least squares ------------------------------------------------------------------------- */

/* dst (n x m) := src^H, src m x n. */
static void adjoint(hetla_int m, hetla_int n, const hetla_zcomplex *src, hetla_int lds, hetla_zcomplex *dst,
                    hetla_int ldd)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < m; i++)
            dst[j + (size_t)i * (size_t)ldd] = conj(src[i + (size_t)j * (size_t)lds]);
}

/* Least squares with the p x q F (p >= q): hetla_zgels_tiled over views of
 * F and B (p x nrhs), one sequence. */
static hetla_status least_squares(hetla_context *ctx, const hetla__operand *ops, hetla_int *info)
{
    hetla__views v;
    hetla_tiled *T = NULL;
    hetla_status s = hetla__views_create(ctx, ops, 2, 0, &v);
    if (!s)
        s = t_create(ctx, (hetla_int)ops[0].m, (hetla_int)ops[0].n, &T);
    if (!s)
        s = hetla_zgels_tiled(v.t[0], T, v.t[1], info, v.seq);
    return sync_end(ctx, &v, T, s);
}

/* F = QR over views of the p x q F (p >= q), waited for. */
static hetla_status factor_sync(hetla_context *ctx, const hetla__operand *f, hetla_tiled *T, hetla_int *info)
{
    hetla__views v;
    qr_job j = {0};
    hetla_status s = hetla__views_create(ctx, f, 1, 0, &v);
    if (!s)
        s = check_factors("hetla_zgels", 6, v.t[0], T, 1, &j);
    if (!s)
        s = job_start(&j, v.seq);
    if (!s)
        s = geqrf(&j, info);
    return hetla__views_destroy(&v, s);
}

/* The minimum norm X (p x nrhs) with F^H X = B (q x nrhs), F p x q (p >=
 * q): F = QR, R^H Y = B, X = Q (Y; 0). The factorization is waited for,
 * so that B is left untouched when R is singular. */
static hetla_status min_norm(hetla_context *ctx, const hetla__operand *ops, hetla_int *info)
{
    const hetla__operand *f = &ops[0], *b = &ops[1];
    hetla_zcomplex *B = b->ptr;
    hetla__views v = {0};
    hetla_tiled *T = NULL;
    hetla_status s = t_create(ctx, (hetla_int)f->m, (hetla_int)f->n, &T);
    if (!s)
        s = factor_sync(ctx, f, T, info);
    if (!s && !*info)
        s = hetla_ztrsm(ctx, HETLA_COL_MAJOR, HETLA_LEFT, HETLA_UPPER, star, HETLA_NON_UNIT, (hetla_int)f->n,
                        (hetla_int)b->n, 1, f->ptr, (hetla_int)f->ld, B, (hetla_int)b->ld);
    for (size_t c = 0; c < b->n && !s && !*info; c++)
        for (size_t i = f->n; i < b->m; i++)
            B[i + c * b->ld] = 0;
    if (!s && !*info)
        s = hetla__views_create(ctx, ops, 2, 0, &v);
    if (!s && !*info)
        s = hetla_zunmqr_tiled(HETLA_LEFT, HETLA_NO_TRANS, v.t[0], T, v.t[1], v.seq);
    return sync_end(ctx, &v, T, s);
}

hetla_status hetla_zgels(hetla_context *ctx, hetla_trans trans, hetla_int m, hetla_int n, hetla_int nrhs,
                         hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B, hetla_int ldb, hetla_int *info)
{
    static const char fn[] = "hetla_zgels";
    hetla_int unused;
    info = info ? info : &unused;
    *info = 0;
    hetla_int p = m > n ? m : n, q = m < n ? m : n;
    hetla_status s = ctx ? HETLA_SUCCESS : hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!s)
        s = check_trans(fn, 2, trans);
    if (!s)
        s = check_size(fn, 3, "m", m);
    if (!s)
        s = check_size(fn, 4, "n", n);
    if (!s)
        s = check_size(fn, 5, "nrhs", nrhs);
    if (!s)
        s = check_ptr(fn, 6, "A", A, q > 0);
    if (!s)
        s = check_ld(fn, 7, "lda", lda, m);
    if (!s)
        s = check_ptr(fn, 8, "B", B, p > 0 && nrhs > 0);
    if (!s)
        s = check_ld(fn, 9, "ldb", ldb, p);
    if (s || nrhs == 0)
        return s;
    if (q == 0) { /* as LAPACK: the solution is zero */
        for (hetla_int c = 0; c < nrhs; c++)
            for (hetla_int i = 0; i < p; i++)
                B[i + (size_t)c * (size_t)ldb] = 0;
        return HETLA_SUCCESS;
    }
    /* F: A when m >= n, else a copy of A^H (whose QR is LAPACK's LQ of A).
     * Least squares when the system has at least as many rows as columns,
     * else the minimum norm solution. */
    hetla_zcomplex *F = A;
    if (m < n && !(F = malloc((size_t)n * (size_t)m * sizeof *F)))
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory", fn);
    if (m < n)
        adjoint(m, n, A, lda, F, n);
    hetla__operand ops[2] = {{F, (size_t)p, (size_t)q, (size_t)(m < n ? n : lda), HETLA_ZCOMPLEX, HETLA_RW},
                             {B, (size_t)p, (size_t)nrhs, (size_t)ldb, HETLA_ZCOMPLEX, HETLA_RW}};
    s = (trans == HETLA_NO_TRANS) == (m >= n) ? least_squares(ctx, ops, info) : min_norm(ctx, ops, info);
    if (m < n) { /* A := F^H, LAPACK's LQ of A: L on and below the diagonal */
        adjoint(n, m, F, n, A, lda);
        free(F);
    }
    return s ? s : *info ? HETLA_NUMERICAL : HETLA_SUCCESS;
}
