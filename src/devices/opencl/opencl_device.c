/* OpenCL devices: the process-wide enumeration (every platform's devices,
 * in the ICD loader's order, as opencl:0, opencl:1, ...), opening one
 * (a context and a queue for copies from any thread) and closing it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devices/opencl/opencl_internal.h"

enum { MAX_PLATFORMS = 16 };

static struct {
    pthread_once_t once;
    int count;
    cl_device_id device[HETLA__MAX_DEVICES];
    cl_platform_id platform[HETLA__MAX_DEVICES];
    cl_int error;      /**< clGetPlatformIDs's, when it failed */
    int nplatforms;
} found = {.once = PTHREAD_ONCE_INIT};

/* Devices do not come and go while a process runs (the loader reads its
 * ICDs once), so they are listed once. */
static void enumerate(void)
{
    cl_platform_id p[MAX_PLATFORMS];
    cl_uint np = 0;
    found.error = clGetPlatformIDs(MAX_PLATFORMS, p, &np);
    if (found.error != CL_SUCCESS)
        return;
    found.nplatforms = (int)np;
    for (cl_uint i = 0; i < np && found.count < HETLA__MAX_DEVICES; i++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, HETLA__MAX_DEVICES - found.count,
                           found.device + found.count, &nd) != CL_SUCCESS)
            continue; /* CL_DEVICE_NOT_FOUND: a platform without devices */
        for (cl_uint d = 0; d < nd; d++)
            found.platform[found.count + d] = p[i];
        found.count += (int)nd;
    }
}

cl_device_id hetla__ocl_device_at(int index, cl_platform_id *platform)
{
    pthread_once(&found.once, enumerate);
    if (index < 0 || index >= found.count)
        return NULL;
    if (platform)
        *platform = found.platform[index];
    return found.device[index];
}

int hetla__ocl_probe(char *why, size_t whylen)
{
    pthread_once(&found.once, enumerate);
    if (found.count > 0)
        return found.count;
    if (found.error == CL_PLATFORM_NOT_FOUND_KHR || (found.error == CL_SUCCESS && found.nplatforms == 0))
        snprintf(why, whylen, "no OpenCL platform: the ICD loader finds no driver in /etc/OpenCL/vendors "
                              "(install pocl-opencl-icd or a GPU vendor's OpenCL driver)");
    else if (found.error != CL_SUCCESS)
        snprintf(why, whylen, "clGetPlatformIDs failed: %s", hetla__ocl_error_name(found.error));
    else
        snprintf(why, whylen, "%d OpenCL platform(s), none with a device", found.nplatforms);
    return 0;
}

int hetla__ocl_in_all(int index)
{
    cl_device_type type = 0;
    cl_device_id d = hetla__ocl_device_at(index, NULL);
    return d && clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL) == CL_SUCCESS &&
           !(type & CL_DEVICE_TYPE_CPU);
}

/* Peak estimate: compute units x clock x 2 flops x the double vector width
 * the device prefers; it is only a weight for schedulers, never a figure
 * reported as measured. */
static hetla_status describe(hetla__device *dev, hetla__ocl_dev *od)
{
    char name[96] = "", platform[64] = "";
    cl_uint units = 0, mhz = 0, width = 0;
    cl_ulong mem = 0, max_alloc = 0;
    cl_int e = clGetDeviceInfo(od->device, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
    if (e == CL_SUCCESS)
        e = clGetPlatformInfo(od->platform, CL_PLATFORM_NAME, sizeof platform - 1, platform, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, sizeof width, &width, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc, &max_alloc, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof od->local_mem, &od->local_mem, NULL);
    if (e == CL_SUCCESS)
        e = clGetDeviceInfo(od->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof od->max_group, &od->max_group, NULL);
    if (e != CL_SUCCESS)
        return hetla__ocl_check(e, "clGetDeviceInfo", dev->index);
    dev->memory_bytes = (size_t)mem;
    dev->peak_gflops = 1e-3 * units * mhz * 2.0 * (width ? width : 1);
    cl_device_type type = 0;
    dev->host_cores = clGetDeviceInfo(od->device, CL_DEVICE_TYPE, sizeof type, &type, NULL) == CL_SUCCESS &&
                      (type & CL_DEVICE_TYPE_CPU);
    snprintf(dev->name, sizeof dev->name, "opencl:%d %.64s (%.28s, %u CUs, %.1f GiB)", dev->index, name, platform,
             units, (double)mem / (1 << 30));
    od->max_alloc = (size_t)max_alloc;
    od->units = units;
    return HETLA_SUCCESS;
}

hetla_status hetla__ocl_init(hetla__device *dev)
{
    hetla__ocl_dev *od = calloc(1, sizeof *od);
    if (!od)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "opencl:%d: out of host memory", dev->index);
    od->index = dev->index;
    od->device = hetla__ocl_device_at(dev->index, &od->platform);
    pthread_mutex_init(&od->lock, NULL);
    dev->impl = od;
    hetla_status s = od->device ? HETLA_SUCCESS
                                : hetla__fail(HETLA_ERR_NO_DEVICE, "opencl:%d: no such device", dev->index);
    cl_int e = CL_SUCCESS;
    if (!s) {
        cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)od->platform, 0};
        od->context = clCreateContext(props, 1, &od->device, NULL, NULL, &e);
        s = hetla__ocl_check(e, "clCreateContext", dev->index);
    }
    if (!s) {
        od->host_queue = clCreateCommandQueue(od->context, od->device, 0, &e);
        s = hetla__ocl_check(e, "clCreateCommandQueue", dev->index);
    }
    if (!s)
        s = describe(dev, od);
    /* capped at the device's memory: cached buffers are trimmed before
     * more is asked for than the device has */
    if (!s && hetla__cache_init(&od->cache, hetla__ocl_raw_alloc, hetla__ocl_raw_free, od, dev->memory_bytes))
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "opencl:%d: out of host memory", dev->index);
    if (s)
        hetla__ocl_fini(dev);
    return s;
}

void hetla__ocl_fini(hetla__device *dev)
{
    hetla__ocl_dev *od = dev->impl;
    if (!od)
        return;
    hetla__ocl_programs_free(od);
    hetla__cache_destroy(&od->cache); /* every buffer, also those of data never unregistered */
    if (od->host_queue)
        clReleaseCommandQueue(od->host_queue);
    if (od->context)
        clReleaseContext(od->context);
    pthread_mutex_destroy(&od->lock);
    free(od);
    dev->impl = NULL;
}
