/* Tiled SYMM/HEMM, SYRK/HERK, SYR2K/HER2K, TRMM and TRSM in every
 * precision: the routine's own operation on diagonal tiles of the
 * structured matrix, GEMM on the others. The runtime orders the tasks on
 * each tile as inserted; tiles of C (columns of B's tiles for left-side
 * TRMM and TRSM, rows for right-side) proceed in parallel. */
#include <complex.h>
#include <stdio.h>

#include "algorithms/level3_tiled.h"

/* What an algorithm carries while it inserts tasks. */
typedef struct job {
    hetla_context *ctx;
    hetla_sequence *seq;
    const hetla__l3_routine *r;
    hetla_kernel *op, *gemm, *scale;
    hetla_tiled *A, *B, *C;
    char fn[48]; /* public name, for errors */
} job;

static void job_name(job *j, const hetla__l3_routine *r)
{
    j->r = r;
    snprintf(j->fn, sizeof j->fn, "hetla_%s_tiled", r->op);
}

static hetla_status job_start(job *j, hetla_context *ctx, hetla_sequence *seq)
{
    j->ctx = ctx;
    j->seq = seq;
    hetla_status s = hetla_kernel_find(ctx, j->r->op, &j->op);
    if (!s)
        s = hetla_kernel_find(ctx, hetla__l3_gemm_op(j->r->type), &j->gemm);
    if (!s)
        s = hetla_kernel_find(ctx, hetla__l3_scale_op(j->r->type), &j->scale);
    return s;
}

static hetla_status put(const job *j, hetla_kernel *k, const hetla_task_arg *data, int n, const void *args,
                        size_t size)
{
    return hetla_task_insert(j->ctx, &(hetla_task_desc){.kernel = k, .data = data, .ndata = n, .args = args,
                                                          .args_size = size, .seq = j->seq});
}

/* Tile C := alpha op(A) op(B) + beta C. */
static hetla_status put_gemm(const job *j, hetla_trans ta, hetla_trans tb, hetla_zcomplex alpha, hetla_data *A,
                             hetla_data *B, hetla_zcomplex beta, hetla_data *C)
{
    hetla__gemm_args args = {ta, tb, alpha, beta};
    hetla_task_arg data[3] = {{A, HETLA_R}, {B, HETLA_R}, {C, HETLA_RW}};
    return put(j, j->gemm, data, 3, &args, sizeof args);
}

/* Tile C := beta C, C not read when beta = 0. With alpha = 0 the BLAS
 * leave the other operands unread, which a library's GEMM may not do (NaN
 * there would propagate): the algorithms scale instead. */
static hetla_status put_scale(const job *j, hetla_zcomplex beta, hetla_data *C)
{
    hetla__scale_args args = {beta};
    hetla_task_arg data[1] = {{C, HETLA_RW}};
    return put(j, j->scale, data, 1, &args, sizeof args);
}

/* ---- argument checks -------------------------------------------------------- */

static hetla_status check_shape(const job *j, int pos, const char *name, const hetla__tiles *t, size_t m, size_t n,
                                size_t mb, size_t nb)
{
    if (t->m == m && t->n == n && t->mb == mb && t->nb == nb)
        return HETLA_SUCCESS;
    return hetla__arg_error(j->fn, pos, name, "is %zu x %zu in %zu x %zu tiles, must be %zu x %zu in %zu x %zu tiles",
                            t->m, t->n, t->mb, t->nb, m, n, mb, nb);
}

static hetla_status check_ctx(const job *j, int pos, const char *name, const hetla__tiles *t, const hetla__tiles *c)
{
    return t->ctx == c->ctx ? HETLA_SUCCESS : hetla__arg_error(j->fn, pos, name, "belongs to another context");
}

/* ---- SYMM / HEMM ------------------------------------------------------------ */

/* C(i,jc) += alpha A(i,l) B(l,jc) (left) or alpha B(i,l) A(l,jc) (right),
 * l = 0 applying beta. A tile outside the stored triangle is the
 * (conjugate) transpose of its mirror. */
static hetla_status symm_tile(const job *j, const hetla__symm_args *a, size_t i, size_t jc, size_t l)
{
    int left = a->side == HETLA_LEFT;
    size_t p = left ? i : l, q = left ? l : jc;
    hetla_zcomplex beta = l == 0 ? a->beta : 1;
    hetla_data *b = left ? hetla_tiled_tile(j->B, l, jc) : hetla_tiled_tile(j->B, i, l);
    hetla_data *c = hetla_tiled_tile(j->C, i, jc);
    if (p == q) {
        hetla__symm_args args = {a->side, a->uplo, a->alpha, beta};
        hetla_task_arg data[3] = {{hetla_tiled_tile(j->A, p, p), HETLA_R}, {b, HETLA_R}, {c, HETLA_RW}};
        return put(j, j->op, data, 3, &args, sizeof args);
    }
    int stored = a->uplo == HETLA_LOWER ? p > q : p < q;
    hetla_data *t = stored ? hetla_tiled_tile(j->A, p, q) : hetla_tiled_tile(j->A, q, p);
    hetla_trans op = stored ? HETLA_NO_TRANS : j->r->star;
    return left ? put_gemm(j, op, HETLA_NO_TRANS, a->alpha, t, b, beta, c)
                : put_gemm(j, HETLA_NO_TRANS, op, a->alpha, b, t, beta, c);
}

static hetla_status symm_check(job *j, const hetla__symm_args *a, hetla__tiles *tc)
{
    hetla__tiles ta, tb;
    hetla_status s = hetla__symm_opts_check(j->r, "_tiled", 1, a);
    if (!s)
        s = hetla__tiles_get(j->fn, 4, "A", j->A, j->r->type, &ta);
    if (!s)
        s = hetla__tiles_get(j->fn, 5, "B", j->B, j->r->type, &tb);
    if (!s)
        s = hetla__tiles_get(j->fn, 7, "C", j->C, j->r->type, tc);
    if (!s) {
        int left = a->side == HETLA_LEFT;
        size_t ka = left ? tc->m : tc->n, kb = left ? tc->mb : tc->nb;
        s = check_shape(j, 4, "A", &ta, ka, ka, kb, kb);
    }
    if (!s)
        s = check_shape(j, 5, "B", &tb, tc->m, tc->n, tc->mb, tc->nb);
    if (!s)
        s = check_ctx(j, 4, "A", &ta, tc);
    if (!s)
        s = check_ctx(j, 5, "B", &tb, tc);
    return s;
}

hetla_status hetla__symm_tiled(const hetla__l3_routine *r, const hetla__symm_args *a, hetla_tiled *A, hetla_tiled *B,
                               hetla_tiled *C, hetla_sequence *seq)
{
    job j = {.A = A, .B = B, .C = C};
    job_name(&j, r);
    hetla__tiles tc;
    hetla_status s = symm_check(&j, a, &tc);
    if (s || (a->alpha == 0 && a->beta == 1))
        return s;
    s = job_start(&j, tc.ctx, seq);
    size_t kt = a->side == HETLA_LEFT ? tc.mt : tc.nt;
    for (size_t jc = 0; jc < tc.nt && !s; jc++)
        for (size_t i = 0; i < tc.mt && !s; i++) {
            if (a->alpha == 0)
                s = put_scale(&j, a->beta, hetla_tiled_tile(C, i, jc));
            for (size_t l = 0; l < kt && a->alpha != 0 && !s; l++)
                s = symm_tile(&j, a, i, jc, l);
        }
    return s;
}

/* ---- SYRK / HERK, SYR2K / HER2K ---------------------------------------------- */

/* Tile (i, l) of op(A) (or op(B)) as stored. */
static hetla_data *rank_operand(hetla_tiled *X, const hetla__rank_args *a, size_t i, size_t l)
{
    return a->trans == HETLA_NO_TRANS ? hetla_tiled_tile(X, i, l) : hetla_tiled_tile(X, l, i);
}

/* C(i,jc) += the l-th tile column of the update, l = 0 applying beta: the
 * routine itself on diagonal tiles, one GEMM (rank k) or two elsewhere. */
static hetla_status rank_tile(const job *j, const hetla__rank_args *a, int two, size_t i, size_t jc, size_t l)
{
    hetla_zcomplex beta = l == 0 ? a->beta : 1;
    hetla_data *ai = rank_operand(j->A, a, i, l), *aj = rank_operand(j->A, a, jc, l);
    hetla_data *bi = two ? rank_operand(j->B, a, i, l) : ai, *bj = two ? rank_operand(j->B, a, jc, l) : aj;
    hetla_data *c = hetla_tiled_tile(j->C, i, jc);
    if (i == jc) {
        hetla__rank_args args = {a->uplo, a->trans, a->alpha, beta};
        hetla_task_arg data[3] = {{ai, HETLA_R}, {bi, HETLA_R}, {c, HETLA_RW}};
        if (!two)
            data[1] = data[2];
        return put(j, j->op, data, two ? 3 : 2, &args, sizeof args);
    }
    /* op(A)_i op(B)_j^*: (N, star) on tiles of n x k operands, (trans, N) on k x n ones */
    int notrans = a->trans == HETLA_NO_TRANS;
    hetla_trans ta = notrans ? HETLA_NO_TRANS : a->trans, tb = notrans ? j->r->star : HETLA_NO_TRANS;
    hetla_status s = put_gemm(j, ta, tb, a->alpha, ai, bj, beta, c);
    if (!s && two)
        s = put_gemm(j, ta, tb, j->r->star == HETLA_CONJ_TRANS ? conj(a->alpha) : a->alpha, bi, aj, 1, c);
    return s;
}

/* With k = 0 or alpha = 0 only C := beta C remains; on a diagonal tile
 * the routine's own kernel does it, given C alone (hetla__rank_k), as it
 * also makes a hermitian diagonal real. */
static hetla_status rank_scale(const job *j, const hetla__rank_args *a, size_t i, size_t jc)
{
    hetla_task_arg data[1] = {{hetla_tiled_tile(j->C, i, jc), HETLA_RW}};
    if (i == jc)
        return put(j, j->op, data, 1, a, sizeof *a);
    return put_scale(j, a->beta, data[0].data);
}

static hetla_status rank_check(job *j, const hetla__rank_args *a, int two, hetla__tiles *ta, hetla__tiles *tc)
{
    hetla__tiles tb;
    int cpos = two ? 7 : 6;
    hetla_status s = hetla__rank_opts_check(j->r, "_tiled", 1, a);
    if (!s)
        s = hetla__tiles_get(j->fn, 4, "A", j->A, j->r->type, ta);
    if (!s && two)
        s = hetla__tiles_get(j->fn, 5, "B", j->B, j->r->type, &tb);
    if (!s)
        s = hetla__tiles_get(j->fn, cpos, "C", j->C, j->r->type, tc);
    if (!s)
        s = check_shape(j, cpos, "C", tc, tc->m, tc->m, tc->mb, tc->mb);
    if (!s && a->trans == HETLA_NO_TRANS)
        s = check_shape(j, 4, "A", ta, tc->m, ta->n, tc->mb, ta->nb);
    if (!s && a->trans != HETLA_NO_TRANS)
        s = check_shape(j, 4, "A", ta, ta->m, tc->m, ta->mb, tc->mb);
    if (!s && two)
        s = check_shape(j, 5, "B", &tb, ta->m, ta->n, ta->mb, ta->nb);
    if (!s)
        s = check_ctx(j, 4, "A", ta, tc);
    if (!s && two)
        s = check_ctx(j, 5, "B", &tb, tc);
    return s;
}

hetla_status hetla__rank_tiled(const hetla__l3_routine *r, const hetla__rank_args *a, int two, hetla_tiled *A,
                               hetla_tiled *B, hetla_tiled *C, hetla_sequence *seq)
{
    job j = {.A = A, .B = B, .C = C};
    job_name(&j, r);
    hetla__tiles ta, tc;
    hetla_status s = rank_check(&j, a, two, &ta, &tc);
    if (s)
        return s;
    size_t kt = a->trans == HETLA_NO_TRANS ? ta.nt : ta.mt;
    if ((a->alpha == 0 || kt == 0) && a->beta == 1)
        return HETLA_SUCCESS;
    s = job_start(&j, tc.ctx, seq);
    for (size_t jc = 0; jc < tc.nt && !s; jc++) {
        size_t lo = a->uplo == HETLA_LOWER ? jc : 0, hi = a->uplo == HETLA_LOWER ? tc.mt : jc + 1;
        for (size_t i = lo; i < hi && !s; i++) {
            if (kt == 0 || a->alpha == 0)
                s = rank_scale(&j, a, i, jc);
            for (size_t l = 0; l < kt && a->alpha != 0 && !s; l++)
                s = rank_tile(&j, a, two, i, jc, l);
        }
    }
    return s;
}

/* ---- TRMM, TRSM ----------------------------------------------------------------- */

/* Along the side A multiplies, k indexes B's tiles (rows for left, columns
 * for right); o runs along the other. */
static hetla_data *b_tile(const job *j, int left, size_t k, size_t o)
{
    return left ? hetla_tiled_tile(j->B, k, o) : hetla_tiled_tile(j->B, o, k);
}

/* B_k := a->alpha op(A)_kk B_k (trmm) or op(A)_kk^-1 a->alpha B_k (trsm). */
static hetla_status tri_diag(const job *j, const hetla__trxm_args *a, size_t k, size_t o)
{
    int left = a->side == HETLA_LEFT;
    hetla_task_arg data[2] = {{hetla_tiled_tile(j->A, k, k), HETLA_R}, {b_tile(j, left, k, o), HETLA_RW}};
    return put(j, j->op, data, 2, a, sizeof *a);
}

/* B_dst := beta B_dst + alpha op(A)(dst,src) B_src (left) or
 * beta B_dst + alpha B_src op(A)(src,dst) (right). */
static hetla_status tri_update(const job *j, const hetla__trxm_args *a, hetla_zcomplex alpha, hetla_zcomplex beta,
                               size_t dst, size_t src, size_t o)
{
    int left = a->side == HETLA_LEFT;
    size_t p = left ? dst : src, q = left ? src : dst; /* tile (p, q) of op(A) */
    hetla_data *t = a->transa == HETLA_NO_TRANS ? hetla_tiled_tile(j->A, p, q) : hetla_tiled_tile(j->A, q, p);
    hetla_data *bs = b_tile(j, left, src, o), *bd = b_tile(j, left, dst, o);
    return left ? put_gemm(j, a->transa, HETLA_NO_TRANS, alpha, t, bs, beta, bd)
                : put_gemm(j, HETLA_NO_TRANS, a->transa, alpha, bs, t, beta, bd);
}

static hetla_status tri_check(job *j, const hetla__trxm_args *a, hetla__tiles *tb)
{
    hetla__tiles ta;
    int left = a->side == HETLA_LEFT;
    hetla_status s = hetla__trxm_opts_check(j->r, "_tiled", 1, a);
    if (!s)
        s = hetla__tiles_get(j->fn, 6, "A", j->A, j->r->type, &ta);
    if (!s)
        s = hetla__tiles_get(j->fn, 7, "B", j->B, j->r->type, tb);
    if (!s) {
        size_t ka = left ? tb->m : tb->n, kb = left ? tb->mb : tb->nb;
        s = check_shape(j, 6, "A", &ta, ka, ka, kb, kb);
    }
    if (!s)
        s = check_ctx(j, 6, "A", &ta, tb);
    return s;
}

/* The order in which B's tiles along k are finished: step s handles tile
 * k_s. TRMM reads only tiles still to come (op(A) lower: B_k needs B_l,
 * l < k for left, so k descends); TRSM updates only those (forward
 * substitution for lower left). */
static size_t tri_order(const hetla__trxm_args *a, int solve, size_t kt, size_t s)
{
    int lower = (a->uplo == HETLA_LOWER) == (a->transa == HETLA_NO_TRANS); /* op(A) lower */
    int ascend = (a->side == HETLA_LEFT) != lower;
    if (solve)
        ascend = !ascend;
    return ascend ? s : kt - 1 - s;
}

static hetla_status tri_tiled(const hetla__l3_routine *r, const hetla__trxm_args *a, int solve, hetla_tiled *A,
                              hetla_tiled *B, hetla_sequence *seq)
{
    job j = {.A = A, .B = B};
    job_name(&j, r);
    hetla__tiles tb;
    hetla_status s = tri_check(&j, a, &tb);
    if (!s)
        s = job_start(&j, tb.ctx, seq);
    if (s)
        return s;
    int left = a->side == HETLA_LEFT;
    size_t kt = left ? tb.mt : tb.nt, ot = left ? tb.nt : tb.mt;
    for (size_t t = 0; t < kt * ot && a->alpha == 0 && !s; t++)
        s = put_scale(&j, 0, b_tile(&j, left, t / ot, t % ot));
    for (size_t st = 0; st < kt && a->alpha != 0 && !s; st++) {
        size_t k = tri_order(a, solve, kt, st);
        /* TRSM applies alpha once: to B_k on the first step, to the others
         * by their first update */
        hetla__trxm_args d = *a;
        d.alpha = !solve || st == 0 ? a->alpha : 1;
        for (size_t o = 0; o < ot && !s; o++)
            s = tri_diag(&j, &d, k, o);
        for (size_t o = 0; o < ot && !s; o++)
            for (size_t t = st + 1; t < kt && !s; t++) {
                size_t l = tri_order(a, solve, kt, t);
                s = solve ? tri_update(&j, a, -1, d.alpha, l, k, o) : tri_update(&j, a, a->alpha, 1, k, l, o);
            }
    }
    return s;
}

hetla_status hetla__trmm_tiled(const hetla__l3_routine *r, const hetla__trxm_args *a, hetla_tiled *A, hetla_tiled *B,
                               hetla_sequence *seq)
{
    return tri_tiled(r, a, 0, A, B, seq);
}

hetla_status hetla__trsm_tiled(const hetla__l3_routine *r, const hetla__trxm_args *a, hetla_tiled *A, hetla_tiled *B,
                               hetla_sequence *seq)
{
    return tri_tiled(r, a, 1, A, B, seq);
}
