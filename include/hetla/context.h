/* hetla context: configuration, creation, the devices and memory nodes it
 * drives, waiting, statistics. */
#ifndef HETLA_CONTEXT_H
#define HETLA_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "hetla/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hetla_context hetla_context;

/** Configuration; every field's zero means "default". Environment variables
 *  (table in the README) override the fields when set. */
typedef struct hetla_config {
    /** Devices to use: "all" (default), "cpu", "cuda", "cuda:0,cuda:1",
     *  "opencl:0", "cpu,cuda", "sim:2" (CPU kernels over separate memory, to
     *  test transfers). Env: HETLA_DEVICES. */
    const char *devices;
    /** CPU worker threads; 0 = one per core. Env: HETLA_CPU_WORKERS. */
    int cpu_workers;
    /** Scheduler: "auto" (default: "dmda" with accelerators, "eager" on
     *  CPU cores alone), "eager" or "dmda". Env: HETLA_SCHED. */
    const char *scheduler;
    /** Chrome-trace JSON written at context destruction; NULL = no trace.
     *  Env: HETLA_TRACE. */
    const char *trace_file;
    /** Non-zero: do not pin workers to cores. Env: HETLA_NO_PIN=1. */
    int no_pinning;
    /** Non-zero: never page-lock the caller's host memory for faster copies
     *  to accelerators (by default ranges of 1 MiB and more are locked
     *  while hetla holds them: faster copies, at a cost paid per call).
     *  Env: HETLA_NO_HOST_PIN=1. */
    int no_host_pinning;
    /** Where GPU backend modules (libhetla_cuda.so, ...) are searched first;
     *  NULL = the installed library directory. Env: HETLA_MODULE_PATH. */
    const char *module_path;
    /** Kernel selection policy override, e.g. "cpu=openblas,generic";
     *  NULL = built-in. Env: HETLA_POLICY. */
    const char *policy;
    /** Log sink (NULL = stderr) and its threshold (0 = HETLA_LOG_WARN).
     *  Env: HETLA_LOG=error|warn|info|debug. */
    hetla_log_fn log_fn;
    void *log_user;
    int log_level;
    /** Tile size (rows and columns) of the synchronous calls that tile
     *  their operands (large level-3 BLAS, factorizations); 0 = a default
     *  per device class and routine (on CPU cores 320 for Cholesky and LU,
     *  256 otherwise). Env: HETLA_TILE. */
    int tile_size;
    /** Bytes of its memory each accelerator may hold for hetla's data; 0 =
     *  all it has. When a device is full, replicas no running task uses
     *  are evicted (least recently used first; the only valid copy is
     *  written back to the host first). Env: HETLA_DEVICE_MEMORY_LIMIT. */
    size_t device_memory_limit;
    /** Seconds without any task finishing, while tasks are pending, after
     *  which hetla reports what each worker is doing and what its ready
     *  queue holds (at warn level, once per stall); 0 = never. Env:
     *  HETLA_WATCHDOG. */
    int watchdog_s;
    /** Non-zero: the Cholesky factorization's panel solves substitute on
     *  every device. By default, where an accelerator can invert a
     *  triangle, they multiply by the inverse of the diagonal tile (on an
     *  H200 1.05x cuSOLVER's POTRF, against 0.97-0.99x substituting), whose
     *  rounding grows with that tile's condition number where substitution
     *  is backward stable. Env: HETLA_STABLE_SOLVES=1. */
    int stable_solves;
} hetla_config;

/** Sets @p cfg to defaults (all zero). @return HETLA_ERR_ARG if NULL. */
HETLA_NODISCARD hetla_status hetla_config_init(hetla_config *cfg);

/** Creates a context: parses the device list, loads backends, starts
 *  workers. @param[in] cfg NULL for defaults. @param[out] ctx the context. */
HETLA_NODISCARD hetla_status hetla_context_create(const hetla_config *cfg, hetla_context **ctx);

/** Waits for all tasks, writes the trace if asked, stops workers and frees
 *  everything. Registered data must have been unregistered before. */
HETLA_NODISCARD hetla_status hetla_context_destroy(hetla_context *ctx);

/** Device types. */
typedef enum hetla_device_type {
    HETLA_DEVICE_CPU = 0,
    HETLA_DEVICE_CUDA = 1,
    HETLA_DEVICE_OPENCL = 2,
    HETLA_DEVICE_SIM = 3, /**< runs CPU kernels on its own memory node */
    HETLA_DEVICE_NTYPES
} hetla_device_type;

/** What a device is, as reported by hetla_device_info(). */
typedef struct hetla_device_desc {
    hetla_device_type type;
    int index;           /**< index among devices of its type (cuda:N) */
    int memory_node;     /**< 0 is the host */
    int workers;         /**< worker threads driving it */
    char name[128];      /**< e.g. "cpu (16 cores, x86_64)" */
    size_t memory_bytes; /**< memory of its node, 0 if unknown */
    double peak_gflops;  /**< double-precision estimate, 0 if unknown */
} hetla_device_desc;

/** @return number of devices in use in @p ctx (0 if ctx is NULL). */
int hetla_device_count(const hetla_context *ctx);

/** Describes device @p i (0 <= i < hetla_device_count). */
HETLA_NODISCARD hetla_status hetla_device_info(const hetla_context *ctx, int i, hetla_device_desc *out);

/** @return a line per backend that was asked for and not found, saying why
 *  (e.g. "cuda: libhetla_cuda.so not found"); "" if none. Owned by ctx. */
const char *hetla_backend_report(const hetla_context *ctx);

/** Waits for every task inserted so far. @return the first failure of any
 *  task without an explicit sequence since the last hetla_wait_all, or
 *  HETLA_SUCCESS; the default sequence is then reset. */
HETLA_NODISCARD hetla_status hetla_wait_all(hetla_context *ctx);

/** Run statistics since context creation (or hetla_stats_reset). */
typedef struct hetla_stats {
    uint64_t tasks;             /**< tasks executed (skipped ones included) */
    uint64_t tasks_skipped;     /**< tasks turned into no-ops by a failure */
    uint64_t transfers[3];      /**< count by direction: H2D, D2H, D2D */
    uint64_t transfer_bytes[3]; /**< bytes by direction */
    /** What a naive schedule would move (the LaRIS baseline of the
     *  multi-way factorization paper): every task on an accelerator copies
     *  each tile it reads in and each tile it writes out, H2D and D2H. */
    uint64_t naive_transfers[2];
    uint64_t naive_bytes[2];
    double elapsed_s;     /**< wall time covered */
    int workers;          /**< entries in busy_s */
    const double *busy_s; /**< per-worker busy seconds (owned by ctx) */
} hetla_stats;

enum { HETLA_H2D = 0, HETLA_D2H = 1, HETLA_D2D = 2 };

/** Fills @p out; the pointers in it stay valid until the next call. */
HETLA_NODISCARD hetla_status hetla_stats_get(hetla_context *ctx, hetla_stats *out);
/** Zeroes the statistics (and drops trace events recorded so far). */
HETLA_NODISCARD hetla_status hetla_stats_reset(hetla_context *ctx);
/** Writes the trace recorded so far (Chrome trace JSON) to @p path. Records
 *  events only when a trace file was configured, or after this is enabled
 *  with hetla_trace_enable. */
HETLA_NODISCARD hetla_status hetla_trace_write(hetla_context *ctx, const char *path);
/** Starts (@p on != 0) or stops recording trace events. */
HETLA_NODISCARD hetla_status hetla_trace_enable(hetla_context *ctx, int on);

#ifdef __cplusplus
}
#endif
#endif
