/* Helpers of the public level-3 tests for one precision, written for z
 * (defined in ztest_api3.c): operands stored as a caller stores them, in
 * either layout, with padding rows (ld > rows) holding NaN; the scalar
 * cases; results turned into residuals.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_TEST_API3_PRECISION_z_H
#define HETLA_TEST_API3_PRECISION_z_H

#include "test_api3.h"
#include "ztest_util.h"

/** (alpha, beta) of scalar case @p c: 0 random, 1 beta = 0 (C is then NaN
 *  on entry), 2 alpha = 0, 3 both 1, 4 alpha = 0 and beta = 1 (a quick
 *  return), 5 alpha = 0 with inputs that must not be read (NaN). */
void ztest_api3_scalars(int c, hetla_zcomplex *alpha, hetla_zcomplex *beta);
/** For scalar case 5, once the reference is computed: NaN into the @p nin
 *  inputs and their saved copies. */
void ztest_api3_poison(int c, int nin, hetla_zcomplex *const *in, hetla_zcomplex *const *in0, const size_t *lens);

/** Leading dimension of a logical m x n matrix in layout @p lay: its
 *  stored rows (at least 1) + @p pad; and the length of its array. */
hetla_int ztest_api3_ld(hetla_layout lay, hetla_int m, hetla_int n, hetla_int pad);
size_t ztest_api3_len(hetla_layout lay, hetla_int m, hetla_int n, hetla_int ld);

/** Random m x n matrix in layout @p lay; all NaN if @p nan. */
hetla_zcomplex *ztest_api3_matrix(hetla_layout lay, hetla_int m, hetla_int n, hetla_int ld, bool nan);
/** Frobenius norm, NaN entries skipped. */
test_real ztest_api3_norm(hetla_layout lay, hetla_int m, hetla_int n, const hetla_zcomplex *A, hetla_int ld);

/** An n x n triangle (uplo as the caller means it in @p lay), NaN outside
 *  it; well conditioned for solves (@p solve); NaN on the diagonal, which
 *  must not be read, for @p diag HETLA_UNIT. */
hetla_zcomplex *ztest_api3_triangle(hetla_layout lay, hetla_uplo uplo, hetla_diag diag, bool solve, hetla_int n,
                                    hetla_int ld);

/** Residual of a call's output against the reference: infinite if the
 *  call failed (the failure is printed) or an input changed (@p in and
 *  @p in0, @p nin arrays of lengths @p lens). */
test_real ztest_api3_resid(hetla_status s, size_t len, const hetla_zcomplex *got, const hetla_zcomplex *want,
                           test_real scale, int nin, hetla_zcomplex *const *in, hetla_zcomplex *const *in0,
                           const size_t *lens);

/** Records a bad-argument case: the call must return HETLA_ERR_ARG naming
 *  position @p pos and leave @p out (len entries) equal to @p out0. */
void ztest_api3_expect_arg(test_result *r, hetla_status s, int pos, const hetla_zcomplex *out,
                           const hetla_zcomplex *out0, size_t len, const char *what);

#endif
