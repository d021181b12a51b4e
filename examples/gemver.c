/* GEMVER, the BLAS-2 chain of the portable-BLAS case study:
 *   Â = A + u1 v1^T + u2 v2^T,  x = beta Â^T y + z,  w = alpha Â x,
 * as task forms on handles, so the chain runs on the devices of
 * HETLA_DEVICES without host round trips; checked against loops on the host. */
#include <float.h>
#include <math.h>

#include "example.h"

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 500;
    const double alpha = 1.5, beta = 0.75;
    hetla_context *ctx;
    TRY(hetla_context_create(NULL, &ctx));
    double *A = example_random(n * n, 1), *u1 = example_random(n, 2), *v1 = example_random(n, 3),
           *u2 = example_random(n, 4), *v2 = example_random(n, 5), *y = example_random(n, 6),
           *z = example_random(n, 7), *x = calloc(n, sizeof *x), *w = calloc(n, sizeof *w);
    double *Aref = malloc(n * n * sizeof *Aref);
    for (size_t i = 0; i < n * n; i++)
        Aref[i] = A[i];
    hetla_data *a, *hu1, *hv1, *hu2, *hv2, *hy, *hz, *hx, *hw;
    TRY(hetla_matrix_register(ctx, A, n, n, n, HETLA_DOUBLE, &a));
    double *vecs[] = {u1, v1, u2, v2, y, z, x, w};
    hetla_data **hv[] = {&hu1, &hv1, &hu2, &hv2, &hy, &hz, &hx, &hw};
    for (int i = 0; i < 8; i++)
        TRY(hetla_vector_register(ctx, vecs[i], n, HETLA_DOUBLE, hv[i]));
    TRY(hetla_dger_task(ctx, NULL, 1.0, hu1, hv1, a));                         /* Â = A + u1 v1^T */
    TRY(hetla_dger_task(ctx, NULL, 1.0, hu2, hv2, a));                         /*   + u2 v2^T */
    TRY(hetla_dcopy_task(ctx, NULL, hz, hx));                                  /* x = z */
    TRY(hetla_dgemv_task(ctx, NULL, HETLA_TRANS, beta, a, hy, 1.0, hx));       /* x += beta Â^T y */
    TRY(hetla_dgemv_task(ctx, NULL, HETLA_NO_TRANS, alpha, a, hx, 0.0, hw));   /* w = alpha Â x */
    for (int i = 0; i < 8; i++)
        TRY(hetla_data_unregister(*hv[i]));
    TRY(hetla_data_unregister(a));

    /* reference on the host */
    double *xr = calloc(n, sizeof *xr), *wr = calloc(n, sizeof *wr), err = 0, norm = 0;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            Aref[j * n + i] += u1[i] * v1[j] + u2[i] * v2[j];
    for (size_t j = 0; j < n; j++) {
        xr[j] = z[j];
        for (size_t i = 0; i < n; i++)
            xr[j] += beta * Aref[j * n + i] * y[i];
    }
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            wr[i] += alpha * Aref[j * n + i] * xr[j];
    for (size_t i = 0; i < n; i++) {
        err = fmax(err, fmax(fabs(w[i] - wr[i]), fabs(x[i] - xr[i])));
        norm = fmax(norm, fmax(fabs(wr[i]), fabs(xr[i])));
    }
    err /= norm * (double)n * DBL_EPSILON;
    example_report(ctx, "gemver", err, 10);
    TRY(hetla_context_destroy(ctx));
    free(A), free(Aref), free(u1), free(v1), free(u2), free(v2), free(y), free(z), free(x), free(w), free(xr),
        free(wr);
    return err <= 10 ? 0 : 1;
}
