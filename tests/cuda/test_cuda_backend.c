/* The CUDA module as any machine sees it (HETLA_MODULE_PATH points at the
 * build's lib/hetla): it loads, exports its ops table alone, and either
 * opens the GPUs present or says why there are none, while "all" still
 * runs on the CPU. */
#include <dlfcn.h>

#include "../test.h"
#include "devices/device.h"

static int gpus_present; /* set by main from the module's probe */

static const hetla__device_ops *module_ops(void **handle)
{
    const char *dir = getenv("HETLA_MODULE_PATH");
    char path[1024];
    snprintf(path, sizeof path, "%s/libhetla_cuda.so", dir ? dir : ".");
    *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!*handle) {
        fprintf(stderr, "  cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    const hetla__device_ops *(*get)(void);
    *(void **)&get = dlsym(*handle, "hetla_backend_cuda");
    return get ? get() : NULL;
}

static void test_module_ops(void)
{
    void *h;
    const hetla__device_ops *ops = module_ops(&h);
    CHECK(ops != NULL);
    if (!ops)
        return;
    CHECK(ops->abi == HETLA__BACKEND_ABI);
    CHECK(!strcmp(ops->name, "cuda") && ops->type == HETLA_DEVICE_CUDA && ops->own_memory);
    CHECK(ops->probe && ops->init && ops->fini && ops->alloc && ops->free && ops->queue_create && ops->queue_destroy &&
          ops->copy && ops->can_peer && ops->launch && ops->queue_sync && ops->register_kernels && ops->host_pin &&
          ops->host_unpin);
    CHECK(dlsym(h, "hetla__cuda_init") == NULL); /* internal names stay hidden */
    char why[256] = "";
    int n = ops->probe(why, sizeof why);
    CHECK(n > 0 || *why);
    printf("  probe: %d device(s)%s%s\n", n, n ? "" : ": ", n ? "" : why);

    /* Pinning: refused without a driver, done once with one. */
    size_t bytes = 4u << 20;
    void *buf = malloc(bytes);
    int pinned = ops->host_pin(buf, bytes);
    CHECK(pinned == (gpus_present > 0));
    if (pinned) {
        CHECK(ops->host_pin(buf, bytes) == 0); /* already registered */
        ops->host_unpin(buf);
    }
    free(buf);
}

static hetla_status create(const char *devices, int workers, hetla_context **ctx)
{
    hetla_config cfg;
    if (hetla_config_init(&cfg))
        return HETLA_ERR_ARG;
    cfg.devices = devices;
    cfg.cpu_workers = workers;
    cfg.no_pinning = 1;
    return hetla_context_create(&cfg, ctx);
}

static void check_cuda_device(hetla_context *ctx, int i)
{
    hetla_device_desc d;
    CHECK_OK(hetla_device_info(ctx, i, &d));
    CHECK(d.type == HETLA_DEVICE_CUDA && d.memory_node > 0 && d.workers == 1);
    CHECK(d.memory_bytes > 0 && d.peak_gflops > 0);
    CHECK(strstr(d.name, "cuda:") == d.name);
    printf("  %s: %.0f Gflop/s peak (estimate)\n", d.name, d.peak_gflops);
}

/* HETLA_DEVICES=cuda names the device: it must be there, else a clean error. */
static void test_explicit(void)
{
    hetla_context *ctx = NULL;
    hetla_status s = create("cuda", 0, &ctx);
    if (gpus_present) {
        CHECK_OK(s);
        if (s)
            return;
        CHECK(hetla_device_count(ctx) == gpus_present);
        for (int i = 0; i < hetla_device_count(ctx); i++)
            check_cuda_device(ctx, i);
        CHECK_OK(hetla_context_destroy(ctx));
    } else {
        CHECK_STATUS(s, HETLA_ERR_NO_DEVICE);
        CHECK(ctx == NULL);
        const char *why = hetla_error_detail();
        printf("  %s\n", why);
        CHECK(strstr(why, "cuda") != NULL);
        CHECK(strstr(why, "driver") != NULL || strstr(why, "GPU") != NULL);
        CHECK(strstr(why, "not loadable") == NULL); /* the module itself loaded */
    }
    CHECK_STATUS(create("cuda:63", 0, &ctx), HETLA_ERR_NO_DEVICE);
}

/* "all" takes what is there: the CPU always, and the reason CUDA is not. */
static void test_all(void)
{
    hetla_context *ctx = NULL;
    CHECK_OK(create("all", 2, &ctx));
    if (!ctx)
        return;
    int ncuda = 0;
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        CHECK_OK(hetla_device_info(ctx, i, &d));
        if (d.type != HETLA_DEVICE_CUDA)
            continue;
        ncuda++;
        static const char *const ops[] = {"sgemm",   "dgemm",   "cgemm",   "zgemm",
                                          "sgescal", "dgescal", "cgescal", "zgescal"};
        for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
            hetla_kernel *kern = NULL;
            CHECK_OK(hetla_kernel_find(ctx, ops[k], &kern));
            CHECK(hetla_kernel_selected(kern, i) == HETLA_CLASS_CUDA_CUBLAS);
            CHECK(hetla_kernel_selected(kern, 0) != HETLA_CLASS_CUDA_CUBLAS); /* the CPU */
        }
    }
    CHECK(ncuda == gpus_present);
    const char *report = hetla_backend_report(ctx);
    printf("  backend report: %s", *report ? report : "(empty)\n");
    if (!gpus_present) {
        CHECK(hetla_device_count(ctx) == 1);
        const char *line = strstr(report, "cuda: ");
        CHECK(line != NULL);
        if (line) { /* the module loaded and said why (other backends may be missing) */
            size_t len = strcspn(line, "\n");
            CHECK(memmem(line, len, "not loadable", 12) == NULL);
            CHECK(memmem(line, len, "driver", 6) != NULL || memmem(line, len, "GPU", 3) != NULL);
        }
    }
    CHECK_OK(hetla_context_destroy(ctx));
}

/* A bad HETLA_CUDA_MEMORY_LIMIT is refused when a device opens. */
static void test_bad_limit(void)
{
    hetla_context *ctx = NULL;
    setenv("HETLA_CUDA_MEMORY_LIMIT", "12x", 1);
    hetla_status s = create("cuda", 0, &ctx);
    unsetenv("HETLA_CUDA_MEMORY_LIMIT");
    if (!gpus_present) {
        CHECK_STATUS(s, HETLA_ERR_NO_DEVICE); /* nothing to open */
        return;
    }
    CHECK_STATUS(s, HETLA_ERR_ARG);
    CHECK(strstr(hetla_error_detail(), "HETLA_CUDA_MEMORY_LIMIT") != NULL);
}

int main(int argc, char **argv)
{
    if (!getenv("HETLA_MODULE_PATH")) {
        fprintf(stderr, "HETLA_MODULE_PATH must name the folder of the built libhetla_cuda.so\n");
        return 1;
    }
    void *h;
    const hetla__device_ops *ops = module_ops(&h);
    char why[256];
    gpus_present = ops ? ops->probe(why, sizeof why) : 0;
    static const test_case tests[] = {
        {"module_ops", test_module_ops, 0},
        {"explicit", test_explicit, 0},
        {"all", test_all, 0},
        {"bad_limit", test_bad_limit, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
