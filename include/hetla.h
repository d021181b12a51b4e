/* hetla: dense linear algebra over CPUs, GPUs and OpenCL devices through one
 * API. This umbrella header is all a program needs to include. */
#ifndef HETLA_H
#define HETLA_H

#define HETLA_VERSION_MAJOR 0
#define HETLA_VERSION_MINOR 1
#define HETLA_VERSION_PATCH 0

#include "hetla/status.h"
#include "hetla/context.h"
#include "hetla/data.h"
#include "hetla/task.h"
#include "hetla/blas_types.h"

#endif
