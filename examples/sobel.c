/* A Sobel edge filter, the portable-BLAS case study that mixes the
 * programmer's kernels with library ones: two user stencil kernels give
 * |Gx| and |Gy| of an image, and AXPY adds them into the edge magnitude
 * |Gx| + |Gy|. Runs on the devices of HETLA_DEVICES; checked on the host. */
#include <math.h>
#include <string.h>

#include "example.h"

typedef struct {
    size_t rows, cols; /* the image, column-major, in a rows*cols vector */
} image_shape;

/* |gradient| along one direction at interior pixels, 0 on the border. */
static double gradient(const double *p, size_t rows, size_t i, size_t j, int dir)
{
#define P(di, dj) p[(j + (size_t)(dj)) * rows + i + (size_t)(di)]
    if (dir == 0)
        return fabs(P(-1, 1) + 2 * P(0, 1) + P(1, 1) - P(-1, -1) - 2 * P(0, -1) - P(1, -1));
    return fabs(P(1, -1) + 2 * P(1, 0) + P(1, 1) - P(-1, -1) - 2 * P(-1, 0) - P(-1, 1));
#undef P
}

static void stencil(const hetla_exec *x, int dir)
{
    image_shape s;
    memcpy(&s, x->args, sizeof s);
    const double *in = x->buf[0].ptr;
    double *out = x->buf[1].ptr;
    for (size_t j = 0; j < s.cols; j++)
        for (size_t i = 0; i < s.rows; i++)
            out[j * s.rows + i] =
                i == 0 || j == 0 || i + 1 == s.rows || j + 1 == s.cols ? 0 : gradient(in, s.rows, i, j, dir);
}

static hetla_status sobel_x(const hetla_exec *x)
{
    stencil(x, 0);
    return HETLA_SUCCESS;
}

static hetla_status sobel_y(const hetla_exec *x)
{
    stencil(x, 1);
    return HETLA_SUCCESS;
}

int main(int argc, char **argv)
{
    size_t rows = argc > 1 ? strtoul(argv[1], NULL, 10) : 480, cols = argc > 2 ? strtoul(argv[2], NULL, 10) : 640;
    size_t n = rows * cols;
    hetla_context *ctx;
    TRY(hetla_context_create(NULL, &ctx));
    hetla_kernel *kx, *ky;
    TRY(hetla_kernel_create(ctx, "sobel_x", &kx));
    TRY(hetla_kernel_add(kx, HETLA_CLASS_CPU_NATIVE, sobel_x));
    TRY(hetla_kernel_create(ctx, "sobel_y", &ky));
    TRY(hetla_kernel_add(ky, HETLA_CLASS_CPU_NATIVE, sobel_y));

    double *img = example_random(n, 1), *edges = malloc(n * sizeof *edges);
    hetla_data *himg, *hgx, *hedges;
    TRY(hetla_vector_register(ctx, img, n, HETLA_DOUBLE, &himg));
    TRY(hetla_vector_register(ctx, edges, n, HETLA_DOUBLE, &hedges));
    TRY(hetla_data_create(ctx, n, 1, HETLA_DOUBLE, &hgx)); /* never needed on the host */
    image_shape shape = {rows, cols};
    hetla_task_arg to_gx[] = {{himg, HETLA_R}, {hgx, HETLA_W}}, to_edges[] = {{himg, HETLA_R}, {hedges, HETLA_W}};
    TRY(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = kx, .data = to_gx, .ndata = 2, .args = &shape,
                                                   .args_size = sizeof shape}));
    TRY(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = ky, .data = to_edges, .ndata = 2, .args = &shape,
                                                   .args_size = sizeof shape}));
    TRY(hetla_daxpy_task(ctx, NULL, 1.0, hgx, hedges)); /* edges = |Gy| + |Gx| */
    TRY(hetla_data_unregister(hedges));
    TRY(hetla_data_unregister(hgx));
    TRY(hetla_data_unregister(himg));

    double err = 0;
    for (size_t j = 1; j + 1 < cols; j++)
        for (size_t i = 1; i + 1 < rows; i++) {
            double want = gradient(img, rows, i, j, 0) + gradient(img, rows, i, j, 1);
            err = fmax(err, fabs(edges[j * rows + i] - want) / fmax(1.0, fabs(want)));
        }
    for (size_t i = 0; i < rows; i++) /* the border is zero */
        err = fmax(err, fabs(edges[i]) + fabs(edges[(cols - 1) * rows + i]));
    example_report(ctx, "sobel", err, 1e-13);
    TRY(hetla_context_destroy(ctx));
    free(img), free(edges);
    return err <= 1e-13 ? 0 : 1;
}
