/* The SIMD batch kernels of one precision: each works on a group of LANES
 * interleaved matrices (element (i, j) of lane l at p[(i + j ld) s + l]),
 * with the lane loop innermost and of fixed length, so that the compiler
 * turns it into vector instructions of the instruction set the including
 * file is compiled for (zbatch_avx2.c, zbatch_avx512.c define
 * HETLA__VEC_BYTES and HETLA__ISA first). Small square sizes (2, 3, 4, 8)
 * get copies with the sizes known, their loops unrolled. Where the
 * compiler's vectorizer left the lane loops scalar (GEMM's register
 * tiles, LU's update), real precisions work on GCC vectors (type V), and
 * so do the complex GEMM tiles, on the lanes' reals.
 * @precisions normal z -> s d c
 */
#define COMPLEX
#define PRECISION_z
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "zbatch_kernels.h"

/* -std=c11 turns the contraction of a * b + c into FMAs off; every
 * multiply-add of these kernels wants it (2x-3x on GEMM and the
 * factorizations from n = 8 up; results stay within the tests' bounds). */
#pragma GCC optimize("fp-contract=fast")

typedef hetla_zcomplex T;
typedef double R; /* the real type of T */

/* Two vector registers of elements per lane group: two independent
 * dependency chains in the recurrences (Cholesky, LU, triangular solves). */
enum { LANES = 2 * HETLA__VEC_BYTES / (int)sizeof(T), MR = HETLA__VEC_BYTES / 8 };

#define INLINE static inline __attribute__((always_inline))
#define LANE for (int l = 0; l < LANES; l++)

#if defined(COMPLEX)
INLINE T cj(int c, T x) { return c ? conj(x) : x; }
INLINE R abs1(T x) { return fabs(creal(x)) + fabs(cimag(x)); }
/* a / b by Smith's algorithm: these files are built with
 * -fcx-limited-range, whose a conj(b) / |b|^2 over- or underflows once |b|
 * passes 2^+-511 (in double precision). */
INLINE T quot(T a, T b)
{
    R br = creal(b), bi = cimag(b);
    int big = fabs(br) >= fabs(bi);
    R p = big ? br : bi, q = big ? bi : br, r = q / p, den = p + q * r;
    R u = big ? creal(a) : cimag(a), v = big ? cimag(a) : creal(a);
    R x = (u + v * r) / den, y = (v - u * r) / den;
    return CMPLX(x, big ? y : -y);
}
#else
INLINE T cj(int c, T x)
{
    (void)c;
    return x;
}
INLINE R abs1(T x) { return fabs(x); }
INLINE T quot(T a, T b) { return a / b; }
#endif

/* An operand seen through op(): element (i, j) at (i ri + j rj) s, conjugated if c. */
typedef struct opnd {
    T *p;
    size_t ri, rj;
    int c;
} opnd;

INLINE opnd op_of(hetla__zlanes X, hetla_trans t)
{
    size_t ld = (size_t)X.ld * X.s;
    return t == HETLA_NO_TRANS ? (opnd){X.p, X.s, ld, 0} : (opnd){X.p, ld, X.s, t == HETLA_CONJ_TRANS};
}

INLINE T *at(opnd o, hetla_int i, hetla_int j) { return o.p + (size_t)i * o.ri + (size_t)j * o.rj; }

/* ---- GEMM ----------------------------------------------------------------------- */

/* MR rows of C at a time: MR x LANES accumulators stay in registers. */
INLINE void gemm_body(hetla_int m, hetla_int n, hetla_int k, T alpha, T beta, opnd A, opnd B, opnd C)
{
    for (hetla_int j = 0; j < n; j++)
        for (hetla_int i0 = 0; i0 < m; i0 += MR) {
            hetla_int mr = m - i0 < MR ? m - i0 : MR;
            T acc[MR][LANES];
            for (hetla_int i = 0; i < mr; i++)
                LANE acc[i][l] = 0;
            for (hetla_int q = 0; q < k; q++) {
                const T *restrict bp = at(B, q, j);
                T b[LANES];
                LANE b[l] = cj(B.c, bp[l]);
                for (hetla_int i = 0; i < mr; i++) {
                    const T *restrict ap = at(A, i0 + i, q);
                    LANE acc[i][l] += cj(A.c, ap[l]) * b[l];
                }
            }
            for (hetla_int i = 0; i < mr; i++) {
                T *restrict cp = at(C, i0 + i, j);
                if (beta == 0)
                    LANE cp[l] = alpha * acc[i][l];
                else
                    LANE cp[l] = alpha * acc[i][l] + beta * cp[l];
            }
        }
}

/* The register tile of the other GEMMs: GM x GN elements of C for one
 * vector of GV lanes (half a lane group) stay in registers while A's rows
 * and B's columns stream by, GM + GN vector loads per GM GN FMAs (the
 * column loop above reloads A for every FMA). Sized for the vector
 * registers: 32 with AVX-512, 16 with AVX2. AVX2 real: 4 x 3, twelve
 * accumulators, three vectors of B and one of A fill the sixteen (2 x 4
 * leaves eight dependency chains for two FMA pipes: 1.2x / 1.4-2x /
 * 1.5x slower at n = 12 / 16 / 32 on one core of an EPYC, `hetla bench
 * gemm-batch --workers 1`), but square orders 4 and 8 keep 2 x 4 (SM x
 * SN), which covers them without a narrower tile of the last columns (4 x
 * 3 was 0.8-0.9x there). Complex: 2 x 2 (AVX2) and
 * 2 x 4 (AVX-512), each accumulator two vectors (GA below): eight or
 * sixteen of them, beside GN vectors of B, their swaps and one of A. */
enum {
    GV = HETLA__VEC_BYTES / (int)sizeof(T),
    NREG = HETLA__VEC_BYTES == 64 ? 32 : 16,
    CW = (int)(sizeof(T) / sizeof(R)),
    AVX2_REAL = NREG == 16 && CW == 1,
    GM = AVX2_REAL ? 4 : CW == 2 ? 2 : NREG / 8,
    GN = NREG == 32  ? 4
         : AVX2_REAL ? 3
                     : 2,
    SM = AVX2_REAL ? 2 : GM,
    SN = AVX2_REAL ? 4 : GN,
    TM = GM > SM ? GM : SM, /* the largest tile */
    TN = GN > SN ? GN : SN
};

#define VLANE for (int l = 0; l < GV; l++)

/* One vector of GV lanes. Real: a GCC vector, so that the tile's loops,
 * unrolled, stay vector FMAs on registers; complex: the lanes as an
 * array, multiplied by the compiler's complex arithmetic. */
#if defined(COMPLEX)
typedef struct vec {
    T x[GV];
} V;

INLINE V vload(const T *restrict p, int c)
{
    V v;
    VLANE v.x[l] = cj(c, p[l]);
    return v;
}
INLINE V vnmsub(V a, V b, V c)
{
    VLANE c.x[l] -= a.x[l] * b.x[l];
    return c;
}
INLINE void vput(T *restrict p, V v) { VLANE p[l] = v.x[l]; }

/* GEMM's tile works on the lanes' reals (re, im pairs) as GCC vectors
 * instead, where the compiler's complex multiply of the lanes stayed
 * scalar (0.16-0.5x the loop of OpenBLAS calls at n = 8 and 16): p sums
 * a b real by real (ar br, ai bi), q sums a times b with each pair
 * swapped (ar bi, ai br), two FMAs a vector and one swap a column of B;
 * the real and imaginary parts, and the conjugations, are combined once,
 * at the store. */
typedef R VR __attribute__((vector_size(HETLA__VEC_BYTES)));
/* integers of R's size: shuffle indices */
typedef __typeof__(__builtin_choose_expr(sizeof(R) == sizeof(long long), (long long)0, (int)0)) RI;
typedef RI VI __attribute__((vector_size(HETLA__VEC_BYTES)));
typedef VR GR; /* a vector of A */
typedef struct {
    VR b, s; /* a vector of B, and it with re and im swapped */
} GB;
typedef struct {
    VR p, q;
} GA; /* an accumulator */

enum { NR = HETLA__VEC_BYTES / (int)sizeof(R) };

INLINE VR vr_load(const T *restrict p)
{
    VR v;
    memcpy(&v, p, sizeof v); /* the lane stride keeps no alignment */
    return v;
}
/* each pair's re and im swapped */
INLINE VR vr_swap(VR v)
{
    VI swap = {0};
    for (int e = 0; e < NR; e++)
        swap[e] = e ^ 1;
    return __builtin_shuffle(v, swap);
}
/* the even reals of a, the odd of b */
INLINE VR vr_blend(VR a, VR b)
{
    VI pick = {0};
    for (int e = 0; e < NR; e++)
        pick[e] = e % 2 ? NR + e : e;
    return __builtin_shuffle(a, b, pick);
}
/* the complex elements of x times a */
INLINE VR vr_cmul(VR x, T a)
{
    VR im = {0};
    for (int e = 0; e < NR; e++)
        im[e] = e % 2 ? cimag(a) : -cimag(a);
    return x * creal(a) + vr_swap(x) * im;
}
INLINE GR gload_a(const T *restrict p) { return vr_load(p); }
INLINE GB gload_b(const T *restrict p)
{
    VR b = vr_load(p);
    return (GB){b, vr_swap(b)};
}
INLINE GA gzero(void) { return (GA){{0}, {0}}; }
INLINE GA gfma(GR a, GB b, GA c) { return (GA){c.p + a * b.b, c.q + a * b.s}; }
/* The sums of op(A) op(B), op(A) and op(B) conjugated where ca, cb: re =
 * ar br - sa sb ai bi (even reals of p), im = sb ar bi + sa ai br (odd
 * reals of q), sa, sb = -1 where conjugated */
typedef VR GS; /* a vector of sums */
INLINE GS gsum(GA acc, int ca, int cb)
{
    const R sa = ca ? -1 : 1, sb = cb ? -1 : 1;
    return vr_blend(acc.p - sa * sb * vr_swap(acc.p), sa * acc.q + sb * vr_swap(acc.q));
}
/* C := alpha op(A) op(B) + beta C */
INLINE void gstore(T *restrict p, GA acc, T alpha, T beta, int ca, int cb)
{
    VR r = vr_cmul(gsum(acc, ca, cb), alpha);
    if (beta != 0)
        r += vr_cmul(vr_load(p), beta);
    memcpy(p, &r, sizeof r);
}
#else
typedef T V __attribute__((vector_size(HETLA__VEC_BYTES)));

INLINE V vload(const T *restrict p, int c)
{
    (void)c;
    V v;
    memcpy(&v, p, sizeof v); /* the lane stride keeps no alignment */
    return v;
}
INLINE V vzero(void) { return (V){0}; }
INLINE V vfma(V a, V b, V c) { return c + a * b; }
INLINE V vnmsub(V a, V b, V c) { return c - a * b; }
INLINE void vput(T *restrict p, V v) { memcpy(p, &v, sizeof v); }
INLINE void vstore(T *restrict p, V acc, T alpha, T beta)
{
    V r = alpha * acc;
    if (beta != 0)
        r += beta * vload(p, 0);
    memcpy(p, &r, sizeof r);
}

/* GEMM's tile on GCC vectors of lanes */
typedef V GR, GB, GA;
INLINE GR gload_a(const T *restrict p) { return vload(p, 0); }
INLINE GB gload_b(const T *restrict p) { return vload(p, 0); }
INLINE GA gzero(void) { return vzero(); }
INLINE GA gfma(GR a, GB b, GA c) { return vfma(a, b, c); }
typedef V GS;
INLINE GS gsum(GA acc, int ca, int cb)
{
    (void)ca, (void)cb;
    return acc;
}
INLINE void gstore(T *restrict p, GA acc, T alpha, T beta, int ca, int cb)
{
    (void)ca, (void)cb;
    vstore(p, acc, alpha, beta);
}
#endif

/* C(i0 .. i0+mr-1, j0 .. j0+nr-1) of GV lanes; mr, nr constants where inlined. */
INLINE void gemm_tile(int mr, int nr, hetla_int k, T alpha, T beta, opnd A, opnd B, opnd C, hetla_int i0, hetla_int j0,
                      hetla__prefetch *pf)
{
    GA acc[TM][TN];
    GB b[TN];
    for (int i = 0; i < mr; i++)
        for (int j = 0; j < nr; j++)
            acc[i][j] = gzero();
    for (hetla_int q = 0; q < k; q++) {
        hetla__prefetch_step(pf);
        for (int j = 0; j < nr; j++)
            b[j] = gload_b(at(B, q, j0 + j));
        for (int i = 0; i < mr; i++) {
            GR a = gload_a(at(A, i0 + i, q));
            for (int j = 0; j < nr; j++)
                acc[i][j] = gfma(a, b[j], acc[i][j]);
        }
    }
    for (int i = 0; i < mr; i++)
        for (int j = 0; j < nr; j++)
            gstore(at(C, i0 + i, j0 + j), acc[i][j], alpha, beta, A.c, B.c);
}

INLINE opnd shift(opnd o, int lanes) { return (opnd){o.p + lanes, o.ri, o.rj, o.c}; }

/* The lane group as LANES / GV vectors, each in GM x GN tiles: a B panel of
 * GN columns stays in L1 while A's rows pass; the next group's lines
 * requested evenly over the tiles' steps (n = 32: 1.4x on one core). */
INLINE void gemm_tiled(int gm, int gn, hetla_int m, hetla_int n, hetla_int k, T alpha, T beta, opnd A, opnd B, opnd C,
                       hetla__prefetch *pf)
{
    size_t tiles = (size_t)(m / gm + m % gm) * (size_t)(n / gn + n % gn);
    hetla__prefetch_pace(pf, (size_t)(LANES / GV) * tiles * (size_t)k);
    for (int h = 0; h < LANES; h += GV) {
        opnd a = shift(A, h), b = shift(B, h), c = shift(C, h);
        hetla_int j0 = 0, i0;
        for (; j0 + gn <= n; j0 += gn) {
            for (i0 = 0; i0 + gm <= m; i0 += gm)
                gemm_tile(gm, gn, k, alpha, beta, a, b, c, i0, j0, pf);
            for (; i0 < m; i0++)
                gemm_tile(1, gn, k, alpha, beta, a, b, c, i0, j0, pf);
        }
        /* the columns left two at a time where a tile has room for them */
        for (; gn > 2 && j0 + 2 <= n; j0 += 2) {
            for (i0 = 0; i0 + gm <= m; i0 += gm)
                gemm_tile(gm, 2, k, alpha, beta, a, b, c, i0, j0, pf);
            for (; i0 < m; i0++)
                gemm_tile(1, 2, k, alpha, beta, a, b, c, i0, j0, pf);
        }
        for (; j0 < n; j0++) {
            for (i0 = 0; i0 + gm <= m; i0 += gm)
                gemm_tile(gm, 1, k, alpha, beta, a, b, c, i0, j0, pf);
            for (; i0 < m; i0++)
                gemm_tile(1, 1, k, alpha, beta, a, b, c, i0, j0, pf);
        }
    }
}

static void gemm(const hetla__gemm_batch_args *a, hetla__zlanes A, hetla__zlanes B, hetla__zlanes C,
                 hetla__prefetch *pf)
{
    opnd oa = op_of(A, a->transa), ob = op_of(B, a->transb), oc = op_of(C, HETLA_NO_TRANS);
    T alpha = (T)a->alpha, beta = (T)a->beta;
    hetla_int k = alpha == 0 ? 0 : a->k; /* BLAS: C := beta C, A and B not read (NaN in them does not spread) */
    if (a->m == a->n && a->n == k)
        switch (a->m) {
        case 2: gemm_body(2, 2, 2, alpha, beta, oa, ob, oc); return;
        case 3: gemm_body(3, 3, 3, alpha, beta, oa, ob, oc); return;
        /* k left to run time: with it known too, GCC 12 fails (internal
         * error in the SLP vectorizer) on the float twin */
        case 4:
            gemm_tiled(SM, SN, 4, 4, k, alpha, beta, oa, ob, oc, pf);
            return;
        case 8:
            gemm_tiled(SM, SN, 8, 8, k, alpha, beta, oa, ob, oc, pf);
            return;
        default: break;
        }
    gemm_tiled(GM, GN, a->m, a->n, k, alpha, beta, oa, ob, oc, pf);
}

/* ---- GEMV ----------------------------------------------------------------------- */

static void gemv(const hetla__gemv_batch_args *a, hetla__zlanes A, hetla__zlanes x, hetla__zlanes y)
{
    opnd oa = op_of(A, a->trans), ox = op_of(x, HETLA_NO_TRANS), oy = op_of(y, HETLA_NO_TRANS);
    hetla_int rows = a->trans == HETLA_NO_TRANS ? a->m : a->n, cols = a->trans == HETLA_NO_TRANS ? a->n : a->m;
    T alpha = (T)a->alpha;
    /* BLAS: y := beta y for alpha = 0, A and x not read */
    gemm_body(rows, 1, alpha == 0 ? 0 : cols, alpha, (T)a->beta, oa, ox, oy);
}

/* ---- triangular solves ---------------------------------------------------------- */

/* op(A) X = alpha B for the na x na op(A) (lower or not), nv columns of B;
 * the right side is the same on B's transpose (rows as columns). Row by
 * row of X, all nv columns of a row divided by the reciprocal of its
 * diagonal element, taken once (a diagonal below the smallest normal
 * number scaled up by 2^54, 2^24 in single precision, first, and the
 * quotients as much after, so that the reciprocal stays finite); the
 * sums over the rows solved before on vectors of GV lanes, as GEMM's
 * tile takes them (complex: the lanes' reals, where the compiler's
 * complex arithmetic of the lanes stays scalar), one chain a vector. */
INLINE void trsv_body(hetla_int na, hetla_int nv, int lower, int unit, T alpha, opnd A, opnd B)
{
    const R tiny = sizeof(R) == 4 ? FLT_MIN : DBL_MIN, up = sizeof(R) == 4 ? 0x1p24 : 0x1p54;
    for (hetla_int q = 0; q < na; q++) {
        hetla_int i = lower ? q : na - 1 - q;
        T inv[LANES];
        R scale[LANES];
        const T *restrict d = at(A, i, i);
        LANE
        {
            T di = unit ? 1 : cj(A.c, d[l]);
            int small = abs1(di) < tiny;
            inv[l] = quot(1, small ? di * up : di);
            scale[l] = small ? up : 1;
        }
        for (hetla_int v = 0; v < nv; v++) {
            GA acc[LANES / GV];
            for (int h = 0; h < LANES / GV; h++)
                acc[h] = gzero();
            for (hetla_int r = 0; r < q; r++) {
                hetla_int c = lower ? r : na - 1 - r;
                const T *restrict ap = at(A, i, c), *restrict xp = at(B, c, v);
                for (int h = 0; h < LANES / GV; h++)
                    acc[h] = gfma(gload_a(ap + h * GV), gload_b(xp + h * GV), acc[h]);
            }
            T sum[LANES];
            for (int h = 0; h < LANES / GV; h++) {
                GS s = gsum(acc[h], A.c, 0);
                memcpy(sum + h * GV, &s, sizeof s);
            }
            T *restrict bi = at(B, i, v);
            LANE bi[l] = (alpha * bi[l] - sum[l]) * inv[l] * scale[l];
        }
    }
}

/* A, B as the left-side solve sees them: op(A) X = alpha B. */
INLINE void trsm_canon(hetla_side side, hetla_uplo uplo, hetla_trans trans, hetla_int m, hetla_int n,
                       hetla__zlanes A, hetla__zlanes B, opnd *oa, opnd *ob, hetla_int *na, hetla_int *nv,
                       int *lower)
{
    int low = (uplo == HETLA_LOWER) == (trans == HETLA_NO_TRANS);
    if (side == HETLA_LEFT) {
        *oa = op_of(A, trans), *ob = op_of(B, HETLA_NO_TRANS), *na = m, *nv = n, *lower = low;
    } else { /* X op(A) = B  <=>  op(A)^T X^T = B^T */
        opnd t = op_of(A, trans);
        *oa = (opnd){t.p, t.rj, t.ri, t.c};
        opnd b = op_of(B, HETLA_NO_TRANS);
        *ob = (opnd){b.p, b.rj, b.ri, 0}, *na = n, *nv = m, *lower = !low;
    }
}

static void trsm(const hetla__trsm_batch_args *a, hetla__zlanes A, hetla__zlanes B)
{
    opnd oa, ob;
    hetla_int na, nv;
    int lower, unit = a->diag == HETLA_UNIT;
    trsm_canon(a->side, a->uplo, a->trans, a->m, a->n, A, B, &oa, &ob, &na, &nv, &lower);
    T alpha = (T)a->alpha;
    if (alpha == 0) { /* BLAS: B := 0, A and B not read (NaN in them does not spread) */
        for (hetla_int v = 0; v < nv; v++)
            for (hetla_int i = 0; i < na; i++) {
                T *restrict bi = at(ob, i, v);
                LANE bi[l] = 0;
            }
    } else if (na == 2 && nv == 2)
        trsv_body(2, 2, lower, unit, alpha, oa, ob);
    else if (na == 4 && nv == 4)
        trsv_body(4, 4, lower, unit, alpha, oa, ob);
    else if (na == 8 && nv == 8)
        trsv_body(8, 8, lower, unit, alpha, oa, ob);
    else
        trsv_body(na, nv, lower, unit, alpha, oa, ob);
}

/* ---- Cholesky ------------------------------------------------------------------ */

/* Lower: L in the lower triangle. Upper: the same on the transpose,
 * conjugated (U(j,i) = conj(L(i,j))). A lane that meets a non-positive
 * pivot records it and goes on with pivot 1, so its neighbours are not
 * disturbed; its factor is then undefined from that column on. */
INLINE void potrf_body(hetla_int n, opnd A, R *restrict info)
{
    for (hetla_int j = 0; j < n; j++) {
        R d[LANES], inv[LANES];
        T *restrict ajj = at(A, j, j);
        LANE d[l] = creal(ajj[l]);
        for (hetla_int q = 0; q < j; q++) {
            const T *restrict v = at(A, j, q);
            LANE d[l] -= creal(cj(A.c, v[l]) * conj(cj(A.c, v[l])));
        }
        LANE
        {
            int ok = d[l] > 0;
            info[l] = !ok && info[l] == 0 ? (R)(j + 1) : info[l];
            d[l] = ok ? sqrt(d[l]) : 1;
            inv[l] = 1 / d[l];
            ajj[l] = d[l];
        }
        for (hetla_int i = j + 1; i < n; i++) {
            T *restrict aij = at(A, i, j);
            T acc[LANES];
            LANE acc[l] = cj(A.c, aij[l]);
            for (hetla_int q = 0; q < j; q++) {
                const T *restrict x = at(A, i, q), *restrict y = at(A, j, q);
                LANE acc[l] -= cj(A.c, x[l]) * conj(cj(A.c, y[l]));
            }
            LANE aij[l] = cj(A.c, acc[l] * inv[l]);
        }
    }
}

INLINE opnd chol_view(hetla__zlanes A, hetla_uplo uplo)
{
    opnd o = op_of(A, HETLA_NO_TRANS);
    return uplo == HETLA_LOWER ? o : (opnd){o.p, o.rj, o.ri, 1};
}

static void potrf(const hetla__lapack_batch_args *a, hetla__zlanes A, hetla_int *info)
{
    opnd o = chol_view(A, a->uplo);
    R inf[LANES]; /* info in the lanes' own width, so the selects vectorise */
    LANE inf[l] = (R)info[l];
    switch (a->n) {
    case 2: potrf_body(2, o, inf); break;
    case 3: potrf_body(3, o, inf); break;
    case 4: potrf_body(4, o, inf); break;
    case 8: potrf_body(8, o, inf); break;
    default: potrf_body(a->n, o, inf); break;
    }
    LANE info[l] = (hetla_int)inf[l];
}

static void potrs(const hetla__lapack_batch_args *a, hetla__zlanes A, hetla__zlanes B)
{
    /* L (L^H X) = B, or U^H (U X) = B: both with the lower view of chol_view */
    opnd l = chol_view(A, a->uplo), lh = {l.p, l.rj, l.ri, !l.c}, b = op_of(B, HETLA_NO_TRANS);
    trsv_body(a->n, a->nrhs, 1, 0, 1, l, b);
    trsv_body(a->n, a->nrhs, 0, 0, 1, lh, b);
}

/* ---- LU ------------------------------------------------------------------------ */

/* Row i and row p[l] of lane l swap, columns 0 .. n-1: the lanes pivot on
 * rows of their own, so one lane at a time, O(n) each (a select over every
 * candidate row for all lanes at once was O(n) per element). */
INLINE void swap_lanes(opnd A, hetla_int i, const R *restrict p, hetla_int n)
{
    LANE
    {
        hetla_int r = (hetla_int)p[l];
        for (hetla_int c = 0; r != i && c < n; c++) {
            T *restrict x = at(A, i, c) + l, *restrict y = at(A, r, c) + l, t = *x;
            *x = *y;
            *y = t;
        }
    }
}

INLINE void getrf_body(hetla_int m, hetla_int n, int pivot, opnd A, hetla_int *restrict piv, R *restrict info)
{
    hetla_int mn = m < n ? m : n;
    for (hetla_int j = 0; j < mn; j++) {
        if (pivot) {
            R p[LANES], best[LANES];
            const T *restrict ajj = at(A, j, j);
            LANE p[l] = (R)j, best[l] = abs1(ajj[l]);
            for (hetla_int i = j + 1; i < m; i++) {
                const T *restrict aij = at(A, i, j);
                LANE
                {
                    R v = abs1(aij[l]);
                    int gt = v > best[l];
                    best[l] = gt ? v : best[l];
                    p[l] = gt ? (R)i : p[l];
                }
            }
            LANE piv[j * LANES + l] = (hetla_int)p[l] + 1;
            swap_lanes(A, j, p, n);
        }
        /* the column times 1 / pivot (LAPACK's xGETF2); a pivot below the
         * smallest normal number, whose reciprocal would overflow, scaled
         * up by 4 / eps first and the products back after */
        T inv[LANES];
        R up[LANES];
        int tiny = 0;
        const T *restrict d = at(A, j, j);
        LANE
        {
            int zero = d[l] == 0, small = !zero && abs1(d[l]) < DBL_MIN;
            info[l] = zero && info[l] == 0 ? (R)(j + 1) : info[l];
            up[l] = small ? 4 / DBL_EPSILON : 1;
            inv[l] = zero ? 1 : quot(1, d[l] * up[l]);
            tiny |= small;
        }
        for (hetla_int i = j + 1; i < m; i++) {
            T *restrict aij = at(A, i, j);
            LANE aij[l] *= inv[l];
        }
        for (hetla_int i = j + 1; tiny && i < m; i++) {
            T *restrict aij = at(A, i, j);
            LANE aij[l] *= up[l];
        }
        for (hetla_int c = j + 1; c < n; c++)
            for (int h = 0; h < LANES; h += GV) {
                V ajc = vload(at(A, j, c) + h, 0);
                for (hetla_int i = j + 1; i < m; i++) {
                    T *aic = at(A, i, c) + h;
                    vput(aic, vnmsub(vload(at(A, i, j) + h, 0), ajc, vload(aic, 0)));
                }
            }
    }
}

static void getrf(const hetla__lapack_batch_args *a, hetla__zlanes A, hetla_int *piv, hetla_int *info)
{
    opnd o = op_of(A, HETLA_NO_TRANS);
    R inf[LANES];
    LANE inf[l] = (R)info[l];
    switch (a->m == a->n ? a->n : 0) {
    case 2: getrf_body(2, 2, a->pivot, o, piv, inf); break;
    case 3: getrf_body(3, 3, a->pivot, o, piv, inf); break;
    case 4: getrf_body(4, 4, a->pivot, o, piv, inf); break;
    case 8: getrf_body(8, 8, a->pivot, o, piv, inf); break;
    default: getrf_body(a->m, a->n, a->pivot, o, piv, inf); break;
    }
    LANE info[l] = (hetla_int)inf[l];
}

static void getrs(const hetla__lapack_batch_args *a, hetla__zlanes A, const hetla_int *piv, hetla__zlanes B)
{
    hetla_int n = a->n;
    opnd b = op_of(B, HETLA_NO_TRANS);
    R p[LANES];
    if (a->trans == HETLA_NO_TRANS) {
        opnd o = op_of(A, HETLA_NO_TRANS);
        for (hetla_int i = 0; i < n && piv; i++) {
            LANE p[l] = (R)(piv[i * LANES + l] - 1);
            swap_lanes(b, i, p, a->nrhs);
        }
        trsv_body(n, a->nrhs, 1, 1, 1, o, b);
        trsv_body(n, a->nrhs, 0, 0, 1, o, b);
    } else {
        opnd o = op_of(A, a->trans);
        trsv_body(n, a->nrhs, 1, 0, 1, o, b); /* U^T is lower */
        trsv_body(n, a->nrhs, 0, 1, 1, o, b);
        for (hetla_int i = n - 1; i >= 0 && piv; i--) {
            LANE p[l] = (R)(piv[i * LANES + l] - 1);
            swap_lanes(b, i, p, a->nrhs);
        }
    }
}

/* ---- one small matrix (variable batches) ---------------------------------------- */

#if !defined(COMPLEX)
#include <immintrin.h>

/* The first r (0..GV) elements of a vector, loaded (the rest zero) or
 * stored, without touching memory past them. */
#if HETLA__VEC_BYTES == 64
typedef __mmask16 VM;
INLINE VM vmask(hetla_int r) { return (VM)((1u << r) - 1); }
#if defined(PRECISION_d)
INLINE V vload_m(const T *p, VM m) { return (V)_mm512_maskz_loadu_pd((__mmask8)m, p); }
INLINE void vstore_m(T *p, VM m, V v) { _mm512_mask_storeu_pd(p, (__mmask8)m, (__m512d)v); }
#else
INLINE V vload_m(const T *p, VM m) { return (V)_mm512_maskz_loadu_ps(m, p); }
INLINE void vstore_m(T *p, VM m, V v) { _mm512_mask_storeu_ps(p, m, (__m512)v); }
#endif
#else
typedef __m256i VM;
#if defined(PRECISION_d)
INLINE VM vmask(hetla_int r) { return _mm256_cmpgt_epi64(_mm256_set1_epi64x(r), _mm256_setr_epi64x(0, 1, 2, 3)); }
INLINE V vload_m(const T *p, VM m) { return (V)_mm256_maskload_pd(p, m); }
INLINE void vstore_m(T *p, VM m, V v) { _mm256_maskstore_pd(p, m, (__m256d)v); }
#else
INLINE VM vmask(hetla_int r)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)r), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
INLINE V vload_m(const T *p, VM m) { return (V)_mm256_maskload_ps(p, m); }
INLINE void vstore_m(T *p, VM m, V v) { _mm256_maskstore_ps(p, m, (__m256)v); }
#endif
#endif

/* Columns of C with two vectors of rows (two: 0 or 1), B(q, j) at
 * B[q bq + j bj]. */
INLINE void small_gemm_cols(int two, hetla_int m, hetla_int n, hetla_int k, T alpha, const T *A, hetla_int lda,
                            const T *B, size_t bq, size_t bj, T beta, T *C, hetla_int ldc)
{
    VM m0 = vmask(m < GV ? m : GV), m1 = vmask(two ? m - GV : 0);
    for (hetla_int j = 0; j < n; j++, B += bj, C += ldc) {
        V c0 = vzero(), c1 = vzero();
        const T *a = A;
        for (hetla_int q = 0; q < k; q++, a += lda) {
            V b = vzero() + B[(size_t)q * bq];
            c0 = vfma(vload_m(a, m0), b, c0);
            if (two)
                c1 = vfma(vload_m(a + GV, m1), b, c1);
        }
        c0 *= alpha, c1 *= alpha;
        if (beta != 0) {
            c0 = vfma(vload_m(C, m0), vzero() + beta, c0);
            if (two)
                c1 = vfma(vload_m(C + GV, m1), vzero() + beta, c1);
        }
        vstore_m(C, m0, c0);
        if (two)
            vstore_m(C + GV, m1, c1);
    }
}

/* hetla__zbatch_simd's small_gemm. The one-matrix loop's dot products
 * read A along its rows; here a column of A is one masked load: a
 * variable GEMM of orders 1..8 on one core took 6.5 ms against 10.3
 * (100 000 matrices, caches flushed), GEMV 3.3 against 4.6. */
static void small_gemm(hetla_trans tb, hetla_int m, hetla_int n, hetla_int k, T alpha, const T *A, hetla_int lda,
                       const T *B, hetla_int ldb, T beta, T *C, hetla_int ldc)
{
    size_t bq = tb == HETLA_NO_TRANS ? 1 : (size_t)ldb, bj = tb == HETLA_NO_TRANS ? (size_t)ldb : 1;
    if (m > GV)
        small_gemm_cols(1, m, n, k, alpha, A, lda, B, bq, bj, beta, C, ldc);
    else
        small_gemm_cols(0, m, n, k, alpha, A, lda, B, bq, bj, beta, C, ldc);
}
#endif

#define HETLA__CAT2(a, b) a##b
#define HETLA__CAT(a, b) HETLA__CAT2(a, b)

const hetla__zbatch_simd HETLA__CAT(hetla__zbatch_simd_, HETLA__ISA) = {
    .isa = HETLA__ISA_NAME,
    .lanes = LANES,
    .gemm = gemm,
    .gemv = gemv,
    .trsm = trsm,
    .potrf = potrf,
    .getrf = getrf,
    .potrs = potrs,
    .getrs = getrs,
#if !defined(COMPLEX)
    .small_gemm = small_gemm,
    .small_rows = 2 * GV,
#endif
};
