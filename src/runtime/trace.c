/* Trace recording: one event buffer per worker (written only by it) plus
 * a locked one for host threads; written out as Chrome trace JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

typedef struct {
    const char *name; /* task label or NULL for a transfer */
    double t0, t1;
    int device, cls;
    int src, dst;
    size_t bytes;
    double flops;
} event;

typedef struct {
    event *ev;
    size_t n, cap;
} buffer;

struct hetla__trace {
    atomic_int enabled;
    int nbuf;           /* workers + 1 for host threads */
    buffer *buf;
    pthread_mutex_t host_lock;
};

hetla_status hetla__trace_init(hetla_context *ctx, int enabled)
{
    hetla__trace *tr = calloc(1, sizeof *tr);
    if (!tr)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "out of memory (trace)");
    tr->nbuf = ctx->nworkers + 1;
    tr->buf = calloc((size_t)tr->nbuf, sizeof *tr->buf);
    if (!tr->buf) {
        free(tr);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "out of memory (trace)");
    }
    pthread_mutex_init(&tr->host_lock, NULL);
    atomic_init(&tr->enabled, enabled);
    ctx->trace = tr;
    return HETLA_SUCCESS;
}

void hetla__trace_clear(hetla_context *ctx)
{
    for (int i = 0; i < ctx->trace->nbuf; i++)
        ctx->trace->buf[i].n = 0;
}

void hetla__trace_fini(hetla_context *ctx)
{
    hetla__trace *tr = ctx->trace;
    if (!tr)
        return;
    for (int i = 0; i < tr->nbuf; i++)
        free(tr->buf[i].ev);
    free(tr->buf);
    pthread_mutex_destroy(&tr->host_lock);
    free(tr);
    ctx->trace = NULL;
}

/* Appends to a buffer; on allocation failure the event is dropped (a trace
 * is diagnostics, not worth failing a computation for). */
static void push(buffer *b, const event *e)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096;
        event *ev = realloc(b->ev, cap * sizeof *ev);
        if (!ev)
            return;
        b->ev = ev;
        b->cap = cap;
    }
    b->ev[b->n++] = *e;
}

static void record(hetla_context *ctx, const hetla__worker *w, const event *e)
{
    hetla__trace *tr = ctx->trace;
    if (w) {
        push(&tr->buf[w->id], e);
        return;
    }
    pthread_mutex_lock(&tr->host_lock);
    push(&tr->buf[tr->nbuf - 1], e);
    pthread_mutex_unlock(&tr->host_lock);
}

void hetla__trace_task(hetla_context *ctx, const hetla__worker *w, const hetla__task *t, int cls, double t0,
                       double t1)
{
    if (!ctx->trace || !atomic_load_explicit(&ctx->trace->enabled, memory_order_relaxed))
        return;
    event e = {t->label, t0, t1, w->dev->id, cls, 0, 0, 0, hetla__task_flops(t)};
    record(ctx, w, &e);
}

void hetla__trace_transfer(hetla_context *ctx, const hetla__worker *w, const hetla__copy *c, double t0, double t1)
{
    if (!ctx->trace || !atomic_load_explicit(&ctx->trace->enabled, memory_order_relaxed))
        return;
    event e = {NULL, t0, t1, -1, -1, c->src_node, c->dst_node, c->row_bytes * c->cols, 0};
    record(ctx, w, &e);
}

hetla_status hetla_trace_enable(hetla_context *ctx, int on)
{
    if (!ctx)
        return hetla__arg_error("hetla_trace_enable", 1, "ctx", "is NULL");
    atomic_store(&ctx->trace->enabled, on != 0);
    return HETLA_SUCCESS;
}

static void write_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void write_event(FILE *f, const hetla_context *ctx, int tid, const event *e)
{
    static const char *const dir_name[] = {"H2D", "D2H", "D2D"};
    double ts = (e->t0 - ctx->t0) * 1e6, dur = (e->t1 - e->t0) * 1e6;
    if (e->name) {
        fputs(",\n{\"name\":", f);
        write_string(f, e->name);
        const char *cls = e->cls >= 0 ? hetla_kernel_class_name((hetla_kernel_class)e->cls) : "none";
        fprintf(f, ",\"cat\":\"task\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":0,\"tid\":%d,"
                   "\"args\":{\"device\":%d,\"class\":\"%s\",\"gflops\":%.3f}}",
                ts, dur, tid, e->device, cls ? cls : "?", dur > 0 ? e->flops / dur * 1e-3 : 0.0);
    } else {
        int dir = e->src == 0 ? HETLA_H2D : e->dst == 0 ? HETLA_D2H : HETLA_D2D;
        fprintf(f, ",\n{\"name\":\"%s\",\"cat\":\"transfer\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":0,"
                   "\"tid\":%d,\"args\":{\"bytes\":%zu,\"src\":%d,\"dst\":%d}}",
                dir_name[dir], ts, dur, tid, e->bytes, e->src, e->dst);
    }
}

hetla_status hetla_trace_write(hetla_context *ctx, const char *path)
{
    if (!ctx)
        return hetla__arg_error("hetla_trace_write", 1, "ctx", "is NULL");
    if (!path)
        return hetla__arg_error("hetla_trace_write", 2, "path", "is NULL");
    FILE *f = fopen(path, "w");
    if (!f)
        return hetla__fail(HETLA_ERR_IO, "hetla_trace_write: cannot open '%s' for writing", path);
    hetla__trace *tr = ctx->trace;
    fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n", f);
    fputs("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":\"hetla\"}}", f);
    for (int i = 0; i < tr->nbuf; i++) {
        char label[160], dev[32];
        if (i < ctx->nworkers) {
            hetla__device_label(ctx->workers[i].dev, dev, sizeof dev);
            snprintf(label, sizeof label, "%s worker %d", dev, i);
        } else {
            snprintf(label, sizeof label, "host threads");
        }
        fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":", i);
        write_string(f, label);
        fputs("}}", f);
    }
    for (int i = 0; i < tr->nbuf; i++)
        for (size_t k = 0; k < tr->buf[i].n; k++)
            write_event(f, ctx, i, &tr->buf[i].ev[k]);
    fputs("\n]}\n", f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad)
        return hetla__fail(HETLA_ERR_IO, "hetla_trace_write: error writing '%s'", path);
    return HETLA_SUCCESS;
}
