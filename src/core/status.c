/* Status messages, the per-thread error detail, and logging. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/context.h"

static const char *const status_msg[] = {
    [HETLA_SUCCESS] = "success",
    [HETLA_NUMERICAL] = "numerical info (see the routine's info output)",
};

static const char *const error_msg[] = {
    [-HETLA_ERR_ARG] = "invalid argument",
    [-HETLA_ERR_NO_MEMORY] = "host memory allocation failed",
    [-HETLA_ERR_DEVICE_MEMORY] = "device memory allocation failed",
    [-HETLA_ERR_NO_DEVICE] = "no such device available",
    [-HETLA_ERR_UNKNOWN_DEVICE] = "unknown device name",
    [-HETLA_ERR_UNKNOWN_SCHEDULER] = "unknown scheduler",
    [-HETLA_ERR_NOT_SUPPORTED] = "operation has no implementation on the devices in use",
    [-HETLA_ERR_BACKEND] = "device library call failed",
    [-HETLA_ERR_KERNEL] = "kernel failed",
    [-HETLA_ERR_ABORTED] = "skipped after an earlier failure in its sequence",
    [-HETLA_ERR_BUSY] = "object in use",
    [-HETLA_ERR_IO] = "file input/output failed",
    [-HETLA_ERR_INTERNAL] = "internal error (a hetla bug)",
};

const char *hetla_status_string(hetla_status s)
{
    if (s >= 0 && (size_t)s < sizeof status_msg / sizeof *status_msg && status_msg[s])
        return status_msg[s];
    if (s < 0 && (size_t)-s < sizeof error_msg / sizeof *error_msg && error_msg[-s])
        return error_msg[-s];
    return "unknown status";
}

static _Thread_local char tl_detail[512];
static _Thread_local int tl_arg;

const char *hetla_error_detail(void) { return tl_detail; }

int hetla_error_arg(void) { return tl_arg; }

hetla_status hetla__fail(hetla_status s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tl_detail, sizeof tl_detail, fmt, ap);
    va_end(ap);
    tl_arg = 0;
    return s;
}

hetla_status hetla__arg_error(const char *func, int pos, const char *name, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(tl_detail, sizeof tl_detail, "%s: argument %d (%s) %s", func, pos, name, why);
    tl_arg = pos;
    return HETLA_ERR_ARG;
}

static void log_stderr(hetla_log_level level, const char *msg, void *user)
{
    static const char *const tag[] = {"", "error", "warning", "info", "debug"};
    (void)user;
    fprintf(stderr, "hetla %s: %s\n", tag[level], msg);
}

void hetla__log(const hetla_context *ctx, hetla_log_level level, const char *fmt, ...)
{
    int threshold = ctx ? ctx->log_level : HETLA_LOG_WARN;
    if ((int)level > threshold)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (ctx && ctx->log_fn)
        ctx->log_fn(level, msg, ctx->log_user);
    else
        log_stderr(level, msg, NULL);
}
