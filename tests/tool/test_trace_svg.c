/* Tests of tool_trace_svg: good traces give a well-formed SVG with one
 * <rect> per task/transfer and one label per thread; bad ones give a
 * non-zero code and a one-line message. Usage: test_trace_svg [sample.json] */
#include "trace_svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

typedef struct result {
    int rc;
    char err[256];
    char *svg; /* whole output, NUL-terminated; "" if none */
} result;

/* Everything after the JSON is written to a temp file goes through the
 * stream API as a real caller's would. */
static char *slurp(FILE *f)
{
    long n;
    char *s;
    if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
        !(s = malloc((size_t)n + 1)))
        return NULL;
    s[fread(s, 1, (size_t)n, f)] = '\0';
    return s;
}

static result run_file(FILE *in)
{
    result r = {0};
    FILE *out = tmpfile();
    if (!in || !out) {
        fprintf(stderr, "cannot create a temporary file\n");
        exit(2);
    }
    rewind(in);
    r.rc = tool_trace_svg(in, out, r.err, sizeof r.err);
    r.svg = slurp(out);
    fclose(out);
    return r;
}

static result run_text(const char *json)
{
    FILE *in = tmpfile();
    if (in)
        fputs(json, in);
    result r = run_file(in);
    fclose(in);
    return r;
}

/* Not strstr in a loop: sanitizers make each strstr call measure the
 * rest of the haystack, which turns counting 100k tags quadratic. */
static size_t count(const char *hay, const char *needle)
{
    size_t n = 0, len = strlen(needle);
    for (const char *p = hay; *p; p++)
        if (*p == *needle && !strncmp(p, needle, len))
            n++, p += len - 1;
    return n;
}

/* Checks that tags nest and every '&' starts an entity: the two ways a
 * writer that forgets to escape breaks XML. @return 0 if well formed. */
static int xml_malformed(const char *s)
{
    char stack[32][32];
    int depth = 0, elements = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '&' && strncmp(p, "&amp;", 5) && strncmp(p, "&lt;", 4) && strncmp(p, "&gt;", 4) &&
            strncmp(p, "&quot;", 6) && strncmp(p, "&apos;", 6) && strncmp(p, "&#", 2))
            return 1;
        if (*p != '<')
            continue;
        const char *close = strchr(p, '>');
        if (!close)
            return 2;
        int end_tag = p[1] == '/', self = close[-1] == '/';
        const char *name = p + 1 + end_tag;
        size_t len = strcspn(name, " \t\n/>");
        if (len == 0 || len >= sizeof stack[0])
            return 3;
        if (end_tag) {
            if (depth == 0 || strncmp(stack[depth - 1], name, len) || stack[depth - 1][len])
                return 4;
            depth--;
        } else if (!self) {
            if (depth == 32)
                return 5;
            memcpy(stack[depth], name, len);
            stack[depth++][len] = '\0';
        }
        elements += !end_tag;
        p = close;
    }
    return depth != 0 || elements == 0 ? 6 : 0;
}

static int one_line(const result *r) { return r->err[0] && !strchr(r->err, '\n'); }

/* Two named threads (one without events), one unnamed; tasks, transfers,
 * idle, an instant event; members reordered, unknown keys, nested values,
 * escapes, exponents, and odd spacing. 5 tasks + 3 transfers. */
static const char good_trace[] =
    "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"v\":[1,-2.5e-3,{\"x\":[true,false,null]}],\"s\":\"a\\\"b\"},\n"
    " \"traceEvents\" : [\n"
    "  {\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"cpu worker 0\"}},\n"
    "  {\"args\":{\"name\":\"sim:0 worker\"},\"tid\":2,\"pid\":0,\"ph\":\"M\",\"name\":\"thread_name\"},\n"
    "  {\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":1,\"args\":{\"name\":\"cpu worker 1\"}},\n"
    "  {\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":\"hetla\"}},\n"
    "  {\"name\":\"dgemm_tile\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":12.250,\"dur\":85.500,\"pid\":0,"
    "\"tid\":0,\"args\":{\"device\":0,\"class\":\"openblas\",\"gflops\":12.5}},\n"
    "  {\"dur\":80,\"ts\":100,\"tid\":0,\"pid\":0,\"ph\":\"X\",\"cat\":\"task\",\"name\":\"dgemm_tile\"},\n"
    "  {\"name\":\"dpotrf_tile\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":0,\"dur\":40.5,\"pid\":0,\"tid\":3},\n"
    "  {\"name\":\"odd \\\"<b>&amp;\\\"\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":50,\"dur\":10,\"pid\":0,\"tid\":3},\n"
    "  {\"name\":\"caf\\u00e9 \\ud83d\\ude80\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":60,\"dur\":5,\"pid\":0,\"tid\":3},\n"
    "  {\"name\":\"H2D\",\"cat\":\"transfer\",\"ph\":\"X\",\"ts\":100.0,\"dur\":4.0,\"pid\":0,\"tid\":2,"
    "\"args\":{\"bytes\":32768,\"src\":0,\"dst\":1}},\n"
    "  {\"name\":\"D2H\",\"cat\":\"transfer\",\"ph\":\"X\",\"ts\":1.5e2,\"dur\":3E0,\"pid\":0,\"tid\":2,"
    "\"args\":{\"bytes\":32768,\"name\":7}},\n"
    "\t{\"name\":\"H2D\",\"cat\":\"transfer\",\"ph\":\"X\",\"ts\":160,\"dur\":4,\"pid\":0,\"tid\":2,"
    "\"args\":{\"bytes\":1024,\"extra\":{\"deep\":[[[]]]}}},\n"
    "  {\"name\":\"idle\",\"cat\":\"idle\",\"ph\":\"X\",\"ts\":0,\"dur\":12.25,\"pid\":0,\"tid\":0},\n"
    "  {\"name\":\"mark\",\"ph\":\"i\",\"ts\":5,\"pid\":0,\"tid\":0,\"s\":\"t\"}\n"
    " ]\n}\n";

static void test_good(void)
{
    result r = run_text(good_trace);
    check(r.rc == TOOL_TRACE_SVG_OK && r.err[0] == '\0', "good trace: returns 0, no message");
    check(r.svg && !strncmp(r.svg, "<svg", 4), "good trace: output starts with <svg");
    if (!r.svg)
        return;
    check(count(r.svg, "<svg") == 1 && count(r.svg, "</svg>") == 1, "good trace: one <svg> ... </svg>");
    check(xml_malformed(r.svg) == 0, "good trace: tags nest, '&' always escaped");
    check(count(r.svg, "<rect") == 8, "good trace: 8 <rect> for 5 tasks + 3 transfers (idle is not a rect)");
    check(count(r.svg, "<rect class=\"task\"") == 5 && count(r.svg, "<rect class=\"xfer\"") == 3,
          "good trace: rects classed task/xfer");
    check(count(r.svg, "class=\"lbl\"") == 3, "good trace: 3 row labels (threads 0, 2, 3; 1 ran nothing)");
    check(strstr(r.svg, ">cpu worker 0<") && !strstr(r.svg, ">cpu worker 1<") &&
              strstr(r.svg, ">sim:0 worker<") && strstr(r.svg, ">worker 3<"),
          "good trace: labels from thread_name, \"worker 3\" for the unnamed thread");
    check(strstr(r.svg, "1 idle workers not drawn") != NULL, "good trace: the title counts the rows not drawn");
    check(strstr(r.svg, "odd &quot;&lt;b&gt;&amp;amp;&quot;") != NULL, "good trace: names are XML-escaped");
    check(strstr(r.svg, "caf\xC3\xA9 \xF0\x9F\x9A\x80") != NULL, "good trace: \\u escapes and surrogate pairs decode");
    check(strstr(r.svg, "dgemm_tile (2)") && strstr(r.svg, "H2D (2)") && strstr(r.svg, "D2H (1)"),
          "good trace: legend counts tasks and transfers by name");
    check(strstr(r.svg, "32768 bytes") && strstr(r.svg, "class openblas"), "good trace: tooltips carry bytes and class");
    check(strstr(r.svg, "span 180.00 \xC2\xB5s") && strstr(r.svg, "busy:"), "good trace: title gives span and busy %");
    free(r.svg);
}

static void expect_failure(const char *json, int code, const char *must_contain, const char *what)
{
    result r = run_text(json);
    int ok = r.rc == code && one_line(&r) && (!must_contain || strstr(r.err, must_contain));
    char line[512];
    snprintf(line, sizeof line, "%s -> %d \"%s\"", what, r.rc, r.err);
    check(ok, line);
    free(r.svg);
}

static void test_bad(void)
{
    enum { BAD = TOOL_TRACE_SVG_BAD_INPUT };
    size_t half = sizeof good_trace / 2;
    char *cut = malloc(half + 1);
    memcpy(cut, good_trace, half);
    cut[half] = '\0';
    expect_failure("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[]}", BAD, "no task", "empty traceEvents");
    expect_failure(cut, BAD, "truncated", "truncated file");
    expect_failure("", BAD, "empty", "empty file");
    expect_failure("hello", BAD, "line 1", "not JSON");
    expect_failure("{\"traceEvents\":[{\"name\":\"x\",}]}", BAD, "column", "trailing comma");
    expect_failure("{\"traceEvents\":[{\"name\":\"x\\q\"}]}", BAD, "escape", "bad escape");
    expect_failure("{\"traceEvents\":[{\"ph\":\"X\",\"ts\":01,\"dur\":1}]}", BAD, NULL, "leading zero");
    expect_failure("{\"traceEvents\":[{\"ph\":\"X\",\"ts\":\"1\",\"dur\":1}]}", BAD, "\"ts\"", "ts as a string");
    expect_failure("{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1}]}", BAD, "dur", "X event without dur");
    expect_failure("{\"traceEvents\":[]} x", BAD, "after", "text after the trace");
    expect_failure("{\"other\":1}", BAD, "traceEvents", "no traceEvents");
    expect_failure("{\"traceEvents\":[{\"name\":\"thread_name\",\"ph\":\"M\",\"tid\":0,"
                   "\"args\":{\"name\":\"w\"}}]}", BAD, "no task", "metadata only");
    free(cut);
}

static void test_deep_nesting(void)
{
    size_t n = 200000;
    char *s = malloc(n + 40);
    strcpy(s, "{\"x\":");
    memset(s + 5, '[', n);
    strcpy(s + 5 + n, "], \"traceEvents\":[]}");
    expect_failure(s, TOOL_TRACE_SVG_BAD_INPUT, "nested", "200000 nested arrays (no stack overflow)");
    free(s);
}

/* @p readonly_path: any existing file, opened for reading so that every
 * write to it fails. */
static void test_streams(const char *readonly_path)
{
    FILE *in = tmpfile(), *brace = tmpfile(), *ro = fopen(readonly_path, "rb");
    char err[8];
    fputs(good_trace, in);
    rewind(in);
    int rc = ro ? tool_trace_svg(in, ro, NULL, 0) : -1;
    check(rc == TOOL_TRACE_SVG_IO, "output stream not writable -> TOOL_TRACE_SVG_IO, NULL err tolerated");
    fputs("{", brace);
    rewind(brace);
    rc = tool_trace_svg(brace, stdout, err, sizeof err);
    check(rc != 0 && strlen(err) == sizeof err - 1, "short err buffer is truncated and NUL-terminated");
    if (ro)
        fclose(ro);
    fclose(in);
    fclose(brace);
}

/* 100k events through one pass; also checks the count survives at scale. */
static void test_large(void)
{
    enum { N = 100000, THREADS = 8 };
    FILE *in = tmpfile();
    fputs("{\"traceEvents\":[", in);
    for (int i = 0; i < N; i++)
        fprintf(in, "%s{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,"
                    "\"pid\":0,\"tid\":%d,\"args\":{\"bytes\":4096}}",
                i ? ",\n" : "", i % 10 ? (i % 3 ? "dgemm_tile" : "dtrsm_tile") : "H2D",
                i % 10 ? "task" : "transfer", (i / THREADS) * 10.0, 9.5, i % THREADS);
    fputs("]}", in);
    struct timespec a, b;
    timespec_get(&a, TIME_UTC);
    result r = run_file(in);
    timespec_get(&b, TIME_UTC);
    double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    char line[160];
    snprintf(line, sizeof line, "100000 events: rc %d, %zu rects, %zu labels, %.2f s, %.1f MB of SVG",
             r.rc, r.svg ? count(r.svg, "<rect") : 0, r.svg ? count(r.svg, "class=\"lbl\"") : 0, s,
             r.svg ? (double)strlen(r.svg) / 1e6 : 0);
    check(r.rc == 0 && r.svg && count(r.svg, "<rect") == N && count(r.svg, "class=\"lbl\"") == THREADS &&
              xml_malformed(r.svg) == 0,
          line);
    free(r.svg);
    fclose(in);
}

/* The checked-in sample: one rect per task/transfer line of the file. */
static void test_sample(const char *path, int required)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        printf("%s %s not found%s\n", required ? "FAIL" : "skip", path, required ? "" : " (pass its path)");
        failures += required;
        return;
    }
    char *json = slurp(in);
    result r = run_file(in);
    size_t boxes = json ? count(json, "\"cat\":\"task\"") + count(json, "\"cat\":\"transfer\"") : 0;
    char line[256];
    snprintf(line, sizeof line, "%s: rc %d, %zu rects for %zu task/transfer events, well formed", path, r.rc,
             r.svg ? count(r.svg, "<rect") : 0, boxes);
    check(r.rc == 0 && r.svg && boxes > 0 && count(r.svg, "<rect") == boxes && xml_malformed(r.svg) == 0 &&
              count(r.svg, "class=\"lbl\"") == 3,
          line);
    free(json);
    free(r.svg);
    fclose(in);
}

int main(int argc, char **argv)
{
    test_good();
    test_bad();
    test_deep_nesting();
    test_streams(argv[0]);
    test_large();
    test_sample(argc > 1 ? argv[1] : "tests/data/trace-sample.json", argc > 1);
    printf("%s: %d failure(s)\n", failures ? "FAILED" : "passed", failures);
    return failures != 0;
}
