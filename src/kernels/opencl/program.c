/* The program cache of an OpenCL device: hetla's own OpenCL C kernels are
 * compiled at first use (a compiler run costs from milliseconds on GPUs to
 * a second on PoCL) and kept per device, source, build options and kernel
 * name for the life of the device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devices/opencl/opencl_internal.h"

struct hetla__ocl_program {
    const char *source; /**< identity: sources are static strings */
    char options[128];
    char kernel[64];
    cl_program program; /**< one reference per entry */
    cl_kernel k;
    hetla__ocl_program *next;
};

/* The build log, as much as the detail of a failure can carry. */
static void build_log(cl_program p, cl_device_id d, char *log, size_t len)
{
    size_t got = 0;
    log[0] = 0;
    if (clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, len - 1, log, &got) != CL_SUCCESS) {
        /* longer than the buffer: take the whole and keep its start */
        char *all = got ? malloc(got) : NULL;
        if (all && clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, got, all, NULL) == CL_SUCCESS) {
            memcpy(log, all, len - 1);
            log[len - 1] = 0;
        }
        free(all);
    }
}

static hetla_status build(const hetla__ocl_queue *q, const char *source, const char *options, const char *kernel,
                          cl_program *out)
{
    cl_int e;
    cl_program p = clCreateProgramWithSource(q->context, 1, &source, NULL, &e);
    if (e != CL_SUCCESS)
        return hetla__ocl_check(e, "clCreateProgramWithSource", q->index);
    e = clBuildProgram(p, 1, &q->device, options, NULL, NULL);
    if (e == CL_SUCCESS) {
        *out = p;
        return HETLA_SUCCESS;
    }
    char log[400];
    build_log(p, q->device, log, sizeof log);
    clReleaseProgram(p);
    return hetla__fail(HETLA_ERR_BACKEND, "OpenCL kernel '%s' failed to build on opencl:%d (%s, options '%s'); build log:\n%s",
                       kernel, q->index, hetla__ocl_error_name(e), options, log);
}

static hetla__ocl_program *find(hetla__ocl_dev *od, const char *source, const char *options, const char *kernel)
{
    for (hetla__ocl_program *p = od->programs; p; p = p->next)
        if (p->source == source && !strcmp(p->options, options) && (!kernel || !strcmp(p->kernel, kernel)))
            return p;
    return NULL;
}

hetla_status hetla__ocl_kernel(const hetla__ocl_queue *q, const char *source, const char *options, const char *kernel,
                               cl_kernel *out)
{
    hetla__ocl_dev *od = q->dev;
    if (strlen(options) >= sizeof od->programs->options || strlen(kernel) >= sizeof od->programs->kernel)
        return hetla__fail(HETLA_ERR_INTERNAL, "OpenCL kernel '%s': name or options too long", kernel);
    pthread_mutex_lock(&od->lock);
    hetla__ocl_program *hit = find(od, source, options, kernel);
    if (hit) {
        *out = hit->k;
        pthread_mutex_unlock(&od->lock);
        return HETLA_SUCCESS;
    }
    hetla__ocl_program *e = calloc(1, sizeof *e);
    hetla__ocl_program *same = find(od, source, options, NULL); /* the program, built for another kernel */
    hetla_status s = e ? HETLA_SUCCESS : hetla__fail(HETLA_ERR_NO_MEMORY, "out of host memory (program cache)");
    if (!s && same && clRetainProgram(same->program) == CL_SUCCESS)
        e->program = same->program;
    else if (!s)
        s = build(q, source, options, kernel, &e->program);
    cl_int err = CL_SUCCESS;
    if (!s) {
        e->k = clCreateKernel(e->program, kernel, &err);
        s = err == CL_SUCCESS ? HETLA_SUCCESS
                              : hetla__fail(HETLA_ERR_BACKEND, "OpenCL kernel '%s' not found in its program on opencl:%d: %s",
                                            kernel, q->index, hetla__ocl_error_name(err));
    }
    if (s) {
        if (e && e->program)
            clReleaseProgram(e->program);
        free(e);
    } else {
        e->source = source;
        strcpy(e->options, options);
        strcpy(e->kernel, kernel);
        e->next = od->programs;
        od->programs = e;
        *out = e->k;
    }
    pthread_mutex_unlock(&od->lock);
    return s;
}

hetla_status hetla__ocl_set_args(const hetla__ocl_queue *q, cl_kernel k, const hetla__ocl_arg *args, cl_uint n,
                                 const char *name)
{
    cl_int e = CL_SUCCESS;
    for (cl_uint i = 0; i < n && e == CL_SUCCESS; i++)
        e = clSetKernelArg(k, i, args[i].size, args[i].v);
    if (e == CL_SUCCESS)
        return HETLA_SUCCESS;
    char call[64];
    snprintf(call, sizeof call, "clSetKernelArg (%s)", name);
    return hetla__ocl_check(e, call, q->index);
}

hetla_status hetla__ocl_run(const hetla__ocl_queue *q, cl_kernel k, const char *name, cl_uint dims,
                            const size_t *global, const size_t *local)
{
    cl_int e = clEnqueueNDRangeKernel(q->queue, k, dims, NULL, global, local, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        return HETLA_SUCCESS;
    return hetla__fail(HETLA_ERR_BACKEND, "OpenCL kernel '%s' failed to launch on opencl:%d: %s (%d)", name, q->index,
                       hetla__ocl_error_name(e), (int)e);
}

void hetla__ocl_programs_free(hetla__ocl_dev *od)
{
    while (od->programs) {
        hetla__ocl_program *p = od->programs;
        od->programs = p->next;
        clReleaseKernel(p->k);
        clReleaseProgram(p->program);
        free(p);
    }
}
