/* `hetla info`: what a context sees — devices, memory nodes, workers,
 * backends not found and why, the selection policy, and per operation the
 * kernel class each device would run. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "hetla.h"

static const char *const type_names[HETLA_DEVICE_NTYPES] = {"cpu", "cuda", "opencl", "sim"};

static void print_devices(const hetla_context *ctx)
{
    printf("devices:\n");
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        if (hetla_device_info(ctx, i, &d))
            continue;
        printf("  [%d] %-6s %s\n       memory node %d, %.1f GiB, %d worker%s", i, type_names[d.type], d.name,
               d.memory_node, (double)d.memory_bytes / (1u << 30), d.workers, d.workers == 1 ? "" : "s");
        if (d.peak_gflops > 0)
            printf(", peak ~%.0f Gflop/s (double)", d.peak_gflops);
        printf("\n");
    }
    const char *missing = hetla_backend_report(ctx);
    if (*missing)
        printf("not found:\n");
    for (const char *p = missing; *p;) {
        size_t len = strcspn(p, "\n");
        printf("  %.*s\n", (int)len, p);
        p += len + (p[len] ? 1 : 0);
    }
}

static void print_policy(const hetla_context *ctx)
{
    printf("selection policy (first class an operation has runs):\n");
    for (int t = 0; t < HETLA_DEVICE_NTYPES; t++) {
        char buf[256];
        if (t != HETLA_DEVICE_SIM && !hetla_policy_describe(ctx, (hetla_device_type)t, buf, sizeof buf))
            printf("  %-6s %s\n", type_names[t], buf);
    }
    int nk = hetla_kernel_count(ctx), nd = hetla_device_count(ctx);
    if (nk == 0)
        return;
    printf("operations (class per device):\n  %-20s", "");
    for (int d = 0; d < nd; d++)
        printf(" [%d]%-10s", d, "");
    printf("\n");
    for (int i = 0; i < nk; i++) {
        const hetla_kernel *k = hetla_kernel_at(ctx, i);
        printf("  %-20s", hetla_kernel_name(k));
        for (int d = 0; d < nd; d++) {
            int c = hetla_kernel_selected(k, d);
            printf(" %-13s", c >= 0 ? hetla_kernel_class_name((hetla_kernel_class)c) : "-");
        }
        printf("\n");
    }
}

int cmd_info(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) {
        fprintf(stderr, "usage: hetla info   (devices are chosen by HETLA_DEVICES)\n");
        return 2;
    }
    hetla_context *ctx;
    hetla_status s = hetla_context_create(NULL, &ctx);
    if (s) {
        fprintf(stderr, "hetla info: %s\n", hetla_error_detail());
        return 1;
    }
    printf("hetla %d.%d.%d\n", HETLA_VERSION_MAJOR, HETLA_VERSION_MINOR, HETLA_VERSION_PATCH);
    print_devices(ctx);
    print_policy(ctx);
    return hetla_context_destroy(ctx) ? 1 : 0;
}
