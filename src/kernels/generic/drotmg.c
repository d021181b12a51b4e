/* Construction of a modified (square-root free) Givens rotation.
 * @precisions normal d -> s
 */
#include "leaf.h"

/* param = {flag, h11, h21, h12, h22}. flag -1: H is full; 0: h11 = h22 = 1
 * implied; 1: h21 = -1, h12 = 1 implied; -2: H = I. The weights d1, d2
 * are kept within [1/gam^2, gam^2] by moving factors of gam into H, which
 * then has to be stored in full. */
static const double gam = 4096, gamsq = 4096.0 * 4096.0;

static void make_explicit(double *flag, double h[4])
{
    if (*flag == 0) {
        h[0] = 1;
        h[3] = 1;
    } else if (*flag == 1) {
        h[1] = -1;
        h[2] = 1;
    }
    *flag = -1;
}

/* Rescales d until it lies in range, scaling the H entries in row (h[r0],
 * h[r1]) and, for d1, x1 along with it. */
static void rescale(double *d, double *x1, double *flag, double h[4], int r0, int r1)
{
    if (*d == 0)
        return;
    /* isfinite: an infinite weight would never come into range */
    while (isfinite(*d) && (fabs(*d) <= 1 / gamsq || fabs(*d) >= gamsq)) {
        make_explicit(flag, h);
        double f = fabs(*d) <= 1 / gamsq ? 1 / gam : gam;
        *d /= f * f;
        h[r0] *= f;
        h[r1] *= f;
        if (x1)
            *x1 *= f;
    }
}

static void set_zero(double *d1, double *d2, double *x1, double *flag, double h[4])
{
    *flag = -1;
    h[0] = h[1] = h[2] = h[3] = 0;
    *d1 = *d2 = *x1 = 0;
}

void hetla__generic_drotmg(double *d1, double *d2, double *x1, double y1, double param[5])
{
    double flag, h[4] = {0, 0, 0, 0}; /* h11, h21, h12, h22 */
    double p2 = *d2 * y1;
    if (*d1 < 0) {
        set_zero(d1, d2, x1, &flag, h);
    } else if (p2 == 0) {
        param[0] = -2;
        return;
    } else {
        double p1 = *d1 * *x1, q2 = p2 * y1, q1 = p1 * *x1;
        if (fabs(q1) > fabs(q2)) {
            h[1] = -y1 / *x1;
            h[2] = p2 / p1;
            double u = 1 - h[2] * h[1];
            if (u > 0) {
                flag = 0;
                *d1 /= u;
                *d2 /= u;
                *x1 *= u;
            } else {
                set_zero(d1, d2, x1, &flag, h);
            }
        } else if (q2 < 0) {
            set_zero(d1, d2, x1, &flag, h);
        } else {
            flag = 1;
            h[0] = p1 / p2;
            h[3] = *x1 / y1;
            double u = 1 + h[0] * h[3], t = *d2 / u;
            *d2 = *d1 / u;
            *d1 = t;
            *x1 = y1 * u;
        }
    }
    rescale(d1, x1, &flag, h, 0, 2);
    rescale(d2, NULL, &flag, h, 1, 3);
    param[0] = flag;
    if (flag < 0) {
        for (int i = 0; i < 4; i++)
            param[1 + i] = h[i];
    } else if (flag == 0) {
        param[2] = h[1];
        param[3] = h[2];
    } else {
        param[1] = h[0];
        param[4] = h[3];
    }
}
