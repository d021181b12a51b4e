/* The level-1 operations, registered in every precision, and the argument
 * checks their synchronous calls and task forms share. */
#include "kernels/blas/level1.h"

hetla_status hetla__blas1_register(hetla_context *ctx)
{
    static hetla_status (*const reg[])(hetla_context *) = {
        hetla__srot_register,   hetla__drot_register,   hetla__csrot_register,  hetla__zdrot_register,
        hetla__sswap_register,  hetla__dswap_register,  hetla__cswap_register,  hetla__zswap_register,
        hetla__sscal_register,  hetla__dscal_register,  hetla__cscal_register,  hetla__zscal_register,
        hetla__csscal_register, hetla__zdscal_register, hetla__scopy_register,  hetla__dcopy_register,
        hetla__ccopy_register,  hetla__zcopy_register,  hetla__saxpy_register,  hetla__daxpy_register,
        hetla__caxpy_register,  hetla__zaxpy_register,  hetla__sdot_register,   hetla__ddot_register,
        hetla__cdotc_register,  hetla__zdotc_register,  hetla__cdotu_register,  hetla__zdotu_register,
        hetla__sdsdot_register, hetla__dsdot_register,  hetla__snrm2_register,  hetla__dnrm2_register,
        hetla__scnrm2_register, hetla__dznrm2_register, hetla__sasum_register,  hetla__dasum_register,
        hetla__scasum_register, hetla__dzasum_register, hetla__isamax_register, hetla__idamax_register,
        hetla__icamax_register, hetla__izamax_register, hetla__srotm_register,  hetla__drotm_register,
    };
    for (size_t i = 0; i < sizeof reg / sizeof *reg; i++) {
        hetla_status s = reg[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__l1_check(const char *fn, const hetla_context *ctx, hetla_int n)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    /* The reference BLAS returns silently; a negative length is a bug in
     * the caller, so hetla says so, as levels 2 and 3 do. */
    if (n < 0)
        return hetla__arg_error(fn, 2, "n", "is %lld, must be >= 0", (long long)n);
    return HETLA_SUCCESS;
}

hetla_status hetla__l1_check_vec(const char *fn, int pos, const char *name, const void *x, hetla_int n)
{
    return !x && n > 0 ? hetla__arg_error(fn, pos, name, "is NULL") : HETLA_SUCCESS;
}

hetla_status hetla__l1_check_ptr(const char *fn, int pos, const char *name, const void *p)
{
    return p ? HETLA_SUCCESS : hetla__arg_error(fn, pos, name, "is NULL");
}

hetla_status hetla__l1_task_vec(const char *fn, const hetla_context *ctx, int pos, hetla_data *x, hetla_dtype type,
                                hetla__vec_arg *ax)
{
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    return hetla__vec_handle(fn, pos, "x", x, type, ax);
}

hetla_status hetla__l1_task_vec2(const char *fn, const hetla_context *ctx, int pos, hetla_data *x, hetla_data *y,
                                 hetla_dtype type, hetla__vec_arg *ax, hetla__vec_arg *ay)
{
    hetla_status s = hetla__l1_task_vec(fn, ctx, pos, x, type, ax);
    if (!s)
        s = hetla__vec_handle(fn, pos + 1, "y", y, type, ay);
    if (!s && ay->n != ax->n)
        return hetla__arg_error(fn, pos + 1, "y", "has %lld entries, x has %lld", (long long)ay->n,
                                (long long)ax->n);
    return s;
}

hetla_status hetla__l1_task_result(const char *fn, int pos, hetla_data *r, hetla_dtype type)
{
    hetla__shape sh;
    hetla_status s = hetla__shape_get(fn, pos, "result", r, type, &sh);
    if (!s && (sh.m != 1 || sh.n != 1))
        return hetla__arg_error(fn, pos, "result", "is %zu x %zu, must be 1 x 1", sh.m, sh.n);
    return s;
}

hetla_status hetla__l1_reduce(hetla_context *ctx, const char *op, const void *x, hetla_int n, hetla_int incx,
                              hetla_dtype xtype, void *result, hetla_dtype rtype)
{
    hetla__vec1_args args;
    hetla__operand ops[2] = {hetla__vec_operand(x, n, incx, xtype, HETLA_R, &args.x),
                             {result, 1, 1, 1, rtype, HETLA_W}};
    return hetla__blas_run(ctx, op, ops, 2, &args, sizeof args, 1);
}

hetla_status hetla__l1_reduce_task(const char *fn, hetla_context *ctx, const hetla_task_opts *opts, const char *op,
                                   hetla_data *x, hetla_dtype xtype, hetla_data *result, hetla_dtype rtype)
{
    hetla__vec1_args args;
    hetla_status s = hetla__l1_task_vec(fn, ctx, 3, x, xtype, &args.x);
    if (!s)
        s = hetla__l1_task_result(fn, 4, result, rtype);
    if (s)
        return s;
    hetla_task_arg data[2] = {{x, HETLA_R}, {result, HETLA_W}};
    return hetla__blas_task(ctx, opts, op, data, 2, &args, sizeof args);
}
