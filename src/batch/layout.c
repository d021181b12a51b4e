/* Batch storage for every precision: block sizes, allocation in each
 * layout, conversion between layouts, and the argument checks of batch
 * descriptions shared by the routines. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "batch/batch.h"

static int is_float(hetla_dtype t)
{
    return t == HETLA_FLOAT || t == HETLA_DOUBLE || t == HETLA_COMPLEX || t == HETLA_ZCOMPLEX;
}

static int layout_ok(hetla_batch_layout l) { return l >= HETLA_BATCH_P2P && l <= HETLA_BATCH_BLOCKED; }

hetla_int hetla_batch_block_size(hetla_dtype t)
{
    if (!is_float(t))
        return 0;
    /* the SIMD kernels' lane group: two vector registers (zbatch_simd.h) */
    hetla_int bytes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                              __builtin_cpu_supports("avx512vl")
                          ? 128
                          : 64;
    return bytes / (hetla_int)hetla_dtype_size(t);
}

/* Elements per matrix in strided storage: a whole number of cache lines. */
static hetla_int padded(hetla_int elems, size_t esize)
{
    hetla_int line = (hetla_int)(64 / esize);
    return (elems + line - 1) / line * line;
}

static void *zalloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        memset(p, 0, rounded);
    return p;
}

hetla_status hetla_batch_alloc(hetla_batch_layout layout, hetla_dtype t, hetla_int rows, hetla_int cols,
                               hetla_int count, hetla_int bs, hetla_batch *out)
{
    static const char fn[] = "hetla_batch_alloc";
    if (!layout_ok(layout))
        return hetla__arg_error(fn, 1, "layout", "is %d, not a hetla_batch_layout", (int)layout);
    if (!is_float(t))
        return hetla__arg_error(fn, 2, "t", "is %d, not a floating type", (int)t);
    if (rows < 0)
        return hetla__arg_error(fn, 3, "rows", "is %lld, must be >= 0", (long long)rows);
    if (cols < 0)
        return hetla__arg_error(fn, 4, "cols", "is %lld, must be >= 0", (long long)cols);
    if (count < 0)
        return hetla__arg_error(fn, 5, "count", "is %lld, must be >= 0", (long long)count);
    if (bs < 0)
        return hetla__arg_error(fn, 6, "bs", "is %lld, must be >= 0", (long long)bs);
    if (!out)
        return hetla__arg_error(fn, 7, "out", "is NULL");
    size_t es = hetla_dtype_size(t);
    hetla_int ld = hetla__max1(rows), elems = ld * cols;
    *out = (hetla_batch){layout, t, rows, cols, count, ld, padded(elems, es), 0, NULL};
    size_t n = (size_t)count * (size_t)elems;
    if (layout == HETLA_BATCH_STRIDED || layout == HETLA_BATCH_P2P)
        n = (size_t)count * (size_t)out->stride;
    if (layout == HETLA_BATCH_BLOCKED) {
        out->bs = bs ? bs : hetla_batch_block_size(t);
        n = (size_t)((count + out->bs - 1) / out->bs * out->bs) * (size_t)elems;
    }
    char *mem = zalloc(n * es);
    if (!mem)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: %zu bytes: out of memory", fn, n * es);
    if (layout != HETLA_BATCH_P2P) {
        out->ptr = mem;
        return HETLA_SUCCESS;
    }
    void **ptrs = malloc((size_t)hetla__max1(count) * sizeof *ptrs);
    if (!ptrs) {
        free(mem);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: %lld addresses: out of memory", fn, (long long)count);
    }
    ptrs[0] = mem; /* hetla_batch_free finds the region here, also when count = 0 */
    for (hetla_int k = 1; k < count; k++)
        ptrs[k] = mem + (size_t)k * (size_t)out->stride * es;
    out->ptr = ptrs;
    return HETLA_SUCCESS;
}

hetla_status hetla_batch_free(hetla_batch *b)
{
    if (!b)
        return hetla__arg_error("hetla_batch_free", 1, "b", "is NULL");
    if (b->layout == HETLA_BATCH_P2P && b->ptr)
        free(((void **)b->ptr)[0]);
    free(b->ptr);
    *b = (hetla_batch){0};
    return HETLA_SUCCESS;
}

/* ---- conversion ----------------------------------------------------------------- */

static hetla_status convert_kernel(const hetla_exec *x)
{
    hetla__convert_batch_args a;
    HETLA__ARGS(x, a);
    const hetla__bop *os = &a.h.op[0], *od = &a.h.op[1];
    for (hetla_int t = 0; t < a.h.count; t++) {
        size_t ss, sd;
        const char *s = hetla__bop_at(os, &x->buf[0], t, a.esize, &ss);
        char *d = hetla__bop_at(od, &x->buf[1], t, a.esize, &sd);
        hetla__copy_matrix_es(d, sd, od->ld, s, ss, os->ld, os->rows, os->cols, a.esize);
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__batch_convert_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "batch_convert", convert_kernel, NULL, NULL, NULL);
}

hetla_status hetla_batch_convert(hetla_context *ctx, const hetla_batch *src, hetla_batch *dst)
{
    static const char fn[] = "hetla_batch_convert";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    hetla_status s = hetla__batch_check(fn, 2, "src", src, src ? src->type : HETLA_DOUBLE);
    if (!s)
        s = hetla__batch_check(fn, 3, "dst", dst, src->type);
    if (!s)
        s = hetla__batch_conform(fn, 3, "dst", dst, src->rows, src->cols, src->count);
    if (s || src->count == 0 || src->rows == 0 || src->cols == 0)
        return s;
    hetla__convert_batch_args a = {.esize = hetla_dtype_size(src->type)};
    hetla__batch_run r;
    const hetla_batch *ops[] = {src, dst};
    const hetla_access modes[] = {HETLA_R, HETLA_W};
    s = hetla__batch_begin(ctx, &r);
    if (!s)
        s = hetla__batch_insert(&r, "batch_convert", ops, modes, 2, NULL, NULL, 0, HETLA_R, &a, sizeof a);
    return hetla__batch_end(&r, s);
}

/* ---- argument checks ------------------------------------------------------------ */

hetla_status hetla__batch_check(const char *fn, int pos, const char *name, const hetla_batch *b, hetla_dtype t)
{
    if (!b)
        return hetla__arg_error(fn, pos, name, "is NULL");
    if (!layout_ok(b->layout))
        return hetla__arg_error(fn, pos, name, "has layout %d, not a hetla_batch_layout", (int)b->layout);
    if (b->type != t)
        return hetla__arg_error(fn, pos, name, "holds element type %d, the routine works on %d", (int)b->type,
                                (int)t);
    if (b->rows < 0 || b->cols < 0 || b->count < 0)
        return hetla__arg_error(fn, pos, name, "is %lld x %lld, %lld matrices: sizes must be >= 0",
                                (long long)b->rows, (long long)b->cols, (long long)b->count);
    if (b->ld < hetla__max1(b->rows))
        return hetla__arg_error(fn, pos, name, "has ld %lld, must be >= %lld", (long long)b->ld,
                                (long long)hetla__max1(b->rows));
    if (b->layout == HETLA_BATCH_STRIDED && b->count > 1 && b->stride < b->ld * b->cols)
        return hetla__arg_error(fn, pos, name, "has stride %lld, must be >= ld * cols = %lld", (long long)b->stride,
                                (long long)(b->ld * b->cols));
    if (b->layout == HETLA_BATCH_BLOCKED && b->bs < 1)
        return hetla__arg_error(fn, pos, name, "has block size %lld, must be >= 1", (long long)b->bs);
    if (!b->ptr && b->count > 0 && (b->layout == HETLA_BATCH_P2P || (b->rows > 0 && b->cols > 0)))
        return hetla__arg_error(fn, pos, name, "has ptr NULL");
    return HETLA_SUCCESS;
}

hetla_status hetla__batch_conform(const char *fn, int pos, const char *name, const hetla_batch *b, hetla_int rows,
                                  hetla_int cols, hetla_int count)
{
    if (b->rows != rows || b->cols != cols || b->count != count)
        return hetla__arg_error(fn, pos, name, "is %lld x %lld, %lld matrices; must be %lld x %lld, %lld matrices",
                                (long long)b->rows, (long long)b->cols, (long long)b->count, (long long)rows,
                                (long long)cols, (long long)count);
    return HETLA_SUCCESS;
}

hetla_status hetla__batch_fail(hetla_status s, hetla_int *info, hetla_int count)
{
    for (hetla_int i = 0; info && s == HETLA_ERR_ARG && i < count; i++)
        info[i] = -hetla_error_arg();
    return s;
}

void hetla__vcheck_begin(hetla__vcheck *c, const char *fn, hetla_int *info, hetla_int count)
{
    *c = (hetla__vcheck){.fn = fn, .info = info};
    for (hetla_int i = 0; info && i < count; i++)
        info[i] = 0;
}

void hetla__vcheck_mark(hetla__vcheck *c, hetla_int i, int pos, const char *name, const char *why)
{
    if (c->info && c->info[i] == 0) /* a matrix's first bad argument */
        c->info[i] = -pos;
    if (c->first_pos)
        return;
    c->first_pos = pos, c->first_i = i, c->first_name = name;
    snprintf(c->why, sizeof c->why, "%s", why);
}

hetla_status hetla__vcheck_end(const hetla__vcheck *c)
{
    if (!c->first_pos)
        return HETLA_SUCCESS;
    return hetla__arg_error(c->fn, c->first_pos, c->first_name, "of matrix %lld %s", (long long)c->first_i, c->why);
}

hetla_status hetla__batch_info_status(const char *fn, const hetla_int *info, hetla_int count)
{
    for (hetla_int i = 0; i < count; i++)
        if (info[i] > 0)
            return hetla__fail(HETLA_NUMERICAL, "%s: matrix %lld: info = %lld (the first failed matrix)", fn,
                               (long long)i, (long long)info[i]);
    return HETLA_SUCCESS;
}
