/* How a batched call runs, for every precision: its matrices split into
 * chunks, each chunk's part of every operand registered as a data handle
 * and one task per chunk inserted; the SIMD driver that runs a chunk in
 * lane groups; registration of the batch operations. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "runtime/runtime.h"

/* Chunks per worker: enough to even out workers that start late. */
enum { CHUNKS_PER_WORKER = 4, MIN_CHUNK = 256 };

hetla_status hetla__batch_begin(hetla_context *ctx, hetla__batch_run *r)
{
    *r = (hetla__batch_run){.ctx = ctx};
    hetla_status s = hetla__batch_register(ctx);
    return s ? s : hetla_sequence_create(ctx, &r->seq);
}

/* Room for one more handle of the call. */
static hetla_status reserve(hetla__batch_run *r)
{
    if (r->nhandles == r->caphandles) {
        int cap = r->caphandles ? 2 * r->caphandles : 32;
        hetla_data **h = realloc(r->handles, (size_t)cap * sizeof *h);
        if (!h)
            return hetla__fail(HETLA_ERR_NO_MEMORY, "batch: out of memory for %d handles", cap);
        r->handles = h, r->caphandles = cap;
    }
    return HETLA_SUCCESS;
}

static hetla_status add_handle(hetla__batch_run *r, void *ptr, size_t m, size_t n, size_t ld, hetla_dtype t,
                               hetla_data **out)
{
    hetla_status s = reserve(r);
    /* Not pinned: the registration lives for one call. */
    if (!s)
        s = hetla__matrix_register(r->ctx, ptr, m, n, ld, t, 0, out);
    if (!s)
        r->handles[r->nhandles++] = *out;
    return s;
}

/* A staging buffer of the call, m x n elements of @p t, given back with
 * the call's handles (from 1 MiB into the context's host cache, whose
 * next call of its size reuses it). */
static hetla_status add_staging(hetla__batch_run *r, size_t m, size_t n, hetla_dtype t, hetla_data **out)
{
    hetla_status s = reserve(r);
    if (!s)
        s = hetla_data_create(r->ctx, m ? m : 1, n ? n : 1, t, out);
    if (!s)
        r->handles[r->nhandles++] = *out;
    return s;
}

/* The handle of matrices k0 .. k0+w-1 of @p b (shapes in batch.h). */
static hetla_status chunk_handle(hetla__batch_run *r, const hetla_batch *b, hetla_int k0, hetla_int w,
                                 hetla_data **out)
{
    size_t es = hetla_dtype_size(b->type), rows = (size_t)b->rows, cols = (size_t)b->cols, ld = (size_t)b->ld;
    size_t elems = rows && cols ? ld * (cols - 1) + rows : 0; /* span of one matrix */
    char *p = b->ptr;
    switch (b->layout) {
    case HETLA_BATCH_P2P:
        return add_handle(r, (void **)b->ptr + k0, (size_t)w, 1, (size_t)w, HETLA_INT64, out);
    case HETLA_BATCH_STRIDED: {
        size_t stride = (size_t)b->stride > elems ? (size_t)b->stride : elems;
        return add_handle(r, p + (size_t)k0 * stride * es, elems, (size_t)w, stride ? stride : 1, b->type, out);
    }
    case HETLA_BATCH_INTERLEAVED:
        return add_handle(r, p + (size_t)k0 * es, (size_t)w, elems, (size_t)b->count, b->type, out);
    default: {
        size_t bs = (size_t)b->bs, nblk = ((size_t)w + bs - 1) / bs;
        return add_handle(r, p + (size_t)k0 * ld * cols * es, bs, nblk * ld * cols, bs, b->type, out);
    }
    }
}

static hetla_int gcd(hetla_int a, hetla_int b) { return b ? gcd(b, a % b) : a; }

/* Matrices per chunk: a multiple of every block size (chunks hold whole
 * blocks) and of 64 (lane groups stay aligned), about CHUNKS_PER_WORKER
 * chunks per worker. */
static hetla_int chunk_size(hetla_context *ctx, const hetla_batch *const *ops, int nops, hetla_int count)
{
    hetla_int unit = 64;
    for (int i = 0; i < nops; i++)
        if (ops[i]->layout == HETLA_BATCH_BLOCKED && unit < count)
            unit = unit / gcd(unit, ops[i]->bs) * ops[i]->bs;
    int workers = hetla__blas_cpu_workers(ctx);
    hetla_int per = count / (CHUNKS_PER_WORKER * (workers > 0 ? workers : 1));
    per = per > MIN_CHUNK ? per : MIN_CHUNK;
    return (per + unit - 1) / unit * unit;
}

/* P2P memory is the caller's, reachable from the CPU only. */
static uint64_t cpu_mask(hetla_context *ctx)
{
    int cpu = hetla__blas_cpu_device(ctx);
    return cpu >= 0 ? 1ull << cpu : 0;
}

/* Runs staging operation @p op on the host memory of the @p nd handles
 * @p d (acquired with their modes: after the tasks that write them) in
 * the calling thread and the context's crew, unless sequence @p seq
 * (NULL: none) has failed by then. */
static hetla_status host_run(hetla_context *ctx, hetla_sequence *seq, const hetla__stage_op *op,
                             const hetla_task_arg *d, int nd, const void *args, size_t args_size)
{
    hetla_buffer buf[2];
    hetla_status s = HETLA_SUCCESS;
    int got = 0;
    while (got < nd && !s) {
        hetla_data *h = d[got].data;
        buf[got] = (hetla_buffer){.m = h->m, .n = h->n, .type = h->type};
        s = hetla_data_acquire(h, d[got].mode, &buf[got].ptr, &buf[got].ld);
        got += !s;
    }
    hetla_exec x = {.buf = buf, .nbuf = nd, .args = args, .args_size = args_size, .device = -1, .worker = -1};
    if (!s && (!seq || atomic_load(&seq->status) == HETLA_SUCCESS))
        hetla__stage_host(ctx, op, &x);
    for (int i = 0; i < got; i++) {
        hetla_status u = hetla_data_release(d[i].data);
        s = s ? s : u;
    }
    return s;
}

/* Inserts a task of CPU operation @p op over the @p nd handles @p d on the
 * CPU workers. */
static hetla_status cpu_task(hetla__batch_run *r, const char *op, hetla_task_arg *d, int nd, const void *args,
                             size_t args_size)
{
    hetla_kernel *k;
    if (hetla_kernel_find(r->ctx, op, &k))
        return hetla__fail(HETLA_ERR_INTERNAL, "operation '%s' is not registered", op);
    return hetla_task_insert(r->ctx, &(hetla_task_desc){.kernel = k,
                                                        .data = d,
                                                        .ndata = nd,
                                                        .args = args,
                                                        .args_size = args_size,
                                                        .device_mask = cpu_mask(r->ctx),
                                                        .seq = r->seq});
}

/* Staging operation @p op over the @p nd handles @p d (at most 2): the
 * staging of P2P operands and variable batches, a task on the CPU. A
 * context with no CPU worker has the calling thread run it on host
 * memory instead, with the context's crew (on an accelerator's worker
 * its generic kernel would run on host copies of the accelerator's
 * buffers, brought back and forth one task at a time): at once where it
 * only writes its handles (packing, gathering), at the call's end
 * (hetla__batch_end) where it reads what the call's tasks write
 * (unpacking, scattering), so that the chunks' tasks run meanwhile. */
static hetla_status stage(hetla__batch_run *r, const hetla__stage_op *op, hetla_task_arg *d, int nd, const void *args,
                          size_t args_size)
{
    if (cpu_mask(r->ctx))
        return cpu_task(r, hetla__stage_name(op), d, nd, args, args_size);
    int reads = 0;
    for (int i = 0; i < nd; i++)
        reads |= (d[i].mode & HETLA_R) != 0;
    if (!reads)
        return host_run(r->ctx, NULL, op, d, nd, args, args_size);
    if (r->nlater == r->caplater) {
        int cap = r->caplater ? 2 * r->caplater : 16;
        hetla__batch_later *l = realloc(r->later, (size_t)cap * sizeof *l);
        if (!l)
            return hetla__fail(HETLA_ERR_NO_MEMORY, "batch: out of memory for the staging");
        r->later = l, r->caplater = cap;
    }
    hetla__batch_later *l = &r->later[r->nlater];
    *l = (hetla__batch_later){.op = op, .nd = nd, .args = malloc(args_size), .args_size = args_size};
    if (!l->args)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "batch: out of memory for the staging");
    memcpy(l->args, args, args_size);
    memcpy(l->d, d, (size_t)nd * sizeof *d);
    r->nlater++;
    return HETLA_SUCCESS;
}

/* Copies matrices k0 .. k0+w-1 of P2P operand @p b into its staging
 * buffer @p d (@p mode HETLA_W) or back (HETLA_R). */
static hetla_status stage_task(hetla__batch_run *r, const hetla_batch *b, hetla_int k0, hetla_int w, hetla_data *d,
                               hetla_access mode)
{
    hetla__stage_args a = {(void *const *)b->ptr + k0, w, b->rows, b->cols, b->ld, hetla_dtype_size(b->type)};
    return stage(r, mode == HETLA_W ? &hetla__stage_gather : &hetla__stage_scatter, &(hetla_task_arg){d, mode}, 1, &a,
                 sizeof a);
}

/* The staging buffer of matrices k0 .. k0+w-1 of P2P operand @p b, one
 * matrix a column (ld = rows), the matrices gathered into it first where
 * the task reads them (@p mode). */
static hetla_status staged_chunk(hetla__batch_run *r, const hetla_batch *b, hetla_int k0, hetla_int w,
                                 hetla_access mode, hetla_data **out)
{
    hetla_status s = add_staging(r, (size_t)(b->rows * b->cols), (size_t)w, b->type, out);
    if (!s && (mode & HETLA_R))
        s = stage_task(r, b, k0, w, *out, HETLA_W);
    return s;
}

hetla_status hetla__batch_insert(hetla__batch_run *r, const char *op, const hetla_batch *const *ops,
                                 const hetla_access *modes, int nops, hetla_int *info, hetla_int *ipiv,
                                 hetla_int piv, hetla_access piv_mode, void *args, size_t args_size)
{
    hetla_kernel *k;
    if (hetla_kernel_find(r->ctx, op, &k))
        return hetla__fail(HETLA_ERR_INTERNAL, "operation '%s' is not registered", op);
    hetla__batch_head *h = args;
    hetla_int count = ops[0]->count;
    uint64_t mask = 0;
    int staged[HETLA__BATCH_MAXOPS], accel = hetla__accelerators_for(r->ctx, k) != 0;
    h->nops = nops;
    for (int i = 0; i < nops; i++) {
        const hetla_batch *b = ops[i];
        staged[i] = accel && b->layout == HETLA_BATCH_P2P;
        h->op[i] = staged[i]
                       ? (hetla__bop){HETLA_BATCH_STRIDED, b->rows, b->cols, hetla__max1(b->rows), 1}
                       : (hetla__bop){b->layout, b->rows, b->cols, b->ld, b->layout == HETLA_BATCH_BLOCKED ? b->bs : 1};
        mask |= b->layout == HETLA_BATCH_P2P && !staged[i] ? cpu_mask(r->ctx) : 0;
    }
    h->info_buf = info ? nops : -1;
    h->piv_buf = ipiv ? nops + (info ? 1 : 0) : -1;
    h->piv = piv;
    h->workers = hetla__blas_cpu_workers(r->ctx);
    hetla_int per = chunk_size(r->ctx, ops, nops, count);
    hetla__wake_idle(r->ctx, k, mask, (int)((count + per - 1) / per));
    hetla_status s = HETLA_SUCCESS;
    for (hetla_int k0 = 0; k0 < count && !s; k0 += per) {
        hetla_int w = count - k0 < per ? count - k0 : per;
        hetla_task_arg a[HETLA__BATCH_MAXOPS + 2];
        int n = 0;
        for (; n < nops && !s; n++) {
            s = staged[n] ? staged_chunk(r, ops[n], k0, w, modes[n], &a[n].data)
                          : chunk_handle(r, ops[n], k0, w, &a[n].data);
            a[n].mode = modes[n];
        }
        if (!s && info) {
            s = add_handle(r, info + k0, (size_t)w, 1, (size_t)w, HETLA_INT64, &a[n].data);
            a[n++].mode = HETLA_W;
        }
        if (!s && ipiv) {
            s = add_handle(r, ipiv + k0 * piv, (size_t)piv, (size_t)w, (size_t)hetla__max1(piv), HETLA_INT64,
                           &a[n].data);
            a[n++].mode = piv_mode;
        }
        h->count = w;
        if (!s)
            s = hetla_task_insert(r->ctx, &(hetla_task_desc){.kernel = k, .data = a, .ndata = n, .args = args,
                                                              .args_size = args_size, .device_mask = mask,
                                                              .seq = r->seq});
        for (int i = 0; i < nops && !s; i++)
            if (staged[i] && (modes[i] & HETLA_W))
                s = stage_task(r, ops[i], k0, w, a[i].data, HETLA_R);
    }
    return s;
}

/* ---- variable-size batches -------------------------------------------------------- */

void hetla__vbatch_operands(const hetla__vbatch_args *a, hetla_int i, hetla__vop op[3], hetla_int *npiv)
{
    hetla_int m = a->m ? a->m[i] : 0, n = a->n[i];
    op[0] = op[1] = op[2] = (hetla__vop){0};
    *npiv = 0;
    switch (a->kind) {
    case HETLA__VGEMM: {
        hetla_int k = a->k[i];
        int ta = a->transa != HETLA_NO_TRANS, tb = a->transb != HETLA_NO_TRANS;
        op[0] = (hetla__vop){a->A[i], ta ? k : m, ta ? m : k, a->lda[i], 0};
        op[1] = (hetla__vop){a->B[i], tb ? n : k, tb ? k : n, a->ldb[i], 0};
        op[2] = (hetla__vop){a->C[i], m, n, a->ldc[i], 1};
        break;
    }
    case HETLA__VGEMV: {
        int t = a->transa != HETLA_NO_TRANS;
        op[0] = (hetla__vop){a->A[i], m, n, a->lda[i], 0};
        op[1] = (hetla__vop){a->B[i], t ? m : n, 1, hetla__max1(t ? m : n), 0};
        op[2] = (hetla__vop){a->C[i], t ? n : m, 1, hetla__max1(t ? n : m), 1};
        break;
    }
    case HETLA__VTRSM: {
        hetla_int na = a->side == HETLA_LEFT ? m : n;
        op[0] = (hetla__vop){a->A[i], na, na, a->lda[i], 0};
        op[1] = (hetla__vop){a->B[i], m, n, a->ldb[i], 1};
        break;
    }
    case HETLA__VPOTRF:
        op[0] = (hetla__vop){a->A[i], n, n, a->lda[i], 1};
        break;
    default:
        op[0] = (hetla__vop){a->A[i], m, n, a->lda[i], 1};
        *npiv = a->ipiv ? (m < n ? m : n) : 0;
        break;
    }
}

hetla__vpacked_args hetla__vbatch_options(const hetla__vbatch_args *a)
{
    return (hetla__vpacked_args){.kind = a->kind,
                                 .count = a->count,
                                 .side = a->side,
                                 .uplo = a->uplo,
                                 .transa = a->transa,
                                 .transb = a->transb,
                                 .diag = a->diag,
                                 .top = a->top};
}

/* The INT64 words of a hetla__vmat. */
enum { VMAT_WORDS = sizeof(hetla__vmat) / sizeof(hetla_int) };

void hetla__vbatch_layout(const hetla__vbatch_args *a, hetla__vmat *meta, size_t *elems, size_t *words)
{
    size_t e = 0, w = (size_t)a->count * VMAT_WORDS;
    for (hetla_int t = 0; t < a->count; t++) {
        hetla__vop op[3];
        hetla_int npiv, i = a->first + t;
        hetla__vbatch_operands(a, i, op, &npiv);
        hetla__vmat v = {
            .m = a->m ? a->m[i] : 0, .n = a->n[i], .k = a->k ? a->k[i] : 0, .piv = npiv ? (hetla_int)w : -1};
        for (int j = 0; j < 3; j++) {
            v.off[j] = (hetla_int)e, v.ld[j] = hetla__max1(op[j].rows);
            e += (size_t)(op[j].rows * op[j].cols);
        }
        w += (size_t)npiv;
        if (meta)
            meta[t] = v;
    }
    *elems = e, *words = w;
}

/* Chunk first .. first+count-1 of @p a through staging: packed on the
 * CPU, computed by @p packed wherever the scheduler puts it, the written
 * operands, info and pivots unpacked on the CPU. */
static hetla_status vbatch_staged(hetla__batch_run *r, hetla_kernel *packed, const hetla__vbatch_args *a)
{
    size_t elems, words;
    hetla__vbatch_layout(a, NULL, &elems, &words);
    hetla_data *data, *meta;
    hetla_status s = add_staging(r, elems, 1, a->type, &data);
    if (!s)
        s = add_staging(r, words, 1, HETLA_INT64, &meta);
    if (!s)
        s = stage(r, &hetla__stage_vpack, (hetla_task_arg[]){{data, HETLA_W}, {meta, HETLA_W}}, 2, a, sizeof *a);
    int factor = a->kind == HETLA__VPOTRF || a->kind == HETLA__VGETRF;
    hetla__vpacked_args pa = hetla__vbatch_options(a);
    if (!s)
        s = hetla_task_insert(
            r->ctx,
            &(hetla_task_desc){.kernel = packed,
                               .data = (hetla_task_arg[]){{data, HETLA_RW}, {meta, factor ? HETLA_RW : HETLA_R}},
                               .ndata = 2,
                               .args = &pa,
                               .args_size = sizeof pa,
                               .seq = r->seq});
    if (!s)
        s = stage(r, &hetla__stage_vunpack, (hetla_task_arg[]){{data, HETLA_R}, {meta, HETLA_R}}, 2, a, sizeof *a);
    return s;
}

hetla_status hetla__vbatch_insert(hetla__batch_run *r, const char *op, hetla__vbatch_args *args, hetla_int count)
{
    hetla_kernel *k, *packed;
    char name[48];
    snprintf(name, sizeof name, "%s_packed", op);
    if (hetla_kernel_find(r->ctx, op, &k) || hetla_kernel_find(r->ctx, name, &packed))
        return hetla__fail(HETLA_ERR_INTERNAL, "operation '%s' is not registered", op);
    int accel = hetla__accelerators_for(r->ctx, packed) != 0;
    int workers = hetla__blas_cpu_workers(r->ctx);
    hetla_int per = count / (CHUNKS_PER_WORKER * (workers > 0 ? workers : 1)) + 1;
    hetla__wake_idle(r->ctx, accel ? packed : k, accel ? 0 : cpu_mask(r->ctx), (int)((count + per - 1) / per));
    hetla_status s = HETLA_SUCCESS;
    for (hetla_int k0 = 0; k0 < count && !s; k0 += per) {
        args->first = k0;
        args->count = count - k0 < per ? count - k0 : per;
        if (accel)
            s = vbatch_staged(r, packed, args);
        else
            s = hetla_task_insert(r->ctx, &(hetla_task_desc){.kernel = k,
                                                             .args = args,
                                                             .args_size = sizeof *args,
                                                             .device_mask = cpu_mask(r->ctx),
                                                             .seq = r->seq});
    }
    return s;
}

/* ---- the per-matrix checks of variable batches ------------------------------ */

/* Matrix i's arguments of variable batch @p a at its call's positions,
 * one function a kind (hetla_?gemm_vbatch, ...: GEMV's x and y are B and
 * C). */
static inline void vcheck_gemm(const hetla__vbatch_args *a, hetla_int i, hetla__vcheck *c)
{
    const hetla_int m = a->m[i], n = a->n[i], k = a->k[i];
    int ta = a->transa != HETLA_NO_TRANS, tb = a->transb != HETLA_NO_TRANS;
    hetla__vcheck_size(c, i, 4, "m", m), hetla__vcheck_size(c, i, 5, "n", n), hetla__vcheck_size(c, i, 6, "k", k);
    hetla__vcheck_ld(c, i, 9, "lda", a->lda[i], ta ? k : m), hetla__vcheck_ld(c, i, 11, "ldb", a->ldb[i], tb ? n : k);
    hetla__vcheck_ld(c, i, 14, "ldc", a->ldc[i], m);
    hetla__vcheck_ptr(c, i, 8, "A", a->A[i], m * k), hetla__vcheck_ptr(c, i, 10, "B", a->B[i], k * n);
    hetla__vcheck_ptr(c, i, 13, "C", a->C[i], m * n);
    const hetla_int order = m > n ? (m > k ? m : k) : (n > k ? n : k);
    c->top = order > c->top ? order : c->top;
}

static inline void vcheck_gemv(const hetla__vbatch_args *a, hetla_int i, hetla__vcheck *c)
{
    const hetla_int m = a->m[i], n = a->n[i];
    int t = a->transa != HETLA_NO_TRANS;
    hetla__vcheck_size(c, i, 3, "m", m), hetla__vcheck_size(c, i, 4, "n", n);
    hetla__vcheck_ld(c, i, 7, "lda", a->lda[i], m), hetla__vcheck_ptr(c, i, 6, "A", a->A[i], m * n);
    hetla__vcheck_ptr(c, i, 8, "x", a->B[i], t ? m : n), hetla__vcheck_ptr(c, i, 10, "y", a->C[i], t ? n : m);
    const hetla_int order = m > n ? m : n;
    c->top = order > c->top ? order : c->top;
}

static inline void vcheck_trsm(const hetla__vbatch_args *a, hetla_int i, hetla__vcheck *c)
{
    const hetla_int m = a->m[i], n = a->n[i], na = a->side == HETLA_LEFT ? m : n;
    hetla__vcheck_size(c, i, 6, "m", m), hetla__vcheck_size(c, i, 7, "n", n);
    hetla__vcheck_ld(c, i, 10, "lda", a->lda[i], na), hetla__vcheck_ld(c, i, 12, "ldb", a->ldb[i], m);
    hetla__vcheck_ptr(c, i, 9, "A", a->A[i], na), hetla__vcheck_ptr(c, i, 11, "B", a->B[i], m * n);
}

static inline void vcheck_potrf(const hetla__vbatch_args *a, hetla_int i, hetla__vcheck *c)
{
    hetla__vcheck_size(c, i, 3, "n", a->n[i]), hetla__vcheck_ld(c, i, 5, "lda", a->lda[i], a->n[i]);
    hetla__vcheck_ptr(c, i, 4, "A", a->A[i], a->n[i]);
    c->top = a->n[i] > c->top ? a->n[i] : c->top;
}

static inline void vcheck_getrf(const hetla__vbatch_args *a, hetla_int i, hetla__vcheck *c)
{
    const hetla_int m = a->m[i], n = a->n[i];
    hetla__vcheck_size(c, i, 2, "m", m), hetla__vcheck_size(c, i, 3, "n", n);
    hetla__vcheck_ld(c, i, 5, "lda", a->lda[i], m), hetla__vcheck_ptr(c, i, 4, "A", a->A[i], m * n);
    if (a->ipiv)
        hetla__vcheck_ptr(c, i, 6, "ipiv", a->ipiv[i], m < n ? m : n);
    const hetla_int order = m > n ? m : n;
    c->top = order > c->top ? order : c->top;
}

/* A check task's matrices lo .. hi-1 and where its findings go. */
typedef struct vcheck_range {
    const hetla__vbatch_args *a;
    hetla_int lo, hi;
    hetla__vcheck *c;
} vcheck_range;

/* The range's matrices, info zeroed before each one's checks; the kind's
 * function chosen once for the loop, which it is inlined into. */
#define VCHECK_LOOP(r, one)                                                                                        \
    for (hetla_int i = (r)->lo; i < (r)->hi; i++) {                                                                \
        if ((r)->c->info)                                                                                          \
            (r)->c->info[i] = 0;                                                                                   \
        one((r)->a, i, (r)->c);                                                                                    \
    }

static void vcheck_run(const vcheck_range *r)
{
    switch (r->a->kind) {
    case HETLA__VGEMM:
        VCHECK_LOOP(r, vcheck_gemm);
        break;
    case HETLA__VGEMV:
        VCHECK_LOOP(r, vcheck_gemv);
        break;
    case HETLA__VTRSM:
        VCHECK_LOOP(r, vcheck_trsm);
        break;
    case HETLA__VPOTRF:
        VCHECK_LOOP(r, vcheck_potrf);
        break;
    default:
        VCHECK_LOOP(r, vcheck_getrf);
        break;
    }
}

static hetla_status vcheck_kernel(const hetla_exec *x)
{
    vcheck_range r;
    HETLA__ARGS(x, r);
    vcheck_run(&r);
    return HETLA_SUCCESS;
}

/* The fewest matrices a range of checks takes: the checks read some 70
 * bytes a matrix (0.7 ms for 100 000 GEMMs on one core); below this the
 * caller checks them alone. Above it the caller checks the first range
 * while tasks on the CPU workers check the others. */
enum { VCHECK_MIN = 8192 };

hetla_status hetla__vbatch_check(hetla__batch_run *r, const char *fn, hetla__vbatch_args *a, hetla_int count,
                                 hetla_int *info)
{
    int workers = hetla__blas_cpu_workers(r->ctx);
    hetla_int parts = count / VCHECK_MIN;
    parts = parts < workers ? parts : workers;
    parts = parts > 1 ? parts : 1;
    hetla__vcheck *c = malloc((size_t)parts * sizeof *c);
    if (!c)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory for the checks", fn);
    hetla_status s = HETLA_SUCCESS;
    hetla_kernel *k;
    if (parts > 1 && !hetla_kernel_find(r->ctx, "batch_vcheck", &k))
        hetla__wake_idle(r->ctx, k, cpu_mask(r->ctx), (int)parts - 1);
    /* the workers take the ranges after the first, the caller the first */
    for (hetla_int p = parts - 1; p >= 0 && !s; p--) {
        c[p] = (hetla__vcheck){.fn = fn, .info = info};
        vcheck_range range = {a, count * p / parts, count * (p + 1) / parts, &c[p]};
        if (p == 0)
            vcheck_run(&range);
        else
            s = cpu_task(r, "batch_vcheck", NULL, 0, &range, sizeof range);
    }
    if (parts > 1) {
        hetla_status w = hetla_sequence_wait(r->seq);
        s = s ? s : w;
    }
    a->top = 0;
    for (hetla_int p = 0; p < parts && !s; p++) {
        if (c[p].first_pos) /* the first range with a bad matrix names the first one */
            s = hetla__vcheck_end(&c[p]);
        a->top = c[p].top > a->top ? c[p].top : a->top;
    }
    free(c);
    return s;
}

hetla_status hetla__batch_end(hetla__batch_run *r, hetla_status s)
{
    for (int i = 0; i < r->nlater; i++) {
        const hetla__batch_later *l = &r->later[i];
        if (!s)
            s = host_run(r->ctx, r->seq, l->op, l->d, l->nd, l->args, l->args_size);
        free(l->args);
    }
    free(r->later);
    if (r->seq) {
        hetla_status w = hetla_sequence_destroy(r->seq);
        s = s ? s : w;
    }
    for (int i = 0; i < r->nhandles; i++) {
        hetla_status u = hetla_data_unregister(r->handles[i]);
        s = s ? s : u;
    }
    free(r->handles);
    *r = (hetla__batch_run){0};
    return s;
}

/* ---- the SIMD driver ------------------------------------------------------------ */

static size_t rup64(size_t b) { return (b + 63) / 64 * 64; }

/* Asks for lane group t's operands, read in place, to be brought into L2
 * while the group before it computes: a group's few KiB, spread over
 * every element's row of lanes, are too short a stream for the hardware
 * prefetchers to run ahead of the kernels (GEMM n = 8, 16: 1.3x). Groups
 * above PREFETCH_MAX bytes (GEMM n = 32: 384 KiB) asked for at once cost
 * 0.8x. Paced kernels (GEMM) get the group as a plan instead, whatever
 * its size, and spread the requests over their own loop
 * (hetla__prefetch): GEMM n = 8, 16, 32 run faster so than with the
 * requests at once or none. Groups of PACE_MIN bytes or less (GEMM n = 2,
 * 3, 4) are asked for at once all the same: spread over their kernels'
 * few steps, the requests cost more than they bring (0.85x at n = 2, 3;
 * at 4 the kernel alone gained, the bench lost 2x in two runs). */
enum { PREFETCH_MAX = 128 << 10, PACE_MIN = 8 << 10 };

static void prefetch_group(const hetla_exec *x, const hetla__batch_head *h, hetla_int t, int lanes, size_t esize)
{
    size_t span = (size_t)lanes * esize;
    for (int i = 0; i < h->nops; i++) {
        const hetla__bop *o = &h->op[i];
        size_t s;
        const char *p = hetla__bop_at(o, &x->buf[i], t, esize, &s);
        for (hetla_int j = 0; j < o->cols; j++)
            for (hetla_int e = 0; e < o->rows; e++)
                for (size_t b = 0; b < span; b += 64)
                    __builtin_prefetch(p + (size_t)(e + j * o->ld) * s * esize + b, 0, 2);
    }
}

/* Group t's operands as a plan for the kernel of the group before, where
 * each is one contiguous region (lanes in blocks of exactly `lanes`). */
static hetla__prefetch prefetch_plan(const hetla_exec *x, const hetla__batch_head *h, hetla_int t, int lanes,
                                     size_t esize)
{
    hetla__prefetch f = {.nops = h->nops};
    for (int i = 0; i < h->nops; i++) {
        const hetla__bop *o = &h->op[i];
        size_t s, elems = o->rows && o->cols ? (size_t)(o->rows - 1 + (o->cols - 1) * o->ld) + 1 : 0;
        f.p[i] = hetla__bop_at(o, &x->buf[i], t, esize, &s);
        if (s != (size_t)lanes)
            return (hetla__prefetch){0};
        f.len[i] = elems * (size_t)lanes * esize;
        f.left += (f.len[i] + 63) / 64;
    }
    return f;
}

hetla_status hetla__lanes_run(const hetla_exec *x, const hetla__batch_head *h, const void *args, int lanes,
                              size_t esize, unsigned written, int piv_written, int paced, hetla__lanes_fn fn)
{
    size_t off[HETLA__BATCH_MAXOPS + 1], total = 0;
    for (int i = 0; i < h->nops; i++) {
        off[i] = total;
        total += rup64((size_t)(h->op[i].rows * h->op[i].cols) * (size_t)lanes * esize);
    }
    off[h->nops] = total;
    total += rup64((size_t)h->piv * (size_t)lanes * sizeof(hetla_int));
    char *ws = aligned_alloc(64, total ? total : 64);
    if (!ws)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "batch kernel: %zu bytes of workspace: out of memory", total);
    hetla_int *piv = (hetla_int *)(ws + off[h->nops]), info[64];
    const hetla_buffer *pb = h->piv_buf >= 0 ? &x->buf[h->piv_buf] : NULL;
    hetla_int *ib = h->info_buf >= 0 ? x->buf[h->info_buf].ptr : NULL;
    for (hetla_int t0 = 0; t0 < h->count; t0 += lanes) {
        int w = h->count - t0 < lanes ? (int)(h->count - t0) : lanes, direct = w == lanes;
        for (int i = 0; i < h->nops; i++)
            direct &= hetla__bop_lanes(&h->op[i], lanes);
        void *p[HETLA__BATCH_MAXOPS];
        size_t s[HETLA__BATCH_MAXOPS];
        hetla_int ld[HETLA__BATCH_MAXOPS];
        for (int i = 0; i < h->nops; i++) {
            const hetla__bop *o = &h->op[i];
            if (direct) {
                p[i] = hetla__bop_at(o, &x->buf[i], t0, esize, &s[i]);
                ld[i] = o->ld;
                continue;
            }
            p[i] = ws + off[i], s[i] = (size_t)lanes, ld[i] = hetla__max1(o->rows);
            for (int l = 0; l < lanes; l++) { /* lanes past the end repeat the first */
                size_t ss;
                const char *src = hetla__bop_at(o, &x->buf[i], t0 + (l < w ? l : 0), esize, &ss);
                hetla__copy_matrix_es((char *)p[i] + (size_t)l * esize, s[i], ld[i], src, ss, o->ld, o->rows,
                                      o->cols, esize);
            }
        }
        for (int l = 0; pb && !piv_written && l < lanes; l++)
            for (hetla_int i = 0; i < h->piv; i++)
                piv[i * lanes + l] = ((const hetla_int *)pb->ptr)[(size_t)(t0 + (l < w ? l : 0)) * pb->ld + (size_t)i];
        for (int l = 0; l < lanes; l++)
            info[l] = 0;
        hetla__prefetch pf = {0};
        int ahead = direct && h->count - t0 >= 2 * lanes;
        if (ahead && paced && total > PACE_MIN)
            pf = prefetch_plan(x, h, t0 + lanes, lanes, esize);
        if (ahead && !pf.left && total <= PREFETCH_MAX)
            prefetch_group(x, h, t0 + lanes, lanes, esize);
        fn(args, p, s, ld, piv, info, &pf);
        for (int i = 0; i < h->nops && !direct; i++) {
            const hetla__bop *o = &h->op[i];
            for (int l = 0; (written >> i & 1u) && l < w; l++) {
                size_t sd;
                char *dst = hetla__bop_at(o, &x->buf[i], t0 + l, esize, &sd);
                hetla__copy_matrix_es(dst, sd, o->ld, (const char *)p[i] + (size_t)l * esize, s[i], ld[i], o->rows,
                                      o->cols, esize);
            }
        }
        for (int l = 0; pb && piv_written && l < w; l++)
            for (hetla_int i = 0; i < h->piv; i++)
                ((hetla_int *)pb->ptr)[(size_t)(t0 + l) * pb->ld + (size_t)i] = piv[i * lanes + l];
        for (int l = 0; ib && l < w; l++)
            ib[t0 + l] = info[l];
    }
    free(ws);
    return HETLA_SUCCESS;
}

/* ---- registration --------------------------------------------------------------- */

/* Contexts register the batch operations on their first batched call:
 * the lock keeps two threads of one context from adding them twice. */
static pthread_mutex_t register_lock = PTHREAD_MUTEX_INITIALIZER;

/* The batch operations exist only from a context's first batched call,
 * after the backends' register_kernels hooks have run at its creation; so
 * each backend module the context uses is asked here, by name, for
 * hetla_<backend>_batch_register (libhetla_cuda.so has one). Registering
 * them at creation instead would cost every context the batch
 * operations, and the backends' generic hook would have to know them. */
static hetla_status backends_register(hetla_context *ctx)
{
    hetla_status s = HETLA_SUCCESS;
    for (int d = 0; d < ctx->ndevices && !s; d++) {
        const hetla__device_ops *ops = ctx->devices[d].ops;
        int first = 1;
        for (int e = 0; e < d; e++)
            first &= ctx->devices[e].ops != ops;
        char sym[64];
        snprintf(sym, sizeof sym, "hetla_%s_batch_register", ops->name);
        hetla_status (*reg)(hetla_context *);
        *(void **)&reg = first ? hetla__backend_symbol(ops->name, sym) : NULL;
        if (reg)
            s = reg(ctx);
    }
    return s;
}

hetla_status hetla__batch_register(hetla_context *ctx)
{
    hetla_kernel *k;
    pthread_mutex_lock(&register_lock);
    hetla_status s = hetla_kernel_create(ctx, "batch_convert", &k);
    if (!s && !k->impl[HETLA_CLASS_GENERIC]) {
        s = hetla__batch_convert_register(ctx);
        if (!s)
            s = hetla__stage_register(ctx);
        if (!s)
            s = hetla__cpu_register(ctx, "batch_vcheck", vcheck_kernel, NULL, NULL, NULL);
        if (!s)
            s = hetla__sbatch_register(ctx);
        if (!s)
            s = hetla__dbatch_register(ctx);
        if (!s)
            s = hetla__cbatch_register(ctx);
        if (!s)
            s = hetla__zbatch_register(ctx);
        if (!s)
            s = backends_register(ctx);
    }
    pthread_mutex_unlock(&register_lock);
    return s;
}
