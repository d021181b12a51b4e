/* The complex symmetric level-3 routines in the OPENCL_CLBLAST class:
 * "zsymm", "zsyrk", "zsyr2k" (their real twins come from
 * zblas3_clblast.c's hermitian ones).
 * @precisions normal z -> c
 */
#include "kernels/blas/level3.h"
#include "kernels/clblast/clblast.h"

static hetla_status zsymm_clblast(const hetla_exec *x)
{
    hetla__symm_args a;
    HETLA__ARGS(x, a);
    const hetla_buffer *A = &x->buf[0], *B = &x->buf[1], *C = &x->buf[2];
    hetla__ocl_queue *q = x->queue;
    if (C->m == 0 || C->n == 0)
        return HETLA_SUCCESS;
    if (a.alpha == 0)
        return hetla__ocl_on_host(x, "zsymm");
    CLBlastStatusCode st = CLBlastZsymm(HETLA__CLB_COL, hetla__clb_side(a.side), hetla__clb_uplo(a.uplo), C->m, C->n,
                                        hetla__cl_z(a.alpha), A->ptr, 0, A->ld, B->ptr, 0, B->ld,
                                        hetla__cl_z(a.beta), C->ptr, 0, C->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZsymm", q);
}

static hetla_status zsyrk_clblast(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__ocl_queue *q = x->queue;
    if (b.C->n == 0)
        return HETLA_SUCCESS;
    if (b.k == 0 || a.alpha == 0)
        return hetla__ocl_on_host(x, "zsyrk");
    CLBlastStatusCode st = CLBlastZsyrk(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), b.C->n,
                                        (size_t)b.k, hetla__cl_z(a.alpha), b.A->ptr, 0, b.A->ld,
                                        hetla__cl_z(a.beta), b.C->ptr, 0, b.C->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZsyrk", q);
}

static hetla_status zsyr2k_clblast(const hetla_exec *x)
{
    hetla__rank_args a;
    HETLA__ARGS(x, a);
    hetla__rank_bufs b = hetla__rank_k(x, a.trans);
    hetla__ocl_queue *q = x->queue;
    if (b.C->n == 0)
        return HETLA_SUCCESS;
    if (b.k == 0 || a.alpha == 0)
        return hetla__ocl_on_host(x, "zsyr2k");
    CLBlastStatusCode st =
        CLBlastZsyr2k(HETLA__CLB_COL, hetla__clb_uplo(a.uplo), hetla__clb_trans(a.trans), b.C->n, (size_t)b.k,
                      hetla__cl_z(a.alpha), b.A->ptr, 0, b.A->ld, b.B->ptr, 0, b.B->ld, hetla__cl_z(a.beta),
                      b.C->ptr, 0, b.C->ld, &q->queue, NULL);
    return hetla__clblast_check(st, "CLBlastZsyr2k", q);
}

hetla_status hetla__zsymm_clblast_register(hetla_context *ctx)
{
    hetla_status s = hetla__clblast_add(ctx, "zsymm", zsymm_clblast);
    if (!s)
        s = hetla__clblast_add(ctx, "zsyrk", zsyrk_clblast);
    return s ? s : hetla__clblast_add(ctx, "zsyr2k", zsyr2k_clblast);
}
