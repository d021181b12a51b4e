/* `hetla trace FILE.json [OUT.svg]`: a trace drawn as an SVG Gantt chart
 * (OUT defaults to FILE with .svg for .json). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "trace_svg.h"

int trace_to_svg(const char *json, char *svg, size_t svglen, char *err, size_t errlen)
{
    if (!svg[0]) {
        size_t len = strlen(json);
        int has_json = len > 5 && !strcmp(json + len - 5, ".json");
        snprintf(svg, svglen, "%.*s.svg", (int)(has_json ? len - 5 : len), json);
    }
    FILE *in = fopen(json, "rb");
    if (!in) {
        snprintf(err, errlen, "cannot open '%s'", json);
        return 1;
    }
    FILE *out = fopen(svg, "wb");
    if (!out) {
        fclose(in);
        snprintf(err, errlen, "cannot write '%s'", svg);
        return 1;
    }
    int rc = tool_trace_svg(in, out, err, errlen);
    fclose(in);
    if (fclose(out) != 0 && rc == 0) {
        rc = 1;
        snprintf(err, errlen, "error writing '%s'", svg);
    }
    if (rc)
        remove(svg);
    return rc;
}

int cmd_trace(int argc, char **argv)
{
    if (argc < 1 || argc > 2) {
        fprintf(stderr, "usage: hetla trace FILE.json [OUT.svg]\n");
        return 2;
    }
    char svg[4096] = "", err[256] = "";
    if (argc == 2)
        snprintf(svg, sizeof svg, "%s", argv[1]);
    if (trace_to_svg(argv[0], svg, sizeof svg, err, sizeof err)) {
        fprintf(stderr, "hetla trace: %s\n", err);
        return 1;
    }
    printf("%s\n", svg);
    return 0;
}
