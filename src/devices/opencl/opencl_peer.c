/* The vendor peer of `hetla bench gemm --devices opencl`: CLBlastDgemm on
 * the same host data, timed host to host (A and B written, C read back,
 * from the caller's memory as it is, as hetla's synchronous call does) and
 * device-resident; and device-resident on hetla's own buffers, context
 * and queue. Exported for the `hetla` command, which finds them through
 * hetla__backend_symbol. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <clblast_c.h>

#include "devices/opencl/opencl_internal.h"
#include "runtime/runtime.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct {
    cl_context context;
    cl_command_queue queue;
    cl_mem A, B, C;
} peer;

/* One timed run in seconds (negative on failure); @p host adds the copies. */
static double run(peer *p, int n, const double *A, const double *B, double *C, int host)
{
    size_t un = (size_t)n, bytes = un * un * sizeof(double);
    double t0 = now();
    cl_int e = CL_SUCCESS;
    if (host) {
        e = clEnqueueWriteBuffer(p->queue, p->A, CL_FALSE, 0, bytes, A, 0, NULL, NULL);
        if (e == CL_SUCCESS)
            e = clEnqueueWriteBuffer(p->queue, p->B, CL_FALSE, 0, bytes, B, 0, NULL, NULL);
    }
    if (e == CL_SUCCESS &&
        CLBlastDgemm(CLBlastLayoutColMajor, CLBlastTransposeNo, CLBlastTransposeNo, un, un, un, 1.0, p->A, 0, un,
                     p->B, 0, un, 0.0, p->C, 0, un, &p->queue, NULL) != CLBlastSuccess)
        e = CL_INVALID_OPERATION;
    if (e == CL_SUCCESS && host)
        e = clEnqueueReadBuffer(p->queue, p->C, CL_FALSE, 0, bytes, C, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clFinish(p->queue);
    return e == CL_SUCCESS ? now() - t0 : -1;
}

/* The median of @p reps runs (after a warm-up, where CLBlast compiles its
 * kernels), in seconds, into @p median; @p t holds reps. @return 0, or 1
 * if a run failed. */
static int timed(peer *p, int n, const double *A, const double *B, double *C, int host, int reps, double *t,
                 double *median)
{
    run(p, n, A, B, C, host);
    for (int r = 0; r < reps; r++)
        if ((t[r] = run(p, n, A, B, C, host)) < 0)
            return 1;
    qsort(t, (size_t)reps, sizeof *t, cmp);
    *median = t[reps / 2];
    return 0;
}

__attribute__((visibility("default"))) int hetla_opencl_peer_dgemm(int device, int n, const double *A,
                                                                    const double *B, double *C, int reps,
                                                                    double *host_s, double *dev_s, char *err,
                                                                    size_t errlen);

int hetla_opencl_peer_dgemm(int device, int n, const double *A, const double *B, double *C, int reps, double *host_s,
                            double *dev_s, char *err, size_t errlen)
{
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    cl_platform_id platform;
    cl_device_id d = hetla__ocl_device_at(device, &platform);
    peer p = {0};
    cl_int e = d ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
    if (e == CL_SUCCESS)
        p.context = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    if (e == CL_SUCCESS)
        p.queue = clCreateCommandQueue(p.context, d, 0, &e);
    cl_mem *bufs[] = {&p.A, &p.B, &p.C};
    for (int i = 0; i < 3 && e == CL_SUCCESS; i++)
        *bufs[i] = clCreateBuffer(p.context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    double *t = calloc((size_t)reps, sizeof *t);
    int rc = e != CL_SUCCESS || !t;
    if (rc)
        snprintf(err, errlen, "CLBlast peer setup failed: %s", hetla__ocl_error_name(e));
    for (int mode = 1; mode >= 0 && !rc; mode--) {
        double *out = mode ? host_s : dev_s; /* NULL: that way not asked for */
        if (out && timed(&p, n, A, B, C, mode, reps, t, out))
            rc = 1, snprintf(err, errlen, "CLBlast peer run failed");
    }
    for (int i = 0; i < 3; i++)
        if (*bufs[i])
            clReleaseMemObject(*bufs[i]);
    if (p.queue)
        clReleaseCommandQueue(p.queue);
    if (p.context)
        clReleaseContext(p.context);
    free(t);
    return rc;
}

__attribute__((visibility("default"))) int hetla_opencl_peer_dgemm_replicas(hetla_context *ctx, hetla_data *A,
                                                                            hetla_data *B, hetla_data *C, int reps,
                                                                            double *dev_s, char *err, size_t errlen);

/* C := A B by CLBlastDgemm, median seconds of @p reps, on the buffers of
 * hetla's replicas of n x n @p A, @p B, @p C on the OpenCL device that
 * holds valid ones (after hetla's device-resident runs, no task running),
 * through the device's own queue: the direct call on the very buffers,
 * context and queue that hetla's task used, which no other peer can be. */
int hetla_opencl_peer_dgemm_replicas(hetla_context *ctx, hetla_data *A, hetla_data *B, hetla_data *C, int reps,
                                     double *dev_s, char *err, size_t errlen)
{
    const hetla__device *dev = NULL;
    for (int d = 0; d < ctx->ndevices && !dev; d++) {
        int k = ctx->devices[d].node;
        if (ctx->devices[d].type == HETLA_DEVICE_OPENCL && A->rep[k].state != HETLA__INVALID &&
            B->rep[k].state != HETLA__INVALID && C->rep[k].state != HETLA__INVALID)
            dev = &ctx->devices[d];
    }
    double *t = calloc((size_t)reps, sizeof *t);
    if (!dev || !t) {
        free(t);
        snprintf(err, errlen, "no OpenCL device holds valid replicas of A, B and C");
        return 1;
    }
    const hetla__ocl_dev *od = dev->impl;
    /* replicas are compact (ld = n), as the peer's own buffers */
    peer p = {
        .queue = od->host_queue, .A = A->rep[dev->node].ptr, .B = B->rep[dev->node].ptr, .C = C->rep[dev->node].ptr};
    int rc = timed(&p, (int)C->n, NULL, NULL, NULL, 0, reps, t, dev_s);
    if (rc)
        snprintf(err, errlen, "CLBlast on hetla's buffers failed");
    free(t);
    return rc;
}
