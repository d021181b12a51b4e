/* Internal to tool_trace_svg: the trace model that trace_json.c reads from
 * Chrome trace JSON and trace_svg.c draws. */
#ifndef HETLA_TOOL_TRACE_JSON_H
#define HETLA_TOOL_TRACE_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Interned strings: id -> string, so events carry a small integer. */
typedef struct strtab {
    char **str;     /* id -> string */
    size_t n, cap;
    int *slot;      /* open addressing: id + 1, or 0 for empty */
    size_t nslot;   /* a power of two, kept at least twice n */
} strtab;

typedef enum ev_kind { EV_TASK, EV_XFER, EV_IDLE } ev_kind;

typedef struct event {
    double ts, dur;  /* microseconds */
    double bytes;    /* transfers; < 0 when not given */
    int row, name;   /* row index, name id */
    int cls;         /* name id of args.class, -1 if none */
    ev_kind kind;
} event;

typedef struct row {
    double pid, tid;
    char *label;     /* thread_name, NULL if none was given */
    double busy;     /* union of task and transfer time, us */
    int has_xfer;    /* transfers get their own lane in this row */
    int orig;        /* index before sorting, to remap events */
} row;

typedef struct trace {
    event *ev;
    size_t nev, evcap;
    row *rows;
    size_t nrows, rowcap;
    strtab names;      /* event names and classes */
    strtab row_keys;   /* thread_key -> row index before sorting */
    size_t ntask, nxfer;
    double t0, t1, xfer_bytes; /* span of tasks and transfers, us */
} trace;

/** Reads @p in to its end and parses it into @p t, then orders rows by
 *  (pid, tid) and events by (row, start) and finds the span and busy times.
 *  @p t starts zeroed and goes to trace_json_free whatever the outcome.
 *  @return TOOL_TRACE_SVG_OK, or another TOOL_TRACE_SVG_* code with a
 *          one-line message in @p msg (@p msglen bytes). */
int trace_json_read(FILE *in, trace *t, char *msg, size_t msglen);

void trace_json_free(trace *t);

/** FNV-1a hash of @p s: string-table slots here, task colours in the SVG. */
uint32_t trace_json_hash_str(const char *s);

/** Sets the caller's one-line message. @return @p code, so a failure path
 *  reads "return trace_json_fail(...)". */
int trace_json_fail(char *msg, size_t msglen, int code, const char *text);

#endif /* HETLA_TOOL_TRACE_JSON_H */
