/* Level-1 and level-2 BLAS of one precision on the OpenCL device (the
 * OPENCL_CLBLAST class) against the same calls on the CPU's generic
 * kernels: sizes that are no multiple of anything, ld > m, strided
 * vectors, and the cases CLBlast refuses or computes differently from BLAS
 * (negative increments, alpha = 0, beta = 0 with NaN in y).
 * @precisions normal z -> s d c
 */
#define COMPLEX
#include <complex.h>
#include <float.h>
#include <math.h>

#include "../test.h"
#include "test_opencl_blas.h"

/* Residuals below this many units of eps pass. */
#define ZTOL 50

enum { N1 = 129, INC = 3, M = 37, N = 129, LDA = 41, NS = 37, K = 3, KL = 2, KU = 3, LDB = 8 };

static unsigned zseed = 12345;

static double zuniform(void)
{
    zseed = zseed * 1103515245u + 12345u;
    return (double)(zseed >> 8) / (double)(1u << 24) * 2 - 1;
}

static hetla_zcomplex zrand(void)
{
#if defined(COMPLEX)
    return zuniform() + zuniform() * I;
#else
    return zuniform();
#endif
}

static void zfill(hetla_zcomplex *a, size_t len)
{
    for (size_t i = 0; i < len; i++)
        a[i] = zrand();
}

static void zfill_nan(hetla_zcomplex *a, size_t len)
{
    for (size_t i = 0; i < len; i++)
        a[i] = NAN;
}

/* max |got - want| / (k max(1, max |want|) eps): k is the number of terms
 * an entry sums. NaN in got where want has none is infinite. */
static void zcompare(const char *what, const hetla_zcomplex *got, const hetla_zcomplex *want, size_t len, int k)
{
    double diff = 0, big = 1;
    for (size_t i = 0; i < len; i++) {
        int gnan = isnan(creal(got[i])) || isnan(cimag(got[i]));
        int wnan = isnan(creal(want[i])) || isnan(cimag(want[i]));
        if (gnan || wnan) {
            diff = gnan == wnan ? diff : INFINITY;
            continue;
        }
        diff = fmax(diff, cabs(got[i] - want[i]));
        big = fmax(big, cabs(want[i]));
    }
    double r = diff / (k * big * DBL_EPSILON);
    printf("  %-24s %8.2f eps\n", what, r);
    if (!(r < ZTOL)) {
        fprintf(stderr, "  %s: residual %g eps\n", what, r);
        test_failures++;
    }
}

/* ---- level 1: every routine on strided vectors, then the fallbacks ---- */

static void zlevel1(hetla_context *const ctx[2])
{
    hetla_zcomplex x0[N1 * INC], y0[N1], x[2][N1 * INC], y[2][N1], r[2];
    double nrm[2], asum[2];
    hetla_zcomplex alpha = zrand();
    zfill(x0, N1 * INC);
    zfill(y0, N1);
    for (int c = 0; c < 2; c++) {
        memcpy(x[c], x0, sizeof x0);
        memcpy(y[c], y0, sizeof y0);
        CHECK_OK(hetla_zswap(ctx[c], N1, x[c], INC, y[c], 1));
        CHECK_OK(hetla_zscal(ctx[c], N1, alpha, y[c], 1));
        CHECK_OK(hetla_zaxpy(ctx[c], N1, alpha, y[c], 1, x[c], INC));
    }
    zcompare("zswap, zscal, zaxpy x", x[0], x[1], N1 * INC, 2);
    zcompare("zswap, zscal, zaxpy y", y[0], y[1], N1, 1);
    for (int c = 0; c < 2; c++) {
        zfill_nan(y[c], N1);
        CHECK_OK(hetla_zcopy(ctx[c], N1, x0, INC, y[c], 1));
        CHECK_OK(hetla_zdotc(ctx[c], N1, x0, INC, y0, 1, &r[c]));
        CHECK_OK(hetla_dznrm2(ctx[c], N1, x0, INC, &nrm[c]));
        CHECK_OK(hetla_dzasum(ctx[c], N1, x0, INC, &asum[c]));
    }
    zcompare("zcopy", y[0], y[1], N1, 1);
    zcompare("zdotc", &r[0], &r[1], 1, N1);
    hetla_zcomplex nz[2] = {nrm[0], nrm[1]}, az[2] = {asum[0], asum[1]};
    zcompare("dznrm2", &nz[0], &nz[1], 1, N1);
    zcompare("dzasum", &az[0], &az[1], 1, N1);
#if defined(COMPLEX)
    for (int c = 0; c < 2; c++)
        CHECK_OK(hetla_zdotu(ctx[c], N1, x0, INC, y0, 1, &r[c]));
    zcompare("zdotu", &r[0], &r[1], 1, N1);
#else
    hetla_int imax[2]; /* complex i?amax has no OpenCL implementation */
    for (int c = 0; c < 2; c++)
        CHECK_OK(hetla_izamax(ctx[c], N1, x0, INC, &imax[c]));
    printf("  izamax                   %lld and %lld\n", (long long)imax[0], (long long)imax[1]);
    CHECK(imax[0] == imax[1]);
#endif

    /* n = 0: results 0; negative increments on the host; alpha = 0 reads no x */
    r[0] = nrm[0] = NAN;
    CHECK_OK(hetla_zdotc(ctx[0], 0, x0, 1, y0, 1, &r[0]));
    CHECK_OK(hetla_dznrm2(ctx[0], 0, x0, 1, &nrm[0]));
    CHECK(r[0] == 0 && nrm[0] == 0);
    for (int c = 0; c < 2; c++) {
        memcpy(x[c], x0, sizeof x0);
        memcpy(y[c], y0, sizeof y0);
        CHECK_OK(hetla_zswap(ctx[c], N1, x[c], -INC, y[c], 1));
        CHECK_OK(hetla_zaxpy(ctx[c], N1, alpha, x[c], -INC, y[c], -1));
        CHECK_OK(hetla_zdotc(ctx[c], N1, x[c], -INC, y[c], 1, &r[c]));
        zfill_nan(x[c], N1 * INC);
        CHECK_OK(hetla_zaxpy(ctx[c], N1, 0, x[c], INC, y[c], 1));
    }
    zcompare("negative inc: zswap, zaxpy", y[0], y[1], N1, 2);
    zcompare("negative inc: zdotc", &r[0], &r[1], 1, N1);
}

/* ---- level 2: y := alpha op(A) x + beta y ------------------------------ */

static void zmv(hetla_context *const ctx[2], int all)
{
    static hetla_zcomplex A[LDA * N], Ab[LDA * N], Ap[NS * (NS + 1) / 2], x0[N * 2], y0[N * 2], y[2][N * 2];
    hetla_zcomplex alpha = zrand(), beta = zrand();
    zfill(A, LDA * N);
    zfill(Ab, LDA * N);
    zfill(Ap, NS * (NS + 1) / 2);
    zfill(x0, N * 2);
    zfill(y0, N * 2);
    /* gemv both ways, y strided; conjugate transpose; beta = 0 with NaN in y */
    for (int c = 0; c < 2; c++) {
        memcpy(y[c], y0, sizeof y0);
        CHECK_OK(hetla_zgemv(ctx[c], HETLA_COL_MAJOR, HETLA_NO_TRANS, M, N, alpha, A, LDA, x0, 1, beta, y[c], 2));
    }
    zcompare("zgemv N", y[0], y[1], M * 2, N);
    for (int c = 0; c < 2; c++) {
        zfill_nan(y[c], N * 2);
        CHECK_OK(hetla_zgemv(ctx[c], HETLA_COL_MAJOR, HETLA_CONJ_TRANS, M, N, alpha, A, LDA, x0, 2, 0, y[c], 1));
    }
    zcompare("zgemv C, beta 0, NaN y", y[0], y[1], N, M);
    if (!all)
        return;
    for (int c = 0; c < 2; c++) {
        memcpy(y[c], y0, sizeof y0);
        CHECK_OK(
            hetla_zgbmv(ctx[c], HETLA_COL_MAJOR, HETLA_TRANS, NS, N, KL, KU, alpha, Ab, LDB, x0, 1, beta, y[c], 1));
    }
    zcompare("zgbmv T", y[0], y[1], N, KL + KU + 1);
    /* hermitian: the diagonal's imaginary parts are not read */
    for (int c = 0; c < 2; c++) {
        zfill_nan(y[c], N * 2);
        CHECK_OK(hetla_zhemv(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, NS, alpha, A, LDA, x0, 2, 0, y[c], 1));
    }
    zcompare("zhemv U, beta 0, NaN y", y[0], y[1], NS, NS);
    for (int c = 0; c < 2; c++) {
        memcpy(y[c], y0, sizeof y0);
        CHECK_OK(hetla_zhbmv(ctx[c], HETLA_COL_MAJOR, HETLA_LOWER, NS, K, alpha, Ab, LDB, x0, 1, beta, y[c], 2));
        CHECK_OK(hetla_zhpmv(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, NS, alpha, Ap, x0, 1, beta, y[c], 2));
    }
    zcompare("zhbmv L, zhpmv U", y[0], y[1], NS * 2, 2 * NS);
    /* alpha = 0: NaN in A and x are not read, y := beta y; y forward with x backward */
    for (int c = 0; c < 2; c++) {
        memcpy(y[c], y0, sizeof y0);
        hetla_zcomplex nan[LDA * 2];
        zfill_nan(nan, LDA * 2);
        CHECK_OK(hetla_zgemv(ctx[c], HETLA_COL_MAJOR, HETLA_NO_TRANS, M, 2, 0, nan, LDA, nan, 1, beta, y[c], 1));
        CHECK_OK(hetla_zgemv(ctx[c], HETLA_COL_MAJOR, HETLA_TRANS, M, N, alpha, A, LDA, x0, -1, beta, y[c], 2));
    }
    zcompare("zgemv alpha 0, negative inc", y[0], y[1], N * 2, M);
}

/* ---- level 2: triangular products and solve ---------------------------- */

static void ztri(hetla_context *const ctx[2])
{
    static hetla_zcomplex A[LDA * NS], Ab[LDB * NS], Ap[NS * (NS + 1) / 2], x0[NS * 2], x[2][NS * 2];
    zfill(A, LDA * NS);
    zfill(Ab, LDB * NS);
    zfill(Ap, NS * (NS + 1) / 2);
    zfill(x0, NS * 2);
    for (int i = 0; i < NS; i++)
        A[i + i * LDA] += NS; /* a well-conditioned solve */
    for (int c = 0; c < 2; c++) {
        memcpy(x[c], x0, sizeof x0);
        CHECK_OK(
            hetla_ztrmv(ctx[c], HETLA_COL_MAJOR, HETLA_LOWER, HETLA_CONJ_TRANS, HETLA_NON_UNIT, NS, A, LDA, x[c], 2));
        CHECK_OK(
            hetla_ztbmv(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, HETLA_NO_TRANS, HETLA_UNIT, NS, K, Ab, LDB, x[c], 2));
        CHECK_OK(hetla_ztpmv(ctx[c], HETLA_COL_MAJOR, HETLA_LOWER, HETLA_TRANS, HETLA_NON_UNIT, NS, Ap, x[c], 2));
        CHECK_OK(
            hetla_ztrsv(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, HETLA_NO_TRANS, HETLA_NON_UNIT, NS, A, LDA, x[c], 2));
    }
    zcompare("ztrmv, ztbmv, ztpmv, ztrsv", x[0], x[1], NS * 2, NS * NS);
    for (int c = 0; c < 2; c++) {
        memcpy(x[c], x0, sizeof x0);
        CHECK_OK(hetla_ztrmv(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, HETLA_TRANS, HETLA_UNIT, NS, A, LDA, x[c], -2));
    }
    zcompare("ztrmv negative inc", x[0], x[1], NS * 2, NS);
}

/* ---- level 2: rank-1 and rank-2 updates -------------------------------- */

static void zupdate(hetla_context *const ctx[2], int all)
{
    static hetla_zcomplex A0[LDA * N], A[2][LDA * N], Ap0[NS * (NS + 1) / 2], Ap[2][NS * (NS + 1) / 2], x0[N * 2],
        y0[N * 2], nan[N];
    hetla_zcomplex alpha = zrand();
    zfill(A0, LDA * N);
    zfill(Ap0, NS * (NS + 1) / 2);
    zfill(x0, N * 2);
    zfill(y0, N * 2);
    zfill_nan(nan, N);
    for (int c = 0; c < 2; c++) {
        memcpy(A[c], A0, sizeof A0);
        CHECK_OK(hetla_zgerc(ctx[c], HETLA_COL_MAJOR, M, N, alpha, x0, 2, y0, 1, A[c], LDA));
#if defined(COMPLEX)
        CHECK_OK(hetla_zgeru(ctx[c], HETLA_COL_MAJOR, M, N, alpha, x0, 1, y0, 2, A[c], LDA));
#endif
        CHECK_OK(hetla_zgerc(ctx[c], HETLA_COL_MAJOR, M, N, 0, nan, 1, nan, 1, A[c], LDA));
    }
    zcompare("zgerc, zgeru, alpha 0", A[0], A[1], LDA * N, 2);
    if (!all)
        return;
    /* hermitian: the diagonal comes out real */
    for (int c = 0; c < 2; c++) {
        memcpy(A[c], A0, sizeof A0);
        memcpy(Ap[c], Ap0, sizeof Ap0);
        CHECK_OK(hetla_zher(ctx[c], HETLA_COL_MAJOR, HETLA_LOWER, NS, creal(alpha), x0, 2, A[c], LDA));
        CHECK_OK(hetla_zher2(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, NS, alpha, x0, 1, y0, 2, A[c], LDA));
        CHECK_OK(hetla_zher2(ctx[c], HETLA_COL_MAJOR, HETLA_LOWER, NS, alpha, x0, 2, y0, -1, A[c], LDA));
        CHECK_OK(hetla_zhpr(ctx[c], HETLA_COL_MAJOR, HETLA_UPPER, NS, creal(alpha), x0, 1, Ap[c]));
        CHECK_OK(hetla_zhpr2(ctx[c], HETLA_COL_MAJOR, HETLA_LOWER, NS, alpha, x0, 2, y0, 1, Ap[c]));
    }
    zcompare("zher, zher2, negative inc", A[0], A[1], LDA * NS, 4);
    zcompare("zhpr, zhpr2", Ap[0], Ap[1], NS * (NS + 1) / 2, 3);
}

void ztest_opencl_blas(hetla_context *ocl, hetla_context *cpu, int all)
{
    hetla_context *const ctx[2] = {ocl, cpu};
    zlevel1(ctx);
    zmv(ctx, all);
    zupdate(ctx, all);
    if (all)
        ztri(ctx);
}
