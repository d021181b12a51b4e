/* The vendor peer of `hetla bench gemm --devices opencl`: CLBlastDgemm on
 * the same host data, timed host to host (A and B written, C read back,
 * from the caller's memory as it is, as hetla's synchronous call does) and
 * device-resident. Exported for the `hetla` command, which finds it
 * through hetla__backend_symbol. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <clblast_c.h>

#include "devices/opencl/opencl_internal.h"

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
        if (!(mode ? host_s : dev_s)) /* that way not asked for */
            continue;
        run(&p, n, A, B, C, mode); /* warm-up: CLBlast compiles its kernels here */
        for (int r = 0; r < reps && !rc; r++)
            if ((t[r] = run(&p, n, A, B, C, mode)) < 0)
                rc = 1, snprintf(err, errlen, "CLBlast peer run failed");
        qsort(t, (size_t)reps, sizeof *t, cmp);
        *(mode ? host_s : dev_s) = t[reps / 2];
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
