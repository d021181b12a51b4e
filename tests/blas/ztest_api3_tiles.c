/* Tests of the tiled and task forms of the level-3 routines of one
 * precision, written for z: the tiled algorithms on small tiles that do
 * not divide the sizes (every side, uplo, trans and diag; k = 0), a chain
 * of two task calls whose data stay on the device between them, and bad
 * arguments of both forms; all against CBLAS, column-major.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <stdio.h>

#include "ztest_api3.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

static const hetla_trans transes[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
static const hetla_uplo uplos[] = {HETLA_UPPER, HETLA_LOWER};
static const hetla_side sides[] = {HETLA_LEFT, HETLA_RIGHT};
static const hetla_diag diags[] = {HETLA_NON_UNIT, HETLA_UNIT};
static const hetla_layout col = HETLA_COL_MAJOR;

/* Sizes (m, n, k) and tile sizes (mb, nb, kb) of the tiled cases: tiles
 * not dividing the sizes, then everything inside one tile. */
static const hetla_int shapes[2][6] = {{21, 19, 13, 8, 6, 5}, {5, 3, 2, 8, 6, 5}};

/* ---- running a tiled algorithm or a task chain ------------------------------------ */

static hetla_tiled *zview(hetla_context *ctx, hetla_zcomplex *p, hetla_int m, hetla_int n, hetla_int ld,
                          hetla_int mb, hetla_int nb)
{
    hetla_tiled *t = NULL;
    if (hetla_tiled_create(ctx, p, (size_t)m, (size_t)n, (size_t)ld, (size_t)mb, (size_t)nb, HETLA_ZCOMPLEX, &t))
        return NULL;
    return t;
}

/* Waits for @p seq's tasks and destroys it and the views (bringing the
 * tiles home); @return the first failure, @p s included. */
static hetla_status zviews_done(hetla_status s, hetla_sequence *seq, hetla_tiled *const *v, int n)
{
    if (seq) {
        hetla_status w = hetla_sequence_destroy(seq);
        s = s ? s : w;
    }
    for (int i = 0; i < n; i++)
        if (v[i]) {
            hetla_status d = hetla_tiled_destroy(v[i]);
            s = s ? s : d;
        }
    return s;
}

static hetla_data *zhandle(hetla_context *ctx, hetla_zcomplex *p, hetla_int m, hetla_int n, hetla_int ld)
{
    hetla_data *d = NULL;
    if (hetla_matrix_register(ctx, p, (size_t)m, (size_t)n, (size_t)ld, HETLA_ZCOMPLEX, &d))
        return NULL;
    return d;
}

/* Unregisters handles (bringing data home); @return the first failure,
 * @p s included. */
static hetla_status zunregister(hetla_status s, hetla_data *const *h, int n)
{
    for (int i = 0; i < n; i++)
        if (h[i]) {
            hetla_status u = hetla_data_unregister(h[i]);
            s = s ? s : u;
        }
    return s;
}

/* Ends a task chain: waits, requires that no data went back to the host
 * in between (the chain stayed on the device) where one device runs it
 * all (with the CPU beside an accelerator, tasks move between them), then
 * unregisters. */
static hetla_status zchain_done(hetla_context *ctx, hetla_status s, hetla_data *const *h, int n)
{
    hetla_stats st;
    hetla_status w = hetla_wait_all(ctx);
    s = s ? s : w;
    if (!s && hetla_device_count(ctx) == 1 && !hetla_stats_get(ctx, &st) && st.transfers[HETLA_D2H] != 0) {
        fprintf(stderr, "  %llu transfers to the host inside a task chain\n",
                (unsigned long long)st.transfers[HETLA_D2H]);
        s = HETLA_ERR_INTERNAL;
    }
    return zunregister(s, h, n);
}

static hetla_status zchain_start(hetla_context *ctx) { return hetla_stats_reset(ctx); }

/* A column-major operand with one padding row. */
static hetla_zcomplex *zcol(hetla_int m, hetla_int n, bool nan) { return ztest_api3_matrix(col, m, n, m + 1, nan); }
static hetla_int zldc(hetla_int m) { return m + 1; }
static size_t zlenc(hetla_int m, hetla_int n) { return (size_t)((m + 1) * n); }

/* ---- GEMM ---------------------------------------------------------------------------- */

static void zgemm_tiled_case(test_result *r, hetla_context *ctx, hetla_trans ta, hetla_trans tb, const hetla_int *z,
                             int sc)
{
    hetla_int m = z[0], n = z[1], k = z[2], mb = z[3], nb = z[4], kb = z[5];
    hetla_zcomplex alpha, beta;
    ztest_api3_scalars(sc, &alpha, &beta);
    bool na = ta == HETLA_NO_TRANS, nbt = tb == HETLA_NO_TRANS;
    hetla_int ar = na ? m : k, ac = na ? k : m, br = nbt ? k : n, bc = nbt ? n : k;
    hetla_zcomplex *A = zcol(ar, ac, false), *B = zcol(br, bc, false), *C = zcol(m, n, beta == 0);
    hetla_zcomplex *Cw = ztest_copy(C, zlenc(m, n));
    cblas_zgemm(CblasColMajor, CB_TRANS(ta), CB_TRANS(tb), m, n, k, CB(alpha), A, zldc(ar), B, zldc(br), CB(beta),
                Cw, zldc(m));
    test_real scale = cabs(alpha) * ztest_norm(ar, ac, A, zldc(ar)) * ztest_norm(br, bc, B, zldc(br)) +
                      cabs(beta) * ztest_norm(m, n, C, zldc(m));
    hetla_sequence *seq = NULL;
    hetla_tiled *v[3] = {zview(ctx, A, ar, ac, zldc(ar), na ? mb : kb, na ? kb : mb),
                         zview(ctx, B, br, bc, zldc(br), nbt ? kb : nb, nbt ? nb : kb),
                         zview(ctx, C, m, n, zldc(m), mb, nb)};
    hetla_status s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_zgemm_tiled(ta, tb, alpha, v[0], v[1], beta, v[2], seq);
    s = zviews_done(s, seq, v, 3);
    test_case(r, ztest_api3_resid(s, zlenc(m, n), C, Cw, scale * test_max(1, k), 0, NULL, NULL, NULL),
              "tiled %c%c m=%lld n=%lld k=%lld scalars#%d", ztest_trans_char(ta), ztest_trans_char(tb), (long long)m,
              (long long)n, (long long)k, sc);
    test_free_all();
}

/* T := alpha A B + beta T, then C := A2 T with C not read (beta = 0). */
static void zgemm_chain(test_result *r, hetla_context *ctx)
{
    hetla_int m = 9, n = 7, k = 5;
    hetla_zcomplex alpha = ztest_rand(), beta = ztest_rand();
    hetla_zcomplex *A = zcol(m, k, false), *B = zcol(k, n, false), *A2 = zcol(m, m, false);
    hetla_zcomplex *T = zcol(m, n, false), *C = zcol(m, n, true);
    hetla_zcomplex *Tw = ztest_copy(T, zlenc(m, n)), *Cw = ztest_copy(C, zlenc(m, n)), zero = 0, one = 1;
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, CB(alpha), A, m + 1, B, k + 1, CB(beta), Tw, m + 1);
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, m, CB(one), A2, m + 1, Tw, m + 1, CB(zero), Cw, m + 1);
    hetla_data *h[5] = {zhandle(ctx, A, m, k, m + 1), zhandle(ctx, B, k, n, k + 1), zhandle(ctx, A2, m, m, m + 1),
                        zhandle(ctx, T, m, n, m + 1), zhandle(ctx, C, m, n, m + 1)};
    hetla_status s = zchain_start(ctx);
    if (!s)
        s = hetla_zgemm_task(ctx, NULL, HETLA_NO_TRANS, HETLA_NO_TRANS, alpha, h[0], h[1], beta, h[3]);
    if (!s)
        s = hetla_zgemm_task(ctx, NULL, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, h[2], h[3], 0, h[4]);
    s = zchain_done(ctx, s, h, 5);
    test_real scale = ztest_norm(m, n, Cw, m + 1) * m;
    test_case(r, test_max(ztest_api3_resid(s, zlenc(m, n), C, Cw, scale, 0, NULL, NULL, NULL),
                          ztest_resid(zlenc(m, n), T, Tw, scale)), "task chain");
    test_free_all();
}

void api3_zgemm_tiles(test_result *r, hetla_context *ctx)
{
    int sc = 0;
    for (size_t z = 0; z < 2; z++)
        for (size_t t = 0; t < 9; t++)
            zgemm_tiled_case(r, ctx, transes[t / 3], transes[t % 3], shapes[z], sc++ % 5);
    const hetla_int none[6] = {21, 19, 0, 8, 6, 5};
    zgemm_tiled_case(r, ctx, HETLA_NO_TRANS, HETLA_NO_TRANS, none, 0);
    zgemm_chain(r, ctx);
}

/* ---- HEMM / SYMM ---------------------------------------------------------------------- */

static hetla_status zhemm_tiled_call(bool herm, hetla_side side, hetla_uplo uplo, hetla_zcomplex alpha,
                                     hetla_tiled *A, hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C,
                                     hetla_sequence *seq)
{
    (void)herm;
#if defined(COMPLEX)
    if (!herm)
        return hetla_zsymm_tiled(side, uplo, alpha, A, B, beta, C, seq);
#endif
    return hetla_zhemm_tiled(side, uplo, alpha, A, B, beta, C, seq);
}

static hetla_status zhemm_task_call(hetla_context *ctx, bool herm, hetla_side side, hetla_uplo uplo,
                                    hetla_zcomplex alpha, hetla_data *A, hetla_data *B, hetla_zcomplex beta,
                                    hetla_data *C)
{
    (void)herm;
#if defined(COMPLEX)
    if (!herm)
        return hetla_zsymm_task(ctx, NULL, side, uplo, alpha, A, B, beta, C);
#endif
    return hetla_zhemm_task(ctx, NULL, side, uplo, alpha, A, B, beta, C);
}

static void zhemm_ref(bool herm, hetla_side side, hetla_uplo uplo, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                      const hetla_zcomplex *A, const hetla_zcomplex *B, hetla_zcomplex beta, hetla_zcomplex *C)
{
    hetla_int lda = zldc(side == HETLA_LEFT ? m : n);
    (void)herm;
#if defined(COMPLEX)
    if (!herm) {
        cblas_zsymm(CblasColMajor, CB_SIDE(side), CB_UPLO(uplo), m, n, CB(alpha), A, lda, B, zldc(m), CB(beta), C,
                    zldc(m));
        return;
    }
#endif
    cblas_zhemm(CblasColMajor, CB_SIDE(side), CB_UPLO(uplo), m, n, CB(alpha), A, lda, B, zldc(m), CB(beta), C,
                zldc(m));
}

static void zhemm_tiled_case(test_result *r, hetla_context *ctx, bool herm, hetla_side side, hetla_uplo uplo,
                             const hetla_int *z, int sc)
{
    hetla_int m = z[0], n = z[1], mb = z[3], nb = z[4];
    hetla_zcomplex alpha, beta;
    ztest_api3_scalars(sc, &alpha, &beta);
    bool left = side == HETLA_LEFT;
    hetla_int ka = left ? m : n, kb = left ? mb : nb;
    hetla_zcomplex *A = ztest_api3_triangle(col, uplo, HETLA_NON_UNIT, false, ka, zldc(ka));
    hetla_zcomplex *B = zcol(m, n, false), *C = zcol(m, n, beta == 0), *Cw = ztest_copy(C, zlenc(m, n));
    zhemm_ref(herm, side, uplo, m, n, alpha, A, B, beta, Cw);
    hetla_zcomplex *in[2] = {A, B};
    size_t lens[2] = {zlenc(ka, ka), zlenc(m, n)};
    ztest_api3_poison(sc, 2, in, in, lens);
    test_real scale = 2 * cabs(alpha) * ztest_norm(ka, ka, A, zldc(ka)) * ztest_norm(m, n, B, zldc(m)) +
                      cabs(beta) * ztest_norm(m, n, C, zldc(m));
    hetla_sequence *seq = NULL;
    hetla_tiled *v[3] = {zview(ctx, A, ka, ka, zldc(ka), kb, kb), zview(ctx, B, m, n, zldc(m), mb, nb),
                         zview(ctx, C, m, n, zldc(m), mb, nb)};
    hetla_status s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = zhemm_tiled_call(herm, side, uplo, alpha, v[0], v[1], beta, v[2], seq);
    s = zviews_done(s, seq, v, 3);
    test_case(r, ztest_api3_resid(s, zlenc(m, n), C, Cw, scale * test_max(1, ka), 0, NULL, NULL, NULL),
              "tiled side=%d uplo=%d m=%lld n=%lld scalars#%d", (int)side, (int)uplo, (long long)m, (long long)n, sc);
    test_free_all();
}

/* C1 := alpha S B + beta C1, then C2 := S C1 (C2 not read). */
static void zhemm_chain(test_result *r, hetla_context *ctx, bool herm)
{
    hetla_int m = 9, n = 7;
    hetla_zcomplex alpha = ztest_rand(), beta = ztest_rand();
    hetla_zcomplex *S = ztest_api3_triangle(col, HETLA_LOWER, HETLA_NON_UNIT, false, m, zldc(m));
    hetla_zcomplex *B = zcol(m, n, false), *C1 = zcol(m, n, false), *C2 = zcol(m, n, true);
    hetla_zcomplex *C1w = ztest_copy(C1, zlenc(m, n)), *C2w = ztest_copy(C2, zlenc(m, n));
    zhemm_ref(herm, HETLA_LEFT, HETLA_LOWER, m, n, alpha, S, B, beta, C1w);
    zhemm_ref(herm, HETLA_LEFT, HETLA_LOWER, m, n, 1, S, C1w, 0, C2w);
    hetla_data *h[4] = {zhandle(ctx, S, m, m, zldc(m)), zhandle(ctx, B, m, n, zldc(m)),
                        zhandle(ctx, C1, m, n, zldc(m)), zhandle(ctx, C2, m, n, zldc(m))};
    hetla_status s = zchain_start(ctx);
    if (!s)
        s = zhemm_task_call(ctx, herm, HETLA_LEFT, HETLA_LOWER, alpha, h[0], h[1], beta, h[2]);
    if (!s)
        s = zhemm_task_call(ctx, herm, HETLA_LEFT, HETLA_LOWER, 1, h[0], h[2], 0, h[3]);
    s = zchain_done(ctx, s, h, 4);
    test_real scale = ztest_norm(m, n, C2w, zldc(m)) * m;
    test_case(r, test_max(ztest_api3_resid(s, zlenc(m, n), C2, C2w, scale, 0, NULL, NULL, NULL),
                          ztest_resid(zlenc(m, n), C1, C1w, scale)), "task chain");
    test_free_all();
}

/* Bad arguments of the task and tiled forms: the first named by position. */
static void zhemm_forms_bad(test_result *r, hetla_context *ctx, bool herm)
{
    hetla_zcomplex *A = zcol(4, 4, false), *B = zcol(4, 3, false), *C = zcol(4, 3, false);
    hetla_zcomplex *C0 = ztest_copy(C, zlenc(4, 3));
    hetla_data *h[3] = {zhandle(ctx, A, 4, 4, 5), zhandle(ctx, B, 4, 3, 5), zhandle(ctx, C, 4, 3, 5)};
    hetla_status s = zhemm_task_call(NULL, herm, HETLA_LEFT, HETLA_UPPER, 1, h[0], h[1], 0, h[2]);
    ztest_api3_expect_arg(r, s, 1, C, C0, zlenc(4, 3), "task: ctx");
    s = zhemm_task_call(ctx, herm, (hetla_side)0, HETLA_UPPER, 1, h[0], h[1], 0, h[2]);
    ztest_api3_expect_arg(r, s, 3, C, C0, zlenc(4, 3), "task: side");
    s = zhemm_task_call(ctx, herm, HETLA_RIGHT, HETLA_UPPER, 1, h[0], h[1], 0, h[2]);
    ztest_api3_expect_arg(r, s, 6, C, C0, zlenc(4, 3), "task: A not n x n for side right");
    s = zhemm_task_call(ctx, herm, HETLA_LEFT, HETLA_UPPER, 1, h[0], h[0], 0, h[2]);
    ztest_api3_expect_arg(r, s, 7, C, C0, zlenc(4, 3), "task: B not C's shape");
    s = zunregister(HETLA_SUCCESS, h, 3);
    test_case(r, s ? INFINITY : 0, "unregistering after bad arguments");
    hetla_tiled *v[3] = {zview(ctx, A, 4, 4, 5, 2, 2), zview(ctx, B, 4, 3, 5, 2, 2), zview(ctx, C, 4, 3, 5, 2, 3)};
    s = zhemm_tiled_call(herm, HETLA_LEFT, (hetla_uplo)0, 1, v[0], v[1], 0, v[2], NULL);
    ztest_api3_expect_arg(r, s, 2, C, C0, zlenc(4, 3), "tiled: uplo");
    s = zhemm_tiled_call(herm, HETLA_LEFT, HETLA_UPPER, 1, v[0], v[1], 0, v[2], NULL);
    ztest_api3_expect_arg(r, s, 5, C, C0, zlenc(4, 3), "tiled: B tiled unlike C");
    s = zhemm_tiled_call(herm, HETLA_RIGHT, HETLA_UPPER, 1, v[0], v[1], 0, v[2], NULL);
    ztest_api3_expect_arg(r, s, 4, C, C0, zlenc(4, 3), "tiled: A not n x n for side right");
    s = zviews_done(HETLA_SUCCESS, NULL, v, 3);
    test_case(r, s ? INFINITY : 0, "cleaning up after bad arguments");
    test_free_all();
}

static void zhemm_tiles(test_result *r, hetla_context *ctx, bool herm)
{
    int sc = 0;
    for (size_t z = 0; z < 2; z++)
        for (size_t t = 0; t < 4; t++)
            zhemm_tiled_case(r, ctx, herm, sides[t / 2], uplos[t % 2], shapes[z], sc++ % 5);
    zhemm_tiled_case(r, ctx, herm, HETLA_RIGHT, HETLA_LOWER, shapes[0], 5);
    zhemm_chain(r, ctx, herm);
    zhemm_forms_bad(r, ctx, herm);
}

void api3_zhemm_tiles(test_result *r, hetla_context *ctx) { zhemm_tiles(r, ctx, true); }

/* ---- HERK / SYRK, HER2K / SYR2K ------------------------------------------------------- */

static hetla_status zrank_tiled_call(bool herm, bool two, hetla_uplo uplo, hetla_trans trans, hetla_zcomplex alpha,
                                     hetla_tiled *A, hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C,
                                     hetla_sequence *seq)
{
    (void)herm;
#if defined(COMPLEX)
    if (!herm && !two)
        return hetla_zsyrk_tiled(uplo, trans, alpha, A, beta, C, seq);
    if (!herm)
        return hetla_zsyr2k_tiled(uplo, trans, alpha, A, B, beta, C, seq);
#endif
    if (!two)
        return hetla_zherk_tiled(uplo, trans, creal(alpha), A, creal(beta), C, seq);
    return hetla_zher2k_tiled(uplo, trans, alpha, A, B, creal(beta), C, seq);
}

static hetla_status zrank_task_call(hetla_context *ctx, bool herm, bool two, hetla_uplo uplo, hetla_trans trans,
                                    hetla_zcomplex alpha, hetla_data *A, hetla_data *B, hetla_zcomplex beta,
                                    hetla_data *C)
{
    (void)herm;
#if defined(COMPLEX)
    if (!herm && !two)
        return hetla_zsyrk_task(ctx, NULL, uplo, trans, alpha, A, beta, C);
    if (!herm)
        return hetla_zsyr2k_task(ctx, NULL, uplo, trans, alpha, A, B, beta, C);
#endif
    if (!two)
        return hetla_zherk_task(ctx, NULL, uplo, trans, creal(alpha), A, creal(beta), C);
    return hetla_zher2k_task(ctx, NULL, uplo, trans, alpha, A, B, creal(beta), C);
}

static void zrank_ref(bool herm, bool two, hetla_uplo uplo, hetla_trans trans, hetla_int n, hetla_int k,
                      hetla_zcomplex alpha, const hetla_zcomplex *A, const hetla_zcomplex *B, hetla_zcomplex beta,
                      hetla_zcomplex *C)
{
    enum CBLAS_UPLO u = CB_UPLO(uplo);
    enum CBLAS_TRANSPOSE t = CB_TRANS(trans);
    hetla_int lda = zldc(trans == HETLA_NO_TRANS ? n : k);
    (void)herm;
#if defined(COMPLEX)
    if (!herm && !two) {
        cblas_zsyrk(CblasColMajor, u, t, n, k, CB(alpha), A, lda, CB(beta), C, zldc(n));
        return;
    }
    if (!herm) {
        cblas_zsyr2k(CblasColMajor, u, t, n, k, CB(alpha), A, lda, B, lda, CB(beta), C, zldc(n));
        return;
    }
#endif
    if (!two)
        cblas_zherk(CblasColMajor, u, t, n, k, creal(alpha), A, lda, creal(beta), C, zldc(n));
    else
        cblas_zher2k(CblasColMajor, u, t, n, k, CB(alpha), A, lda, B, lda, creal(beta), C, zldc(n));
}

static void zrank_scalars(int sc, bool herm, bool two, hetla_zcomplex *alpha, hetla_zcomplex *beta)
{
    ztest_api3_scalars(sc, alpha, beta);
    if (herm)
        *beta = creal(*beta);
    if (herm && !two)
        *alpha = creal(*alpha);
}

/* C n x n in nb x nb tiles, op(A) n x k in nb x kb tiles */
static void zrank_tiled_case(test_result *r, hetla_context *ctx, bool herm, bool two, hetla_uplo uplo,
                             hetla_trans trans, hetla_int n, hetla_int k, hetla_int nb, hetla_int kb, int sc)
{
    hetla_zcomplex alpha, beta;
    zrank_scalars(sc, herm, two, &alpha, &beta);
    bool nt = trans == HETLA_NO_TRANS;
    hetla_int ar = nt ? n : k, ac = nt ? k : n;
    hetla_zcomplex *A = zcol(ar, ac, false), *B = zcol(ar, ac, false), *C = zcol(n, n, beta == 0);
    hetla_zcomplex *Cw = ztest_copy(C, zlenc(n, n));
    zrank_ref(herm, two, uplo, trans, n, k, alpha, A, B, beta, Cw);
    hetla_zcomplex *in[2] = {A, B};
    size_t lens[2] = {zlenc(ar, ac), zlenc(ar, ac)};
    ztest_api3_poison(sc, 2, in, in, lens);
    test_real scale = 2 * cabs(alpha) * ztest_norm(ar, ac, A, zldc(ar)) * ztest_norm(ar, ac, B, zldc(ar)) +
                      cabs(beta) * ztest_norm(n, n, C, zldc(n));
    hetla_sequence *seq = NULL;
    hetla_tiled *v[3] = {zview(ctx, A, ar, ac, zldc(ar), nt ? nb : kb, nt ? kb : nb),
                         zview(ctx, B, ar, ac, zldc(ar), nt ? nb : kb, nt ? kb : nb),
                         zview(ctx, C, n, n, zldc(n), nb, nb)};
    hetla_status s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = zrank_tiled_call(herm, two, uplo, trans, alpha, v[0], v[1], beta, v[2], seq);
    s = zviews_done(s, seq, v, 3);
    test_case(r, ztest_api3_resid(s, zlenc(n, n), C, Cw, scale * test_max(1, k), 0, NULL, NULL, NULL),
              "tiled uplo=%d %c n=%lld k=%lld scalars#%d", (int)uplo, ztest_trans_char(trans), (long long)n,
              (long long)k, sc);
    test_free_all();
}

/* C := alpha op(A) op(B)^* + beta C, then C += alpha op(A2) op(B2)^*. */
static void zrank_chain(test_result *r, hetla_context *ctx, bool herm, bool two)
{
    hetla_int n = 9, k = 5;
    hetla_zcomplex alpha, beta;
    zrank_scalars(0, herm, two, &alpha, &beta);
    hetla_zcomplex *A = zcol(n, k, false), *B = zcol(n, k, false), *A2 = zcol(n, k, false), *B2 = zcol(n, k, false);
    hetla_zcomplex *C = zcol(n, n, false), *Cw = ztest_copy(C, zlenc(n, n));
    zrank_ref(herm, two, HETLA_UPPER, HETLA_NO_TRANS, n, k, alpha, A, B, beta, Cw);
    zrank_ref(herm, two, HETLA_UPPER, HETLA_NO_TRANS, n, k, alpha, A2, B2, 1, Cw);
    hetla_data *h[5] = {zhandle(ctx, A, n, k, zldc(n)), zhandle(ctx, B, n, k, zldc(n)),
                        zhandle(ctx, A2, n, k, zldc(n)), zhandle(ctx, B2, n, k, zldc(n)),
                        zhandle(ctx, C, n, n, zldc(n))};
    hetla_status s = zchain_start(ctx);
    if (!s)
        s = zrank_task_call(ctx, herm, two, HETLA_UPPER, HETLA_NO_TRANS, alpha, h[0], h[1], beta, h[4]);
    if (!s)
        s = zrank_task_call(ctx, herm, two, HETLA_UPPER, HETLA_NO_TRANS, alpha, h[2], h[3], 1, h[4]);
    s = zchain_done(ctx, s, h, 5);
    test_real scale = ztest_norm(n, n, Cw, zldc(n)) * k;
    test_case(r, ztest_api3_resid(s, zlenc(n, n), C, Cw, scale, 0, NULL, NULL, NULL), "task chain");
    test_free_all();
}

static void zrank_forms_bad(test_result *r, hetla_context *ctx, bool herm, bool two)
{
    int cpos = two ? 9 : 8;
    hetla_zcomplex *A = zcol(4, 2, false), *C = zcol(4, 4, false), *C0 = ztest_copy(C, zlenc(4, 4));
    hetla_data *h[2] = {zhandle(ctx, A, 4, 2, 5), zhandle(ctx, C, 4, 4, 5)};
    hetla_status s = zrank_task_call(NULL, herm, two, HETLA_UPPER, HETLA_NO_TRANS, 1, h[0], h[0], 0, h[1]);
    ztest_api3_expect_arg(r, s, 1, C, C0, zlenc(4, 4), "task: ctx");
    s = zrank_task_call(ctx, herm, two, HETLA_UPPER, (hetla_trans)0, 1, h[0], h[0], 0, h[1]);
    ztest_api3_expect_arg(r, s, 4, C, C0, zlenc(4, 4), "task: trans");
    s = zrank_task_call(ctx, herm, two, HETLA_UPPER, HETLA_NO_TRANS, 1, h[0], h[0], 0, h[0]);
    ztest_api3_expect_arg(r, s, cpos, C, C0, zlenc(4, 4), "task: C not square");
    s = zunregister(HETLA_SUCCESS, h, 2);
    test_case(r, s ? INFINITY : 0, "unregistering after bad arguments");
    hetla_tiled *v[2] = {zview(ctx, A, 4, 2, 5, 3, 2), zview(ctx, C, 4, 4, 5, 2, 2)};
    s = zrank_tiled_call(herm, two, (hetla_uplo)0, HETLA_NO_TRANS, 1, v[0], v[0], 0, v[1], NULL);
    ztest_api3_expect_arg(r, s, 1, C, C0, zlenc(4, 4), "tiled: uplo");
    s = zrank_tiled_call(herm, two, HETLA_UPPER, HETLA_NO_TRANS, 1, v[0], v[0], 0, v[1], NULL);
    ztest_api3_expect_arg(r, s, 4, C, C0, zlenc(4, 4), "tiled: A's rows tiled unlike C's");
    s = zviews_done(HETLA_SUCCESS, NULL, v, 2);
    test_case(r, s ? INFINITY : 0, "cleaning up after bad arguments");
    test_free_all();
}

static void zrank_tiles(test_result *r, hetla_context *ctx, bool herm, bool two)
{
#if defined(COMPLEX)
    const hetla_trans ts[] = {HETLA_NO_TRANS, herm ? HETLA_CONJ_TRANS : HETLA_TRANS};
#else
    const hetla_trans ts[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
#endif
    int sc = 0;
    for (size_t z = 0; z < 2; z++)
        for (size_t u = 0; u < 2; u++)
            for (size_t t = 0; t < COUNT(ts); t++)
                zrank_tiled_case(r, ctx, herm, two, uplos[u], ts[t], shapes[z][1], shapes[z][2], shapes[z][4],
                                 shapes[z][5], sc++ % 5);
    for (size_t t = 0; t < COUNT(ts); t++) /* k = 0: C := beta C on the triangle */
        zrank_tiled_case(r, ctx, herm, two, uplos[t % 2], ts[t], 19, 0, 6, 5, 0);
    zrank_tiled_case(r, ctx, herm, two, HETLA_LOWER, ts[1], 19, 13, 6, 5, 5);
    zrank_chain(r, ctx, herm, two);
    zrank_forms_bad(r, ctx, herm, two);
}

void api3_zherk_tiles(test_result *r, hetla_context *ctx) { zrank_tiles(r, ctx, true, false); }
void api3_zher2k_tiles(test_result *r, hetla_context *ctx) { zrank_tiles(r, ctx, true, true); }

/* ---- TRMM, TRSM ------------------------------------------------------------------------ */

static void ztrxm_ref(bool solve, hetla_side side, hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int m,
                      hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, hetla_zcomplex *B)
{
    if (solve)
        cblas_ztrsm(CblasColMajor, CB_SIDE(side), CB_UPLO(uplo), CB_TRANS(trans), CB_DIAG(diag), m, n, CB(alpha), A,
                    lda, B, zldc(m));
    else
        cblas_ztrmm(CblasColMajor, CB_SIDE(side), CB_UPLO(uplo), CB_TRANS(trans), CB_DIAG(diag), m, n, CB(alpha), A,
                    lda, B, zldc(m));
}

static void ztrxm_tiled_case(test_result *r, hetla_context *ctx, bool solve, hetla_side side, hetla_uplo uplo,
                             hetla_trans trans, hetla_diag diag, const hetla_int *z, int sc)
{
    hetla_int m = z[0], n = z[1], mb = z[3], nb = z[4];
    hetla_zcomplex alpha = sc == 0 ? ztest_rand() : sc == 2 ? 1 : 0; /* 3: A must not be read either */
    bool left = side == HETLA_LEFT;
    hetla_int ka = left ? m : n, kb = left ? mb : nb;
    hetla_zcomplex *A = ztest_api3_triangle(col, uplo, diag, solve, ka, zldc(ka));
    hetla_zcomplex *B = zcol(m, n, alpha == 0), *Bw = ztest_copy(B, zlenc(m, n)), *B0 = ztest_copy(B, zlenc(m, n));
    ztrxm_ref(solve, side, uplo, trans, diag, m, n, alpha, A, zldc(ka), Bw);
    size_t la = zlenc(ka, ka);
    ztest_api3_poison(sc == 3 ? 5 : 0, 1, &A, &A, &la);
    hetla_sequence *seq = NULL;
    hetla_tiled *v[2] = {zview(ctx, A, ka, ka, zldc(ka), kb, kb), zview(ctx, B, m, n, zldc(m), mb, nb)};
    hetla_status s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = solve ? hetla_ztrsm_tiled(side, uplo, trans, diag, alpha, v[0], v[1], seq)
                  : hetla_ztrmm_tiled(side, uplo, trans, diag, alpha, v[0], v[1], seq);
    s = zviews_done(s, seq, v, 2);
    test_real tn = ztest_norm(ka, ka, A, zldc(ka)) + (diag == HETLA_UNIT ? sqrt((test_real)ka) : 0);
    test_real scale = solve ? ztest_norm(m, n, Bw, zldc(m)) : cabs(alpha) * tn * ztest_norm(m, n, B0, zldc(m));
    test_case(r, ztest_api3_resid(s, zlenc(m, n), B, Bw, scale * test_max(1, ka), 0, NULL, NULL, NULL),
              "tiled side=%d uplo=%d %c diag=%d m=%lld n=%lld alpha#%d", (int)side, (int)uplo, ztest_trans_char(trans),
              (int)diag, (long long)m, (long long)n, sc);
    test_free_all();
}

static hetla_status ztrxm_task_call(hetla_context *ctx, bool solve, hetla_side side, hetla_uplo uplo,
                                    hetla_trans trans, hetla_zcomplex alpha, hetla_data *A, hetla_data *B)
{
    return solve ? hetla_ztrsm_task(ctx, NULL, side, uplo, trans, HETLA_NON_UNIT, alpha, A, B)
                 : hetla_ztrmm_task(ctx, NULL, side, uplo, trans, HETLA_NON_UNIT, alpha, A, B);
}

/* B := alpha op(T) B (or its solve), twice on the device. */
static void ztrxm_chain(test_result *r, hetla_context *ctx, bool solve)
{
    hetla_int m = 9, n = 7;
    hetla_zcomplex alpha = ztest_rand();
    hetla_zcomplex *A = ztest_api3_triangle(col, HETLA_UPPER, HETLA_NON_UNIT, solve, m, zldc(m));
    hetla_zcomplex *B = zcol(m, n, false), *Bw = ztest_copy(B, zlenc(m, n));
    for (int i = 0; i < 2; i++)
        ztrxm_ref(solve, HETLA_LEFT, HETLA_UPPER, HETLA_CONJ_TRANS, HETLA_NON_UNIT, m, n, alpha, A, zldc(m), Bw);
    hetla_data *h[2] = {zhandle(ctx, A, m, m, zldc(m)), zhandle(ctx, B, m, n, zldc(m))};
    hetla_status s = zchain_start(ctx);
    for (int i = 0; i < 2 && !s; i++)
        s = ztrxm_task_call(ctx, solve, HETLA_LEFT, HETLA_UPPER, HETLA_CONJ_TRANS, alpha, h[0], h[1]);
    s = zchain_done(ctx, s, h, 2);
    test_real scale = (ztest_norm(m, n, Bw, zldc(m)) + 1) * m;
    test_case(r, ztest_api3_resid(s, zlenc(m, n), B, Bw, scale, 0, NULL, NULL, NULL), "task chain");
    test_free_all();
}

static void ztrxm_forms_bad(test_result *r, hetla_context *ctx, bool solve)
{
    hetla_zcomplex *A = zcol(4, 4, false), *B = zcol(4, 3, false), *B0 = ztest_copy(B, zlenc(4, 3));
    hetla_data *h[2] = {zhandle(ctx, A, 4, 4, 5), zhandle(ctx, B, 4, 3, 5)};
    hetla_status s = ztrxm_task_call(NULL, solve, HETLA_LEFT, HETLA_UPPER, HETLA_NO_TRANS, 1, h[0], h[1]);
    ztest_api3_expect_arg(r, s, 1, B, B0, zlenc(4, 3), "task: ctx");
    s = ztrxm_task_call(ctx, solve, HETLA_LEFT, HETLA_UPPER, (hetla_trans)0, 1, h[0], h[1]);
    ztest_api3_expect_arg(r, s, 5, B, B0, zlenc(4, 3), "task: transa");
    s = ztrxm_task_call(ctx, solve, HETLA_RIGHT, HETLA_UPPER, HETLA_NO_TRANS, 1, h[0], h[1]);
    ztest_api3_expect_arg(r, s, 8, B, B0, zlenc(4, 3), "task: A not n x n for side right");
    s = zunregister(HETLA_SUCCESS, h, 2);
    test_case(r, s ? INFINITY : 0, "unregistering after bad arguments");
    hetla_tiled *v[2] = {zview(ctx, A, 4, 4, 5, 2, 2), zview(ctx, B, 4, 3, 5, 3, 2)};
    s = hetla_ztrsm_tiled(HETLA_LEFT, HETLA_UPPER, HETLA_NO_TRANS, (hetla_diag)0, 1, v[0], v[1], NULL);
    ztest_api3_expect_arg(r, s, 4, B, B0, zlenc(4, 3), "tiled: diag");
    s = hetla_ztrmm_tiled(HETLA_LEFT, HETLA_UPPER, HETLA_NO_TRANS, HETLA_UNIT, 1, v[0], v[1], NULL);
    ztest_api3_expect_arg(r, s, 6, B, B0, zlenc(4, 3), "tiled: A tiled unlike B's rows");
    s = zviews_done(HETLA_SUCCESS, NULL, v, 2);
    test_case(r, s ? INFINITY : 0, "cleaning up after bad arguments");
    test_free_all();
}

static void ztrxm_tiles(test_result *r, hetla_context *ctx, bool solve)
{
    for (size_t z = 0; z < 2; z++)
        for (size_t f = 0; f < 24; f++)
            ztrxm_tiled_case(r, ctx, solve, sides[f / 12], uplos[f / 6 % 2], transes[f / 2 % 3], diags[f % 2],
                             shapes[z], (int)((f + z) % 3));
    ztrxm_tiled_case(r, ctx, solve, HETLA_RIGHT, HETLA_LOWER, HETLA_TRANS, HETLA_UNIT, shapes[0], 3);
    ztrxm_chain(r, ctx, solve);
    ztrxm_forms_bad(r, ctx, solve);
}

void api3_ztrmm_tiles(test_result *r, hetla_context *ctx) { ztrxm_tiles(r, ctx, false); }
void api3_ztrsm_tiles(test_result *r, hetla_context *ctx) { ztrxm_tiles(r, ctx, true); }

#if defined(COMPLEX)
void api3_zsymm_tiles(test_result *r, hetla_context *ctx) { zhemm_tiles(r, ctx, false); }
void api3_zsyrk_tiles(test_result *r, hetla_context *ctx) { zrank_tiles(r, ctx, false, false); }
void api3_zsyr2k_tiles(test_result *r, hetla_context *ctx) { zrank_tiles(r, ctx, false, true); }
#endif
