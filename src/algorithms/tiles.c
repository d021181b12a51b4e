/* Argument checks, task insertion and the panel solves by inverse shared
 * by the tiled algorithms. */
#include "algorithms/algorithms.h"
#include "kernels/lapack/lapack.h"

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

hetla_status hetla__inverse_kernels(hetla_context *ctx, const char *trtri, const char *trmm, hetla_kernel **inv,
                                    hetla_kernel **mul)
{
    *inv = *mul = NULL;
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, trtri, &k);
    if (!s && !ctx->stable_solves && hetla__accelerators_for(ctx, k)) {
        s = hetla_kernel_find(ctx, trmm, mul);
        *inv = s ? NULL : k;
    }
    return s;
}

hetla_status hetla__inverse_tile(hetla_context *ctx, hetla_sequence *seq, hetla_kernel *inv, hetla_uplo uplo,
                                 hetla_diag diag, hetla_data *T, size_t nb, hetla_dtype t, hetla_data **w, int prio)
{
    hetla_status s = *w ? HETLA_SUCCESS : hetla_data_create(ctx, nb, nb, t, w);
    hetla__trtri_args args = {uplo, diag};
    hetla_task_arg data[2] = {{T, HETLA_R}, {*w, HETLA_W}};
    return s ? s : hetla__put(ctx, seq, inv, data, 2, &args, sizeof args, prio);
}
