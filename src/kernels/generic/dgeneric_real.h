/* Prototypes of the GENERIC kernels that exist only for real data, written
 * for d; include generic.h rather than this file.
 * @precisions normal d -> s
 */
#ifndef HETLA_GENERIC_REAL_ONLY_PRECISION_d_H
#define HETLA_GENERIC_REAL_ONLY_PRECISION_d_H

/** Givens rotation: on return [c s; -s c] [a; b] = [r; 0], *a holds r and
 *  *b the reference BLAS's z, from which c and s can be rebuilt. */
void hetla__generic_drotg(double *a, double *b, double *c, double *s);
/** Modified Givens rotation: builds H with H [x1; y1] = [x1'; 0] for the
 *  scaled pair sqrt(d1) x1, sqrt(d2) y1, updating d1, d2 and x1; param holds
 *  flag, h11, h21, h12, h22 as in the reference BLAS. */
void hetla__generic_drotmg(double *d1, double *d2, double *x1, double y1, double param[5]);
/** Applies the modified rotation in param to the pairs (x_i, y_i). */
void hetla__generic_drotm(hetla_int n, double *x, hetla_int incx, double *y, hetla_int incy,
                          const double param[5]);

#endif
