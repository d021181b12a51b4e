/* Level 2 in the OPENCL_CLBLAST class: "zgemv", "zgbmv", "zhemv", "zhbmv",
 * "zhpmv", "ztrmv", "ztbmv", "ztpmv", "ztrsv", "zgerc", "zgeru", "zher",
 * "zhpr", "zher2", "zhpr2" (real twins: gemv, gbmv, symv, sbmv, spmv, the
 * triangular ones, ger, syr, spr, syr2, spr2). Quick returns, alpha = 0
 * and beta = 0, negative and zero increments: clblast.c's *_prep; bands
 * of no off-diagonal (k = 0) run on the host.
 * @precisions normal z -> s d c
 */
#include "kernels/clblast/clblast.h"

#define COMPLEX

static hetla_status zgemv_clblast(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_mv_prep(x, &a, "zgemv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZgemv(HETLA__CLB_COL, hetla__clb_trans(a.trans), A->m, A->n, hetla__cl_z(a.alpha), A->ptr, 0, A->ld,
                     X->ptr, 0, hetla__clb_inc(X), hetla__cl_z(a.beta), Y->ptr, 0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZgemv", q);
}

static hetla_status zgbmv_clblast(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_mv_prep(x, &a, "zgbmv", &s))
        return s;
    hetla_int m = a.trans == HETLA_NO_TRANS ? a.y.n : a.x.n;
    CLBlastStatusCode st =
        CLBlastZgbmv(HETLA__CLB_COL, hetla__clb_trans(a.trans), (size_t)m, A->n, (size_t)a.kl, (size_t)a.ku,
                     hetla__cl_z(a.alpha), A->ptr, 0, A->ld, X->ptr, 0, hetla__clb_inc(X), hetla__cl_z(a.beta), Y->ptr,
                     0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZgbmv", q);
}

static hetla_status zhemv_clblast(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_mv_prep(x, &a, "zhemv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZhemv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, hetla__cl_z(a.alpha), A->ptr, 0, A->ld,
                     X->ptr, 0, hetla__clb_inc(X), hetla__cl_z(a.beta), Y->ptr, 0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZhemv", q);
}

static hetla_status zhbmv_clblast(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    if (a.k == 0) /* a band of the diagonal alone, which CLBlast refuses */
        return hetla__ocl_on_host(x, "zhbmv");
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_mv_prep(x, &a, "zhbmv", &s))
        return s;
    CLBlastStatusCode st = CLBlastZhbmv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, (size_t)a.k,
                                        hetla__cl_z(a.alpha), A->ptr, 0, A->ld, X->ptr, 0, hetla__clb_inc(X),
                                        hetla__cl_z(a.beta), Y->ptr, 0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZhbmv", q);
}

static hetla_status zhpmv_clblast(const hetla_exec *x)
{
    hetla__mv_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1], *Y = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_mv_prep(x, &a, "zhpmv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZhpmv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, hetla__cl_z(a.alpha), Ap->ptr, 0, X->ptr,
                     0, hetla__clb_inc(X), hetla__cl_z(a.beta), Y->ptr, 0, hetla__clb_inc(Y), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZhpmv", q);
}

static hetla_status ztrmv_clblast(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_tri_prep(x, &a, "ztrmv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZtrmv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), hetla__clb_diag(a.diag),
                     (size_t)a.x.n, A->ptr, 0, A->ld, X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZtrmv", q);
}

static hetla_status ztbmv_clblast(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    if (a.k == 0) /* a band of the diagonal alone, which CLBlast refuses */
        return hetla__ocl_on_host(x, "ztbmv");
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_tri_prep(x, &a, "ztbmv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZtbmv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), hetla__clb_diag(a.diag),
                     (size_t)a.x.n, (size_t)a.k, A->ptr, 0, A->ld, X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZtbmv", q);
}

static hetla_status ztpmv_clblast(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *Ap = &x->buf[0], *X = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_tri_prep(x, &a, "ztpmv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZtpmv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), hetla__clb_diag(a.diag),
                     (size_t)a.x.n, Ap->ptr, 0, X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZtpmv", q);
}

static hetla_status ztrsv_clblast(const hetla_exec *x)
{
    hetla__tri_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *X = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_tri_prep(x, &a, "ztrsv", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZtrsv(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), hetla__clb_diag(a.diag),
                     (size_t)a.x.n, A->ptr, 0, A->ld, X->ptr, 0, hetla__clb_inc(X), &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZtrsv", q);
}

static hetla_status zgerc_clblast(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_update_prep(x, &a, A->m, A->n, 1, "zgerc", &s))
        return s;
    CLBlastStatusCode st = CLBlastZgerc(HETLA__CLB_COL, A->m, A->n, hetla__cl_z(a.alpha), X->ptr, 0, hetla__clb_inc(X),
                                        Y->ptr, 0, hetla__clb_inc(Y), A->ptr, 0, A->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZgerc", q);
}

static hetla_status zher_clblast(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *A = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 0, "zher", &s))
        return s;
    CLBlastStatusCode st = CLBlastZher(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, hetla__cl_d(a.alpha),
                                       X->ptr, 0, hetla__clb_inc(X), A->ptr, 0, A->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZher", q);
}

static hetla_status zhpr_clblast(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Ap = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 0, "zhpr", &s))
        return s;
    CLBlastStatusCode st = CLBlastZhpr(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, hetla__cl_d(a.alpha),
                                       X->ptr, 0, hetla__clb_inc(X), Ap->ptr, 0, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZhpr", q);
}

static hetla_status zher2_clblast(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 1, "zher2", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZher2(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, hetla__cl_z(a.alpha), X->ptr, 0,
                     hetla__clb_inc(X), Y->ptr, 0, hetla__clb_inc(Y), A->ptr, 0, A->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZher2", q);
}

static hetla_status zhpr2_clblast(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *Ap = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_update_prep(x, &a, (size_t)a.x.n, (size_t)a.x.n, 1, "zhpr2", &s))
        return s;
    CLBlastStatusCode st =
        CLBlastZhpr2(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), (size_t)a.x.n, hetla__cl_z(a.alpha), X->ptr, 0,
                     hetla__clb_inc(X), Y->ptr, 0, hetla__clb_inc(Y), Ap->ptr, 0, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZhpr2", q);
}

#if defined(COMPLEX)
static hetla_status zgeru_clblast(const hetla_exec *x)
{
    hetla__update_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *X = &x->buf[0], *Y = &x->buf[1], *A = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_status s;
    if (!hetla__clblast_update_prep(x, &a, A->m, A->n, 1, "zgeru", &s))
        return s;
    CLBlastStatusCode st = CLBlastZgeru(HETLA__CLB_COL, A->m, A->n, hetla__cl_z(a.alpha), X->ptr, 0, hetla__clb_inc(X),
                                        Y->ptr, 0, hetla__clb_inc(Y), A->ptr, 0, A->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZgeru", q);
}
#endif

hetla_status hetla__zlevel2_clblast_register(hetla_context *ctx)
{
    static const hetla__clb_op ops[] = {
        {"zgemv", zgemv_clblast},
        {"zgbmv", zgbmv_clblast},
        {"zhemv", zhemv_clblast},
        {"zhbmv", zhbmv_clblast},
        {"zhpmv", zhpmv_clblast},
        {"ztrmv", ztrmv_clblast},
        {"ztbmv", ztbmv_clblast},
        {"ztpmv", ztpmv_clblast},
        {"ztrsv", ztrsv_clblast},
        {"zgerc", zgerc_clblast},
        {"zher", zher_clblast},
        {"zhpr", zhpr_clblast},
        {"zher2", zher2_clblast},
        {"zhpr2", zhpr2_clblast},
#if defined(COMPLEX)
        {"zgeru", zgeru_clblast},
#endif
    };
    return hetla__clblast_add_ops(ctx, ops, sizeof ops / sizeof *ops);
}
