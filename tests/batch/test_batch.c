/* The batched BLAS tests: `test_batch SETUP [TEST...]` runs each test in
 * the four precisions on a context of two CPU workers whose batch
 * operations run their CPU_NATIVE class (SETUP "native": SIMD kernels,
 * OpenBLAS per matrix) or their GENERIC one ("generic"). */
#include "test.h"
#include "test_batch.h"

static hetla_context *ctx;

#define PRECISIONS(name)                                                                                           \
    static void name(void)                                                                                         \
    {                                                                                                              \
        s##name(ctx), d##name(ctx), c##name(ctx), z##name(ctx);                                                    \
    }
PRECISIONS(test_batch_gemm)
PRECISIONS(test_batch_gemv)
PRECISIONS(test_batch_trsm)
PRECISIONS(test_batch_potrf)
PRECISIONS(test_batch_getrf)
PRECISIONS(test_batch_solves)
PRECISIONS(test_batch_info)
PRECISIONS(test_batch_args)
PRECISIONS(test_batch_vbatch)
PRECISIONS(test_batch_zero)

int main(int argc, char **argv)
{
    static const test_case tests[] = {
        {"gemm", test_batch_gemm, 0},     {"gemv", test_batch_gemv, 0},     {"trsm", test_batch_trsm, 0},
        {"potrf", test_batch_potrf, 0},   {"getrf", test_batch_getrf, 0},   {"solves", test_batch_solves, 0},
        {"info", test_batch_info, 0},     {"args", test_batch_args, 0},     {"vbatch", test_batch_vbatch, 0},
        {"zero", test_batch_zero, 0},
    };
    if (argc < 2 || (strcmp(argv[1], "native") && strcmp(argv[1], "generic"))) {
        fprintf(stderr, "usage: test_batch native|generic [TEST...]\n");
        return 2;
    }
    ctx = test_context("cpu", 2);
    if (!strcmp(argv[1], "generic") && hetla_policy_set(ctx, "cpu=generic")) {
        fprintf(stderr, "cannot set the policy: %s\n", hetla_error_detail());
        return 1;
    }
    int rc = test_main(argc - 1, argv + 1, tests, (int)(sizeof tests / sizeof *tests));
    return hetla_context_destroy(ctx) ? 1 : rc;
}
