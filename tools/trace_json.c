/* Trace JSON -> trace model: a growable buffer and string table, a JSON reader
 * that keeps only what the chart needs, then rows, events, span, busy time. */
#include "trace_json.h"

#include "trace_svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Nesting allowed inside skipped values: deep enough for any real trace,
 * shallow enough that a hostile "[[[[..." cannot exhaust the stack. */
#define MAX_DEPTH 256

/* ------------------------------------------------------------------------ */
/* Growable byte buffer, always NUL-terminated once it holds anything.      */

typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static const char *sbuf_str(const sbuf *b) { return b->s ? b->s : ""; }

static void sbuf_clear(sbuf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

static int sbuf_put(sbuf *b, const char *src, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s)
            return -1;
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, src, n);
    b->len += n;
    b->s[b->len] = '\0';
    return 0;
}

static int sbuf_put_utf8(sbuf *b, unsigned long cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp, n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    } else {
        u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | (cp >> 12 & 0x3F));
        u[2] = (char)(0x80 | (cp >> 6 & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    }
    return sbuf_put(b, u, n);
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

/* ------------------------------------------------------------------------ */
/* String table: interns event names (so events carry a small integer and  */
/* the legend counts without comparing strings) and thread keys (rows).     */

uint32_t trace_json_hash_str(const char *s) /* FNV-1a */
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static int strtab_rehash(strtab *t)
{
    size_t nslot = t->nslot ? t->nslot * 2 : 64;
    int *slot = calloc(nslot, sizeof *slot);
    if (!slot)
        return -1;
    for (size_t id = 0; id < t->n; id++) {
        size_t i = trace_json_hash_str(t->str[id]) & (nslot - 1);
        while (slot[i])
            i = (i + 1) & (nslot - 1);
        slot[i] = (int)id + 1;
    }
    free(t->slot);
    t->slot = slot;
    t->nslot = nslot;
    return 0;
}

/* @return the id of @p s, adding a copy if new; -1 when out of memory. */
static int strtab_intern(strtab *t, const char *s)
{
    if (2 * (t->n + 1) > t->nslot && strtab_rehash(t))
        return -1;
    size_t i = trace_json_hash_str(s) & (t->nslot - 1);
    for (; t->slot[i]; i = (i + 1) & (t->nslot - 1))
        if (!strcmp(t->str[t->slot[i] - 1], s))
            return t->slot[i] - 1;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 16;
        char **str = realloc(t->str, cap * sizeof *str);
        if (!str)
            return -1;
        t->str = str;
        t->cap = cap;
    }
    if (!(t->str[t->n] = dup_str(s)))
        return -1;
    t->slot[i] = (int)++t->n;
    return (int)t->n - 1;
}

static void strtab_free(strtab *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->str[i]);
    free(t->str);
    free(t->slot);
}

int trace_json_fail(char *msg, size_t msglen, int code, const char *text)
{
    snprintf(msg, msglen, "%s", text);
    return code;
}

/* ------------------------------------------------------------------------ */
/* JSON reader. Functions return 0 on success and -1 on error, with the     */
/* first error kept in the reader so callers just propagate -1.             */

typedef struct jreader {
    const char *begin, *p, *end;
    int depth;
    int status;      /* TOOL_TRACE_SVG_* of the first error */
    char msg[256];
    sbuf key, junk;  /* scratch for member names and skipped strings */
} jreader;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static int jr_fail(jreader *r, const char *fmt, ...)
{
    if (r->status)
        return -1;
    int line = 1;
    const char *bol = r->begin;
    for (const char *q = r->begin; q < r->p; q++)
        if (*q == '\n')
            line++, bol = q + 1;
    char what[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->msg, sizeof r->msg, "invalid trace JSON at line %d, column %d: %s%s",
             line, (int)(r->p - bol) + 1, what,
             r->p >= r->end ? " (the file ends there: truncated?)" : "");
    r->status = TOOL_TRACE_SVG_BAD_INPUT;
    return -1;
}

static int jr_nomem(jreader *r)
{
    if (!r->status) {
        snprintf(r->msg, sizeof r->msg, "out of memory while reading the trace");
        r->status = TOOL_TRACE_SVG_NO_MEMORY;
    }
    return -1;
}

/* @return the next non-blank byte without consuming it, -1 at the end. */
static int peek(jreader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t'))
        r->p++;
    return r->p < r->end ? (unsigned char)*r->p : -1;
}

static int expect(jreader *r, char c)
{
    if (peek(r) != (unsigned char)c)
        return jr_fail(r, "expected '%c'", c);
    r->p++;
    return 0;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int read_hex4(jreader *r, unsigned long *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++, r->p++) {
        int d = r->p < r->end ? hex_value(*r->p) : -1;
        if (d < 0)
            return jr_fail(r, "\\u must be followed by 4 hex digits");
        *v = *v * 16 + (unsigned long)d;
    }
    return 0;
}

/* Reader just past "\u". Joins a UTF-16 surrogate pair into one code point. */
static int read_u_escape(jreader *r, sbuf *out)
{
    unsigned long cp, lo;
    if (read_hex4(r, &cp))
        return -1;
    if (cp >= 0xD800 && cp < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
        const char *pair = r->p;
        r->p += 2;
        if (read_hex4(r, &lo))
            return -1;
        if (lo >= 0xDC00 && lo < 0xE000)
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        else
            r->p = pair; /* not a pair: the second escape stands alone */
    }
    /* A lone surrogate has no UTF-8 form, and a NUL would cut the C string. */
    if (cp == 0 || (cp >= 0xD800 && cp < 0xE000))
        cp = 0xFFFD;
    return sbuf_put_utf8(out, cp) ? jr_nomem(r) : 0;
}

/* Reader at a backslash inside a string. */
static int read_escape(jreader *r, sbuf *out)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (++r->p >= r->end)
        return jr_fail(r, "unterminated string");
    char c = *r->p++;
    if (c == 'u')
        return read_u_escape(r, out);
    const char *k = strchr(from, c);
    if (!k || !c) {
        r->p--;
        return jr_fail(r, "unknown escape '\\%c' in a string", c ? c : '0');
    }
    return sbuf_put(out, &to[k - from], 1) ? jr_nomem(r) : 0;
}

/* Reader at the opening quote; decodes the string into @p out as UTF-8. */
static int read_string(jreader *r, sbuf *out)
{
    sbuf_clear(out);
    r->p++;
    for (;;) {
        const char *run = r->p; /* copy unescaped runs in one go */
        while (r->p < r->end && *r->p != '"' && *r->p != '\\' && (unsigned char)*r->p >= 0x20)
            r->p++;
        if (r->p > run && sbuf_put(out, run, (size_t)(r->p - run)))
            return jr_nomem(r);
        if (r->p >= r->end)
            return jr_fail(r, "unterminated string");
        if (*r->p == '"') {
            r->p++;
            return 0;
        }
        if (*r->p != '\\')
            return jr_fail(r, "control character inside a string");
        if (read_escape(r, out))
            return -1;
    }
}

static const char *skip_digits(const char *q, const char *end)
{
    while (q < end && is_digit(*q))
        q++;
    return q;
}

/* Checks the JSON number grammar first because strtod also takes hex,
 * "inf", a leading '+' and, in some locales, a decimal comma. */
static int read_number(jreader *r, double *v)
{
    const char *q = r->p, *end = r->end, *d;
    if (q < end && *q == '-')
        q++;
    if (q >= end || !is_digit(*q))
        return jr_fail(r, "expected a number");
    q = *q == '0' ? q + 1 : skip_digits(q, end);
    if (q < end && is_digit(*q)) {
        r->p = q;
        return jr_fail(r, "a number cannot have a leading zero");
    }
    if (q < end && *q == '.') {
        q++;
        if ((d = skip_digits(q, end)) == q) {
            r->p = q;
            return jr_fail(r, "expected a digit after '.'");
        }
        q = d;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        q += q + 1 < end && (q[1] == '+' || q[1] == '-') ? 2 : 1;
        if ((d = skip_digits(q, end)) == q) {
            r->p = q;
            return jr_fail(r, "expected a digit in the exponent");
        }
        q = d;
    }
    char *stop; /* the buffer ends in a NUL, so strtod cannot run off it */
    *v = strtod(r->p, &stop);
    if (stop != q)
        return jr_fail(r, "number not understood (is LC_NUMERIC \"C\"?)");
    r->p = q;
    return 0;
}

static int read_literal(jreader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n))
        return jr_fail(r, "unexpected word (expected %s)", word);
    r->p += n;
    return 0;
}

/* Steps to the next member of an object whose '{' is consumed. @return 1
 * with the name in @p key and the reader at the value, 0 past the '}',
 * -1 on error. @p first is 1 before the first call. */
static int next_member(jreader *r, int *first, sbuf *key)
{
    int c = peek(r);
    if (c == '}') {
        r->p++;
        return 0;
    }
    if (!*first) {
        if (c != ',')
            return jr_fail(r, "expected ',' or '}' in an object");
        r->p++;
        c = peek(r);
    }
    *first = 0;
    if (c != '"')
        return jr_fail(r, "expected a member name in double quotes");
    if (read_string(r, key))
        return -1;
    return expect(r, ':') ? -1 : 1;
}

/* Same for arrays: @return 1 at the next element, 0 past the ']'. */
static int next_element(jreader *r, int *first)
{
    int c = peek(r);
    if (c == ']') {
        r->p++;
        return 0;
    }
    if (!*first) {
        if (c != ',')
            return jr_fail(r, "expected ',' or ']' in an array");
        r->p++; /* "[1,]" then fails in the element's reader */
    }
    *first = 0;
    return 1;
}

static int skip_value(jreader *r);

static int skip_container(jreader *r, int open)
{
    if (++r->depth > MAX_DEPTH)
        return jr_fail(r, "values nested deeper than %d levels", MAX_DEPTH);
    r->p++;
    int first = 1, more;
    if (open == '{') {
        while ((more = next_member(r, &first, &r->key)) == 1)
            if (skip_value(r))
                return -1;
    } else {
        while ((more = next_element(r, &first)) == 1)
            if (skip_value(r))
                return -1;
    }
    r->depth--;
    return more;
}

/* Reads past one value of any type, checking its syntax. */
static int skip_value(jreader *r)
{
    int c = peek(r);
    switch (c) {
    case '{':
    case '[':
        return skip_container(r, c);
    case '"':
        return read_string(r, &r->junk);
    case 't':
        return read_literal(r, "true");
    case 'f':
        return read_literal(r, "false");
    case 'n':
        return read_literal(r, "null");
    case -1:
        return jr_fail(r, "expected a value");
    default:
        if (c == '-' || is_digit(c)) {
            double ignored;
            return read_number(r, &ignored);
        }
        return jr_fail(r, c >= 0x20 && c < 0x7F ? "unexpected character '%c'"
                                                  : "unexpected byte 0x%02x", c);
    }
}

/* ------------------------------------------------------------------------ */
/* Trace model.                                                             */

/* The fields of one event object, gathered before its "ph" is known
 * (members come in any order). Buffers are reused across events. */
typedef struct raw_event {
    sbuf name, cat, ph, arg_name, arg_class;
    double ts, dur, pid, tid, bytes;
    int has_ts, has_dur, has_bytes;
} raw_event;

static void raw_event_reset(raw_event *e)
{
    sbuf_clear(&e->name), sbuf_clear(&e->cat), sbuf_clear(&e->ph);
    sbuf_clear(&e->arg_name), sbuf_clear(&e->arg_class);
    e->ts = e->dur = e->pid = e->tid = 0;
    e->bytes = -1;
    e->has_ts = e->has_dur = e->has_bytes = 0;
}

static void raw_event_free(raw_event *e)
{
    free(e->name.s), free(e->cat.s), free(e->ph.s);
    free(e->arg_name.s), free(e->arg_class.s);
}

/* Writes the bytes of (pid, tid) in hex: a string key for the string
 * table, made without printf, which is slow on doubles. */
static void thread_key(char key[4 * sizeof(double) + 1], double pid, double tid)
{
    unsigned char raw[2 * sizeof(double)];
    pid += 0.0, tid += 0.0; /* -0 and 0 name the same thread */
    memcpy(raw, &pid, sizeof pid);
    memcpy(raw + sizeof pid, &tid, sizeof tid);
    for (size_t i = 0; i < sizeof raw; i++) {
        key[2 * i] = "0123456789abcdef"[raw[i] >> 4];
        key[2 * i + 1] = "0123456789abcdef"[raw[i] & 15];
    }
    key[2 * sizeof raw] = '\0';
}

/* @return the row of (pid, tid), added if new; -1 when out of memory.
 * Rows are found through the string table so that a trace with very many
 * threads does not make this quadratic. */
static int row_index(trace *t, double pid, double tid)
{
    char key[4 * sizeof(double) + 1];
    thread_key(key, pid, tid);
    int id = strtab_intern(&t->row_keys, key);
    if (id < 0 || (size_t)id < t->nrows)
        return id;
    if (t->nrows == t->rowcap) {
        size_t cap = t->rowcap ? 2 * t->rowcap : 8;
        row *rows = realloc(t->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        t->rows = rows;
        t->rowcap = cap;
    }
    t->rows[t->nrows] = (row){.pid = pid, .tid = tid, .orig = id};
    return (int)t->nrows++;
}

static int add_thread_name(jreader *r, trace *t, const raw_event *e)
{
    if (strcmp(sbuf_str(&e->name), "thread_name"))
        return 0; /* process_name, sort indices: nothing to draw */
    int i = row_index(t, e->pid, e->tid);
    char *label = e->arg_name.len ? dup_str(sbuf_str(&e->arg_name)) : NULL;
    if (i < 0 || (e->arg_name.len && !label))
        return free(label), jr_nomem(r);
    free(t->rows[i].label);
    t->rows[i].label = label;
    return 0;
}

static ev_kind kind_of(const char *cat)
{
    if (!strcmp(cat, "transfer"))
        return EV_XFER;
    return strcmp(cat, "idle") ? EV_TASK : EV_IDLE;
}

static int add_complete_event(jreader *r, trace *t, const raw_event *e)
{
    if (!e->has_ts || !e->has_dur)
        return jr_fail(r, "a complete (\"ph\":\"X\") event lacks \"ts\" or \"dur\"");
    if (!isfinite(e->ts) || !isfinite(e->dur) || !isfinite(e->ts + e->dur))
        return jr_fail(r, "\"ts\" or \"dur\" out of range");
    if (t->nev == t->evcap) {
        size_t cap = t->evcap ? 2 * t->evcap : 1024;
        event *ev = realloc(t->ev, cap * sizeof *ev);
        if (!ev)
            return jr_nomem(r);
        t->ev = ev;
        t->evcap = cap;
    }
    event *v = &t->ev[t->nev];
    v->ts = e->ts;
    v->dur = e->dur > 0 ? e->dur : 0;
    v->bytes = e->has_bytes ? e->bytes : -1;
    v->kind = kind_of(sbuf_str(&e->cat));
    v->row = row_index(t, e->pid, e->tid);
    v->name = strtab_intern(&t->names, e->name.len ? sbuf_str(&e->name) : "(unnamed)");
    v->cls = e->arg_class.len ? strtab_intern(&t->names, sbuf_str(&e->arg_class)) : -1;
    if (v->row < 0 || v->name < 0 || (e->arg_class.len && v->cls < 0))
        return jr_nomem(r);
    t->nev++;
    return 0;
}

static int add_event(jreader *r, trace *t, const raw_event *e)
{
    const char *ph = sbuf_str(&e->ph);
    if (!strcmp(ph, "M"))
        return add_thread_name(r, t, e);
    if (!strcmp(ph, "X"))
        return add_complete_event(r, t, e);
    return 0; /* instant, counter, flow events: not part of a Gantt chart */
}

static int is_number_start(int c) { return c == '-' || is_digit(c); }

/* "args" is free-form: a key of ours holding another type is someone
 * else's argument, so it is skipped rather than rejected. */
static int read_args(jreader *r, raw_event *e)
{
    if (peek(r) != '{')
        return skip_value(r);
    r->p++;
    int first = 1, more, rc;
    while ((more = next_member(r, &first, &r->key)) == 1) {
        const char *key = sbuf_str(&r->key);
        int c = peek(r);
        if (!strcmp(key, "name") && c == '"')
            rc = read_string(r, &e->arg_name);
        else if (!strcmp(key, "class") && c == '"')
            rc = read_string(r, &e->arg_class);
        else if (!strcmp(key, "bytes") && is_number_start(c))
            rc = read_number(r, &e->bytes), e->has_bytes = 1;
        else
            rc = skip_value(r);
        if (rc)
            return -1;
    }
    return more;
}

/* The top-level members are fixed by the format, so a wrong type there is
 * reported: it means the writer is broken. */
static int read_typed(jreader *r, const char *key, sbuf *str, double *num, int *seen)
{
    int c = peek(r);
    if (str)
        return c == '"' ? read_string(r, str) : jr_fail(r, "\"%s\" should be a string", key);
    if (!is_number_start(c))
        return jr_fail(r, "\"%s\" should be a number", key);
    if (seen)
        *seen = 1;
    return read_number(r, num);
}

static int read_event(jreader *r, raw_event *e)
{
    raw_event_reset(e);
    if (peek(r) != '{')
        return jr_fail(r, "each trace event should be an object");
    r->p++;
    int first = 1, more, rc;
    while ((more = next_member(r, &first, &r->key)) == 1) {
        const char *k = sbuf_str(&r->key);
        if (!strcmp(k, "name") || !strcmp(k, "cat") || !strcmp(k, "ph"))
            rc = read_typed(r, k, k[0] == 'n' ? &e->name : k[0] == 'c' ? &e->cat : &e->ph, NULL, NULL);
        else if (!strcmp(k, "ts"))
            rc = read_typed(r, k, NULL, &e->ts, &e->has_ts);
        else if (!strcmp(k, "dur"))
            rc = read_typed(r, k, NULL, &e->dur, &e->has_dur);
        else if (!strcmp(k, "pid") || !strcmp(k, "tid"))
            rc = read_typed(r, k, NULL, k[0] == 'p' ? &e->pid : &e->tid, NULL);
        else if (!strcmp(k, "args"))
            rc = read_args(r, e);
        else
            rc = skip_value(r);
        if (rc)
            return -1;
    }
    return more;
}

/* Reader at '['. */
static int read_event_array(jreader *r, trace *t)
{
    raw_event e = {0};
    int first = 1, more;
    r->p++;
    while ((more = next_element(r, &first)) == 1)
        if (read_event(r, &e) || add_event(r, t, &e)) {
            more = -1;
            break;
        }
    raw_event_free(&e);
    return more;
}

static int read_trace(jreader *r, trace *t)
{
    if (r->end - r->p >= 3 && !memcmp(r->p, "\xEF\xBB\xBF", 3))
        r->p += 3; /* a byte-order mark some editors add */
    int c = peek(r), seen = 0, first = 1, more = 0;
    if (c == '[') {
        seen = 1; /* the bare-array form of the Chrome format */
        more = read_event_array(r, t);
    } else if (c == '{') {
        r->p++;
        while (more >= 0 && (more = next_member(r, &first, &r->key)) == 1) {
            if (strcmp(sbuf_str(&r->key), "traceEvents"))
                more = skip_value(r);
            else if (peek(r) != '[')
                more = jr_fail(r, "\"traceEvents\" should be an array");
            else
                seen = 1, more = read_event_array(r, t);
        }
    } else {
        return jr_fail(r, "a trace starts with '{' or '['");
    }
    if (more < 0)
        return -1;
    if (peek(r) != -1)
        return jr_fail(r, "unexpected text after the end of the trace");
    if (!seen) { /* not a syntax error: a position would mislead */
        snprintf(r->msg, sizeof r->msg, "the trace has no \"traceEvents\" array");
        r->status = TOOL_TRACE_SVG_BAD_INPUT;
        return -1;
    }
    return 0;
}

static int cmp_row(const void *a, const void *b)
{
    const row *x = a, *y = b;
    if (x->pid != y->pid)
        return x->pid < y->pid ? -1 : 1;
    return (x->tid > y->tid) - (x->tid < y->tid);
}

static int cmp_event(const void *a, const void *b)
{
    const event *x = a, *y = b;
    if (x->row != y->row)
        return x->row < y->row ? -1 : 1;
    return (x->ts > y->ts) - (x->ts < y->ts);
}

/* Busy time is the union of intervals, not their sum, so that a transfer
 * overlapping a task on the same worker is not counted twice. */
static void compute_busy(trace *t)
{
    for (size_t i = 0; i < t->nev;) {
        row *rw = &t->rows[t->ev[i].row];
        double lo = 0, hi = 0;
        int open = 0;
        for (; i < t->nev && &t->rows[t->ev[i].row] == rw; i++) {
            const event *e = &t->ev[i];
            if (e->kind == EV_IDLE)
                continue;
            if (open && e->ts <= hi) {
                hi = e->ts + e->dur > hi ? e->ts + e->dur : hi;
                continue;
            }
            rw->busy += open ? hi - lo : 0;
            lo = e->ts, hi = e->ts + e->dur, open = 1;
        }
        rw->busy += open ? hi - lo : 0;
    }
}

/* Orders rows by (pid, tid) and events by (row, start); finds the span. */
static int finish_trace(trace *t, char *msg, size_t msglen)
{
    if (t->nev == 0) /* then no rows either: every event makes its row */
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_BAD_INPUT,
                               "the trace has no task or transfer events");
    int *map = malloc(t->nrows * sizeof *map);
    if (!map)
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_NO_MEMORY, "out of memory");
    qsort(t->rows, t->nrows, sizeof *t->rows, cmp_row);
    for (size_t i = 0; i < t->nrows; i++)
        map[t->rows[i].orig] = (int)i;
    t->t0 = INFINITY, t->t1 = -INFINITY;
    for (size_t i = 0; i < t->nev; i++) {
        event *e = &t->ev[i];
        e->row = map[e->row];
        if (e->kind == EV_IDLE)
            continue;
        if (e->kind == EV_TASK) {
            t->ntask++;
        } else {
            t->nxfer++;
            t->rows[e->row].has_xfer = 1;
            t->xfer_bytes += e->bytes > 0 ? e->bytes : 0;
        }
        t->t0 = e->ts < t->t0 ? e->ts : t->t0;
        t->t1 = e->ts + e->dur > t->t1 ? e->ts + e->dur : t->t1;
    }
    free(map);
    if (t->ntask + t->nxfer == 0)
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_BAD_INPUT,
                               "the trace has no task or transfer events");
    if (!isfinite(t->t1 - t->t0))
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_BAD_INPUT, "the trace spans too long a time");
    qsort(t->ev, t->nev, sizeof *t->ev, cmp_event);
    compute_busy(t);
    return 0;
}

void trace_json_free(trace *t)
{
    for (size_t i = 0; i < t->nrows; i++)
        free(t->rows[i].label);
    free(t->rows);
    free(t->ev);
    strtab_free(&t->names);
    strtab_free(&t->row_keys);
}

/* ------------------------------------------------------------------------ */
/* Reading a whole trace.                                                   */

/* Reads in growing chunks: the stream may be a pipe, so no fseek/ftell. */
static int read_all(FILE *in, sbuf *b, char *msg, size_t msglen)
{
    char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
        if (sbuf_put(b, chunk, n))
            return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_NO_MEMORY, "out of memory reading the trace");
    if (ferror(in))
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_IO, "error reading the trace");
    if (b->len == 0)
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_BAD_INPUT, "the trace is empty");
    return 0;
}

static int parse(const sbuf *text, trace *t, char *msg, size_t msglen)
{
    jreader r = {.begin = text->s, .p = text->s, .end = text->s + text->len};
    read_trace(&r, t);
    free(r.key.s);
    free(r.junk.s);
    if (r.status)
        snprintf(msg, msglen, "%s", r.msg);
    return r.status;
}

int trace_json_read(FILE *in, trace *t, char *msg, size_t msglen)
{
    sbuf text = {0};
    int rc = read_all(in, &text, msg, msglen);
    if (!rc)
        rc = parse(&text, t, msg, msglen);
    if (!rc)
        rc = finish_trace(t, msg, msglen);
    free(text.s);
    return rc;
}
