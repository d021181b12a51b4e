/* Inline helpers shared by the GENERIC kernel sources: vector offsets, the
 * addressing of full, band and packed triangles, and the few one-line
 * scalar helpers whose body differs between real and complex. */
#ifndef HETLA_KERNELS_GENERIC_LEAF_H
#define HETLA_KERNELS_GENERIC_LEAF_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdbool.h>

#include "generic.h"

static inline hetla_int hetla__imin(hetla_int a, hetla_int b) { return a < b ? a : b; }
static inline hetla_int hetla__imax(hetla_int a, hetla_int b) { return a > b ? a : b; }

/* Index of element 0 of an n-vector: with a negative increment the
 * reference BLAS starts at the far end, so x_i = x[start + i*inc]. */
static inline hetla_int hetla__vstart(hetla_int n, hetla_int inc)
{
    return inc < 0 ? (1 - n) * inc : 0;
}

/* |re| + |im|, the cheap norm the reference BLAS ranks complex entries by. */
static inline float hetla__sabs1(float x) { return fabsf(x); }
static inline double hetla__dabs1(double x) { return fabs(x); }
static inline float hetla__cabs1(hetla_ccomplex x) { return fabsf(crealf(x)) + fabsf(cimagf(x)); }
static inline double hetla__zabs1(hetla_zcomplex x) { return fabs(creal(x)) + fabs(cimag(x)); }

/* Conjugate when asked; for real data there is nothing to do. */
static inline float hetla__sconj_if(bool c, float x)
{
    (void)c;
    return x;
}
static inline double hetla__dconj_if(bool c, double x)
{
    (void)c;
    return x;
}
static inline hetla_ccomplex hetla__cconj_if(bool c, hetla_ccomplex x) { return c ? conjf(x) : x; }
static inline hetla_zcomplex hetla__zconj_if(bool c, hetla_zcomplex x) { return c ? conj(x) : x; }

/* Rows lo..hi-1 of column j in triangle uplo of an n-by-n matrix. */
static inline void hetla__tri_rows(hetla_uplo uplo, hetla_int n, hetla_int j, hetla_int *lo,
                                   hetla_int *hi)
{
    *lo = uplo == HETLA_UPPER ? 0 : j;
    *hi = uplo == HETLA_UPPER ? j + 1 : n;
}

/* One triangle of an n-by-n matrix stored full (lda), as a band of k
 * off-diagonals (lda) or packed column by column. Column j's stored
 * entries are contiguous in all three, so the level-2 kernels are written
 * once against tri_col/tri_first/tri_last. Full and packed have k = n-1. */
typedef enum hetla__storage { HETLA__FULL, HETLA__BAND, HETLA__PACKED } hetla__storage;

typedef struct hetla__tri {
    hetla__storage storage;
    hetla_uplo uplo;
    hetla_int n, k, lda;
} hetla__tri;

/* Offset o of column j such that A(i,j) = A[o + i] for every stored i. */
static inline hetla_int hetla__tri_col(const hetla__tri *t, hetla_int j)
{
    bool up = t->uplo == HETLA_UPPER;
    switch (t->storage) {
    case HETLA__BAND:
        return j * t->lda + (up ? t->k : 0) - j;
    case HETLA__PACKED:
        return up ? j * (j + 1) / 2 : j * (2 * t->n - j + 1) / 2 - j;
    case HETLA__FULL:
    default:
        return j * t->lda;
    }
}

/* First and last stored row of column j (the diagonal included). */
static inline hetla_int hetla__tri_first(const hetla__tri *t, hetla_int j)
{
    return t->uplo == HETLA_UPPER ? hetla__imax(0, j - t->k) : j;
}

static inline hetla_int hetla__tri_last(const hetla__tri *t, hetla_int j)
{
    return t->uplo == HETLA_UPPER ? j : hetla__imin(t->n - 1, j + t->k);
}

/* Rows lo..hi of column j stored off the diagonal (empty when lo > hi). */
static inline void hetla__tri_offdiag(const hetla__tri *t, hetla_int j, hetla_int *lo,
                                      hetla_int *hi)
{
    bool up = t->uplo == HETLA_UPPER;
    *lo = up ? hetla__tri_first(t, j) : j + 1;
    *hi = up ? j - 1 : hetla__tri_last(t, j);
}

#endif
