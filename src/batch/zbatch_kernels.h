/* The batch kernels of one precision: one matrix at a time (any element
 * spacing, so one loop serves every layout and the variable batches), and
 * the SIMD kernels over groups of interleaved matrices, compiled once for
 * AVX2 and once for AVX-512 and picked at run time.
 * @precisions normal z -> s d c
 */
#ifndef HETLA_ZBATCH_KERNELS_H
#define HETLA_ZBATCH_KERNELS_H

#include "batch/batch.h"

/* ---- one matrix: element (i, j) of X at X[(i + j ldx) sx] -------------------- */

void hetla__zbatch_gemm1(hetla_trans ta, hetla_trans tb, hetla_int m, hetla_int n, hetla_int k,
                         hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, size_t sa,
                         const hetla_zcomplex *B, hetla_int ldb, size_t sb, hetla_zcomplex beta,
                         hetla_zcomplex *C, hetla_int ldc, size_t sc);
/** y := alpha op(A) x + beta y; x and y with element spacing sx, sy. */
void hetla__zbatch_gemv1(hetla_trans trans, hetla_int m, hetla_int n, hetla_zcomplex alpha,
                         const hetla_zcomplex *A, hetla_int lda, size_t sa, const hetla_zcomplex *x, size_t sx,
                         hetla_zcomplex beta, hetla_zcomplex *y, size_t sy);
void hetla__zbatch_trsm1(hetla_side side, hetla_uplo uplo, hetla_trans trans, hetla_diag diag, hetla_int m,
                         hetla_int n, hetla_zcomplex alpha, const hetla_zcomplex *A, hetla_int lda, size_t sa,
                         hetla_zcomplex *B, hetla_int ldb, size_t sb);
/** @return LAPACK's info. */
hetla_int hetla__zbatch_potrf1(hetla_uplo uplo, hetla_int n, hetla_zcomplex *A, hetla_int lda, size_t sa);
/** Pivots into ipiv[0 .. min(m,n)-1] at spacing sp (ipiv NULL: none). */
hetla_int hetla__zbatch_getrf1(hetla_int m, hetla_int n, hetla_zcomplex *A, hetla_int lda, size_t sa,
                               hetla_int *ipiv, size_t sp);
void hetla__zbatch_potrs1(hetla_uplo uplo, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A, hetla_int lda,
                          size_t sa, hetla_zcomplex *B, hetla_int ldb, size_t sb);
void hetla__zbatch_getrs1(hetla_trans trans, hetla_int n, hetla_int nrhs, const hetla_zcomplex *A, hetla_int lda,
                          size_t sa, const hetla_int *ipiv, size_t sp, hetla_zcomplex *B, hetla_int ldb, size_t sb);

/* ---- SIMD kernels: a group of `lanes` interleaved matrices --------------------
 * Element (i, j) of lane l of operand X is X.p[(i + j X.ld) X.s + l]; the
 * lanes of one element are contiguous. Pivots and info are interleaved
 * too: piv[i * lanes + l], info[l]. */

typedef struct hetla__zlanes {
    hetla_zcomplex *p;
    size_t s;
    hetla_int ld;
} hetla__zlanes;

typedef struct hetla__zbatch_simd {
    const char *isa;
    int lanes;
    void (*gemm)(const hetla__gemm_batch_args *a, hetla__zlanes A, hetla__zlanes B, hetla__zlanes C,
                 hetla__prefetch *pf);
    void (*gemv)(const hetla__gemv_batch_args *a, hetla__zlanes A, hetla__zlanes x, hetla__zlanes y);
    void (*trsm)(const hetla__trsm_batch_args *a, hetla__zlanes A, hetla__zlanes B);
    void (*potrf)(const hetla__lapack_batch_args *a, hetla__zlanes A, hetla_int *info);
    void (*getrf)(const hetla__lapack_batch_args *a, hetla__zlanes A, hetla_int *piv, hetla_int *info);
    void (*potrs)(const hetla__lapack_batch_args *a, hetla__zlanes A, hetla__zlanes B);
    void (*getrs)(const hetla__lapack_batch_args *a, hetla__zlanes A, const hetla_int *piv, hetla__zlanes B);
    /** One small matrix with contiguous columns (variable batches):
     *  C := alpha A op(B) + beta C, m <= small_rows, k >= 1, alpha != 0;
     *  each column of A one or two masked vector loads, each column of C
     *  accumulated in registers. NULL for complex precisions. */
    void (*small_gemm)(hetla_trans tb, hetla_int m, hetla_int n, hetla_int k, hetla_zcomplex alpha,
                       const hetla_zcomplex *A, hetla_int lda, const hetla_zcomplex *B, hetla_int ldb,
                       hetla_zcomplex beta, hetla_zcomplex *C, hetla_int ldc);
    int small_rows;
} hetla__zbatch_simd;

extern const hetla__zbatch_simd hetla__zbatch_simd_avx2, hetla__zbatch_simd_avx512;

/** The operations of zbatch_lapack.c and zbatch_var.c (zbatch_blas.c's
 *  hetla__zbatch_register calls them). */
hetla_status hetla__zbatch_lapack_register(hetla_context *ctx);
hetla_status hetla__zbatch_var_register(hetla_context *ctx);
/** Registers @p name with its GENERIC and CPU_NATIVE (if not NULL)
 *  implementations. */
hetla_status hetla__zbatch_op_register(hetla_context *ctx, const char *name, hetla_kernel_fn generic,
                                       hetla_kernel_fn native);
/** Operand @p i's matrix @p t in task @p x, element spacing in @p s. */
static inline hetla_zcomplex *hetla__zbatch_mat(const hetla_exec *x, const hetla__batch_head *h, int i, hetla_int t,
                                                size_t *s)
{
    return (hetla_zcomplex *)hetla__bop_at(&h->op[i], &x->buf[i], t, sizeof(hetla_zcomplex), s);
}
/** Lane operand @p i of a hetla__lanes_fn call. */
static inline hetla__zlanes hetla__zbatch_lanes(void *const *p, const size_t *s, const hetla_int *ld, int i)
{
    return (hetla__zlanes){p[i], s[i], ld[i]};
}

/** The SIMD kernels of the widest instruction set this CPU has, NULL if
 *  neither AVX2 nor AVX-512. */
const hetla__zbatch_simd *hetla__zbatch_simd_best(void);

#endif
