/* The batched BLAS tests: `test_batch SETUP [TEST...]` runs each test in
 * the four precisions on a context of two CPU workers whose batch
 * operations run their CPU_NATIVE class (SETUP "native": SIMD kernels,
 * OpenBLAS per matrix) or their GENERIC one ("generic"), or with a
 * simulated accelerator beside them ("sim": P2P operands and variable
 * batches then go through the staging buffers that the runtime moves to
 * accelerators), or on a simulated accelerator alone ("sim_alone": no
 * CPU worker, so the calling thread and its crew stage them); "wide":
 * "native" with three workers (complex GEMM and TRSM then pack P2P and
 * strided matrices rather than calling OpenBLAS per matrix).
 * HETLA_DEVICES, where set, names the devices instead
 * (ctest runs "native" on cpu,opencl and on opencl alone too, where the
 * OpenCL devices must have run batched GEMM and GEMV with hetla's own
 * kernels); exit 77 (skipped) where one of them is not present. */
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
PRECISIONS(test_batch_vmixed)
PRECISIONS(test_batch_vlarge)

/* Whether every OpenCL device of the context runs the batched GEMM and
 * GEMV that the tests called with OPENCL_GEN. */
static int opencl_gen_selected(void)
{
    int ok = 1;
    for (int d = 0; d < hetla_device_count(ctx); d++) {
        hetla_device_desc dd;
        if (hetla_device_info(ctx, d, &dd) || dd.type != HETLA_DEVICE_OPENCL)
            continue;
        for (const char *p = "sdcz"; *p; p++)
            for (int g = 0; g < 2; g++) {
                char op[16];
                snprintf(op, sizeof op, "%c%s_batch", *p, g ? "gemv" : "gemm");
                hetla_kernel *k;
                if (!hetla_kernel_find(ctx, op, &k) && hetla_kernel_selected(k, d) != HETLA_CLASS_OPENCL_GEN) {
                    printf("%s on opencl device %d: class %d, not OPENCL_GEN\n", op, d, hetla_kernel_selected(k, d));
                    ok = 0;
                }
            }
    }
    return ok;
}

int main(int argc, char **argv)
{
    static const test_case tests[] = {
        {"gemm", test_batch_gemm, 0},   {"gemv", test_batch_gemv, 0},     {"trsm", test_batch_trsm, 0},
        {"potrf", test_batch_potrf, 0}, {"getrf", test_batch_getrf, 0},   {"solves", test_batch_solves, 0},
        {"info", test_batch_info, 0},   {"args", test_batch_args, 0},     {"vbatch", test_batch_vbatch, 0},
        {"zero", test_batch_zero, 0},   {"vmixed", test_batch_vmixed, 0}, {"vlarge", test_batch_vlarge, 0},
    };
    /* wide: more CPU workers than OpenBLAS's complex GEMM and TRSM are
     * called per matrix on, so that P2P and strided matrices are packed */
    static const struct {
        const char *name, *devices;
        int workers;
    } setups[] = {{"native", "cpu", 2}, {"generic", "cpu", 2}, {"sim", "cpu,sim", 2}, {"sim_alone", "sim", 2},
                  {"wide", "cpu", 3}};
    const char *devices = NULL;
    int workers = 0;
    for (size_t i = 0; argc >= 2 && i < sizeof setups / sizeof *setups; i++)
        if (!strcmp(argv[1], setups[i].name))
            devices = setups[i].devices, workers = setups[i].workers;
    if (!devices) {
        fprintf(stderr, "usage: test_batch native|generic|sim|sim_alone|wide [TEST...]\n");
        return 2;
    }
    hetla_config cfg;
    if (hetla_config_init(&cfg))
        return 1;
    cfg.devices = devices;
    cfg.cpu_workers = workers;
    cfg.no_pinning = 1;
    hetla_status s = hetla_context_create(&cfg, &ctx);
    if (s) {
        printf("%s: cannot create a context: %s\n", s == HETLA_ERR_NO_DEVICE ? "skipped" : "error",
               hetla_error_detail());
        return s == HETLA_ERR_NO_DEVICE ? 77 : 1;
    }
    if (!strcmp(argv[1], "generic") && hetla_policy_set(ctx, "cpu=generic")) {
        fprintf(stderr, "cannot set the policy: %s\n", hetla_error_detail());
        return 1;
    }
    int rc = test_main(argc - 1, argv + 1, tests, (int)(sizeof tests / sizeof *tests));
    if (!rc && !opencl_gen_selected())
        rc = 1;
    return hetla_context_destroy(ctx) ? 1 : rc;
}
