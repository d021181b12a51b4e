/* The contexts the BLAS tests run on (see check.h). */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"

static const char *const setups[CHECK_NSETUPS][3] = {
    /* name, devices, policy: each library first, generic for what it lacks */
    {"generic", "cpu", "cpu=generic"},
    {"openblas", "cpu", "cpu=openblas,generic"},
    {"blis", "cpu", "cpu=blis,generic"},
    {"sim", "sim:0", "cpu=generic"},
    /* the default policy: CLBlast and hetla's OpenCL kernels on the device,
     * OpenBLAS on the CPU, the factorization tile kernels on the CPU */
    {"opencl", "cpu,opencl", NULL},
    /* the default policy on the CPU beside a GPU: cuBLAS and cuSOLVER for
     * what they have, the other tile kernels on the CPU, tiles moving */
    {"cuda", "cpu,cuda", NULL},
};

const char *check_setup_name(int i) { return setups[i][0]; }

hetla_context *check_setup(int i)
{
    hetla_config cfg;
    hetla_context *ctx = NULL;
    if (hetla_config_init(&cfg))
        exit(1);
    cfg.devices = setups[i][1];
    /* the accelerator setups on other devices: a GPU alone, two GPUs */
    const char *devices = getenv("HETLA_TEST_DEVICES");
    if (i >= CHECK_NLOCAL && devices && *devices)
        cfg.devices = devices;
    cfg.policy = setups[i][2];
    cfg.cpu_workers = 2;
    cfg.no_pinning = 1;
    hetla_status s = hetla_context_create(&cfg, &ctx);
    if (s == HETLA_ERR_NO_DEVICE) {
        printf("skipped: setup '%s': %s\n", setups[i][0], hetla_error_detail());
        exit(77);
    }
    if (s) {
        fprintf(stderr, "cannot create context '%s': %s\n", setups[i][0], hetla_error_detail());
        exit(1);
    }
    return ctx;
}
