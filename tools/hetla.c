/* The `hetla` command: info, demo, bench, trace. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "hetla.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *what;
} commands[] = {
    {"info", cmd_info, "devices, memory, cores, kernel classes and the selection policy in force"},
    {"demo", cmd_demo, "a tiled workload on the devices present: time, Gflop/s, residual, trace"},
    {"bench", cmd_bench, "hetla beside its peers (hetla bench with no argument lists them)"},
    {"trace", cmd_trace, "FILE.json [OUT.svg]: draw a trace as an SVG Gantt chart"},
};

static int usage(FILE *f)
{
    fprintf(f, "hetla %d.%d.%d — dense linear algebra on CPUs, GPUs and OpenCL devices\n\nusage: hetla COMMAND "
               "[ARGS]\n",
            HETLA_VERSION_MAJOR, HETLA_VERSION_MINOR, HETLA_VERSION_PATCH);
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(f, "  %-6s %s\n", commands[i].name, commands[i].what);
    fprintf(f, "\nThe devices used come from HETLA_DEVICES (default: all); see the README.\n");
    return f == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help"))
        return usage(stdout);
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 2, argv + 2);
    fprintf(stderr, "hetla: unknown command '%s'\n\n", argv[1]);
    return usage(stderr);
}
