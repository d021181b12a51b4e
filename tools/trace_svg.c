/* Trace model -> SVG Gantt chart, and tool_trace_svg itself; trace_json.c
 * reads the JSON into the model. */
#include "trace_svg.h"

#include "trace_json.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* SVG writer.                                                              */

enum {
    SVG_W = 1400,      /* document width, px */
    MARGIN = 16,
    LABEL_W = 190,     /* left column for row labels */
    ROW_H = 26,
    TASK_LANE_H = 14,  /* task height in a row that also has transfers */
    ROW_GAP = 4,
    LINE_H = 18,       /* one line of title or legend */
    LEGEND_COL_W = 224,
    LABEL_CHARS = 26,  /* what fits in LABEL_W at 12 px */
    TITLE_CHARS = 180, /* what fits across the page at 12 px */
};

/* Boxes thinner than this vanish in a browser; a 2 us copy in a
 * one-second trace must still show up. */
#define MIN_BOX_W 0.6

/* Task colours, picked by hashing the name so that a kernel keeps its
 * colour from one trace to the next. Mid-saturation: neighbours split by a
 * thin white border stay distinct, and the dark transfer hatching and the
 * faint idle band stand apart from all of them. */
static const char *const palette[] = {
    "#5b8fd9", "#e8874a", "#5fb36b", "#d95f5f", "#9a7fd1", "#c9a23f",
    "#4fb8b0", "#e07fb5", "#8c9c4a", "#7f8fa6", "#b5784f", "#6fc1e0",
};
#define NPALETTE (sizeof palette / sizeof palette[0])

/* Transfers: dark, hatched, one hue per direction. */
static const char *const xfer_names[] = {"H2D", "D2H", "D2D", "other"};
static const char *const xfer_colors[] = {"#1f3f8f", "#8f1f2a", "#1f6f3a", "#444444"};

static int xfer_style(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strstr(name, xfer_names[i]))
            return i;
    return 3;
}

static const char *task_color(const char *name) { return palette[trace_json_hash_str(name) % NPALETTE]; }

/* @return the length of the valid UTF-8 sequence at @p s, 0 if invalid.
 * Raw bytes from the file go through this so a bad name cannot make the
 * SVG unreadable as XML. */
static size_t utf8_len(const unsigned char *s)
{
    int n = s[0] < 0x80 ? 1 : s[0] < 0xC2 ? 0 : s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : s[0] < 0xF5 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))
        return 0; /* overlong forms, surrogates, beyond U+10FFFF */
    return (size_t)n;
}

static size_t text_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* @return what replaces the character at @p s (@p len bytes, 0 if not
 * valid UTF-8) in XML text, NULL if it goes out as it is. */
static const char *xml_escape(const char *s, size_t len)
{
    switch (*s) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&apos;";
    case '\n': return NULL;
    default: break;
    }
    if (len == 0)
        return "\xEF\xBF\xBD"; /* U+FFFD for a broken sequence */
    return (unsigned char)*s < 0x20 ? " " : NULL; /* XML 1.0 forbids most controls */
}

/* Writes @p s as XML text, at most @p maxch characters; longer text is cut
 * and ends in an ellipsis. */
static void put_text(FILE *out, const char *s, size_t maxch)
{
    size_t keep = text_chars(s) > maxch ? maxch - 1 : (size_t)-1;
    const char *run = s; /* characters that need no escaping go out in one call */
    for (size_t n = 0; *s && n < keep; n++) {
        size_t len = utf8_len((const unsigned char *)s);
        const char *esc = xml_escape(s, len);
        if (esc) {
            fwrite(run, 1, (size_t)(s - run), out);
            fputs(esc, out);
        }
        s += len ? len : 1;
        if (esc)
            run = s;
    }
    fwrite(run, 1, (size_t)(s - run), out);
    if (keep != (size_t)-1)
        fputs("\xE2\x80\xA6", out);
}

/* Durations in the unit that keeps 3-4 significant digits. */
static const char *fmt_time(char *buf, size_t n, double us)
{
    if (us >= 1e6)
        snprintf(buf, n, "%.3f s", us / 1e6);
    else if (us >= 1e3)
        snprintf(buf, n, "%.3f ms", us / 1e3);
    else
        snprintf(buf, n, "%.2f \u00b5s", us);
    return buf;
}

static const char *fmt_bytes(char *buf, size_t n, double b)
{
    if (b >= 1 << 30)
        snprintf(buf, n, "%.1f GiB", b / (1 << 30));
    else if (b >= 1 << 20)
        snprintf(buf, n, "%.1f MiB", b / (1 << 20));
    else if (b >= 1 << 10)
        snprintf(buf, n, "%.1f KiB", b / (1 << 10));
    else
        snprintf(buf, n, "%.0f B", b);
    return buf;
}

static void put_row_label(FILE *out, const row *rw, size_t maxch)
{
    char buf[64];
    if (rw->label) {
        put_text(out, rw->label, maxch);
        return;
    }
    if (rw->pid != 0)
        snprintf(buf, sizeof buf, "pid %.15g worker %.15g", rw->pid, rw->tid);
    else
        snprintf(buf, sizeof buf, "worker %.15g", rw->tid);
    put_text(out, buf, maxch);
}

static size_t row_label_chars(const row *rw, size_t maxch)
{
    size_t n = rw->label ? text_chars(rw->label) : 12;
    return n < maxch ? n : maxch;
}

/* One legend entry: a task name or a transfer direction with its count. */
typedef struct legend_item {
    const char *name;
    size_t count;
    int xfer; /* -1 for a task, else the transfer style */
} legend_item;

typedef struct layout {
    double plot_x, plot_w; /* the time axis, px */
    double rows_y;         /* top of the first row */
    double axis_y;         /* baseline of the tick labels */
    double legend_y;       /* top of the legend */
    double height;
    double t0, span;       /* us */
    int busy_lines;        /* title lines listing busy % */
    size_t hidden;         /* rows not drawn: workers that ran nothing */
    legend_item *legend;
    size_t nlegend;
} layout;

static double x_of(const layout *L, double ts) { return L->plot_x + (ts - L->t0) / L->span * L->plot_w; }
static double row_y(const layout *L, int i) { return L->rows_y + i * (ROW_H + ROW_GAP); }

static int cmp_legend(const void *a, const void *b)
{
    const legend_item *x = a, *y = b;
    if (x->xfer != y->xfer)
        return x->xfer < y->xfer ? -1 : 1;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Tasks by name (most frequent first), then the transfer directions. */
static int build_legend(const trace *t, layout *L)
{
    size_t *count = calloc(t->names.n + 4, sizeof *count);
    L->legend = malloc((t->names.n + 4) * sizeof *L->legend);
    if (!count || !L->legend)
        return free(count), -1;
    for (size_t i = 0; i < t->nev; i++) {
        const event *e = &t->ev[i];
        if (e->kind == EV_TASK)
            count[e->name]++;
        else if (e->kind == EV_XFER)
            count[t->names.n + (size_t)xfer_style(t->names.str[e->name])]++;
    }
    for (size_t i = 0; i < t->names.n + 4; i++) {
        if (!count[i])
            continue;
        int x = i < t->names.n ? -1 : (int)(i - t->names.n);
        L->legend[L->nlegend++] = (legend_item){x < 0 ? t->names.str[i] : xfer_names[x], count[i], x};
    }
    free(count);
    qsort(L->legend, L->nlegend, sizeof *L->legend, cmp_legend);
    return 0;
}

/* Writes the "busy" lines of the title, wrapped to the page width, with
 * the first baseline at @p y; with @p out NULL only counts the lines. */
static int put_busy_lines(FILE *out, const trace *t, const layout *L, double y)
{
    int lines = 1;
    size_t used = 6;
    if (out)
        fprintf(out, "<text class=\"busy\" x=\"%d\" y=\"%.1f\">busy:", MARGIN, y);
    for (size_t i = 0; i < t->nrows; i++) {
        size_t w = row_label_chars(&t->rows[i], 32) + 10;
        if (used + w > TITLE_CHARS && used > 6) {
            used = 6, lines++;
            if (out)
                fprintf(out, "</text>\n<text class=\"busy\" x=\"%d\" y=\"%.1f\">busy:", MARGIN,
                        y + (lines - 1) * LINE_H);
        }
        used += w;
        if (out) {
            fputs("<tspan class=\"who\" dx=\"12\">", out); /* dx: XML collapses spaces */
            put_row_label(out, &t->rows[i], 32);
            fprintf(out, "</tspan> %.1f%%", 100 * t->rows[i].busy / L->span);
        }
    }
    if (out)
        fputs("</text>\n", out);
    return lines;
}

static int make_layout(const trace *t, layout *L)
{
    L->t0 = t->t0;
    L->span = t->t1 > t->t0 ? t->t1 - t->t0 : 1;
    if (build_legend(t, L))
        return -1;
    L->plot_x = LABEL_W;
    L->plot_w = SVG_W - LABEL_W - 2 * MARGIN;
    L->busy_lines = put_busy_lines(NULL, t, L, 0);
    L->rows_y = MARGIN + LINE_H * (1 + L->busy_lines) + 10;
    L->axis_y = row_y(L, (int)t->nrows) + 14;
    L->legend_y = L->axis_y + 30;
    size_t cols = (SVG_W - 2 * MARGIN) / LEGEND_COL_W;
    L->height = L->legend_y + (double)((L->nlegend + cols - 1) / cols) * LINE_H + MARGIN;
    return 0;
}

static void put_header(FILE *out, const layout *L)
{
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%.0f\" "
                 "viewBox=\"0 0 %d %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
            SVG_W, L->height, SVG_W, L->height);
    fputs("<style>.title{font-size:15px;font-weight:bold}.busy{fill:#333}.who{fill:#666}"
          ".lbl{fill:#222}.tick{fill:#555;font-size:11px}.grid{stroke:#e2e2e2}"
          ".task{stroke:#fff;stroke-width:.4}.xfer{stroke:#000;stroke-width:.3}</style>\n<defs>\n",
          out);
    for (int i = 0; i < 4; i++)
        fprintf(out, "<pattern id=\"x%d\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
                     "patternTransform=\"rotate(45)\"><path d=\"M0 0h5v5h-5z\" fill=\"%s\"/>"
                     "<path d=\"M0 0v5\" stroke=\"#fff\" stroke-opacity=\".55\" stroke-width=\"1.5\"/>"
                     "</pattern>\n",
                i, xfer_colors[i]);
    /* Backgrounds are paths, not rects: only event boxes are <rect>. */
    fprintf(out, "</defs>\n<path d=\"M0 0H%dV%.0fH0z\" fill=\"#fff\"/>\n", SVG_W, L->height);
}

static void put_title(FILE *out, const trace *t, const layout *L)
{
    char span[32], bytes[32];
    fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\">hetla trace \u2014 span %s \u00b7 "
                 "%zu tasks \u00b7 %zu transfers (%s)",
            MARGIN, MARGIN + 8, fmt_time(span, sizeof span, L->span), t->ntask, t->nxfer,
            fmt_bytes(bytes, sizeof bytes, t->xfer_bytes));
    if (L->hidden)
        fprintf(out, " \u00b7 %zu idle workers not drawn", L->hidden);
    fputs("</text>\n", out);
    put_busy_lines(out, t, L, MARGIN + 8 + LINE_H);
}

/* Ticks at 1, 2 or 5 times a power of ten, about ten across the axis. */
static void put_axis(FILE *out, const trace *t, const layout *L)
{
    double span_ms = L->span / 1e3, raw = span_ms / 10, p = 1, step;
    int dec = 0;
    while (p * 10 <= raw)
        p *= 10;
    while (p > raw && dec < 12)
        p /= 10, dec++;
    step = raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
    if (step == 10 * p && dec > 0)
        dec--;
    double top = L->rows_y - 4, bottom = row_y(L, (int)t->nrows);
    for (int k = 0; k * step <= span_ms * (1 + 1e-9); k++) {
        double x = x_of(L, L->t0 + k * step * 1e3);
        fprintf(out, "<line class=\"grid\" x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\"/>\n"
                     "<text class=\"tick\" x=\"%.2f\" y=\"%.1f\" text-anchor=\"middle\">%.*f</text>\n",
                x, top, x, bottom, x, L->axis_y, dec, k * step);
    }
    fprintf(out, "<text class=\"tick\" x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">"
                 "ms since the first task</text>\n",
            L->plot_x + L->plot_w, L->axis_y + 16);
}

/* Row bands and labels; idle time as one faint path per row, drawn under
 * the boxes (one path, not a rect per idle event, keeps the file small). */
static void put_rows(FILE *out, const trace *t, const layout *L)
{
    for (size_t i = 0; i < t->nrows; i++) {
        double y = row_y(L, (int)i);
        if (i % 2 == 0)
            fprintf(out, "<path d=\"M%.1f %.1fh%.1fv%dh%.1fz\" fill=\"#f4f5f7\"/>\n",
                    L->plot_x, y, L->plot_w, ROW_H, -L->plot_w);
        fprintf(out, "<text class=\"lbl\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LABEL_W - 8,
                y + ROW_H / 2 + 4);
        put_row_label(out, &t->rows[i], LABEL_CHARS);
        fputs("</text>\n", out);
    }
    int cur = -1;
    for (size_t i = 0; i < t->nev; i++) {
        const event *e = &t->ev[i];
        double a = e->ts > L->t0 ? e->ts : L->t0, b = e->ts + e->dur;
        b = b < L->t0 + L->span ? b : L->t0 + L->span; /* idle before or after all work is clipped */
        if (e->kind != EV_IDLE || b <= a)
            continue;
        if (e->row != cur)
            fprintf(out, "%s<path fill=\"#9aa3ad\" fill-opacity=\".25\" d=\"", cur >= 0 ? "\"/>\n" : "");
        cur = e->row;
        fprintf(out, "M%.2f %.1fh%.2fv%dh%.2fz", x_of(L, a), row_y(L, e->row) + 2,
                (b - a) / L->span * L->plot_w, ROW_H - 4, -(b - a) / L->span * L->plot_w);
    }
    if (cur >= 0)
        fputs("\"/>\n", out);
}

static void put_tooltip(FILE *out, const trace *t, const layout *L, const event *e)
{
    char a[32], b[32];
    put_text(out, t->names.str[e->name], 200);
    fprintf(out, "\nstart %s, duration %s", fmt_time(a, sizeof a, e->ts - L->t0),
            fmt_time(b, sizeof b, e->dur));
    if (e->cls >= 0) {
        fputs("\nclass ", out);
        put_text(out, t->names.str[e->cls], 80);
    }
    if (e->kind == EV_XFER && e->bytes >= 0)
        fprintf(out, "\n%.0f bytes", e->bytes);
}

static void put_event(FILE *out, const trace *t, const layout *L, const event *e)
{
    const char *name = t->names.str[e->name];
    double y = row_y(L, e->row) + 2, h = ROW_H - 4, w = e->dur / L->span * L->plot_w;
    char fill[32];
    /* A row with transfers has two lanes, tasks above copies, so that a
     * copy overlapping a kernel on the same worker stays visible. */
    if (e->kind == EV_XFER) {
        y += TASK_LANE_H + 1, h = ROW_H - TASK_LANE_H - 5;
        snprintf(fill, sizeof fill, "url(#x%d)", xfer_style(name));
    } else {
        h = t->rows[e->row].has_xfer ? TASK_LANE_H : h;
        snprintf(fill, sizeof fill, "%s", task_color(name));
    }
    fprintf(out, "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\"><title>",
            e->kind == EV_XFER ? "xfer" : "task", x_of(L, e->ts), y, w > MIN_BOX_W ? w : MIN_BOX_W, h, fill);
    put_tooltip(out, t, L, e);
    fputs("</title></rect>\n", out);
}

static void put_legend(FILE *out, const layout *L)
{
    size_t cols = (SVG_W - 2 * MARGIN) / LEGEND_COL_W;
    for (size_t i = 0; i < L->nlegend; i++) {
        const legend_item *it = &L->legend[i];
        double x = MARGIN + (double)(i % cols) * LEGEND_COL_W, y = L->legend_y + (double)(i / cols) * LINE_H;
        char fill[32];
        if (it->xfer >= 0)
            snprintf(fill, sizeof fill, "url(#x%d)", it->xfer);
        else
            snprintf(fill, sizeof fill, "%s", task_color(it->name));
        fprintf(out, "<path d=\"M%.0f %.0fh12v12h-12z\" fill=\"%s\"/><text x=\"%.0f\" y=\"%.0f\">",
                x, y, fill, x + 18, y + 10);
        put_text(out, it->name, 30);
        fprintf(out, " (%zu)</text>\n", it->count);
    }
}

/* Drops the rows of workers that ran no task and made no copy (a CPU
 * worker per core beside GPUs that took all the work would fill the page)
 * with their idle marks. @return how many were dropped. */
static size_t drop_idle_rows(trace *t)
{
    int *to = malloc((t->nrows ? t->nrows : 1) * sizeof *to);
    char *used = calloc(t->nrows ? t->nrows : 1, 1);
    if (!to || !used) { /* out of memory: all rows are drawn */
        free(to), free(used);
        return 0;
    }
    for (size_t i = 0; i < t->nev; i++)
        if (t->ev[i].kind != EV_IDLE)
            used[t->ev[i].row] = 1;
    size_t kept = 0;
    for (size_t r = 0; r < t->nrows; r++) {
        to[r] = used[r] ? (int)kept : -1;
        if (used[r])
            t->rows[kept++] = t->rows[r];
        else
            free(t->rows[r].label);
    }
    size_t dropped = t->nrows - kept, k = 0;
    t->nrows = kept;
    for (size_t i = 0; i < t->nev; i++)
        if (to[t->ev[i].row] >= 0) {
            t->ev[k] = t->ev[i];
            t->ev[k++].row = to[t->ev[i].row];
        }
    t->nev = k;
    free(to), free(used);
    return dropped;
}

static int write_svg(FILE *out, trace *t, char *msg, size_t msglen)
{
    layout L = {.hidden = drop_idle_rows(t)};
    if (make_layout(t, &L)) {
        free(L.legend);
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_NO_MEMORY, "out of memory");
    }
    put_header(out, &L);
    put_title(out, t, &L);
    put_rows(out, t, &L);
    put_axis(out, t, &L);
    for (size_t i = 0; i < t->nev; i++)
        if (t->ev[i].kind != EV_IDLE)
            put_event(out, t, &L, &t->ev[i]);
    put_legend(out, &L);
    fputs("</svg>\n", out);
    free(L.legend);
    if (fflush(out) || ferror(out))
        return trace_json_fail(msg, msglen, TOOL_TRACE_SVG_IO, "error writing the SVG");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Entry point.                                                             */

int tool_trace_svg(FILE *json, FILE *svg, char *err, size_t errlen)
{
    char msg[256] = "";
    trace t = {0};
    int rc = !json || !svg ? trace_json_fail(msg, sizeof msg, TOOL_TRACE_SVG_IO, "no input or output stream")
                           : trace_json_read(json, &t, msg, sizeof msg);
    if (!rc)
        rc = write_svg(svg, &t, msg, sizeof msg);
    if (err && errlen)
        snprintf(err, errlen, "%s", rc ? msg : "");
    trace_json_free(&t);
    return rc;
}
