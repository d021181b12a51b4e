/* Tests of the sparse tiled LU of one precision, written for z: random
 * diagonally dominant matrices of three patterns factored in tiles that do
 * not divide their size, checked against the dense product of the factors,
 * a symbolic fill-in computed here on the tile pattern, and the tile
 * counts; CSR and coordinate inputs, the solves, zero pivots and bad
 * arguments.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <stdio.h>
#include <string.h>

#include "ztest_sparse.h"
#include "ztest_util.h"

#define COUNT(a) (sizeof(a) / sizeof *(a))

/* band: a few diagonals; arrow: dense first rows and columns, which fill
 * in the whole matrix at the first step; random: about four entries a
 * row, scattered. */
enum { BAND, ARROW, RANDOM };
static const char *const patterns[] = {"band", "arrow", "random"};

static const hetla_int sizes[] = {1, 7, 50, 130}, tiles[] = {8, 16, 32};

/* A test matrix: dense (ld n) and CSR, with the row of each entry for the
 * coordinate form. */
typedef struct zsp {
    hetla_int n, nnz;
    hetla_zcomplex *A;
    hetla_int *rowptr, *colind, *rowind;
    hetla_zcomplex *val;
} zsp;

static hetla_int imax1(hetla_int v)
{
    return v > 1 ? v : 1;
}

static bool zpattern_has(int p, hetla_int n, hetla_int i, hetla_int j)
{
    if (p == BAND)
        return i - j <= 2 && j - i <= 3;
    if (p == ARROW)
        return i < 3 || j < 3 || i - j == 1;
    return test_uniform() < 4.0 / (double)n;
}

/* The CSR arrays of the nonzeros of m->A. */
static void zsp_index(zsp *m)
{
    hetla_int n = m->n, len = imax1(n * n);
    m->rowptr = test_alloc((size_t)(n + 1) * sizeof *m->rowptr);
    m->colind = test_alloc((size_t)len * sizeof *m->colind);
    m->rowind = test_alloc((size_t)len * sizeof *m->rowind);
    m->val = test_alloc((size_t)len * sizeof *m->val);
    m->nnz = 0;
    for (hetla_int i = 0; i < n; i++) {
        for (hetla_int j = 0; j < n; j++)
            if (m->A[i + j * n] != 0) {
                m->rowind[m->nnz] = i;
                m->colind[m->nnz] = j;
                m->val[m->nnz++] = m->A[i + j * n];
            }
        m->rowptr[i + 1] = m->nnz;
    }
}

/* Pattern @p p, diagonally dominant by rows. */
static zsp zsp_make(int p, hetla_int n)
{
    zsp m = {.n = n, .A = test_alloc((size_t)imax1(n * n) * sizeof(hetla_zcomplex))};
    for (hetla_int i = 0; i < n; i++) {
        test_real sum = 0;
        for (hetla_int j = 0; j < n; j++)
            if (j != i && zpattern_has(p, n, i, j)) {
                m.A[i + j * n] = ztest_rand();
                sum += cabs(m.A[i + j * n]);
            }
        m.A[i + i * n] = sum + 1 + 0.5 * ztest_rand();
    }
    zsp_index(&m);
    return m;
}

/* Zeroes rows and columns lo .. hi-1 (their pivots become exactly zero). */
static void zsp_zero(zsp *m, hetla_int lo, hetla_int hi)
{
    for (hetla_int k = lo; k < hi; k++)
        for (hetla_int l = 0; l < m->n; l++)
            m->A[k + l * m->n] = m->A[l + k * m->n] = 0;
    zsp_index(m);
}

/* ---- the tile pattern, and its symbolic LU ---------------------------------- */

static hetla_int ntiles(hetla_int n, hetla_int nb)
{
    return (n + nb - 1) / nb;
}

/* Which tiles (nt x nt, column-major) hold an entry; @p count gets how many. */
static bool *zsp_tiles(const zsp *m, hetla_int nb, size_t *count)
{
    hetla_int nt = ntiles(m->n, nb);
    bool *P = test_alloc((size_t)imax1(nt * nt) * sizeof *P);
    *count = 0;
    for (hetla_int k = 0; k < m->nnz; k++) {
        bool *t = &P[m->rowind[k] / nb + m->colind[k] / nb * nt];
        *count += !*t;
        *t = true;
    }
    return P;
}

/* Tile LU on booleans, a step skipped where the diagonal tile is empty;
 * @return the number of tiles it fills in. */
static size_t symbolic_fill(bool *P, hetla_int nt)
{
    size_t fill = 0;
    for (hetla_int k = 0; k < nt; k++)
        for (hetla_int j = k + 1; j < nt && P[k + k * nt]; j++)
            for (hetla_int i = k + 1; i < nt && P[k + j * nt]; i++)
                if (P[i + k * nt] && !P[i + j * nt]) {
                    P[i + j * nt] = true;
                    fill++;
                }
    return fill;
}

/* Whether A's tiles are those of @p P. */
static bool same_tiles(const hetla_sparse_tiled *A, const bool *P, hetla_int nt)
{
    for (hetla_int t = 0; t < nt * nt; t++)
        if ((hetla_sparse_tiled_tile(A, (size_t)(t % nt), (size_t)(t / nt)) != NULL) != P[t])
            return false;
    return true;
}

/* ---- residuals ---------------------------------------------------------------- */

static double pass_if(bool ok)
{
    return ok ? 0 : INFINITY;
}

/* ||A - L U||_F / (||A||_F n eps), L (unit) and U packed in F; both ld n. */
static test_real zlu_resid(hetla_int n, const hetla_zcomplex *A, const hetla_zcomplex *F)
{
    hetla_zcomplex *D = test_alloc((size_t)imax1(n * n) * sizeof *D);
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i = 0; i < n; i++) {
            hetla_int top = i < j ? i : j;
            hetla_zcomplex sum = i <= j ? F[i + j * n] : F[i + j * n] * F[j + j * n];
            for (hetla_int l = 0; l < top; l++)
                sum += F[i + l * n] * F[l + j * n];
            D[i + j * n] = sum;
        }
    return ztest_resid((size_t)(n * n), D, A, ztest_norm(n, n, A, n) * (test_real)n);
}

/* ||B - A X||_F / (||A||_F ||X||_F n eps); B and X n x nrhs with ld, A ld n. */
static test_real zsolve_resid(hetla_int n, hetla_int nrhs, const hetla_zcomplex *A, const hetla_zcomplex *B,
                              const hetla_zcomplex *X, hetla_int ld)
{
    hetla_zcomplex *AX = test_alloc((size_t)imax1(n * nrhs) * sizeof *AX);
    hetla_zcomplex *B0 = test_alloc((size_t)imax1(n * nrhs) * sizeof *B0);
    for (hetla_int j = 0; j < nrhs; j++)
        for (hetla_int i = 0; i < n; i++) {
            B0[i + j * n] = B[i + j * ld];
            for (hetla_int l = 0; l < n; l++)
                AX[i + j * n] += A[i + l * n] * X[l + j * ld];
        }
    test_real scale = ztest_norm(n, n, A, n) * ztest_norm(n, nrhs, X, ld) * (test_real)n;
    return ztest_resid((size_t)(n * nrhs), AX, B0, scale);
}

/* ---- running the routines ---------------------------------------------------- */

/* Waits for and destroys @p seq, @p B and @p A (any may be NULL); @return
 * the first failure, @p s included. */
static hetla_status zdone(hetla_status s, hetla_sequence *seq, hetla_tiled *B, hetla_sparse_tiled *A)
{
    hetla_status d = seq ? hetla_sequence_destroy(seq) : HETLA_SUCCESS;
    s = s ? s : d;
    d = B ? hetla_tiled_destroy(B) : HETLA_SUCCESS;
    s = s ? s : d;
    d = A ? hetla_sparse_tiled_destroy(A) : HETLA_SUCCESS;
    return s ? s : d;
}

/* Creates @p m in nb x nb tiles, factors it, and writes the factors to
 * @p F (NaN first, so a tile left out shows); @p moved gets the transfers
 * of the factorization. */
static hetla_status zfactor(hetla_context *ctx, const zsp *m, hetla_int nb, hetla_int *info, hetla_sparse_tiled **A,
                            hetla_zcomplex *F, hetla_stats *moved)
{
    hetla_sequence *seq = NULL;
    ztest_fill_nan(F, (size_t)(m->n * m->n));
    hetla_status s = hetla_zsparse_create_csr(ctx, m->n, m->rowptr, m->colind, m->val, nb, A);
    if (!s)
        s = hetla_stats_reset(ctx);
    if (!s)
        s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_zsparse_getrf_tiled(*A, info, seq);
    s = zdone(s, seq, NULL, NULL);
    if (!s)
        s = hetla_stats_get(ctx, moved);
    if (!s)
        s = hetla_zsparse_to_dense(*A, F, imax1(m->n));
    return s;
}

/* ---- factorization --------------------------------------------------------------- */

static void zlu_case(test_result *r, hetla_context *ctx, int p, hetla_int n, hetla_int nb)
{
    zsp m = zsp_make(p, n);
    hetla_int nt = ntiles(n, nb), info = -1;
    size_t want_input, input = 0, fill = 0;
    bool *P = zsp_tiles(&m, nb, &want_input);
    size_t want_fill = symbolic_fill(P, nt);
    hetla_zcomplex *F = test_alloc((size_t)imax1(n * n) * sizeof *F);
    hetla_sparse_tiled *A = NULL;
    hetla_stats st = {0};
    hetla_status s = zfactor(ctx, &m, nb, &info, &A, F, &st);
    if (!s)
        s = hetla_sparse_tiled_count(A, &input, &fill);
    bool tiles_ok = !s && same_tiles(A, P, nt);
    /* On one device (sim: its own memory) each input tile reaches it at most
     * once and fill-in never moves; tiles shared by two devices do move. */
    bool moves_ok = hetla_device_count(ctx) > 1 || (st.transfers[HETLA_H2D] <= input && !st.transfers[HETLA_D2H] &&
                                                    !st.transfers[HETLA_D2D]);
    s = zdone(s, NULL, NULL, A);
    test_case(r, s ? INFINITY : zlu_resid(n, m.A, F), "%s n=%lld nb=%lld: ||A - LU||, status %d", patterns[p],
              (long long)n, (long long)nb, (int)s);
    test_case(r, pass_if(!s && info == 0 && tiles_ok && input == want_input && fill == want_fill && moves_ok),
              "%s n=%lld nb=%lld: info %lld, %zu tiles + %zu fill-in (want %zu + %zu), pattern %s, transfers %llu "
              "%llu %llu",
              patterns[p], (long long)n, (long long)nb, (long long)info, input, fill, want_input, want_fill,
              tiles_ok ? "ok" : "differs", (unsigned long long)st.transfers[HETLA_H2D],
              (unsigned long long)st.transfers[HETLA_D2H], (unsigned long long)st.transfers[HETLA_D2D]);
}

void test_zsparse_lu(test_result *r, hetla_context *ctx)
{
    for (int p = 0; p < (int)COUNT(patterns); p++)
        for (size_t i = 0; i < COUNT(sizes); i++)
            for (size_t t = 0; t < COUNT(tiles); t++)
                zlu_case(r, ctx, p, sizes[i], tiles[t]);
}

/* ---- inputs ------------------------------------------------------------------------ */

/* @p A's dense form against the n x n @p want, exactly. */
static test_real zdense_diff(hetla_status s, hetla_sparse_tiled *A, hetla_int n, const hetla_zcomplex *want)
{
    hetla_zcomplex *D = ztest_nans((size_t)imax1(n * n));
    if (!s)
        s = hetla_zsparse_to_dense(A, D, imax1(n));
    return s ? INFINITY : pass_if(memcmp(D, want, (size_t)(n * n) * sizeof *D) == 0);
}

/* Coordinate triplets. */
typedef struct zcoo {
    hetla_int len, *ri, *ci;
    hetla_zcomplex *v;
} zcoo;

static void zcoo_add(zcoo *c, hetla_int i, hetla_int j, hetla_zcomplex x)
{
    c->ri[c->len] = i;
    c->ci[c->len] = j;
    c->v[c->len++] = x;
}

/* The entries of @p m as coordinates, taken alternately from the first
 * and the last rows, every third one split into two halves (summed back
 * exactly), plus an explicit zero at (zr, zc) if zr >= 0. */
static zcoo zcoo_make(const zsp *m, hetla_int zr, hetla_int zc)
{
    size_t len = (size_t)(2 * m->nnz + 1);
    zcoo c = {0, test_alloc(len * sizeof *c.ri), test_alloc(len * sizeof *c.ci), test_alloc(len * sizeof *c.v)};
    for (hetla_int e = 0; e < m->nnz; e++) {
        hetla_int k = e % 2 ? m->nnz - 1 - e / 2 : e / 2;
        hetla_zcomplex x = m->val[k], half = 0.5 * x;
        bool split = e % 3 == 0;
        zcoo_add(&c, m->rowind[k], m->colind[k], split ? half : x);
        if (split)
            zcoo_add(&c, m->rowind[k], m->colind[k], x - half);
    }
    if (zr >= 0)
        zcoo_add(&c, zr, zc, 0);
    return c;
}

/* CSR and coordinates give the matrix, duplicates summed; an explicit
 * zero makes a tile. */
static void zinput_case(test_result *r, hetla_context *ctx, int p, hetla_int n, hetla_int nb)
{
    zsp m = zsp_make(p, n);
    size_t want, input[3] = {0};
    bool *P = zsp_tiles(&m, nb, &want);
    /* an explicit zero in the last empty tile, if any */
    hetla_int nt = ntiles(n, nb), empty = -1;
    for (hetla_int t = 0; t < nt * nt; t++)
        if (!P[t])
            empty = t;
    zcoo c = zcoo_make(&m, -1, 0), z = zcoo_make(&m, empty >= 0 ? empty % nt * nb : -1, empty / nt * nb);
    hetla_sparse_tiled *A[3] = {NULL};
    hetla_status s = hetla_zsparse_create_csr(ctx, n, m.rowptr, m.colind, m.val, nb, &A[0]);
    test_case(r, zdense_diff(s, A[0], n, m.A), "%s n=%lld nb=%lld: CSR", patterns[p], (long long)n, (long long)nb);
    s = hetla_zsparse_create_coo(ctx, n, c.len, c.ri, c.ci, c.v, nb, &A[1]);
    test_case(r, zdense_diff(s, A[1], n, m.A), "%s n=%lld nb=%lld: coordinates, duplicates", patterns[p], (long long)n,
              (long long)nb);
    s = hetla_zsparse_create_coo(ctx, n, z.len, z.ri, z.ci, z.v, nb, &A[2]);
    test_case(r, zdense_diff(s, A[2], n, m.A), "%s n=%lld nb=%lld: explicit zero", patterns[p], (long long)n,
              (long long)nb);
    s = HETLA_SUCCESS;
    for (int k = 0; k < 3 && !s; k++)
        s = hetla_sparse_tiled_count(A[k], &input[k], NULL);
    bool zero_tile = !s && (empty < 0 || hetla_sparse_tiled_tile(A[2], (size_t)(empty % nt), (size_t)(empty / nt)));
    test_case(r,
              pass_if(!s && same_tiles(A[0], P, nt) && input[0] == want && input[1] == want && zero_tile &&
                      input[2] == want + (empty >= 0)),
              "%s n=%lld nb=%lld: tiles %zu, %zu, %zu (want %zu)", patterns[p], (long long)n, (long long)nb, input[0],
              input[1], input[2], want);
    for (int k = 0; k < 3; k++)
        s = zdone(s, NULL, NULL, A[k]);
    test_case(r, pass_if(!s), "%s n=%lld nb=%lld: destroy, status %d", patterns[p], (long long)n, (long long)nb,
              (int)s);
}

/* n = 0 and a one-row CSR with a column given twice. */
static void zinput_edges(test_result *r, hetla_context *ctx)
{
    hetla_int rowptr[] = {0, 1, 4}, colind[] = {0, 1, 0, 1}, info = -1;
    hetla_zcomplex val[] = {4, 1, 2, 3}, want[] = {4, 2, 0, 4}, none;
    hetla_sparse_tiled *A = NULL;
    hetla_status s = hetla_zsparse_create_csr(ctx, 0, rowptr, NULL, NULL, 4, &A);
    size_t n = 1, nt = 1, input = 1;
    if (!s)
        s = hetla_zsparse_getrf_tiled(A, &info, NULL);
    if (!s)
        s = hetla_zsparse_to_dense(A, &none, 1);
    if (!s)
        s = hetla_sparse_tiled_shape(A, &n, NULL, &nt);
    if (!s)
        s = hetla_sparse_tiled_count(A, &input, NULL);
    s = zdone(s, NULL, NULL, A);
    test_case(r, pass_if(!s && info == 0 && n == 0 && nt == 0 && input == 0), "n = 0: status %d", (int)s);
    A = NULL;
    s = hetla_zsparse_create_csr(ctx, 2, rowptr, colind, val, 0, &A);
    size_t nb = 0;
    if (!s)
        s = hetla_sparse_tiled_shape(A, NULL, &nb, &nt);
    test_case(r, zdense_diff(s, A, 2, want), "CSR row with a column twice (summed)");
    s = zdone(s, NULL, NULL, A);
    test_case(r, pass_if(!s && nb > 0 && nt == (2 + nb - 1) / nb), "nb = 0: the context's tile size, %zu, status %d",
              nb, (int)s);
}

void test_zsparse_input(test_result *r, hetla_context *ctx)
{
    for (int p = 0; p < (int)COUNT(patterns); p++) {
        zinput_case(r, ctx, p, 50, 16);
        zinput_case(r, ctx, p, 130, 32);
    }
    zinput_edges(r, ctx);
}

/* ---- solves --------------------------------------------------------------------------- */

/* Factor and solve chained in one sequence, then the synchronous call. */
static void zsolve_case(test_result *r, hetla_context *ctx, int p, hetla_int n, hetla_int nb, hetla_int nrhs)
{
    zsp m = zsp_make(p, n);
    hetla_int ld = n + 1, info = -1, info2 = -1;
    hetla_zcomplex *B = ztest_matrix(n, nrhs, ld), *X = ztest_copy(B, (size_t)(ld * nrhs));
    hetla_zcomplex *X2 = ztest_copy(B, (size_t)(ld * nrhs));
    hetla_sparse_tiled *A = NULL;
    hetla_tiled *T = NULL;
    hetla_sequence *seq = NULL;
    hetla_status s = hetla_zsparse_create_csr(ctx, n, m.rowptr, m.colind, m.val, nb, &A);
    if (!s)
        s = hetla_tiled_create(ctx, X, (size_t)n, (size_t)nrhs, (size_t)ld, (size_t)nb, 8, HETLA_ZCOMPLEX, &T);
    if (!s)
        s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla_zsparse_getrf_tiled(A, &info, seq);
    if (!s)
        s = hetla_zsparse_getrs_tiled(A, T, seq);
    s = zdone(s, seq, T, A);
    test_case(r, s || info ? INFINITY : zsolve_resid(n, nrhs, m.A, B, X, ld),
              "%s n=%lld nb=%lld nrhs=%lld: tiled, status %d info %lld", patterns[p], (long long)n, (long long)nb,
              (long long)nrhs, (int)s, (long long)info);
    s = hetla_zsparse_gesv(ctx, n, m.rowptr, m.colind, m.val, nb, nrhs, X2, ld, &info2);
    test_case(r, s || info2 ? INFINITY : zsolve_resid(n, nrhs, m.A, B, X2, ld),
              "%s n=%lld nb=%lld nrhs=%lld: gesv, status %d info %lld", patterns[p], (long long)n, (long long)nb,
              (long long)nrhs, (int)s, (long long)info2);
}

void test_zsparse_solve(test_result *r, hetla_context *ctx)
{
    static const hetla_int nrhs[] = {1, 20};
    for (int p = 0; p < (int)COUNT(patterns); p++)
        for (size_t i = 0; i < COUNT(sizes); i++)
            for (size_t k = 0; k < COUNT(nrhs); k++)
                zsolve_case(r, ctx, p, sizes[i], 16, nrhs[k]);
}

/* ---- zero pivots ------------------------------------------------------------------------ */

/* Band n = 50 in 8 x 8 tiles with rows and columns [lo1, hi1) and [lo2,
 * hi2) zeroed: the first zero pivot is U(lo,lo), lo the smaller. Rows 24
 * .. 31 make diagonal tile 3 NULL. */
static void zpivot_case(test_result *r, hetla_context *ctx, hetla_int lo1, hetla_int hi1, hetla_int lo2, hetla_int hi2)
{
    const hetla_int n = 50, nb = 8, nt = ntiles(n, nb), nrhs = 2;
    zsp m = zsp_make(BAND, n);
    zsp_zero(&m, lo1, hi1);
    zsp_zero(&m, lo2, hi2);
    hetla_int want = (lo1 < lo2 ? lo1 : lo2) + 1, info = -1, info2 = -1;
    size_t want_input, input = 0, fill = 0;
    bool *P = zsp_tiles(&m, nb, &want_input);
    size_t want_fill = symbolic_fill(P, nt);
    hetla_zcomplex *F = test_alloc((size_t)(n * n) * sizeof *F);
    hetla_sparse_tiled *A = NULL;
    hetla_stats st;
    hetla_status s = zfactor(ctx, &m, nb, &info, &A, F, &st);
    if (!s)
        s = hetla_sparse_tiled_count(A, &input, &fill);
    /* a NULL diagonal tile: the solve refuses before inserting anything */
    bool null_diag = false;
    for (hetla_int k = 0; k < nt; k++)
        null_diag |= !P[k + k * nt];
    hetla_tiled *T = NULL;
    hetla_zcomplex *B = ztest_matrix(n, nrhs, n), *B0 = ztest_copy(B, (size_t)(n * nrhs));
    hetla_status sr = s ? s : hetla_tiled_create(ctx, B, n, nrhs, n, nb, nb, HETLA_ZCOMPLEX, &T);
    if (!sr && null_diag)
        sr = hetla_zsparse_getrs_tiled(A, T, NULL) == HETLA_NUMERICAL ? HETLA_SUCCESS : HETLA_ERR_INTERNAL;
    s = zdone(s ? s : sr, NULL, T, A);
    test_case(r, pass_if(!s && info == want && input == want_input && fill == want_fill),
              "zero rows %lld..%lld, %lld..%lld: status %d, info %lld (want %lld), %zu + %zu tiles (want %zu + %zu)",
              (long long)lo1, (long long)hi1, (long long)lo2, (long long)hi2, (int)s, (long long)info, (long long)want,
              input, fill, want_input, want_fill);
    s = hetla_zsparse_gesv(ctx, n, m.rowptr, m.colind, m.val, nb, nrhs, B, n, &info2);
    test_case(r, pass_if(s == HETLA_NUMERICAL && info2 == want && !memcmp(B, B0, (size_t)(n * nrhs) * sizeof *B)),
              "gesv, zero rows %lld..%lld, %lld..%lld: status %d, info %lld, B %s", (long long)lo1, (long long)hi1,
              (long long)lo2, (long long)hi2, (int)s, (long long)info2,
              memcmp(B, B0, (size_t)(n * nrhs) * sizeof *B) ? "changed" : "untouched");
}

void test_zsparse_pivot(test_result *r, hetla_context *ctx)
{
    zpivot_case(r, ctx, 21, 22, 21, 22); /* inside diagonal tile 2 */
    zpivot_case(r, ctx, 24, 32, 24, 32); /* diagonal tile 3 NULL */
    zpivot_case(r, ctx, 24, 32, 21, 22); /* both: the first wins */
}

/* ---- bad arguments ----------------------------------------------------------------------- */

/* @p s must be HETLA_ERR_ARG naming argument @p pos, @p name. */
static void zexpect_arg(test_result *r, hetla_status s, int pos, const char *name, const char *what)
{
    char tag[64];
    snprintf(tag, sizeof tag, "argument %d (%s)", pos, name);
    bool ok = s == HETLA_ERR_ARG && hetla_error_arg() == pos && strstr(hetla_error_detail(), tag);
    test_case(r, pass_if(ok), "%s: status %d, \"%s\", want %s", what, (int)s, hetla_error_detail(), tag);
}

static void zargs_create(test_result *r, hetla_context *ctx)
{
    hetla_int rp[] = {0, 1, 2}, bad0[] = {1, 1, 2}, down[] = {0, 2, 1}, ci[] = {0, 1}, out[] = {0, 2}, ri[] = {0, 1};
    hetla_zcomplex v[] = {1, 1};
    hetla_sparse_tiled *A = NULL;
    zexpect_arg(r, hetla_zsparse_create_csr(NULL, 2, rp, ci, v, 1, &A), 1, "ctx", "csr");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, -1, rp, ci, v, 1, &A), 2, "n", "csr");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, NULL, ci, v, 1, &A), 3, "rowptr", "csr");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, bad0, ci, v, 1, &A), 3, "rowptr", "csr rowptr[0]");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, down, ci, v, 1, &A), 3, "rowptr", "csr decreasing");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, rp, NULL, v, 1, &A), 4, "colind", "csr");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, rp, out, v, 1, &A), 4, "colind", "csr out of range");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, rp, ci, NULL, 1, &A), 5, "val", "csr");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, rp, ci, v, -1, &A), 6, "nb", "csr");
    zexpect_arg(r, hetla_zsparse_create_csr(ctx, 2, rp, ci, v, 1, NULL), 7, "out", "csr");
    zexpect_arg(r, hetla_zsparse_create_coo(NULL, 2, 2, ri, ci, v, 1, &A), 1, "ctx", "coo");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, -1, 2, ri, ci, v, 1, &A), 2, "n", "coo");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, -1, ri, ci, v, 1, &A), 3, "nnz", "coo");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, 2, NULL, ci, v, 1, &A), 4, "rowind", "coo");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, 2, out, ci, v, 1, &A), 4, "rowind", "coo out of range");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, 2, ri, out, v, 1, &A), 5, "colind", "coo out of range");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, 2, ri, ci, NULL, 1, &A), 6, "val", "coo");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, 2, ri, ci, v, -1, &A), 7, "nb", "coo");
    zexpect_arg(r, hetla_zsparse_create_coo(ctx, 2, 2, ri, ci, v, 1, NULL), 8, "out", "coo");
    hetla_int info;
    hetla_zcomplex B[4];
    zexpect_arg(r, hetla_zsparse_gesv(NULL, 2, rp, ci, v, 1, 1, B, 2, &info), 1, "ctx", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, -1, rp, ci, v, 1, 1, B, 2, &info), 2, "n", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, down, ci, v, 1, 1, B, 2, &info), 3, "rowptr", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, out, v, 1, 1, B, 2, &info), 4, "colind", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, ci, NULL, 1, 1, B, 2, &info), 5, "val", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, ci, v, -1, 1, B, 2, &info), 6, "nb", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, ci, v, 1, -1, B, 2, &info), 7, "nrhs", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, ci, v, 1, 1, NULL, 2, &info), 8, "B", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, ci, v, 1, 1, B, 1, &info), 9, "ldb", "gesv");
    zexpect_arg(r, hetla_zsparse_gesv(ctx, 2, rp, ci, v, 1, 1, B, 2, NULL), 10, "info", "gesv");
}

/* A is 3 x 3 in 2 x 2 tiles; B has 4 rows, T 3 rows in one tile. */
static void zargs_calls(test_result *r, hetla_sparse_tiled *A, hetla_tiled *B, hetla_tiled *T)
{
    hetla_int info;
    hetla_zcomplex D[9];
    zexpect_arg(r, hetla_zsparse_getrf_tiled(NULL, &info, NULL), 1, "A", "getrf");
    zexpect_arg(r, hetla_zsparse_getrf_tiled(A, NULL, NULL), 2, "info", "getrf");
    zexpect_arg(r, hetla_zsparse_getrs_tiled(NULL, B, NULL), 1, "A", "getrs");
    zexpect_arg(r, hetla_zsparse_getrs_tiled(A, NULL, NULL), 2, "B", "getrs");
    zexpect_arg(r, hetla_zsparse_getrs_tiled(A, B, NULL), 2, "B", "getrs: rows");
    zexpect_arg(r, hetla_zsparse_getrs_tiled(A, T, NULL), 2, "B", "getrs: tile rows");
    zexpect_arg(r, hetla_zsparse_to_dense(NULL, D, 3), 1, "A", "to_dense");
    zexpect_arg(r, hetla_zsparse_to_dense(A, NULL, 3), 2, "dense", "to_dense");
    zexpect_arg(r, hetla_zsparse_to_dense(A, D, 2), 3, "ld", "to_dense");
}

static void zargs_matrix(test_result *r, hetla_context *ctx)
{
    hetla_int rp[] = {0, 1, 2, 3}, ci[] = {0, 1, 2};
    hetla_zcomplex v[] = {1, 2, 3};
    hetla_sparse_tiled *A = NULL;
    hetla_tiled *B = NULL, *T = NULL;
    hetla_status s = hetla_zsparse_create_csr(ctx, 3, rp, ci, v, 2, &A);
    if (!s)
        s = hetla_tiled_create(ctx, NULL, 4, 1, 0, 2, 1, HETLA_ZCOMPLEX, &B);
    if (!s)
        s = hetla_tiled_create(ctx, NULL, 3, 1, 0, 3, 1, HETLA_ZCOMPLEX, &T);
    if (!s)
        zargs_calls(r, A, B, T);
    if (T)
        s = hetla_tiled_destroy(T);
    s = zdone(s, NULL, B, A);
    test_case(r, pass_if(!s), "setup and teardown: status %d", (int)s);
}

void test_zsparse_args(test_result *r, hetla_context *ctx)
{
    zargs_create(r, ctx);
    zargs_matrix(r, ctx);
}
