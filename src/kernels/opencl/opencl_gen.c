/* The OPENCL_GEN class's registry: one row per family and precision. */
#include "kernels/opencl/opencl_gen.h"

hetla_status hetla__ocl_gen_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    return s ? s : hetla_kernel_add(k, HETLA_CLASS_OPENCL_GEN, fn);
}

static hetla_status (*const families[])(hetla_context *ctx) = {
    hetla__sgescal_opencl_register,
    hetla__dgescal_opencl_register,
    hetla__cgescal_opencl_register,
    hetla__zgescal_opencl_register,
};

hetla_status hetla__ocl_gen_register(hetla_context *ctx)
{
    for (size_t i = 0; i < sizeof families / sizeof *families; i++) {
        hetla_status s = families[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}
