/* CLBlast's level 1 and 2 on the OpenCL device, one test per precision
 * (exit 77 without a device): every call runs in a context of the OpenCL
 * device alone, so as a task of the OPENCL_CLBLAST class, and is compared
 * with the same call on the CPU's generic kernels. */
#include "test_opencl_blas.h"
#include "../test.h"

static void run(void (*test)(hetla_context *ocl, hetla_context *cpu, int all), int all)
{
    hetla_config cfg;
    hetla_context *ocl, *cpu;
    CHECK_OK(hetla_config_init(&cfg));
    cfg.devices = "opencl";
    cfg.no_pinning = 1;
    hetla_status s = hetla_context_create(&cfg, &ocl);
    if (s == HETLA_ERR_NO_DEVICE) {
        printf("skipped: no OpenCL device: %s\n", hetla_error_detail());
        exit(77);
    }
    CHECK_OK(s);
    cfg.devices = "cpu";
    cfg.policy = "cpu=generic";
    cfg.cpu_workers = 1;
    CHECK_OK(hetla_context_create(&cfg, &cpu));
    if (s || test_failures)
        exit(1);
    test(ocl, cpu, all);
    CHECK_OK(hetla_context_destroy(ocl));
    CHECK_OK(hetla_context_destroy(cpu));
}

static void test_s(void)
{
    run(stest_opencl_blas, 0);
}
static void test_d(void)
{
    run(dtest_opencl_blas, 1);
}
static void test_c(void)
{
    run(ctest_opencl_blas, 0);
}
static void test_z(void)
{
    run(ztest_opencl_blas, 1);
}

int main(int argc, char **argv)
{
    static const test_case tests[] = {{"s", test_s, 0}, {"d", test_d, 0}, {"c", test_c, 0}, {"z", test_z, 0}};
    return test_main(argc, argv, tests, sizeof tests / sizeof *tests);
}
