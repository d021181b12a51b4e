/* The "zlaswp" operation: LAPACK's row interchanges on a column of tiles.
 * Memory-bound; plain C serves every CPU.
 * @precisions normal z -> s d c
 */
#include "kernels/lapack/lapack.h"

/* As LAPACK's laswp, in blocks of columns: each swap then touches rows of
 * a few columns that stay in cache instead of striding over all of them. */
enum { COLUMNS = 32 };

static hetla_status zlaswp_generic(const hetla_exec *x)
{
    hetla__laswp_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *b = x->buf + 1;
    size_t mb = b[0].m, n = b[0].n; /* every tile but the last has mb rows */
    hetla_int count = a.last - a.first;
    for (size_t c0 = 0; c0 < n; c0 += COLUMNS) {
        size_t cols = n - c0 < COLUMNS ? n - c0 : COLUMNS;
        for (hetla_int s = 0; s < count; s++) {
            hetla_int i = a.backward ? a.last - 1 - s : a.first + s, p = a.ipiv[i] - 1;
            if (p == i)
                continue;
            size_t ri = (size_t)(i - a.row0), rp = (size_t)(p - a.row0);
            const hetla_buffer *ti = &b[ri / mb], *tp = &b[rp / mb];
            hetla_zcomplex *xi = (hetla_zcomplex *)ti->ptr + ri % mb + c0 * ti->ld;
            hetla_zcomplex *xp = (hetla_zcomplex *)tp->ptr + rp % mb + c0 * tp->ld;
            for (size_t c = 0; c < cols; c++) {
                hetla_zcomplex t = xi[c * ti->ld];
                xi[c * ti->ld] = xp[c * tp->ld];
                xp[c * tp->ld] = t;
            }
        }
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__zlaswp_register(hetla_context *ctx)
{
    return hetla__cpu_register(ctx, "zlaswp", zlaswp_generic, NULL, NULL, NULL);
}
