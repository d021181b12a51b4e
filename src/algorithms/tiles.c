/* Argument checks shared by the tiled algorithms. */
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
