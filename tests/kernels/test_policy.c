/* Kernel registry and selection policy: the default order, fall-through
 * when an operation lacks a class, per-operation rules, run-time changes,
 * user kernels beside library ones, and bad policies. */
#include "../test.h"

static hetla_context *with_policy(const char *devices, const char *policy)
{
    hetla_config cfg;
    hetla_context *ctx = NULL;
    CHECK_OK(hetla_config_init(&cfg));
    cfg.devices = devices;
    cfg.policy = policy;
    cfg.cpu_workers = 2;
    cfg.no_pinning = 1;
    CHECK_OK(hetla_context_create(&cfg, &ctx));
    return ctx;
}

static int selected(hetla_context *ctx, const char *op, int dev)
{
    hetla_kernel *k = NULL;
    CHECK_OK(hetla_kernel_find(ctx, op, &k));
    return k ? hetla_kernel_selected(k, dev) : -2;
}

static void test_default_order(void)
{
    hetla_context *ctx = with_policy("cpu,sim", NULL);
    CHECK(selected(ctx, "dgemm", 0) == HETLA_CLASS_CPU_OPENBLAS);
    CHECK(selected(ctx, "dgemm", 1) == HETLA_CLASS_CPU_OPENBLAS); /* sim runs CPU classes */
    CHECK(selected(ctx, "dgescal", 0) == HETLA_CLASS_GENERIC);    /* only generic exists */
    char buf[128];
    CHECK_OK(hetla_policy_describe(ctx, HETLA_DEVICE_CPU, buf, sizeof buf));
    CHECK(!strcmp(buf, "openblas,blis,cpu_native,generic"));
    CHECK_STATUS(hetla_policy_describe(ctx, HETLA_DEVICE_CPU, buf, 0), HETLA_ERR_ARG);
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_rules(void)
{
    hetla_context *ctx = with_policy("cpu", "cpu=blis,generic;zgemm:cpu=generic;sgemm:cpu=openblas");
    CHECK(selected(ctx, "dgemm", 0) == HETLA_CLASS_CPU_BLIS);
    CHECK(selected(ctx, "zgemm", 0) == HETLA_CLASS_GENERIC);
    CHECK(selected(ctx, "sgemm", 0) == HETLA_CLASS_CPU_OPENBLAS);
    /* a device-type list without the only class an operation has: never scheduled */
    CHECK_OK(hetla_policy_set(ctx, "cpu=openblas"));
    CHECK(selected(ctx, "dgescal", 0) == -1);
    CHECK(selected(ctx, "zgemm", 0) == HETLA_CLASS_GENERIC); /* the rule still holds */
    CHECK_OK(hetla_policy_set(ctx, "zgemm:cpu=blis"));     /* a later rule wins */
    CHECK(selected(ctx, "zgemm", 0) == HETLA_CLASS_CPU_BLIS);
    /* a bad spec changes nothing */
    CHECK_STATUS(hetla_policy_set(ctx, "cpu=generic;gpu=cublas"), HETLA_ERR_ARG);
    CHECK(selected(ctx, "dgemm", 0) == HETLA_CLASS_CPU_OPENBLAS);
    CHECK_STATUS(hetla_policy_set(ctx, NULL), HETLA_ERR_ARG);
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_bad_policies(void)
{
    static const char *const bad[] = {"cpu=mkl", "cuda=openblas", "sim=generic", "cpu", "=generic",
                                      ":cpu=generic", "dgemm:gpu=generic", "cpu=openblas,,generic"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        hetla_config cfg;
        hetla_context *ctx = NULL;
        CHECK_OK(hetla_config_init(&cfg));
        cfg.devices = "cpu";
        cfg.policy = bad[i];
        hetla_status s = hetla_context_create(&cfg, &ctx);
        if (s != HETLA_ERR_ARG)
            fprintf(stderr, "  policy '%s' accepted\n", bad[i]);
        CHECK(s == HETLA_ERR_ARG && ctx == NULL);
        CHECK(strstr(hetla_error_detail(), "HETLA_POLICY") != NULL);
    }
}

static hetla_status k_native(const hetla_exec *x)
{
    *(int *)x->buf[0].ptr = 1;
    return HETLA_SUCCESS;
}

static hetla_status k_generic(const hetla_exec *x)
{
    *(int *)x->buf[0].ptr = 2;
    return HETLA_SUCCESS;
}

static int run_user_kernel(hetla_context *ctx, hetla_kernel *k)
{
    int v = 0;
    hetla_data *d;
    CHECK_OK(hetla_vector_register(ctx, &v, 1, HETLA_INT32, &d));
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = (hetla_task_arg[]){{d, HETLA_W}},
                                                        .ndata = 1}));
    CHECK_OK(hetla_data_unregister(d));
    return v;
}

static void test_user_kernel(void)
{
    hetla_context *ctx = with_policy("cpu", NULL);
    hetla_kernel *k;
    CHECK_OK(hetla_kernel_create(ctx, "mine", &k));
    CHECK_OK(hetla_kernel_add(k, HETLA_CLASS_GENERIC, k_generic));
    CHECK(run_user_kernel(ctx, k) == 2);
    CHECK_OK(hetla_kernel_add(k, HETLA_CLASS_CPU_NATIVE, k_native)); /* native before generic */
    CHECK(run_user_kernel(ctx, k) == 1);
    CHECK_OK(hetla_policy_set(ctx, "mine:cpu=generic"));
    CHECK(run_user_kernel(ctx, k) == 2);
    hetla_kernel *again;
    CHECK_OK(hetla_kernel_create(ctx, "mine", &again)); /* create finds an existing one */
    CHECK(again == k);
    CHECK(!strcmp(hetla_kernel_name(k), "mine"));
    int found = 0;
    for (int i = 0; i < hetla_kernel_count(ctx); i++)
        found += hetla_kernel_at(ctx, i) == k;
    CHECK(found == 1);
    CHECK(hetla_kernel_at(ctx, -1) == NULL && hetla_kernel_selected(k, 5) == -1);
    CHECK(!strcmp(hetla_kernel_class_name(HETLA_CLASS_CUDA_CUBLAS), "cublas"));
    CHECK(hetla_kernel_class_device(HETLA_CLASS_OPENCL_CLBLAST) == HETLA_DEVICE_OPENCL);
    CHECK(hetla_kernel_class_name(HETLA_NCLASSES) == NULL);
    CHECK_OK(hetla_context_destroy(ctx));
}

int main(int argc, char **argv)
{
    static const test_case tests[] = {
        {"default_order", test_default_order, 0},
        {"rules", test_rules, 0},
        {"bad_policies", test_bad_policies, 0},
        {"user_kernel", test_user_kernel, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
