/* The subcommands of the `hetla` command. Each takes the arguments after
 * its name and returns the process exit status. */
#ifndef HETLA_TOOL_COMMANDS_H
#define HETLA_TOOL_COMMANDS_H

int cmd_info(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#include <stddef.h>

/** Draws trace @p json as SVG into @p svg (when empty, @p json with .svg
 *  for .json, written back into @p svg). @return 0, or 1 with @p err set. */
int trace_to_svg(const char *json, char *svg, size_t svglen, char *err, size_t errlen);

#endif
