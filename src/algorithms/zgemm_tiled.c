/* Tiled GEMM: one task per tile product C(i,j) += op(A)(i,l) op(B)(l,j),
 * inserted in l order so each C tile's updates form a chain while
 * different C tiles run in parallel.
 * @precisions normal z -> s d c
 */
#include "algorithms/algorithms.h"
#include "kernels/blas/level3.h"

static hetla_status check(const char *fn, hetla_trans transa, hetla_trans transb, const hetla__tiles *A,
                          const hetla__tiles *B, const hetla__tiles *C)
{
    if (!hetla__trans_ok(transa))
        return hetla__arg_error(fn, 1, "transa", "is %d, not a hetla_trans", (int)transa);
    if (!hetla__trans_ok(transb))
        return hetla__arg_error(fn, 2, "transb", "is %d, not a hetla_trans", (int)transb);
    if (A->ctx != C->ctx || B->ctx != C->ctx)
        return hetla__arg_error(fn, A->ctx != C->ctx ? 4 : 5, A->ctx != C->ctx ? "A" : "B",
                                "belongs to another context than C");
    int ta = transa != HETLA_NO_TRANS, tb = transb != HETLA_NO_TRANS;
    /* op(A) is m x k in mb x kb tiles, op(B) k x n in kb x nb tiles */
    size_t am = ta ? A->n : A->m, ak = ta ? A->m : A->n, amb = ta ? A->nb : A->mb, akb = ta ? A->mb : A->nb;
    size_t bk = tb ? B->n : B->m, bn = tb ? B->m : B->n, bkb = tb ? B->nb : B->mb, bnb = tb ? B->mb : B->nb;
    if (am != C->m || amb != C->mb)
        return hetla__arg_error(fn, 4, "A", "has op(A) %zu rows in tiles of %zu, C has %zu in tiles of %zu", am, amb,
                                C->m, C->mb);
    if (bn != C->n || bnb != C->nb)
        return hetla__arg_error(fn, 5, "B", "has op(B) %zu columns in tiles of %zu, C has %zu in tiles of %zu", bn,
                                bnb, C->n, C->nb);
    if (bk != ak || bkb != akb)
        return hetla__arg_error(fn, 5, "B", "has op(B) %zu rows in tiles of %zu, op(A) %zu columns in tiles of %zu",
                                bk, bkb, ak, akb);
    return HETLA_SUCCESS;
}

hetla_status hetla_zgemm_tiled(hetla_trans transa, hetla_trans transb, hetla_zcomplex alpha, hetla_tiled *A,
                               hetla_tiled *B, hetla_zcomplex beta, hetla_tiled *C, hetla_sequence *seq)
{
    static const char fn[] = "hetla_zgemm_tiled";
    hetla__tiles a, b, c;
    hetla_status s = hetla__tiles_get(fn, 4, "A", A, HETLA_ZCOMPLEX, &a);
    if (!s)
        s = hetla__tiles_get(fn, 5, "B", B, HETLA_ZCOMPLEX, &b);
    if (!s)
        s = hetla__tiles_get(fn, 7, "C", C, HETLA_ZCOMPLEX, &c);
    if (!s)
        s = check(fn, transa, transb, &a, &b, &c);
    hetla_kernel *k = NULL, *scale = NULL;
    if (!s)
        s = hetla_kernel_find(c.ctx, "zgemm", &k);
    if (!s)
        s = hetla_kernel_find(c.ctx, "zgescal", &scale);
    if (s)
        return s;
    size_t kt = transa == HETLA_NO_TRANS ? a.nt : a.mt;
    for (size_t j = 0; j < c.nt; j++)
        for (size_t i = 0; i < c.mt; i++) {
            if (kt == 0 || alpha == 0) { /* C := beta C; A and B are not read */
                hetla__scale_args args = {beta};
                hetla_task_arg data[1] = {{hetla_tiled_tile(C, i, j), HETLA_RW}};
                s = hetla_task_insert(c.ctx, &(hetla_task_desc){.kernel = scale, .data = data, .ndata = 1,
                                                                  .args = &args, .args_size = sizeof args,
                                                                  .seq = seq});
                if (s)
                    return s;
                continue;
            }
            for (size_t l = 0; l < kt; l++) {
                hetla__gemm_args args = {transa, transb, alpha, l == 0 ? beta : 1};
                hetla_task_arg data[3] = {
                    {transa == HETLA_NO_TRANS ? hetla_tiled_tile(A, i, l) : hetla_tiled_tile(A, l, i), HETLA_R},
                    {transb == HETLA_NO_TRANS ? hetla_tiled_tile(B, l, j) : hetla_tiled_tile(B, j, l), HETLA_R},
                    {hetla_tiled_tile(C, i, j), HETLA_RW}};
                s = hetla_task_insert(c.ctx, &(hetla_task_desc){.kernel = k, .data = data, .ndata = 3,
                                                                  .args = &args, .args_size = sizeof args,
                                                                  .seq = seq});
                if (s)
                    return s;
            }
        }
    return HETLA_SUCCESS;
}
