/* Level 3 in the OPENCL_CLBLAST class: "zgemm", "zhemm", "zherk",
 * "zher2k", "ztrmm", "ztrsm" on the worker's queue (their real twins are
 * gemm, symm, syrk, syr2k, trmm, trsm); GEMM with the queue's scratch
 * buffer (clblast_gemm.h). Shapes CLBlast refuses or computes
 * differently from BLAS (k = 0, alpha = 0, where BLAS reads neither A nor
 * B) run the generic kernel on the mapped buffers.
 * @precisions normal z -> s d c
 */
#include "kernels/blas/level3.h"
#include "kernels/clblast/clblast.h"

static hetla_status zgemm_clblast(const hetla_exec *x)
{
    hetla__gemm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    hetla_int k = hetla__gemm_k(&a, A);
    if (C->m == 0 || C->n == 0)
        return HETLA_SUCCESS;
    if (k == 0 || a.alpha == 0)
        return hetla__ocl_on_host(x, "zgemm");
    CLBlastStatusCode st = hetla__clblast_zgemm(hetla__clb_trans(a.transa), hetla__clb_trans(a.transb), C->m, C->n,
                                                (size_t)k, hetla__cl_z(a.alpha), A->ptr, A->ld, B->ptr, B->ld,
                                                hetla__cl_z(a.beta), C->ptr, C->ld, &q->queue, hetla__ocl_scratch, q);
    return hetla__clblast_check(st, "CLBlastZgemm", q);
}

static hetla_status zhemm_clblast(const hetla_exec *x)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    if (C->m == 0 || C->n == 0)
        return HETLA_SUCCESS;
    if (a.alpha == 0)
        return hetla__ocl_on_host(x, "zhemm");
    CLBlastStatusCode st = CLBlastZhemm(HETLA__CLB_COL, hetla__clb_side(a.side), hetla__clb_uplo(a.uplo), C->m, C->n,
                                        hetla__cl_z(a.alpha), A->ptr, 0, A->ld, B->ptr, 0, B->ld,
                                        hetla__cl_z(a.beta), C->ptr, 0, C->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZhemm", q);
}

static hetla_status zherk_clblast(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__ocl_queue *q = x->queue;
    if (b.C->n == 0)
        return HETLA_SUCCESS;
    if (b.k == 0 || a.alpha == 0)
        return hetla__ocl_on_host(x, "zherk");
    CLBlastStatusCode st = CLBlastZherk(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), b.C->n,
                                        (size_t)b.k, hetla__cl_d(a.alpha), b.A->ptr, 0, b.A->ld,
                                        hetla__cl_d(a.beta), b.C->ptr, 0, b.C->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZherk", q);
}

static hetla_status zher2k_clblast(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__ocl_queue *q = x->queue;
    if (b.C->n == 0)
        return HETLA_SUCCESS;
    if (b.k == 0 || a.alpha == 0)
        return hetla__ocl_on_host(x, "zher2k");
    CLBlastStatusCode st =
        CLBlastZher2k(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), b.C->n, (size_t)b.k,
                      hetla__cl_z(a.alpha), b.A->ptr, 0, b.A->ld, b.B->ptr, 0, b.B->ld, hetla__cl_d(a.beta),
                      b.C->ptr, 0, b.C->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZher2k", q);
}

static hetla_status ztrmm_clblast(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    if (B->m == 0 || B->n == 0)
        return HETLA_SUCCESS;
    if (a.alpha == 0)
        return hetla__ocl_on_host(x, "ztrmm");
    CLBlastStatusCode st =
        CLBlastZtrmm(HETLA__CLB_COL, hetla__clb_side(a.side), hetla__clb_uplo(a.uplo), hetla__clb_trans(a.transa),
                     hetla__clb_diag(a.diag), B->m, B->n, hetla__cl_z(a.alpha), A->ptr, 0, A->ld, B->ptr, 0, B->ld,
                     &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZtrmm", q);
}

static hetla_status ztrsm_clblast(const hetla_exec *x)
{
    hetla__trxm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1];
    hetla__ocl_queue *q = x->queue;
    if (B->m == 0 || B->n == 0)
        return HETLA_SUCCESS;
    if (a.alpha == 0)
        return hetla__ocl_on_host(x, "ztrsm");
    CLBlastStatusCode st =
        CLBlastZtrsm(HETLA__CLB_COL, hetla__clb_side(a.side), hetla__clb_uplo(a.uplo), hetla__clb_trans(a.transa),
                     hetla__clb_diag(a.diag), B->m, B->n, hetla__cl_z(a.alpha), A->ptr, 0, A->ld, B->ptr, 0, B->ld,
                     &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZtrsm", q);
}

hetla_status hetla__zgemm_clblast_register(hetla_context *ctx)
{
    static const hetla__clb_op ops[] = {{"zgemm", zgemm_clblast},   {"zhemm", zhemm_clblast}, {"zherk", zherk_clblast},
                                        {"zher2k", zher2k_clblast}, {"ztrmm", ztrmm_clblast}, {"ztrsm", ztrsm_clblast}};
    return hetla__clblast_add_ops(ctx, ops, sizeof ops / sizeof *ops);
}
