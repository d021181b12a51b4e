/* The staging of batched calls on the caller's memory where an accelerator
 * computes them (run.c): P2P chunks gathered into strided buffers and
 * scattered back, variable batches' chunks packed and unpacked, one
 * implementation for every precision (elements of hetla_dtype_size
 * bytes). Each runs as a task on a CPU worker, or in a context with no
 * CPU worker on the calling thread, its chunk's matrices split among the
 * context's crew of host threads. */
#include <string.h>

#include "batch/batch.h"
#include "runtime/runtime.h"

struct hetla__stage_op {
    const char *name; /* its CPU operation */
    /* the chunk's matrices, from its arguments */
    hetla_int (*count)(const hetla_exec *x);
    /* once for the chunk, before its matrices; NULL: nothing */
    void (*begin)(const hetla_exec *x);
    /* matrices lo .. hi-1: disjoint ranges of one chunk may run at once */
    void (*range)(const hetla_exec *x, hetla_int lo, hetla_int hi);
    /* the first matrix whose data starts at or past element @p e of
     * buffer 0 (@p count if none): where a part of the chunk starts */
    hetla_int (*first)(const hetla_exec *x, hetla_int count, size_t e);
};

const char *hetla__stage_name(const hetla__stage_op *op)
{
    return op->name;
}

/* ---- P2P operands ------------------------------------------------------------- */

static hetla_int stage_count(const hetla_exec *x)
{
    hetla__stage_args a;
    HETLA__ARGS(x, a);
    return a.count;
}

/* Matrices lo .. hi-1 of a P2P chunk into its strided staging buffer
 * (buffer 0, one matrix a column, ld = rows) or back. */
static void stage_copy(const hetla_exec *x, hetla_int lo, hetla_int hi, int gather)
{
    hetla__stage_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *b = &x->buf[0];
    hetla_int ld = hetla__max1(a.rows);
    for (hetla_int t = lo; t < hi; t++) {
        char *staged = (char *)b->ptr + (size_t)t * b->ld * a.esize, *mine = a.ptrs[t];
        if (gather)
            hetla__copy_matrix_es(staged, 1, ld, mine, 1, a.ld, a.rows, a.cols, a.esize);
        else
            hetla__copy_matrix_es(mine, 1, a.ld, staged, 1, ld, a.rows, a.cols, a.esize);
    }
}

static void gather_range(const hetla_exec *x, hetla_int lo, hetla_int hi)
{
    stage_copy(x, lo, hi, 1);
}
static void scatter_range(const hetla_exec *x, hetla_int lo, hetla_int hi)
{
    stage_copy(x, lo, hi, 0);
}

/* Every matrix fills one column of the buffer. */
static hetla_int stage_first(const hetla_exec *x, hetla_int count, size_t e)
{
    size_t m = x->buf[0].m, t = (e + m - 1) / m;
    return t < (size_t)count ? (hetla_int)t : count;
}

const hetla__stage_op hetla__stage_gather = {"batch_gather", stage_count, NULL, gather_range, stage_first};
const hetla__stage_op hetla__stage_scatter = {"batch_scatter", stage_count, NULL, scatter_range, stage_first};

/* ---- variable batches ----------------------------------------------------------- */

static hetla_int vstage_count(const hetla_exec *x)
{
    hetla__vbatch_args a;
    HETLA__ARGS(x, a);
    return a.count;
}

/* Scalar @p i of a variable batch's array @p p (NULL: 0) of the batch's
 * precision @p t, as a hetla__vmat holds it. */
static hetla_zcomplex vscalar(hetla_dtype t, const void *p, hetla_int i)
{
    if (!p)
        return 0;
    switch (t) {
    case HETLA_FLOAT:
        return ((const float *)p)[i];
    case HETLA_DOUBLE:
        return ((const double *)p)[i];
    case HETLA_COMPLEX:
        return ((const hetla_ccomplex *)p)[i];
    default:
        return ((const hetla_zcomplex *)p)[i];
    }
}

/* The chunk's layout into its metadata (buffer 1), which places every
 * matrix: its copies may then run in any order. */
static void vpack_begin(const hetla_exec *x)
{
    hetla__vbatch_args a;
    HETLA__ARGS(x, a);
    size_t elems, words;
    hetla__vbatch_layout(&a, x->buf[1].ptr, &elems, &words);
}

/* Matrices lo .. hi-1 of the chunk into its data buffer (0), their scalars
 * into their metadata. */
static void vpack_range(const hetla_exec *x, hetla_int lo, hetla_int hi)
{
    hetla__vbatch_args a;
    HETLA__ARGS(x, a);
    size_t es = hetla_dtype_size(a.type);
    char *D = x->buf[0].ptr;
    hetla__vmat *meta = x->buf[1].ptr;
    for (hetla_int t = lo; t < hi; t++) {
        hetla_int i = a.first + t, npiv;
        hetla__vop op[3];
        hetla__vbatch_operands(&a, i, op, &npiv);
        meta[t].alpha = vscalar(a.type, a.alpha, i);
        meta[t].beta = vscalar(a.type, a.beta, i);
        for (int j = 0; j < 3; j++)
            hetla__copy_matrix_es(D + (size_t)meta[t].off[j] * es, 1, meta[t].ld[j], op[j].ptr, 1, op[j].ld, op[j].rows,
                                  op[j].cols, es);
    }
}

/* The written operands, info and pivots of matrices lo .. hi-1 back to
 * the caller. */
static void vunpack_range(const hetla_exec *x, hetla_int lo, hetla_int hi)
{
    hetla__vbatch_args a;
    HETLA__ARGS(x, a);
    size_t es = hetla_dtype_size(a.type);
    const char *D = x->buf[0].ptr;
    const hetla__vmat *meta = x->buf[1].ptr;
    for (hetla_int t = lo; t < hi; t++) {
        hetla_int i = a.first + t, npiv;
        hetla__vop op[3];
        hetla__vbatch_operands(&a, i, op, &npiv);
        for (int j = 0; j < 3; j++)
            if (op[j].written)
                hetla__copy_matrix_es(op[j].ptr, 1, op[j].ld, D + (size_t)meta[t].off[j] * es, 1, meta[t].ld[j],
                                      op[j].rows, op[j].cols, es);
        if (a.info)
            a.info[i] = meta[t].info;
        if (npiv)
            memcpy(a.ipiv[i], (const hetla_int *)meta + meta[t].piv, (size_t)npiv * sizeof(hetla_int));
    }
}

/* The matrices lie in the data buffer in their order, each from its
 * first operand's offset: the first at or past @p e, by bisection. */
static hetla_int vstage_first(const hetla_exec *x, hetla_int count, size_t e)
{
    const hetla__vmat *meta = x->buf[1].ptr;
    hetla_int lo = 0, hi = count;
    while (lo < hi) {
        hetla_int mid = lo + (hi - lo) / 2;
        if ((size_t)meta[mid].off[0] < e)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const hetla__stage_op hetla__stage_vpack = {"batch_vpack", vstage_count, vpack_begin, vpack_range, vstage_first};
const hetla__stage_op hetla__stage_vunpack = {"batch_vunpack", vstage_count, NULL, vunpack_range, vstage_first};

/* ---- running them ----------------------------------------------------------------- */

/* Each of a crew's parts of a staging operation copies this many bytes of
 * its chunk at least: below it the helpers' wake-up costs more than they
 * save. Packing matrices of order 16 and 64 from cold memory into a new
 * buffer, on 2 cores: 2 MiB in 2 parts 1.5x faster than in one, 1 MiB
 * 0.66-0.92x (a helper took 10 to 100 us to start). */
enum { PART_MIN_BYTES = 1 << 20 };

typedef struct stage_job {
    const hetla__stage_op *op;
    const hetla_exec *x;
    hetla_int count;
    size_t elems; /* of buffer 0 */
} stage_job;

/* Part @p part of the chunk: the matrices of an equal share of buffer 0's
 * elements, so that parts of variable matrices take about as long. */
static void stage_part(void *arg, int part, int nparts)
{
    const stage_job *j = arg;
    hetla_int lo = part ? j->op->first(j->x, j->count, j->elems * (size_t)part / (size_t)nparts) : 0;
    hetla_int hi =
        part + 1 < nparts ? j->op->first(j->x, j->count, j->elems * (size_t)(part + 1) / (size_t)nparts) : j->count;
    if (lo < hi)
        j->op->range(j->x, lo, hi);
}

void hetla__stage_host(hetla_context *ctx, const hetla__stage_op *op, const hetla_exec *x)
{
    stage_job j = {op, x, op->count(x), x->buf[0].m * x->buf[0].n};
    if (op->begin)
        op->begin(x);
    size_t most = j.elems * hetla_dtype_size(x->buf[0].type) / PART_MIN_BYTES;
    most = most < (size_t)j.count ? most : (size_t)j.count;
    hetla__crew *crew = most > 1 ? hetla__context_crew(ctx) : NULL;
    int nparts = hetla__crew_threads(crew);
    if (most < (size_t)nparts)
        nparts = most > 1 ? (int)most : 1;
    hetla__crew_run(crew, nparts, stage_part, &j);
}

/* The CPU tasks: the whole chunk. */
static hetla_status stage_kernel(const hetla__stage_op *op, const hetla_exec *x)
{
    if (op->begin)
        op->begin(x);
    op->range(x, 0, op->count(x));
    return HETLA_SUCCESS;
}

static hetla_status gather_kernel(const hetla_exec *x)
{
    return stage_kernel(&hetla__stage_gather, x);
}
static hetla_status scatter_kernel(const hetla_exec *x)
{
    return stage_kernel(&hetla__stage_scatter, x);
}
static hetla_status vpack_kernel(const hetla_exec *x)
{
    return stage_kernel(&hetla__stage_vpack, x);
}
static hetla_status vunpack_kernel(const hetla_exec *x)
{
    return stage_kernel(&hetla__stage_vunpack, x);
}

hetla_status hetla__stage_register(hetla_context *ctx)
{
    static const struct {
        const hetla__stage_op *op;
        hetla_kernel_fn fn;
    } ops[] = {{&hetla__stage_gather, gather_kernel},
               {&hetla__stage_scatter, scatter_kernel},
               {&hetla__stage_vpack, vpack_kernel},
               {&hetla__stage_vunpack, vunpack_kernel}};
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__cpu_register(ctx, ops[i].op->name, ops[i].fn, NULL, NULL, NULL);
    return s;
}
