/* The OPENCL_CLBLAST class's registry and CLBlast's statuses. */
#include "kernels/clblast/clblast.h"

hetla_status hetla__clblast_check(CLBlastStatusCode st, const char *call, const hetla__ocl_queue *q)
{
    if (st == CLBlastSuccess)
        return HETLA_SUCCESS;
    /* CLBlast's own codes lie at -1024 .. -2048; above, they are OpenCL's. */
    const char *what = st > -1000 ? hetla__ocl_error_name((cl_int)st)
                       : st == CLBlastNotImplemented ? "not implemented by CLBlast"
                       : st == CLBlastNoDoublePrecision ? "the device has no double precision"
                       : st == CLBlastNoHalfPrecision ? "the device has no half precision"
                                                       : "a CLBlast argument or buffer check failed";
    return hetla__fail(HETLA_ERR_BACKEND, "%s on opencl:%d failed: %s (CLBlast status %d)", call, q->index, what,
                       (int)st);
}

hetla_status hetla__clblast_add(hetla_context *ctx, const char *op, hetla_kernel_fn fn)
{
    hetla_kernel *k;
    hetla_status s = hetla_kernel_find(ctx, op, &k);
    return s ? s : hetla_kernel_add(k, HETLA_CLASS_OPENCL_CLBLAST, fn);
}

static hetla_status (*const families[])(hetla_context *ctx) = {
    hetla__sgemm_clblast_register, hetla__dgemm_clblast_register, hetla__cgemm_clblast_register,
    hetla__zgemm_clblast_register, hetla__csymm_clblast_register,  hetla__zsymm_clblast_register,
};

hetla_status hetla__clblast_register(hetla_context *ctx)
{
    for (size_t i = 0; i < sizeof families / sizeof *families; i++) {
        hetla_status s = families[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}
