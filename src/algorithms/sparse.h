/* The sparse tiled LU written once for every precision (sparse.c): the
 * public hetla_<p>sparse_* functions of zsparse.c describe their
 * precision and their caller's arguments and call these; errors name the
 * arguments by their public positions in function @p fn. */
#ifndef HETLA_ALGORITHMS_SPARSE_H
#define HETLA_ALGORITHMS_SPARSE_H

#include "algorithms/algorithms.h"
#include "hetla/sparse.h"

/** What the shared code needs of a precision. */
typedef struct hetla__sparse_prec {
    hetla_dtype type;
    const char *getrf, *trsm, *gemm; /* its tile operations */
    /** tile[at] += val[k], elements of the precision's type */
    void (*add)(void *tile, size_t at, const void *val, size_t k);
} hetla__sparse_prec;

/** A sparse input as the caller gave it, CSR or coordinates. Positions:
 *  n is argument 2; then rowptr (CSR), or nnz and rowind (coordinates);
 *  colind, val and nb follow. */
typedef struct hetla__sparse_input {
    int coo;               /* coordinates; else CSR */
    hetla_int n, nnz;      /* nnz: coordinates only, CSR's is rowptr[n] */
    const hetla_int *rows; /* CSR: rowptr (n + 1); coordinates: rowind (nnz) */
    const hetla_int *colind;
    const void *val;
    hetla_int nb; /* 0: the context's tile size */
} hetla__sparse_input;

/** hetla_<p>sparse_create_csr and _coo: ctx is argument 1, out the one
 *  after nb. */
hetla_status hetla__sparse_create(const char *fn, const hetla__sparse_prec *p, hetla_context *ctx,
                                  const hetla__sparse_input *in, hetla_sparse_tiled **out);

/** hetla_<p>sparse_getrf_tiled (A, info, seq). */
hetla_status hetla__sparse_getrf(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, hetla_int *info,
                                 hetla_sequence *seq);

/** hetla_<p>sparse_getrs_tiled (A, B, seq). */
hetla_status hetla__sparse_getrs(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, hetla_tiled *B,
                                 hetla_sequence *seq);

/** hetla_<p>sparse_to_dense (A, dense, ld). */
hetla_status hetla__sparse_to_dense(const char *fn, const hetla__sparse_prec *p, hetla_sparse_tiled *A, void *dense,
                                    hetla_int ld);

/** hetla_<p>sparse_gesv (ctx, n, rowptr, colind, val, nb, nrhs, B, ldb,
 *  info), @p in the CSR input. */
hetla_status hetla__sparse_gesv(const char *fn, const hetla__sparse_prec *p, hetla_context *ctx,
                                const hetla__sparse_input *in, hetla_int nrhs, void *B, hetla_int ldb, hetla_int *info);

#endif
