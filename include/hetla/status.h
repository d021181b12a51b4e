/* hetla status codes, the error detail of the calling thread, logging. */
#ifndef HETLA_STATUS_H
#define HETLA_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define HETLA_NODISCARD __attribute__((warn_unused_result))
#else
#define HETLA_NODISCARD
#endif

/** Every public function returns one of these. Zero is success; argument and
 *  resource errors are negative; numerical information (a matrix that is not
 *  positive definite, an exactly singular pivot) is the positive
 *  HETLA_NUMERICAL, with the LAPACK-style index in the routine's info output. */
typedef enum hetla_status {
    HETLA_SUCCESS = 0,
    HETLA_NUMERICAL = 1,              /**< numerical info, not an error */
    HETLA_ERR_ARG = -1,               /**< invalid argument; detail names it */
    HETLA_ERR_NO_MEMORY = -2,         /**< host allocation failed */
    HETLA_ERR_DEVICE_MEMORY = -3,     /**< device allocation failed after eviction */
    HETLA_ERR_NO_DEVICE = -4,         /**< no device matches the request */
    HETLA_ERR_UNKNOWN_DEVICE = -5,    /**< bad entry in the device list */
    HETLA_ERR_UNKNOWN_SCHEDULER = -6, /**< scheduler name not known */
    HETLA_ERR_NOT_SUPPORTED = -7,     /**< no implementation on any device */
    HETLA_ERR_BACKEND = -8,           /**< a device library call failed */
    HETLA_ERR_KERNEL = -9,            /**< a kernel body returned failure */
    HETLA_ERR_ABORTED = -10,          /**< skipped: its sequence had failed */
    HETLA_ERR_BUSY = -11,             /**< object still in use */
    HETLA_ERR_IO = -12,               /**< file could not be read/written */
    HETLA_ERR_INTERNAL = -13,         /**< a bug in hetla: please report */
} hetla_status;

/** @return a constant English description of @p s; never NULL. */
const char *hetla_status_string(hetla_status s);

/** @return a description of the last error raised on the calling thread,
 *  naming the function and argument (e.g. "hetla_matrix_register: argument 5
 *  (ld) is 3, must be >= m = 4"), or "" if none. */
const char *hetla_error_detail(void);

/** @return 1-based position of the offending argument of the last
 *  HETLA_ERR_ARG on the calling thread (LAPACK's -info), 0 if none. */
int hetla_error_arg(void);

typedef enum hetla_log_level {
    HETLA_LOG_ERROR = 1,
    HETLA_LOG_WARN = 2,
    HETLA_LOG_INFO = 3,
    HETLA_LOG_DEBUG = 4,
} hetla_log_level;

/** Log sink. Called from any thread, possibly concurrently. */
typedef void (*hetla_log_fn)(hetla_log_level level, const char *msg, void *user);

#ifdef __cplusplus
}
#endif
#endif
