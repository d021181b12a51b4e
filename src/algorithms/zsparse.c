/* Sparse tiled LU: the public calls of one precision, on the shared
 * algorithm of sparse.c.
 * @precisions normal z -> s d c
 */
#include "algorithms/sparse.h"

static void add(void *tile, size_t at, const void *val, size_t k)
{
    ((hetla_zcomplex *)tile)[at] += ((const hetla_zcomplex *)val)[k];
}

static const hetla__sparse_prec prec = {HETLA_ZCOMPLEX, "zgetrf_nopiv", "ztrsm", "zgemm", add};

hetla_status hetla_zsparse_create_csr(hetla_context *ctx, hetla_int n, const hetla_int *rowptr, const hetla_int *colind,
                                      const hetla_zcomplex *val, hetla_int nb, hetla_sparse_tiled **out)
{
    hetla__sparse_input in = {0, n, 0, rowptr, colind, val, nb};
    return hetla__sparse_create("hetla_zsparse_create_csr", &prec, ctx, &in, out);
}

hetla_status hetla_zsparse_create_coo(hetla_context *ctx, hetla_int n, hetla_int nnz, const hetla_int *rowind,
                                      const hetla_int *colind, const hetla_zcomplex *val, hetla_int nb,
                                      hetla_sparse_tiled **out)
{
    hetla__sparse_input in = {1, n, nnz, rowind, colind, val, nb};
    return hetla__sparse_create("hetla_zsparse_create_coo", &prec, ctx, &in, out);
}

hetla_status hetla_zsparse_getrf_tiled(hetla_sparse_tiled *A, hetla_int *info, hetla_sequence *seq)
{
    return hetla__sparse_getrf("hetla_zsparse_getrf_tiled", &prec, A, info, seq);
}

hetla_status hetla_zsparse_getrs_tiled(hetla_sparse_tiled *A, hetla_tiled *B, hetla_sequence *seq)
{
    return hetla__sparse_getrs("hetla_zsparse_getrs_tiled", &prec, A, B, seq);
}

hetla_status hetla_zsparse_to_dense(hetla_sparse_tiled *A, hetla_zcomplex *dense, hetla_int ld)
{
    return hetla__sparse_to_dense("hetla_zsparse_to_dense", &prec, A, dense, ld);
}

hetla_status hetla_zsparse_gesv(hetla_context *ctx, hetla_int n, const hetla_int *rowptr, const hetla_int *colind,
                                const hetla_zcomplex *val, hetla_int nb, hetla_int nrhs, hetla_zcomplex *B,
                                hetla_int ldb, hetla_int *info)
{
    hetla__sparse_input in = {0, n, 0, rowptr, colind, val, nb};
    return hetla__sparse_gesv("hetla_zsparse_gesv", &prec, ctx, &in, nrhs, B, ldb, info);
}
