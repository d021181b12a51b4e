/* Sparse tiled matrices (hetla/sparse.h) and the sparse tiled LU written
 * once for every precision (algorithms/sparse.h): creation from CSR or
 * coordinates, the factorization with fill-in allocated as its updates
 * are inserted, the solve, the dense copy and the synchronous solver. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "algorithms/sparse.h"
#include "kernels/lapack/lapack.h"

struct hetla_sparse_tiled {
    hetla_context *ctx;
    hetla_dtype type;
    size_t n, nb, nt;
    size_t input, fill; /* tiles created from the input, and by fill-in */
    hetla_data **tiles; /* nt x nt, column-major; NULL: a zero tile */
};

static hetla_data **tile_at(const hetla_sparse_tiled *A, size_t i, size_t j)
{
    return &A->tiles[j * A->nt + i];
}

/* Rows of tile row i (columns of tile column i): the last may be short. */
static size_t tile_len(const hetla_sparse_tiled *A, size_t i)
{
    return i + 1 < A->nt ? A->nb : A->n - i * A->nb;
}

static hetla_status sparse_new(hetla_context *ctx, hetla_dtype type, size_t n, size_t nb, hetla_sparse_tiled **out)
{
    size_t nt = (n + nb - 1) / nb;
    if (nt > 0 && nt > SIZE_MAX / sizeof(hetla_data *) / nt)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "sparse matrix of %zu x %zu tiles: too many", nt, nt);
    hetla_sparse_tiled *A = calloc(1, sizeof *A);
    hetla_data **tiles = calloc(nt * nt + 1, sizeof *tiles);
    if (!A || !tiles) {
        free(A);
        free(tiles);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "sparse matrix of %zu x %zu tiles: out of memory", nt, nt);
    }
    *A = (hetla_sparse_tiled){ctx, type, n, nb, nt, 0, 0, tiles};
    *out = A;
    return HETLA_SUCCESS;
}

hetla_status hetla_sparse_tiled_destroy(hetla_sparse_tiled *A)
{
    if (!A)
        return hetla__arg_error("hetla_sparse_tiled_destroy", 1, "A", "is NULL");
    hetla_status first = HETLA_SUCCESS;
    for (size_t k = 0; k < A->nt * A->nt; k++)
        if (A->tiles[k]) {
            hetla_status s = hetla_data_unregister(A->tiles[k]);
            first = first ? first : s;
        }
    free(A->tiles);
    free(A);
    return first;
}

hetla_status hetla_sparse_tiled_shape(const hetla_sparse_tiled *A, size_t *n, size_t *nb, size_t *nt)
{
    if (!A)
        return hetla__arg_error("hetla_sparse_tiled_shape", 1, "A", "is NULL");
    if (n)
        *n = A->n;
    if (nb)
        *nb = A->nb;
    if (nt)
        *nt = A->nt;
    return HETLA_SUCCESS;
}

hetla_status hetla_sparse_tiled_count(const hetla_sparse_tiled *A, size_t *input, size_t *fill)
{
    if (!A)
        return hetla__arg_error("hetla_sparse_tiled_count", 1, "A", "is NULL");
    if (input)
        *input = A->input;
    if (fill)
        *fill = A->fill;
    return HETLA_SUCCESS;
}

hetla_data *hetla_sparse_tiled_tile(const hetla_sparse_tiled *A, size_t i, size_t j)
{
    return A && i < A->nt && j < A->nt ? *tile_at(A, i, j) : NULL;
}

static hetla_status matrix_check(const char *fn, const hetla__sparse_prec *p, const hetla_sparse_tiled *A)
{
    if (!A)
        return hetla__arg_error(fn, 1, "A", "is NULL");
    if (A->type != p->type)
        return hetla__arg_error(fn, 1, "A", "holds element type %d, the routine works on %d", (int)A->type,
                                (int)p->type);
    return HETLA_SUCCESS;
}

/* ---- input ------------------------------------------------------------------ */

/* Public positions of the input's arguments. */
static int rows_pos(const hetla__sparse_input *in)
{
    return in->coo ? 4 : 3;
}

static hetla_int input_nnz(const hetla__sparse_input *in)
{
    return in->coo ? in->nnz : in->rows[in->n];
}

/* Index array @p v of @p len entries in [0, n). */
static hetla_status indices_check(const char *fn, int pos, const char *name, const hetla_int *v, hetla_int len,
                                  hetla_int n)
{
    if (!v && len > 0)
        return hetla__arg_error(fn, pos, name, "is NULL for %lld entries", (long long)len);
    for (hetla_int k = 0; k < len; k++)
        if (v[k] < 0 || v[k] >= n)
            return hetla__arg_error(fn, pos, name, "has %s[%lld] = %lld, outside [0, %lld)", name, (long long)k,
                                    (long long)v[k], (long long)n);
    return HETLA_SUCCESS;
}

static hetla_status rowptr_check(const char *fn, const hetla__sparse_input *in)
{
    const hetla_int *r = in->rows;
    if (!r)
        return hetla__arg_error(fn, 3, "rowptr", "is NULL (it has n + 1 entries)");
    if (r[0] != 0)
        return hetla__arg_error(fn, 3, "rowptr", "has rowptr[0] = %lld, must be 0", (long long)r[0]);
    for (hetla_int i = 0; i < in->n; i++)
        if (r[i + 1] < r[i])
            return hetla__arg_error(fn, 3, "rowptr", "has rowptr[%lld] = %lld < rowptr[%lld] = %lld, must not decrease",
                                    (long long)i + 1, (long long)r[i + 1], (long long)i, (long long)r[i]);
    return HETLA_SUCCESS;
}

static hetla_status input_check(const char *fn, const hetla__sparse_input *in)
{
    int pos = rows_pos(in);
    if (in->n < 0)
        return hetla__arg_error(fn, 2, "n", "is %lld, must be >= 0", (long long)in->n);
    if (in->coo && in->nnz < 0)
        return hetla__arg_error(fn, 3, "nnz", "is %lld, must be >= 0", (long long)in->nnz);
    hetla_status s = in->coo ? indices_check(fn, pos, "rowind", in->rows, in->nnz, in->n) : rowptr_check(fn, in);
    hetla_int nnz = s ? 0 : input_nnz(in);
    if (!s)
        s = indices_check(fn, pos + 1, "colind", in->colind, nnz, in->n);
    if (!s && !in->val && nnz > 0)
        s = hetla__arg_error(fn, pos + 2, "val", "is NULL for %lld entries", (long long)nnz);
    if (!s && in->nb < 0)
        s = hetla__arg_error(fn, pos + 3, "nb", "is %lld, must be >= 0", (long long)in->nb);
    return s;
}

/* The row of entry k, for k walking up from 0: a CSR walk moves *row past
 * the rows that end at or before k. */
static hetla_int entry_row(const hetla__sparse_input *in, hetla_int k, hetla_int *row)
{
    if (in->coo)
        return in->rows[k];
    while (in->rows[*row + 1] <= k)
        ++*row;
    return *row;
}

/* A tile open on the host while its entries are added. */
typedef struct host_tile {
    char *ptr;
    size_t ld;
} host_tile;

/* Creates tile (i, j) of @p A and opens it on the host, zeroed. The tile
 * is a handle of the runtime's (hetla_data_create): acquiring it for
 * writing allocates its host copy, from which the first task's device
 * fetches it; destroying A then copies nothing back. */
static hetla_status tile_open(hetla_sparse_tiled *A, size_t i, size_t j, host_tile *h)
{
    hetla_data **t = tile_at(A, i, j);
    size_t m = tile_len(A, i), n = tile_len(A, j), es = hetla_dtype_size(A->type);
    hetla_status s = hetla_data_create(A->ctx, m, n, A->type, t);
    if (s)
        return s;
    A->input++;
    void *ptr;
    s = hetla_data_acquire(*t, HETLA_W, &ptr, &h->ld);
    if (s)
        return s;
    h->ptr = ptr;
    for (size_t c = 0; c < n; c++)
        memset(h->ptr + c * h->ld * es, 0, m * es);
    return HETLA_SUCCESS;
}

/* Creates the tiles holding an entry and sums the entries into them, in
 * one pass over the input. */
static hetla_status fill_tiles(const hetla__sparse_prec *p, const hetla__sparse_input *in, hetla_sparse_tiled *A)
{
    host_tile *host = calloc(A->nt * A->nt + 1, sizeof *host);
    if (!host)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "sparse matrix of %zu x %zu tiles: out of memory", A->nt, A->nt);
    hetla_status s = HETLA_SUCCESS;
    hetla_int nnz = input_nnz(in), row = 0;
    for (hetla_int k = 0; k < nnz && !s; k++) {
        size_t r = (size_t)entry_row(in, k, &row), c = (size_t)in->colind[k], i = r / A->nb, j = c / A->nb;
        host_tile *h = &host[j * A->nt + i];
        if (!*tile_at(A, i, j))
            s = tile_open(A, i, j, h);
        if (!s)
            p->add(h->ptr, r % A->nb + c % A->nb * h->ld, in->val, (size_t)k);
    }
    for (size_t t = 0; t < A->nt * A->nt; t++)
        if (host[t].ptr) {
            hetla_status d = hetla_data_release(A->tiles[t]);
            s = s ? s : d;
        }
    free(host);
    return s;
}

/* The matrix of a checked input. */
static hetla_status build(const hetla__sparse_prec *p, hetla_context *ctx, const hetla__sparse_input *in,
                          hetla_sparse_tiled **out)
{
    size_t nb = in->nb ? (size_t)in->nb : hetla__blas_tile(ctx);
    hetla_sparse_tiled *A = NULL;
    hetla_status s = sparse_new(ctx, p->type, (size_t)in->n, nb, &A);
    if (!s)
        s = fill_tiles(p, in, A);
    if (!s)
        *out = A;
    else if (A) {
        hetla_status d = hetla_sparse_tiled_destroy(A);
        (void)d; /* its tiles have had no task: they free without failing */
    }
    return s;
}

hetla_status hetla__sparse_create(const char *fn, const hetla__sparse_prec *p, hetla_context *ctx,
                                  const hetla__sparse_input *in, hetla_sparse_tiled **out)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    hetla_status s = input_check(fn, in);
    if (!s && !out)
        s = hetla__arg_error(fn, rows_pos(in) + 4, "out", "is NULL");
    return s ? s : build(p, ctx, in, out);
}

/* ---- factorization ---------------------------------------------------------- */

/* The kernels of one call, and where its tasks go. */
typedef struct job {
    hetla_context *ctx;
    hetla_sequence *seq;
    hetla_kernel *getrf, *trsm, *gemm;
    hetla_sparse_tiled *A;
} job;

static hetla_status job_start(job *j, const hetla__sparse_prec *p, hetla_sparse_tiled *A, hetla_sequence *seq)
{
    *j = (job){.ctx = A->ctx, .seq = seq, .A = A};
    hetla_status s = hetla_kernel_find(j->ctx, p->getrf, &j->getrf);
    if (!s)
        s = hetla_kernel_find(j->ctx, p->trsm, &j->trsm);
    if (!s)
        s = hetla_kernel_find(j->ctx, p->gemm, &j->gemm);
    return s;
}

/* B := T^-1 B (left) or B T^-1 (right), T the uplo triangle of tile T. */
static hetla_status trsm_tile(const job *j, hetla_side side, hetla_uplo uplo, hetla_diag diag, hetla_data *T,
                              hetla_data *B, int prio)
{
    hetla__trxm_args args = {side, uplo, HETLA_NO_TRANS, diag, 1};
    hetla_task_arg data[2] = {{T, HETLA_R}, {B, HETLA_RW}};
    return hetla__put(j->ctx, j->seq, j->trsm, data, 2, &args, sizeof args, prio);
}

/* C -= A B, or C := -A B when @p fresh: C is then written whole and not
 * read (beta = 0, write-only access). */
static hetla_status gemm_tile(const job *j, hetla_data *A, hetla_data *B, hetla_data *C, int fresh, int prio)
{
    hetla__gemm_args args = {HETLA_NO_TRANS, HETLA_NO_TRANS, -1, fresh ? 0 : 1};
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, fresh ? HETLA_W : HETLA_RW}};
    return hetla__put(j->ctx, j->seq, j->gemm, data, 3, &args, sizeof args, prio);
}

/* A(r,c) -= A(r,k) A(k,c). A NULL A(r,c) is fill-in: created here, its
 * first update writes it whole, so it needs no zeroing task and its
 * memory is allocated on the device that runs that update, with no
 * transfer. The tile is needed at step min(r, c), which sets the
 * priority. */
static hetla_status update(const job *j, size_t k, size_t r, size_t c)
{
    hetla_sparse_tiled *A = j->A;
    hetla_data **t = tile_at(A, r, c);
    int fresh = !*t;
    if (fresh) {
        hetla_status s = hetla_data_create(A->ctx, tile_len(A, r), tile_len(A, c), A->type, t);
        if (s)
            return s;
        A->fill++;
    }
    return gemm_tile(j, *tile_at(A, r, k), *tile_at(A, k, c), *t, fresh, hetla__prio_update(A->nt, k, r < c ? r : c));
}

/* Step k: tile LU of A(k,k), TRSMs on the existing tiles of its row and
 * column, GEMMs on every pair of them. @p below has room for the rows of
 * the column's tiles, so that the pairs cost no search. */
static hetla_status lu_step(const job *j, size_t k, hetla_int *info, size_t *below)
{
    hetla_sparse_tiled *A = j->A;
    hetla_data *d = *tile_at(A, k, k);
    if (!d) { /* all zeros, not reached by any update: a zero pivot at its first row */
        hetla__info_set(info, (hetla_int)(k * A->nb) + 1);
        return HETLA_SUCCESS;
    }
    int top = hetla__prio_panel(A->nt);
    hetla__getrf_args g = {(hetla_int)(k * A->nb), NULL, info, 0, 0};
    hetla_task_arg data[1] = {{d, HETLA_RW}};
    hetla_status s = hetla__put(j->ctx, j->seq, j->getrf, data, 1, &g, sizeof g, top);
    size_t nbelow = 0;
    for (size_t l = k + 1; l < A->nt && !s; l++) {
        if (*tile_at(A, k, l))
            s = trsm_tile(j, HETLA_LEFT, HETLA_LOWER, HETLA_UNIT, d, *tile_at(A, k, l), top);
        if (!s && *tile_at(A, l, k)) {
            below[nbelow++] = l;
            s = trsm_tile(j, HETLA_RIGHT, HETLA_UPPER, HETLA_NON_UNIT, d, *tile_at(A, l, k), top);
        }
    }
    for (size_t c = k + 1; c < A->nt && !s; c++)
        for (size_t b = 0; b < nbelow && *tile_at(A, k, c) && !s; b++)
            s = update(j, k, below[b], c);
    return s;
}

hetla_status hetla__sparse_getrf(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, hetla_int *info,
                                 hetla_sequence *seq)
{
    hetla_status s = matrix_check(fn, p, A);
    if (!s && !info)
        s = hetla__arg_error(fn, 2, "info", "is NULL");
    job j;
    if (!s)
        s = job_start(&j, p, A, seq);
    if (s)
        return s;
    *info = 0;
    size_t *below = malloc((A->nt + 1) * sizeof *below);
    if (!below)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory", fn);
    for (size_t k = 0; k < A->nt && !s; k++)
        s = lu_step(&j, k, info, below);
    free(below);
    return s;
}

/* ---- solve ------------------------------------------------------------------ */

/* Substitution with the unit lower (@p lower) or the upper triangle of
 * the factors, on tile column c of B: a TRSM on B(k,c) with A(k,k), then
 * B(i,c) -= A(i,k) B(k,c) for the existing A(i,k) on the side still to
 * solve. */
static hetla_status substitute(const job *j, int lower, hetla_tiled *B, size_t c)
{
    const hetla_sparse_tiled *A = j->A;
    hetla_status s = HETLA_SUCCESS;
    for (size_t step = 0; step < A->nt && !s; step++) {
        size_t k = lower ? step : A->nt - 1 - step, lo = lower ? k + 1 : 0, hi = lower ? A->nt : k;
        hetla_data *bk = hetla_tiled_tile(B, k, c);
        s = trsm_tile(j, HETLA_LEFT, lower ? HETLA_LOWER : HETLA_UPPER, lower ? HETLA_UNIT : HETLA_NON_UNIT,
                      *tile_at(A, k, k), bk, 0);
        for (size_t i = lo; i < hi && !s; i++)
            if (*tile_at(A, i, k))
                s = gemm_tile(j, *tile_at(A, i, k), bk, hetla_tiled_tile(B, i, c), 0, 0);
    }
    return s;
}

static hetla_status rhs_check(const char *fn, const hetla_sparse_tiled *A, const hetla_tiled *B, hetla_dtype type,
                              hetla__tiles *tb)
{
    hetla_status s = hetla__tiles_get(fn, 2, "B", B, type, tb);
    if (!s && (tb->m != A->n || (tb->mb != A->nb && A->n > 0)))
        s = hetla__arg_error(fn, 2, "B", "has %zu rows in tiles of %zu, A is %zu x %zu in tiles of %zu", tb->m, tb->mb,
                             A->n, A->n, A->nb);
    if (!s && tb->ctx != A->ctx)
        s = hetla__arg_error(fn, 2, "B", "belongs to another context than A");
    for (size_t k = 0; k < A->nt && !s; k++)
        if (!*tile_at(A, k, k))
            s = hetla__fail(HETLA_NUMERICAL, "%s: diagonal tile (%zu, %zu) of A is NULL: U is singular", fn, k, k);
    return s;
}

hetla_status hetla__sparse_getrs(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, hetla_tiled *B,
                                 hetla_sequence *seq)
{
    hetla__tiles tb;
    hetla_status s = matrix_check(fn, p, A);
    if (!s)
        s = rhs_check(fn, A, B, p->type, &tb);
    job j;
    if (!s)
        s = job_start(&j, p, A, seq);
    for (size_t c = 0; !s && c < tb.nt; c++) {
        s = substitute(&j, 1, B, c);
        if (!s)
            s = substitute(&j, 0, B, c);
    }
    return s;
}

/* ---- dense copy --------------------------------------------------------------- */

/* Copies tile (i, j) into its place in @p dense, zeros for a NULL tile. */
static hetla_status tile_to_dense(const hetla_sparse_tiled *A, size_t i, size_t j, char *dense, size_t ld)
{
    size_t m = tile_len(A, i), n = tile_len(A, j), es = hetla_dtype_size(A->type);
    char *dst = dense + (j * A->nb * ld + i * A->nb) * es;
    hetla_data *t = *tile_at(A, i, j);
    if (!t) {
        for (size_t c = 0; c < n; c++)
            memset(dst + c * ld * es, 0, m * es);
        return HETLA_SUCCESS;
    }
    void *ptr;
    size_t tld;
    hetla_status s = hetla_data_acquire(t, HETLA_R, &ptr, &tld);
    if (s)
        return s;
    for (size_t c = 0; c < n; c++)
        memcpy(dst + c * ld * es, (const char *)ptr + c * tld * es, m * es);
    return hetla_data_release(t);
}

hetla_status hetla__sparse_to_dense(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, void *dense,
                                    hetla_int ld)
{
    hetla_status s = matrix_check(fn, p, A);
    if (!s && !dense && A->n > 0)
        s = hetla__arg_error(fn, 2, "dense", "is NULL");
    if (!s && (ld < 1 || (size_t)ld < A->n))
        s = hetla__arg_error(fn, 3, "ld", "is %lld, must be >= max(1, n) = %zu", (long long)ld, A->n > 1 ? A->n : 1);
    for (size_t t = 0; !s && t < A->nt * A->nt; t++)
        s = tile_to_dense(A, t % A->nt, t / A->nt, dense, (size_t)ld);
    return s;
}

/* ---- synchronous solver ---------------------------------------------------------- */

static hetla_status gesv_check(const char *fn, hetla_context *ctx, const hetla__sparse_input *in, hetla_int nrhs,
                               const void *B, hetla_int ldb, const hetla_int *info)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    hetla_status s = input_check(fn, in);
    if (!s && nrhs < 0)
        s = hetla__arg_error(fn, 7, "nrhs", "is %lld, must be >= 0", (long long)nrhs);
    if (!s && !B && in->n > 0 && nrhs > 0)
        s = hetla__arg_error(fn, 8, "B", "is NULL");
    if (!s && ldb < hetla__max1(in->n))
        s = hetla__arg_error(fn, 9, "ldb", "is %lld, must be >= max(1, n) = %lld", (long long)ldb,
                             (long long)hetla__max1(in->n));
    if (!s && !info)
        s = hetla__arg_error(fn, 10, "info", "is NULL");
    return s;
}

/* Solves with the factors in @p A over the caller's B, in @p seq. */
static hetla_status gesv_solve(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, hetla_int nrhs,
                               void *B, hetla_int ldb, hetla_sequence *seq)
{
    hetla_tiled *b = NULL;
    hetla_status s = hetla_tiled_create(A->ctx, B, A->n, (size_t)nrhs, (size_t)ldb, A->nb, A->nb, p->type, &b);
    if (!s)
        s = hetla__sparse_getrs(fn, p, A, b, seq);
    if (!s)
        s = hetla_sequence_wait(seq);
    if (b) {
        hetla_status d = hetla_tiled_destroy(b);
        s = s ? s : d;
    }
    return s;
}

hetla_status hetla__sparse_gesv(const char *fn, const hetla__sparse_prec *p, hetla_context *ctx,
                                const hetla__sparse_input *in, hetla_int nrhs, void *B, hetla_int ldb, hetla_int *info)
{
    hetla_status s = gesv_check(fn, ctx, in, nrhs, B, ldb, info);
    if (s)
        return s;
    *info = 0;
    hetla_sparse_tiled *A = NULL;
    hetla_sequence *seq = NULL;
    s = build(p, ctx, in, &A);
    if (!s)
        s = hetla_sequence_create(ctx, &seq);
    if (!s)
        s = hetla__sparse_getrf(fn, p, A, info, seq);
    /* The solve waits for the factorization: a singular U must leave B
     * untouched, and only the finished factorization knows. */
    if (!s)
        s = hetla_sequence_wait(seq);
    if (!s && *info > 0)
        s = hetla__fail(HETLA_NUMERICAL, "%s: U(%lld,%lld) is exactly zero; no solve", fn, (long long)*info,
                        (long long)*info);
    if (!s)
        s = gesv_solve(fn, p, A, nrhs, B, ldb, seq);
    if (seq) {
        hetla_status d = hetla_sequence_destroy(seq);
        s = s ? s : d;
    }
    if (A) {
        hetla_status d = hetla_sparse_tiled_destroy(A);
        s = s ? s : d;
    }
    return s;
}
