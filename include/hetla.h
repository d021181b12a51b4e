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

/* One source per precision family; the s, d and c headers are generated
 * from the z ones at build time and installed beside them. */
#include "hetla/blas1_z.h"
#include "hetla/blas1_c.h"
#include "hetla/blas1_d.h"
#include "hetla/blas1_s.h"
#include "hetla/dblas1_real.h" /* real only: rotg, rotm, rotmg, dsdot */
#include "hetla/sblas1_real.h"
#include "hetla/zblas1_complex.h" /* complex only: dotu, dscal, ... */
#include "hetla/cblas1_complex.h"
#include "hetla/blas2_z.h"
#include "hetla/blas2_c.h"
#include "hetla/blas2_d.h"
#include "hetla/blas2_s.h"
#include "hetla/zblas2_complex.h" /* geru */
#include "hetla/cblas2_complex.h"
#include "hetla/blas3_z.h"
#include "hetla/blas3_c.h"
#include "hetla/blas3_d.h"
#include "hetla/blas3_s.h"
#include "hetla/zblas3_complex.h" /* complex symmetric: symm, syrk, syr2k */
#include "hetla/cblas3_complex.h"
#include "hetla/aux_z.h"
#include "hetla/aux_c.h"
#include "hetla/aux_d.h"
#include "hetla/aux_s.h"
#include "hetla/ztiled.h"
#include "hetla/ctiled.h"
#include "hetla/dtiled.h"
#include "hetla/stiled.h"
#include "hetla/zlapack.h" /* Cholesky, LU and their solvers */
#include "hetla/clapack.h"
#include "hetla/dlapack.h"
#include "hetla/slapack.h"
#include "hetla/zqr.h" /* QR, Q, least squares */
#include "hetla/cqr.h"
#include "hetla/dqr.h"
#include "hetla/sqr.h"
#include "hetla/sparse.h" /* sparse tiled matrices, every precision */
#include "hetla/zsparse.h" /* sparse tiled LU */
#include "hetla/csparse.h"
#include "hetla/dsparse.h"
#include "hetla/ssparse.h"
#include "hetla/batch.h" /* batched BLAS: layouts, storage, conversion */
#include "hetla/zbatch.h" /* batched BLAS and LAPACK on many small matrices */
#include "hetla/cbatch.h"
#include "hetla/dbatch.h"
#include "hetla/sbatch.h"

#endif
