/* Configuration: defaults, environment overrides, and the device list
 * (HETLA_DEVICES) turned into opened devices. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"

hetla_status hetla_config_init(hetla_config *cfg)
{
    if (!cfg)
        return hetla__arg_error("hetla_config_init", 1, "cfg", "is NULL");
    memset(cfg, 0, sizeof *cfg);
    return HETLA_SUCCESS;
}

static char *dup_or(const char *env, const char *field, const char *dflt)
{
    const char *v = getenv(env);
    if (!v || !*v)
        v = field;
    if (!v || !*v)
        v = dflt;
    return v ? strdup(v) : NULL;
}

static hetla_status parse_log_level(const char *s, int *level)
{
    static const char *const names[] = {"", "error", "warn", "info", "debug"};
    for (int i = 1; i <= HETLA_LOG_DEBUG; i++)
        if (!strcmp(s, names[i])) {
            *level = i;
            return HETLA_SUCCESS;
        }
    return hetla__fail(HETLA_ERR_ARG, "HETLA_LOG: '%s' is not error, warn, info or debug", s);
}

/* Overrides @p out with the byte count in environment variable @p env, if set. */
static hetla_status env_bytes(const char *env, size_t *out)
{
    const char *v = getenv(env);
    if (!v || !*v)
        return HETLA_SUCCESS;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (errno || *end || !isdigit((unsigned char)v[0]))
        return hetla__fail(HETLA_ERR_ARG, "%s: '%s' is not a byte count", env, v);
    *out = (size_t)n;
    return HETLA_SUCCESS;
}

/* Overrides @p out with the count in environment variable @p env, if set. */
static hetla_status env_count(const char *env, long max, int *out)
{
    const char *v = getenv(env);
    if (!v || !*v)
        return HETLA_SUCCESS;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || *end || n < 0 || n > max)
        return hetla__fail(HETLA_ERR_ARG, "%s: '%s' is not a count in 0..%ld", env, v, max);
    *out = (int)n;
    return HETLA_SUCCESS;
}

hetla_status hetla__config_apply(hetla_context *ctx, const hetla_config *cfg, int *cpu_workers)
{
    hetla_config zero = {0};
    if (!cfg)
        cfg = &zero;
    ctx->devices_spec = dup_or("HETLA_DEVICES", cfg->devices, "all");
    ctx->sched_name = dup_or("HETLA_SCHED", cfg->scheduler, "auto");
    ctx->trace_file = dup_or("HETLA_TRACE", cfg->trace_file, NULL);
    ctx->module_path = dup_or("HETLA_MODULE_PATH", cfg->module_path, NULL);
    ctx->policy_spec = dup_or("HETLA_POLICY", cfg->policy, NULL);
    if (!ctx->devices_spec || !ctx->sched_name)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory");
    ctx->log_fn = cfg->log_fn;
    ctx->log_user = cfg->log_user;
    ctx->log_level = cfg->log_level ? cfg->log_level : HETLA_LOG_WARN;
    if (cfg->log_level < 0 || cfg->log_level > HETLA_LOG_DEBUG)
        return hetla__arg_error("hetla_context_create", 1, "cfg->log_level", "is %d, not 0..4", cfg->log_level);
    const char *lv = getenv("HETLA_LOG");
    if (lv && *lv) {
        hetla_status s = parse_log_level(lv, &ctx->log_level);
        if (s)
            return s;
    }
    ctx->no_pinning = cfg->no_pinning;
    ctx->no_host_pinning = cfg->no_host_pinning;
    const char *host_pin = getenv("HETLA_NO_HOST_PIN");
    if (host_pin && *host_pin)
        ctx->no_host_pinning = strcmp(host_pin, "0") != 0;
    const char *pin = getenv("HETLA_NO_PIN");
    if (pin && *pin)
        ctx->no_pinning = strcmp(pin, "0") != 0;
    ctx->stable_solves = cfg->stable_solves;
    const char *stable = getenv("HETLA_STABLE_SOLVES");
    if (stable && *stable)
        ctx->stable_solves = strcmp(stable, "0") != 0;

    if (cfg->cpu_workers < 0)
        return hetla__arg_error("hetla_context_create", 1, "cfg->cpu_workers", "is %d, must be >= 0",
                                cfg->cpu_workers);
    if (cfg->tile_size < 0)
        return hetla__arg_error("hetla_context_create", 1, "cfg->tile_size", "is %d, must be >= 0", cfg->tile_size);
    *cpu_workers = cfg->cpu_workers;
    ctx->tile_size = cfg->tile_size;
    hetla_status s = env_count("HETLA_CPU_WORKERS", 4096, cpu_workers);
    if (!s)
        s = env_count("HETLA_TILE", 1 << 16, &ctx->tile_size);
    if (cfg->watchdog_s < 0)
        return hetla__arg_error("hetla_context_create", 1, "cfg->watchdog_s", "is %d, must be >= 0", cfg->watchdog_s);
    ctx->watchdog_s = cfg->watchdog_s;
    if (!s)
        s = env_count("HETLA_WATCHDOG", 1 << 20, &ctx->watchdog_s);
    ctx->mem_limit = cfg->device_memory_limit;
    if (!s)
        s = env_bytes("HETLA_DEVICE_MEMORY_LIMIT", &ctx->mem_limit);
    return s;
}

/* ---- the device list ---------------------------------------------------- */

typedef struct {
    char type[16];
    int index; /* -1: every device of the type */
} device_entry;

static hetla_status parse_entry(const char *tok, device_entry *e)
{
    const char *colon = strchr(tok, ':');
    size_t len = colon ? (size_t)(colon - tok) : strlen(tok);
    if (len == 0 || len >= sizeof e->type)
        return hetla__fail(HETLA_ERR_UNKNOWN_DEVICE, "HETLA_DEVICES: bad entry '%s'", tok);
    memcpy(e->type, tok, len);
    e->type[len] = 0;
    e->index = -1;
    if (colon) {
        char *end;
        long v = strtol(colon + 1, &end, 10);
        if (!isdigit((unsigned char)colon[1]) || *end || v < 0 || v >= HETLA__MAX_DEVICES)
            return hetla__fail(HETLA_ERR_UNKNOWN_DEVICE, "HETLA_DEVICES: bad device index in '%s'", tok);
        e->index = (int)v;
    }
    static const char *const known[] = {"all", "cpu", "cuda", "opencl", "sim"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (!strcmp(e->type, known[i])) {
            if (e->index >= 0 && (!strcmp(e->type, "all") || !strcmp(e->type, "cpu")))
                return hetla__fail(HETLA_ERR_UNKNOWN_DEVICE, "HETLA_DEVICES: '%s' takes no index", tok);
            return HETLA_SUCCESS;
        }
    return hetla__fail(HETLA_ERR_UNKNOWN_DEVICE,
                       "HETLA_DEVICES: unknown device '%s' (known: all, cpu, cuda[:N], opencl[:N], sim[:N])", tok);
}

static int has_device(const hetla_context *ctx, const hetla__device_ops *ops, int index)
{
    for (int i = 0; i < ctx->ndevices; i++)
        if (ctx->devices[i].ops == ops && ctx->devices[i].index == index)
            return 1;
    return 0;
}

static hetla_status open_device(hetla_context *ctx, const hetla__device_ops *ops, int index)
{
    if (has_device(ctx, ops, index))
        return HETLA_SUCCESS;
    if (ctx->ndevices == HETLA__MAX_DEVICES || ctx->nnodes == HETLA__MAX_NODES)
        return hetla__fail(HETLA_ERR_NO_DEVICE, "HETLA_DEVICES: more than %d devices", HETLA__MAX_DEVICES);
    hetla__device *dev = &ctx->devices[ctx->ndevices];
    memset(dev, 0, sizeof *dev);
    dev->ops = ops;
    dev->ctx = ctx;
    dev->type = ops->type;
    dev->index = index;
    dev->id = ctx->ndevices;
    dev->node = ops->own_memory ? ctx->nnodes : 0;
    hetla_status s = ops->init(dev);
    if (s)
        return s;
    if (ops->own_memory)
        ctx->node_device[ctx->nnodes++] = dev;
    ctx->ndevices++;
    return HETLA_SUCCESS;
}

static void report(hetla_context *ctx, const char *line)
{
    size_t used = strlen(ctx->backend_report);
    snprintf(ctx->backend_report + used, sizeof ctx->backend_report - used, "%s\n", line);
}

static void report_left_out(hetla_context *ctx, const char *type, int index)
{
    char line[160];
    snprintf(line, sizeof line, "%.16s:%d: not taken by 'all' (it runs on the host's cores); name it to use it", type,
             index);
    report(ctx, line);
}

/* Opens the devices of one entry. Under "all" (@p tolerant) a missing
 * backend is only reported; a device named explicitly must be there. */
static hetla_status open_entry(hetla_context *ctx, const device_entry *e, int tolerant)
{
    if (!strcmp(e->type, "cpu"))
        return open_device(ctx, &hetla__cpu_ops, 0);
    if (!strcmp(e->type, "sim"))
        return open_device(ctx, &hetla__sim_ops, e->index < 0 ? 0 : e->index);
    char why[256] = "";
    const hetla__device_ops *ops = hetla__backend_find(e->type, ctx->module_path, why, sizeof why);
    int count = ops ? ops->probe(why, sizeof why) : 0;
    if (count == 0) {
        char line[320];
        snprintf(line, sizeof line, "%.15s: %.255s", e->type, why); /* bounds: type[16], why[256] */
        report(ctx, line);
        if (tolerant)
            return HETLA_SUCCESS;
        return hetla__fail(HETLA_ERR_NO_DEVICE, "HETLA_DEVICES: no %s device available (%s)", e->type, why);
    }
    if (e->index >= count)
        return hetla__fail(HETLA_ERR_NO_DEVICE, "HETLA_DEVICES: %s:%d asked, %d present", e->type, e->index, count);
    for (int i = e->index < 0 ? 0 : e->index; i < (e->index < 0 ? count : e->index + 1); i++) {
        if (tolerant && ops->in_all && !ops->in_all(i)) {
            report_left_out(ctx, e->type, i);
            continue;
        }
        hetla_status s = open_device(ctx, ops, i);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__devices_open(hetla_context *ctx, const char *spec)
{
    char *copy = strdup(spec);
    if (!copy)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory");
    device_entry entries[HETLA__MAX_DEVICES];
    int n = 0;
    hetla_status s = HETLA_SUCCESS;
    char *save = NULL;
    for (char *tok = strtok_r(copy, ", ", &save); tok && !s; tok = strtok_r(NULL, ", ", &save)) {
        if (n == HETLA__MAX_DEVICES)
            s = hetla__fail(HETLA_ERR_UNKNOWN_DEVICE, "HETLA_DEVICES: too many entries");
        else
            s = parse_entry(tok, &entries[n++]);
    }
    free(copy);
    if (!s && n == 0)
        s = hetla__fail(HETLA_ERR_UNKNOWN_DEVICE, "HETLA_DEVICES: empty device list");
    /* Every entry is parsed before any device opens, so a typo fails fast. */
    ctx->nnodes = 1;
    ctx->node_device[0] = NULL;
    for (int i = 0; i < n && !s; i++) {
        if (!strcmp(entries[i].type, "all")) {
            static const device_entry every[] = {{"cpu", -1}, {"cuda", -1}, {"opencl", -1}};
            for (size_t k = 0; k < 3 && !s; k++)
                s = open_entry(ctx, &every[k], 1);
        } else {
            s = open_entry(ctx, &entries[i], 0);
        }
    }
    if (!s && ctx->ndevices == 0)
        s = hetla__fail(HETLA_ERR_NO_DEVICE, "HETLA_DEVICES='%s': none of these devices is present:\n%s", spec,
                        ctx->backend_report);
    return s;
}

void hetla__devices_close(hetla_context *ctx)
{
    for (int i = ctx->ndevices - 1; i >= 0; i--)
        if (ctx->devices[i].ops->fini)
            ctx->devices[i].ops->fini(&ctx->devices[i]);
    ctx->ndevices = 0;
}

void hetla__device_label(const hetla__device *dev, char *buf, size_t len)
{
    if (dev->type == HETLA_DEVICE_CPU)
        snprintf(buf, len, "%s", dev->ops->name);
    else
        snprintf(buf, len, "%s:%d", dev->ops->name, dev->index);
}
