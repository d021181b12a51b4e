/* The level-3 operations, registered in every precision, and the pieces
 * their call forms and tiled algorithms share: option checks, error names,
 * flop counts. */
#include <stdarg.h>
#include <stdio.h>

#include "kernels/blas/level3.h"

static int is_real(hetla_dtype t) { return t == HETLA_FLOAT || t == HETLA_DOUBLE; }

hetla_status hetla__l3_error(const hetla__l3_routine *r, const char *form, int pos, const char *name, const char *fmt,
                             ...)
{
    char fn[64], why[192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(fn, sizeof fn, "hetla_%s%s", r->op, form);
    return hetla__arg_error(fn, pos, name, "%s", why);
}

static hetla_status bad_option(const hetla__l3_routine *r, const char *form, int pos, const char *name, int v,
                               const char *type)
{
    return hetla__l3_error(r, form, pos, name, "is %d, not a %s", v, type);
}

hetla_status hetla__symm_opts_check(const hetla__l3_routine *r, const char *form, int pos, const hetla__symm_args *a)
{
    if (!hetla__side_ok(a->side))
        return bad_option(r, form, pos, "side", (int)a->side, "hetla_side");
    if (!hetla__uplo_ok(a->uplo))
        return bad_option(r, form, pos + 1, "uplo", (int)a->uplo, "hetla_uplo");
    return HETLA_SUCCESS;
}

hetla_status hetla__rank_opts_check(const hetla__l3_routine *r, const char *form, int pos, const hetla__rank_args *a)
{
    if (!hetla__uplo_ok(a->uplo))
        return bad_option(r, form, pos, "uplo", (int)a->uplo, "hetla_uplo");
    if (!hetla__trans_ok(a->trans))
        return bad_option(r, form, pos + 1, "trans", (int)a->trans, "hetla_trans");
    /* The real routines take any transpose; the complex ones only theirs. */
    if (a->trans != HETLA_NO_TRANS && a->trans != r->star && !is_real(r->type))
        return hetla__l3_error(r, form, pos + 1, "trans", "is %s, must be HETLA_NO_TRANS or %s",
                               a->trans == HETLA_TRANS ? "HETLA_TRANS" : "HETLA_CONJ_TRANS",
                               r->star == HETLA_TRANS ? "HETLA_TRANS" : "HETLA_CONJ_TRANS");
    return HETLA_SUCCESS;
}

hetla_status hetla__trxm_opts_check(const hetla__l3_routine *r, const char *form, int pos, const hetla__trxm_args *a)
{
    if (!hetla__side_ok(a->side))
        return bad_option(r, form, pos, "side", (int)a->side, "hetla_side");
    if (!hetla__uplo_ok(a->uplo))
        return bad_option(r, form, pos + 1, "uplo", (int)a->uplo, "hetla_uplo");
    if (!hetla__trans_ok(a->transa))
        return bad_option(r, form, pos + 2, "transa", (int)a->transa, "hetla_trans");
    if (!hetla__diag_ok(a->diag))
        return bad_option(r, form, pos + 3, "diag", (int)a->diag, "hetla_diag");
    return HETLA_SUCCESS;
}

const char *hetla__l3_gemm_op(hetla_dtype t)
{
    static const char *const op[] = {[HETLA_FLOAT] = "sgemm", [HETLA_DOUBLE] = "dgemm",
                                     [HETLA_COMPLEX] = "cgemm", [HETLA_ZCOMPLEX] = "zgemm"};
    return op[t];
}

const char *hetla__l3_scale_op(hetla_dtype t)
{
    static const char *const op[] = {[HETLA_FLOAT] = "sgescal", [HETLA_DOUBLE] = "dgescal",
                                     [HETLA_COMPLEX] = "cgescal", [HETLA_ZCOMPLEX] = "zgescal"};
    return op[t];
}

/* ---- flop counts (LAWN 41), as multiply-adds times their cost ---------- */

static hetla__flops fma_flops(const hetla_buffer *b) { return is_real(b->type) ? 2 : 8; }

hetla__flops hetla__symm_flops(const hetla_exec *x)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    hetla__flops m = (hetla__flops)x->buf[2].m, n = (hetla__flops)x->buf[2].n;
    return fma_flops(&x->buf[2]) * m * n * (a.side == HETLA_LEFT ? m : n);
}

hetla__flops hetla__rank_flops(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__flops n = (hetla__flops)b.C->m, k = (hetla__flops)b.k;
    return fma_flops(b.C) * k * (x->nbuf == 3 ? n * n : n * (n + 1) / 2);
}

hetla__flops hetla__trxm_flops(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    hetla__flops m = (hetla__flops)x->buf[1].m, n = (hetla__flops)x->buf[1].n;
    hetla__flops tri = a.side == HETLA_LEFT ? m * (m + 1) / 2 * n : n * (n + 1) / 2 * m;
    return fma_flops(&x->buf[1]) * tri;
}

/* ---- registration --------------------------------------------------------- */

hetla_status hetla__blas3_register(hetla_context *ctx)
{
    static hetla_status (*const reg[])(hetla_context *) = {
        hetla__sgescal_register, hetla__dgescal_register, hetla__cgescal_register, hetla__zgescal_register,
        hetla__sgemm_register,   hetla__dgemm_register,   hetla__cgemm_register,   hetla__zgemm_register,
        hetla__ssymm_register,   hetla__dsymm_register,   hetla__chemm_register,   hetla__zhemm_register,
        hetla__csymm_register,   hetla__zsymm_register,
        hetla__ssyrk_register,   hetla__dsyrk_register,   hetla__cherk_register,   hetla__zherk_register,
        hetla__csyrk_register,   hetla__zsyrk_register,
        hetla__ssyr2k_register,  hetla__dsyr2k_register,  hetla__cher2k_register,  hetla__zher2k_register,
        hetla__csyr2k_register,  hetla__zsyr2k_register,
        hetla__strmm_register,   hetla__dtrmm_register,   hetla__ctrmm_register,   hetla__ztrmm_register,
        hetla__strsm_register,   hetla__dtrsm_register,   hetla__ctrsm_register,   hetla__ztrsm_register,
    };
    for (size_t i = 0; i < sizeof reg / sizeof *reg; i++) {
        hetla_status s = reg[i](ctx);
        if (s)
            return s;
    }
    return HETLA_SUCCESS;
}
