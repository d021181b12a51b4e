/* The batched BLAS tests of each precision (ztest_batch.c and its
 * generated twins), each run on a context given by the driver. */
#ifndef HETLA_TEST_BATCH_H
#define HETLA_TEST_BATCH_H

#include "hetla.h"

#define TEST_BATCH_DECLARE(p)                                                                                      \
    void p##test_batch_gemm(hetla_context *ctx);                                                                   \
    void p##test_batch_gemv(hetla_context *ctx);                                                                   \
    void p##test_batch_trsm(hetla_context *ctx);                                                                   \
    void p##test_batch_potrf(hetla_context *ctx);                                                                  \
    void p##test_batch_getrf(hetla_context *ctx);                                                                  \
    void p##test_batch_solves(hetla_context *ctx);                                                                 \
    void p##test_batch_info(hetla_context *ctx);                                                                   \
    void p##test_batch_args(hetla_context *ctx);                                                                   \
    void p##test_batch_vbatch(hetla_context *ctx);                                                                 \
    void p##test_batch_zero(hetla_context *ctx);                                                                   \
    void p##test_batch_vmixed(hetla_context *ctx);                                                                 \
    void p##test_batch_vlarge(hetla_context *ctx);
TEST_BATCH_DECLARE(s)
TEST_BATCH_DECLARE(d)
TEST_BATCH_DECLARE(c)
TEST_BATCH_DECLARE(z)

#endif
