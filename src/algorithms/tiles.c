/* Argument checks and task insertion shared by the tiled algorithms. */
#include "algorithms/algorithms.h"

hetla_status hetla__tiles_get(const char *fn, int pos, const char *name, const hetla_tiled *a, hetla_dtype type,
                              hetla__tiles *out)
{
    if (!a)
        return hetla__arg_error(fn, pos, name, "is NULL");
    hetla_dtype t = hetla__tiled_type(a);
    if (t != type)
        return hetla__arg_error(fn, pos, name, "holds element type %d, the routine works on %d", (int)t, (int)type);
    out->ctx = hetla__tiled_context(a);
    hetla_status s = hetla_tiled_shape(a, &out->m, &out->n, &out->mb, &out->nb, &out->mt, &out->nt);
    return s;
}

hetla_status hetla__put(hetla_context *ctx, hetla_sequence *seq, hetla_kernel *k, const hetla_task_arg *data, int n,
                        const void *args, size_t size, int prio)
{
    return hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = data, .ndata = n, .args = args,
                                                      .args_size = size, .priority = prio, .seq = seq});
}
