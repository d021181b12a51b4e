/* General matrix-matrix product, cache-blocked.
 * @precisions normal z -> s d c
 */
#include "leaf.h"

/* C is updated one MC-by-KC block of op(A) at a time: the block stays in
 * cache while every column of C takes its share through the column update
 * leaf (unit stride, several columns of the block per pass). A transposed
 * block is first copied into a stack buffer (64 KiB for complex double) so
 * the leaf sees the same layout in every case. */
enum { MC = 64, KC = 64 };

/* P(i,l) = op(A)(i,l) = conj_if(A(l,i)) for the block i < mb, l < kb. */
static void zpack_transposed(bool cj, hetla_int mb, hetla_int kb, const hetla_zcomplex *A,
                             hetla_int lda, hetla_zcomplex *P)
{
    for (hetla_int i = 0; i < mb; i++)
        for (hetla_int l = 0; l < kb; l++)
            P[i + l * mb] = hetla__zconj_if(cj, A[l + i * lda]);
}

void hetla__generic_zgemm(hetla_trans transa, hetla_trans transb, hetla_int m, hetla_int n,
                          hetla_int k, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda,
                          const hetla_zcomplex *B, hetla_int ldb, hetla_zcomplex beta,
                          hetla_zcomplex *C, hetla_int ldc)
{
    if (m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    hetla__zscal_cols(m, n, beta, C, ldc);
    if (alpha == 0 || k == 0)
        return;
    bool ta = transa != HETLA_NO_TRANS, tb = transb != HETLA_NO_TRANS;
    bool cja = transa == HETLA_CONJ_TRANS, cjb = transb == HETLA_CONJ_TRANS;
    hetla_zcomplex pack[MC * KC];
    for (hetla_int l0 = 0; l0 < k; l0 += KC) {
        hetla_int kb = hetla__imin(KC, k - l0);
        for (hetla_int i0 = 0; i0 < m; i0 += MC) {
            hetla_int mb = hetla__imin(MC, m - i0);
            const hetla_zcomplex *blk = A + i0 + l0 * lda;
            hetla_int ldblk = lda;
            if (ta) {
                zpack_transposed(cja, mb, kb, A + l0 + i0 * lda, lda, pack);
                blk = pack;
                ldblk = mb;
            }
            for (hetla_int j = 0; j < n; j++) {
                /* column j of op(B), rows l0.., with its stride */
                const hetla_zcomplex *b = tb ? B + j + l0 * ldb : B + l0 + j * ldb;
                hetla__zaxpy_gather(mb, kb, blk, ldblk, alpha, b, tb ? ldb : 1, cjb,
                                    C + i0 + j * ldc);
            }
        }
    }
}
