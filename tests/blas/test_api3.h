/* The tests of hetla's public level-3 BLAS (test_api3.c runs them): per
 * routine and precision, the synchronous form (NAME) and the tiled and
 * task forms (NAME_tiles), each on the context of one setup of check.h. */
#ifndef HETLA_TESTS_BLAS_TEST_API3_H
#define HETLA_TESTS_BLAS_TEST_API3_H

#include "hetla.h"
#include "testing.h"

typedef void api3_fn(test_result *r, hetla_context *ctx);

/* Every routine, in the order of the reference BLAS. */
#define HETLA_API3_ROUTINES(X)                                                                                     \
    X(sgemm) X(dgemm) X(cgemm) X(zgemm)                                                                            \
    X(ssymm) X(dsymm) X(csymm) X(zsymm) X(chemm) X(zhemm)                                                          \
    X(ssyrk) X(dsyrk) X(csyrk) X(zsyrk) X(cherk) X(zherk)                                                          \
    X(ssyr2k) X(dsyr2k) X(csyr2k) X(zsyr2k) X(cher2k) X(zher2k)                                                    \
    X(strmm) X(dtrmm) X(ctrmm) X(ztrmm) X(strsm) X(dtrsm) X(ctrsm) X(ztrsm)

#define HETLA_API3_DECLARE(name) api3_fn api3_##name, api3_##name##_tiles;
HETLA_API3_ROUTINES(HETLA_API3_DECLARE)

static inline const char *api3_layout_name(hetla_layout l) { return l == HETLA_COL_MAJOR ? "col" : "row"; }
static inline hetla_uplo api3_flip(hetla_uplo u) { return u == HETLA_UPPER ? HETLA_LOWER : HETLA_UPPER; }

#endif
