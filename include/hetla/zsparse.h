/* Sparse tiled LU: A = L U without pivoting for a square sparse A stored as
 * a tiled matrix whose all-zero tiles are NULL (sparse.h), after the
 * SparseLU algorithm of MatRIS (Valero-Lara et al.). Only level-3 tile
 * kernels run: tile LU on each diagonal tile, TRSMs on the tiles of its
 * row and column, GEMM updates A(i,j) -= A(i,k) A(k,j) where both A(i,k)
 * and A(k,j) exist. A NULL A(i,j) that such an update reaches is fill-in:
 * the update allocates it when it is inserted (the fill-in is known once
 * the call returns, with no symbolic pass before it) and writes it whole,
 * so the tile is born on the device that computes it, with no zeroing and
 * no transfer. Tiles that stay NULL cost nothing.
 *
 * No pivoting means the matrix must not need it: diagonally dominant (by
 * rows or by columns) matrices are factored stably, as the dense
 * hetla_zgetrf_nopiv. The factors overwrite the tiles as LAPACK lays them
 * out: U on and above the diagonal, L (unit diagonal, not stored) below.
 *
 * Inputs are 0-based CSR (compressed rows) or coordinate triplets on the
 * host, copied in: the caller's arrays may be freed when the creation
 * returns. Entries given more than once are summed (as MATLAB's sparse,
 * SciPy and Eigen's setFromTriplets do), in CSR and coordinates alike; a
 * tile holding a stored entry exists even if the value is zero. nb = 0
 * takes the context's tile size (hetla_config.tile_size).
 *
 * Asynchronous calls follow zlapack.h: they insert tile tasks and return,
 * hetla_sequence_wait waits, @p seq NULL means the default sequence, and
 * *info is set to 0 by the call and written by its tasks. Numerical
 * outcomes are reported as LAPACK does: *info = i > 0 when U(i,i) is
 * exactly zero. Without pivoting the factorization past a zero pivot is
 * not one of A (the TRSMs divide by it), so the factors are then only a
 * diagnostic; a diagonal tile that is NULL (no entry, no fill-in) is such
 * a zero pivot at its first row, and its step is skipped. Bad arguments
 * return HETLA_ERR_ARG naming them (hetla_error_arg()).
 *
 * Written for z; the build generates s, d and c.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_ZSPARSE_H
#define HETLA_ZSPARSE_H

#include "hetla/blas_types.h"
#include "hetla/sparse.h"
#include "hetla/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Creates the n x n @p A in nb x nb tiles from the CSR arrays: the
 *  entries of row i are val[k], in column colind[k], for rowptr[i] <= k <
 *  rowptr[i + 1]; rowptr has n + 1 entries, rowptr[0] = 0, nondecreasing,
 *  and column indices lie in [0, n) in any order within a row. Only the
 *  tiles holding an entry get storage (element type HETLA_ZCOMPLEX).
 *  @param[out] out the new matrix, for hetla_sparse_tiled_destroy. */
HETLA_NODISCARD hetla_status hetla_zsparse_create_csr(hetla_context *ctx, hetla_int n, const hetla_int *rowptr,
                                                      const hetla_int *colind, const hetla_zcomplex *val, hetla_int nb,
                                                      hetla_sparse_tiled **out);

/** As hetla_zsparse_create_csr from @p nnz coordinate triplets in any
 *  order: entry k is val[k] at (rowind[k], colind[k]), both in [0, n). */
HETLA_NODISCARD hetla_status hetla_zsparse_create_coo(hetla_context *ctx, hetla_int n, hetla_int nnz,
                                                      const hetla_int *rowind, const hetla_int *colind,
                                                      const hetla_zcomplex *val, hetla_int nb,
                                                      hetla_sparse_tiled **out);

/** A = L U without pivoting, right-looking over the tiles of @p A: step k
 *  factors A(k,k) (tile LU, "zgetrf_nopiv"), solves the existing tiles of
 *  its row, A(k,j) := L(k,k)^-1 A(k,j), and column, A(i,k) := A(i,k)
 *  U(k,k)^-1 ("ztrsm"), then updates A(i,j) -= A(i,k) A(k,j) ("zgemm")
 *  for every pair of existing A(i,k), A(k,j), allocating A(i,j) if it was
 *  NULL (hetla_sparse_tiled_count reports it). The diagonal tile and its
 *  row and column run at the highest priority, then the updates of the
 *  tiles the next steps need first (lookahead). */
HETLA_NODISCARD hetla_status hetla_zsparse_getrf_tiled(hetla_sparse_tiled *A, hetla_int *info, hetla_sequence *seq);

/** Solves A X = B for X (overwriting B) with the factors of
 *  hetla_zsparse_getrf_tiled in @p A: forward substitution with L, then
 *  back substitution with U, a TRSM per diagonal tile and a GEMM per
 *  existing off-diagonal tile, for each column of tiles of B. B is a dense
 *  tiled n x nrhs matrix (hetla_tiled) with A's nb rows per tile, any
 *  number of columns per tile, in A's context. A NULL diagonal tile
 *  (singular U) returns HETLA_NUMERICAL and inserts nothing; a zero pivot
 *  inside a tile is not looked for (check *info of the factorization), as
 *  LAPACK's getrs. */
HETLA_NODISCARD hetla_status hetla_zsparse_getrs_tiled(hetla_sparse_tiled *A, hetla_tiled *B, hetla_sequence *seq);

/** Writes @p A as a dense column-major n x n matrix into @p dense (leading
 *  dimension @p ld >= max(1, n)), zeros where tiles are NULL: the input
 *  matrix, or after a factorization L and U as LAPACK's getrf leaves them.
 *  Waits for the tasks writing A's tiles and reads them on the host. */
HETLA_NODISCARD hetla_status hetla_zsparse_to_dense(hetla_sparse_tiled *A, hetla_zcomplex *dense, hetla_int ld);

/** Solves A X = B for the n x n sparse A given in CSR (as in
 *  hetla_zsparse_create_csr, nb x nb tiles, nb = 0 for the context's tile
 *  size), overwriting the n x nrhs B (leading dimension ldb) with X:
 *  creation, factorization and solve over every device of @p ctx; returns
 *  when X is in B. *info = i > 0: U(i,i) is exactly zero, B is left
 *  untouched and the call returns HETLA_NUMERICAL. */
HETLA_NODISCARD hetla_status hetla_zsparse_gesv(hetla_context *ctx, hetla_int n, const hetla_int *rowptr,
                                                const hetla_int *colind, const hetla_zcomplex *val, hetla_int nb,
                                                hetla_int nrhs, hetla_zcomplex *B, hetla_int ldb, hetla_int *info);

#ifdef __cplusplus
}
#endif
#endif
