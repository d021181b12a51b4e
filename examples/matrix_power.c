/* C = A B^p, the portable-BLAS case study: a loop of GEMM and copy on
 * device-resident matrices, so between the first upload and the final
 * download nothing crosses to the host. The devices come from
 * HETLA_DEVICES; the program does not change with them. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "example.h"

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 300, p = argc > 2 ? strtoul(argv[2], NULL, 10) : 8;
    hetla_context *ctx;
    TRY(hetla_context_create(NULL, &ctx));
    double *A = example_random(n * n, 1), *B = example_random(n * n, 2), *C = calloc(n * n, sizeof *C);
    for (size_t i = 0; i < n * n; i++) /* B near the identity keeps B^p bounded */
        B[i] = B[i] / (double)n + (i % (n + 1) == 0);
    hetla_data *a, *b, *c, *x, *t;
    TRY(hetla_matrix_register(ctx, A, n, n, n, HETLA_DOUBLE, &a));
    TRY(hetla_matrix_register(ctx, B, n, n, n, HETLA_DOUBLE, &b));
    TRY(hetla_matrix_register(ctx, C, n, n, n, HETLA_DOUBLE, &c));
    TRY(hetla_data_create(ctx, n, n, HETLA_DOUBLE, &x)); /* device-only work matrices */
    TRY(hetla_data_create(ctx, n, n, HETLA_DOUBLE, &t));
    TRY(hetla_dlacpy_task(ctx, NULL, a, x));
    for (size_t k = 0; k < p; k++) {
        TRY(hetla_dgemm_task(ctx, NULL, HETLA_NO_TRANS, HETLA_NO_TRANS, 1.0, x, b, 0.0, t)); /* T = X B */
        TRY(hetla_dlacpy_task(ctx, NULL, t, x));                                              /* X = T */
    }
    TRY(hetla_dlacpy_task(ctx, NULL, x, c));
    TRY(hetla_wait_all(ctx));

    TRY(hetla_data_unregister(c)); /* brings C home */

    /* the same on the host, plain loops */
    double *ref = malloc(n * n * sizeof *ref), *tmp = malloc(n * n * sizeof *tmp);
    memcpy(ref, A, n * n * sizeof *ref);
    for (size_t k = 0; k < p; k++) {
        memset(tmp, 0, n * n * sizeof *tmp);
        for (size_t j = 0; j < n; j++)
            for (size_t l = 0; l < n; l++)
                for (size_t i = 0; i < n; i++)
                    tmp[j * n + i] += ref[l * n + i] * B[j * n + l];
        memcpy(ref, tmp, n * n * sizeof *ref);
    }
    double err = 0, norm = 0;
    for (size_t i = 0; i < n * n; i++)
        err = fmax(err, fabs(C[i] - ref[i])), norm = fmax(norm, fabs(ref[i]));
    err /= norm * (double)(n * p) * DBL_EPSILON;
    example_report(ctx, "matrix_power", err, 10);
    TRY(hetla_data_unregister(a));
    TRY(hetla_data_unregister(b));
    TRY(hetla_data_unregister(x));
    TRY(hetla_data_unregister(t));
    TRY(hetla_context_destroy(ctx));
    free(A), free(B), free(C), free(ref), free(tmp);
    return err <= 10 ? 0 : 1;
}
