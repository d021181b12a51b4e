/* The test harness: selection of tests by name and tier, and the tally. */
#include "test.h"

int test_failures;

hetla_context *test_context(const char *devices, int workers)
{
    hetla_config cfg;
    hetla_context *ctx = NULL;
    if (hetla_config_init(&cfg))
        return NULL;
    cfg.devices = devices;
    cfg.cpu_workers = workers;
    cfg.no_pinning = 1;
    hetla_status s = hetla_context_create(&cfg, &ctx);
    if (s) {
        fprintf(stderr, "cannot create a context on '%s': %s\n", devices, hetla_error_detail());
        exit(1);
    }
    return ctx;
}

int test_main(int argc, char **argv, const test_case *tests, int ntests)
{
    int want_long = 0, named = 0, passed = 0, failed = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--long"))
            want_long = 1;
        else
            named++;
    }
    for (int i = 0; i < ntests; i++) {
        int run = named == 0 ? (!tests[i].long_tier || want_long) : 0;
        for (int a = 1; a < argc; a++)
            if (!strcmp(argv[a], tests[i].name))
                run = 1;
        if (!run)
            continue;
        int before = test_failures;
        tests[i].run();
        int ok = test_failures == before;
        printf("%-32s %s\n", tests[i].name, ok ? "ok" : "FAILED");
        fflush(stdout);
        ok ? passed++ : failed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
