/* tool_trace_svg: renders a hetla trace (Chrome trace JSON) as an SVG Gantt
 * chart, one row per worker thread. */
#ifndef HETLA_TOOL_TRACE_SVG_H
#define HETLA_TOOL_TRACE_SVG_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes of tool_trace_svg; distinct so that a command-line wrapper
 *  can map them to exit statuses. */
enum {
    TOOL_TRACE_SVG_OK = 0,
    TOOL_TRACE_SVG_BAD_INPUT = 1, /**< not JSON, no traceEvents, no events */
    TOOL_TRACE_SVG_IO = 2,        /**< reading or writing a stream failed */
    TOOL_TRACE_SVG_NO_MEMORY = 3, /**< an allocation failed */
};

/** Reads a whole trace from @p json and writes one SVG document to @p svg.
 *
 *  The trace is the Chrome trace format the hetla runtime writes: an object
 *  with a "traceEvents" array (a bare array is accepted too). Complete
 *  events ("ph":"X") with "cat":"task" or "transfer" become boxes, "idle"
 *  ones a faint band; "thread_name" metadata names the rows. ts and dur are
 *  microseconds. Only event boxes are drawn as <rect> elements, so a reader
 *  can count them.
 *
 *  @param[in]  json    stream open for reading; read to its end, not closed
 *  @param[in]  svg     stream open for writing; nothing is written unless
 *                      the trace parsed; flushed, not closed
 *  @param[out] err     on failure, a one-line message (no newline),
 *                      truncated to @p errlen bytes with its NUL; may be NULL
 *  @param[in]  errlen  size of @p err in bytes; 0 if @p err is NULL
 *  @return TOOL_TRACE_SVG_OK, or one of the other codes above with @p err
 *          set. Never aborts or exits. */
int tool_trace_svg(FILE *json, FILE *svg, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* HETLA_TOOL_TRACE_SVG_H */
