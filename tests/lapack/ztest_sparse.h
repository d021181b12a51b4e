/* The sparse tiled LU tests of one precision (ztest_sparse.c), listed by
 * sparse_tests.c.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_TESTS_SPARSE_PRECISION_z_H
#define HETLA_TESTS_SPARSE_PRECISION_z_H

#include "lapack_test.h"

lapack_test_fn test_zsparse_lu, test_zsparse_input, test_zsparse_solve, test_zsparse_pivot, test_zsparse_args;

#endif
