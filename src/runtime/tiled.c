/* Tiled matrices: a grid of data handles over a host matrix (transparent
 * tiling, no copy) or device-resident tiles. */
#include <stdlib.h>

#include "runtime/runtime.h"

struct hetla_tiled {
    hetla_context *ctx;
    size_t m, n, mb, nb, mt, nt;
    hetla_dtype type;
    hetla_data **tiles; /* column-major grid, mt x nt */
    void *pinned;       /* the host range pinned for the whole matrix */
};

static size_t ceil_div(size_t a, size_t b) { return (a + b - 1) / b; }

static void tiles_free(hetla_tiled *a, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        /* Fresh tiles have no tasks: unregistering cannot fail here. */
        hetla_status s = hetla_data_unregister(a->tiles[k]);
        (void)s;
    }
    if (a->pinned)
        hetla__host_unpin(a->ctx, a->pinned);
    free(a->tiles);
    free(a);
}

hetla_status hetla_tiled_create(hetla_context *ctx, void *ptr, size_t m, size_t n, size_t ld, size_t mb, size_t nb,
                                hetla_dtype t, hetla_tiled **out)
{
    static const char fn[] = "hetla_tiled_create";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (ptr && ld < (m > 1 ? m : 1))
        return hetla__arg_error(fn, 5, "ld", "is %zu, must be >= max(1, m) = %zu", ld, m > 1 ? m : 1);
    if (mb == 0)
        return hetla__arg_error(fn, 6, "mb", "is 0");
    if (nb == 0)
        return hetla__arg_error(fn, 7, "nb", "is 0");
    size_t es = hetla_dtype_size(t);
    if (es == 0)
        return hetla__arg_error(fn, 8, "t", "is %d, not a hetla_dtype", (int)t);
    if (!out)
        return hetla__arg_error(fn, 9, "out", "is NULL");
    hetla_tiled *a = calloc(1, sizeof *a);
    if (!a)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory", fn);
    *a = (hetla_tiled){ctx, m, n, mb, nb, ceil_div(m, mb), ceil_div(n, nb), t, NULL, NULL};
    a->tiles = calloc(a->mt * a->nt + 1, sizeof *a->tiles);
    if (!a->tiles) {
        free(a);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory", fn);
    }
    /* One pin for the whole matrix, before the tiles: tiles share pages and
     * cannot be pinned one by one. */
    if (ptr && m > 0 && n > 0 && hetla__host_pin(ctx, ptr, ((n - 1) * ld + m) * es))
        a->pinned = ptr;
    for (size_t j = 0; j < a->nt; j++)
        for (size_t i = 0; i < a->mt; i++) {
            size_t tm = i + 1 < a->mt ? mb : m - i * mb, tn = j + 1 < a->nt ? nb : n - j * nb;
            hetla_data **tile = &a->tiles[j * a->mt + i];
            hetla_status s = ptr ? hetla_matrix_register(ctx, (char *)ptr + (j * nb * ld + i * mb) * es, tm, tn, ld,
                                                         t, tile)
                                 : hetla_data_create(ctx, tm, tn, t, tile);
            if (s) {
                tiles_free(a, j * a->mt + i);
                return s;
            }
        }
    *out = a;
    return HETLA_SUCCESS;
}

hetla_status hetla_tiled_destroy(hetla_tiled *a)
{
    if (!a)
        return hetla__arg_error("hetla_tiled_destroy", 1, "a", "is NULL");
    hetla_status first = HETLA_SUCCESS;
    for (size_t k = 0; k < a->mt * a->nt; k++) {
        hetla_status s = hetla_data_unregister(a->tiles[k]);
        if (s && !first)
            first = s;
    }
    if (a->pinned)
        hetla__host_unpin(a->ctx, a->pinned);
    free(a->tiles);
    free(a);
    return first;
}

hetla_status hetla_tiled_flush(hetla_tiled *a)
{
    if (!a)
        return hetla__arg_error("hetla_tiled_flush", 1, "a", "is NULL");
    for (size_t k = 0; k < a->mt * a->nt; k++) {
        hetla_status s = hetla_data_flush(a->tiles[k]);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

hetla_status hetla_tiled_prefetch(hetla_tiled *a, int device, hetla_sequence *seq)
{
    if (!a)
        return hetla__arg_error("hetla_tiled_prefetch", 1, "a", "is NULL");
    for (size_t k = 0; k < a->mt * a->nt; k++) {
        hetla_status s = hetla_data_prefetch(a->tiles[k], device, seq);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

hetla_data *hetla_tiled_tile(const hetla_tiled *a, size_t i, size_t j)
{
    return a && i < a->mt && j < a->nt ? a->tiles[j * a->mt + i] : NULL;
}

hetla_status hetla_tiled_shape(const hetla_tiled *a, size_t *m, size_t *n, size_t *mb, size_t *nb, size_t *mt,
                               size_t *nt)
{
    if (!a)
        return hetla__arg_error("hetla_tiled_shape", 1, "a", "is NULL");
    size_t v[6] = {a->m, a->n, a->mb, a->nb, a->mt, a->nt};
    size_t *o[6] = {m, n, mb, nb, mt, nt};
    for (int k = 0; k < 6; k++)
        if (o[k])
            *o[k] = v[k];
    return HETLA_SUCCESS;
}

hetla_context *hetla__tiled_context(const hetla_tiled *a) { return a->ctx; }

hetla_dtype hetla__tiled_type(const hetla_tiled *a) { return a->type; }
