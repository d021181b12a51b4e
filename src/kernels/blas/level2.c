/* The level-2 operations, registered in every precision. */
#include "kernels/blas/level2.h"

hetla_status hetla__blas2_register(hetla_context *ctx)
{
    static hetla_status (*const reg[])(hetla_context *) = {
        hetla__sgemv_register,  hetla__dgemv_register,  hetla__cgemv_register,  hetla__zgemv_register,
        hetla__sgbmv_register,  hetla__dgbmv_register,  hetla__cgbmv_register,  hetla__zgbmv_register,
        hetla__ssymv_register,  hetla__dsymv_register,  hetla__chemv_register,  hetla__zhemv_register,
        hetla__ssbmv_register,  hetla__dsbmv_register,  hetla__chbmv_register,  hetla__zhbmv_register,
        hetla__sspmv_register,  hetla__dspmv_register,  hetla__chpmv_register,  hetla__zhpmv_register,
        hetla__strmv_register,  hetla__dtrmv_register,  hetla__ctrmv_register,  hetla__ztrmv_register,
        hetla__stbmv_register,  hetla__dtbmv_register,  hetla__ctbmv_register,  hetla__ztbmv_register,
        hetla__stpmv_register,  hetla__dtpmv_register,  hetla__ctpmv_register,  hetla__ztpmv_register,
        hetla__strsv_register,  hetla__dtrsv_register,  hetla__ctrsv_register,  hetla__ztrsv_register,
        hetla__stbsv_register,  hetla__dtbsv_register,  hetla__ctbsv_register,  hetla__ztbsv_register,
        hetla__stpsv_register,  hetla__dtpsv_register,  hetla__ctpsv_register,  hetla__ztpsv_register,
        hetla__sger_register,   hetla__dger_register,   hetla__cgerc_register,  hetla__zgerc_register,
        hetla__cgeru_register,  hetla__zgeru_register,
        hetla__ssyr_register,   hetla__dsyr_register,   hetla__cher_register,   hetla__zher_register,
        hetla__sspr_register,   hetla__dspr_register,   hetla__chpr_register,   hetla__zhpr_register,
        hetla__ssyr2_register,  hetla__dsyr2_register,  hetla__cher2_register,  hetla__zher2_register,
        hetla__sspr2_register,  hetla__dspr2_register,  hetla__chpr2_register,  hetla__zhpr2_register,
    };
    for (size_t i = 0; i < sizeof reg / sizeof *reg; i++) {
        hetla_status s = reg[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}
