/* The kernel layer's internal entry points used by the core. */
#ifndef HETLA_KERNELS_H
#define HETLA_KERNELS_H

#include "hetla.h"

/** Single-threads OpenBLAS while a context lives (reference counted). */
void hetla__openblas_acquire(void);
void hetla__openblas_release(void);
/** The same for BLIS. */
void hetla__blis_acquire(void);
void hetla__blis_release(void);

#endif
