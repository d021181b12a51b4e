/* The vendor peer of `hetla bench gemm --devices opencl`: CLBlastDgemm on
 * the same host data, one call at a time so that the bench can take turns
 * with hetla call by call: host to host (A and B written, C read back,
 * from the caller's memory as it is, as hetla's synchronous call does) or
 * device-resident on buffers of the peer's own context, both through
 * CLBlast's C call as a program would make it; and device-resident on
 * hetla's own buffers, context and queue, a class's kernel called as
 * hetla's implementation of that class calls it (CLBlast's: its GEMM with
 * a temporary buffer kept; OPENCL_GEN's: gen.cl's kernel, the very cached
 * kernel object), so that only the runtime's own cost differs. Exported
 * for the `hetla` command, which finds them through hetla__backend_symbol. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clblast_c.h>

#include "devices/opencl/opencl_internal.h"
#include "kernels/clblast/clblast_gemm.h"
#include "kernels/opencl/opencl_gen.h"
#include "runtime/runtime.h"

typedef struct {
    int n;
    cl_context context; /* NULL on hetla's buffers: not the peer's to release */
    cl_command_queue queue;
    cl_mem A, B, C;
    hetla__ocl_queue oq; /* on hetla's buffers: the queue as hetla's kernels see it, its scratch buffer */
    int gen;             /* on hetla's buffers: gen.cl's kernel rather than CLBlast's */
} peer;

HETLA__MODULE_EXPORT void hetla_opencl_peer_dgemm_close(void *handle);
HETLA__MODULE_EXPORT int hetla_opencl_peer_dgemm_open(int device, int n, void **handle, char *err, size_t errlen);
HETLA__MODULE_EXPORT double hetla_opencl_peer_dgemm_run(void *handle, const double *A, const double *B, double *C,
                                                        int host);
HETLA__MODULE_EXPORT int hetla_opencl_peer_dgemm_replicas(hetla_context *ctx, hetla_data *A, hetla_data *B,
                                                          hetla_data *C, const char *cls, void **handle, char *err,
                                                          size_t errlen);

void hetla_opencl_peer_dgemm_close(void *handle)
{
    peer *p = handle;
    if (!p)
        return;
    if (p->oq.scratch)
        (void)hetla__cache_free(&p->oq.dev->cache, p->oq.scratch);
    if (p->context) {
        cl_mem bufs[] = {p->A, p->B, p->C};
        for (int i = 0; i < 3; i++)
            if (bufs[i])
                clReleaseMemObject(bufs[i]);
        if (p->queue)
            clReleaseCommandQueue(p->queue);
        clReleaseContext(p->context);
    }
    free(p);
}

/* A context, queue and n x n buffers A, B, C of the peer's own on OpenCL
 * device @p device (hetla's numbering) into @p handle. */
int hetla_opencl_peer_dgemm_open(int device, int n, void **handle, char *err, size_t errlen)
{
    size_t bytes = (size_t)n * (size_t)n * sizeof(double);
    cl_platform_id platform;
    cl_device_id d = hetla__ocl_device_at(device, &platform);
    peer *p = calloc(1, sizeof *p);
    cl_int e = !p ? CL_OUT_OF_HOST_MEMORY : d ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
    if (e == CL_SUCCESS)
        p->n = n, p->context = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    if (e == CL_SUCCESS)
        p->queue = clCreateCommandQueue(p->context, d, 0, &e);
    cl_mem *bufs[] = {&p->A, &p->B, &p->C};
    for (int i = 0; i < 3 && e == CL_SUCCESS; i++)
        *bufs[i] = clCreateBuffer(p->context, CL_MEM_READ_WRITE, bytes, NULL, &e);
    if (e != CL_SUCCESS) {
        snprintf(err, errlen, "CLBlast peer setup failed: %s", hetla__ocl_error_name(e));
        hetla_opencl_peer_dgemm_close(p);
        p = NULL;
    }
    *handle = p;
    return !p;
}

/* One timed C := A B in seconds, negative on failure: @p host 1 writes A
 * and B from the host and reads C back, 0 keeps the buffers (device-
 * resident: a host run first puts A and B there). */
double hetla_opencl_peer_dgemm_run(void *handle, const double *A, const double *B, double *C, int host)
{
    peer *p = handle;
    size_t un = (size_t)p->n, bytes = un * un * sizeof(double);
    cl_command_queue q = p->queue;
    double t0 = hetla__now();
    cl_int e = CL_SUCCESS;
    if (host) {
        e = clEnqueueWriteBuffer(q, p->A, CL_FALSE, 0, bytes, A, 0, NULL, NULL);
        if (e == CL_SUCCESS)
            e = clEnqueueWriteBuffer(q, p->B, CL_FALSE, 0, bytes, B, 0, NULL, NULL);
    }
    if (e == CL_SUCCESS && p->gen) {
        hetla_buffer buf[3] = {{p->A, un, un, un, HETLA_DOUBLE}, {p->B, un, un, un, HETLA_DOUBLE},
                               {p->C, un, un, un, HETLA_DOUBLE}};
        hetla_exec x = {buf, 3, NULL, 0, -1, -1, &p->oq};
        double one = 1, zero = 0;
        hetla__ocl_gemm g = {.precision = "-D PRECISION_d",
                             .m = p->n,
                             .n = p->n,
                             .k = p->n,
                             .alpha = &one,
                             .beta = &zero,
                             .scalar = sizeof one};
        if (hetla__ocl_gemm_run(&x, &g))
            e = CL_INVALID_OPERATION;
    } else if (e == CL_SUCCESS) {
        CLBlastStatusCode st =
            p->oq.dev ? hetla__clblast_dgemm(CLBlastTransposeNo, CLBlastTransposeNo, un, un, un, 1.0, p->A, un, p->B,
                                             un, 0.0, p->C, un, &q, hetla__ocl_scratch, &p->oq)
                      : CLBlastDgemm(CLBlastLayoutColMajor, CLBlastTransposeNo, CLBlastTransposeNo, un, un, un, 1.0,
                                     p->A, 0, un, p->B, 0, un, 0.0, p->C, 0, un, &q, NULL);
        if (st != CLBlastSuccess)
            e = CL_INVALID_OPERATION;
    }
    if (e == CL_SUCCESS && host)
        e = clEnqueueReadBuffer(q, p->C, CL_FALSE, 0, bytes, C, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clFinish(q);
    return e == CL_SUCCESS ? hetla__now() - t0 : -1;
}

/* A peer on the buffers of hetla's replicas of n x n @p A, @p B, @p C on
 * the OpenCL device that holds valid ones (after hetla's device-resident
 * runs, no task running), with the device's own queue: the direct call of
 * class @p cls's kernel ("clblast", or "opencl_gen") on the very buffers,
 * context and queue that hetla's task used, which no other peer can be.
 * Run it device-resident only, while the data stays registered and unused
 * by tasks (gen.cl's kernel object is the worker's, idle then); close it
 * before unregistering. */
int hetla_opencl_peer_dgemm_replicas(hetla_context *ctx, hetla_data *A, hetla_data *B, hetla_data *C, const char *cls,
                                     void **handle, char *err, size_t errlen)
{
    int gen = !strcmp(cls, "opencl_gen");
    if (!gen && strcmp(cls, "clblast")) {
        snprintf(err, errlen, "no direct call of class '%s' on hetla's buffers", cls);
        *handle = NULL;
        return 1;
    }
    const hetla__device *dev = NULL;
    for (int d = 0; d < ctx->ndevices && !dev; d++) {
        int k = ctx->devices[d].node;
        if (ctx->devices[d].type == HETLA_DEVICE_OPENCL && A->rep[k].state != HETLA__INVALID &&
            B->rep[k].state != HETLA__INVALID && C->rep[k].state != HETLA__INVALID)
            dev = &ctx->devices[d];
    }
    peer *p = dev ? calloc(1, sizeof *p) : NULL;
    if (!p)
        snprintf(err, errlen, "no OpenCL device holds valid replicas of A, B and C");
    else { /* replicas are compact (ld = n), as the peer's own buffers */
        hetla__ocl_dev *od = dev->impl;
        int k = dev->node;
        *p = (peer){.n = (int)C->n,
                    .queue = od->host_queue,
                    .A = A->rep[k].ptr,
                    .B = B->rep[k].ptr,
                    .C = C->rep[k].ptr,
                    .gen = gen};
        p->oq = (hetla__ocl_queue){.queue = od->host_queue,
                                   .context = od->context,
                                   .device = od->device,
                                   .dev = od,
                                   .ctx = ctx,
                                   .index = od->index};
    }
    *handle = p;
    return !p;
}
