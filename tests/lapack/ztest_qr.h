/* The QR tests of one precision, written for z.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_TEST_QR_PRECISION_z_H
#define HETLA_TEST_QR_PRECISION_z_H

#include "lapack_test.h"

lapack_test_fn test_zgeqrf, test_zgeqrf_tiled, test_zunmqr, test_zgels, test_zgels_tiled, test_zqr_errors;

#endif
