/* The Cholesky and LU tests of one precision, written for z.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_TEST_LU_PRECISION_z_H
#define HETLA_TEST_LU_PRECISION_z_H

#include "lapack_test.h"

lapack_test_fn test_zpotrf, test_zposv, test_zpotrf_tiled, test_zpotrf_errors, test_zgetrf, test_zgetrf_tiled,
    test_zgetrf_nopiv, test_zgesv, test_zgetrf_growth, test_zgetrf_errors, test_ztrtri, test_zpotrf_solves;

#endif
