/* The CUDA backend on a GPU: the gemm family in four precisions (task forms
 * and synchronous calls) on "cuda" and "cpu,cuda", gescal, a chain on
 * device-only data with its transfer counts, the memory cap, peer copies,
 * page-locking of the caller's memory (and its switch).
 * Exits 77 (skipped) where no GPU is present. Results are checked against
 * a random vector, in units of machine epsilon. */
#include <complex.h>
#include <cuda_runtime_api.h>
#include <float.h>
#include <math.h>

#include "../test.h"

static int ngpus;

/* ---- matrices of any precision, read and written as double complex ------ */

typedef struct mat {
    void *p;
    size_t m, n, ld;
    hetla_dtype t;
} mat;

static const hetla_dtype types[] = {HETLA_FLOAT, HETLA_DOUBLE, HETLA_COMPLEX, HETLA_ZCOMPLEX};
static const char *const type_names[] = {"s", "d", "c", "z"};

static int is_complex(hetla_dtype t) { return t == HETLA_COMPLEX || t == HETLA_ZCOMPLEX; }
static double eps_of(hetla_dtype t) { return t == HETLA_FLOAT || t == HETLA_COMPLEX ? FLT_EPSILON : DBL_EPSILON; }
/* A scalar as the precision's routine takes it. */
static hetla_zcomplex scalar(hetla_dtype t, hetla_zcomplex z) { return is_complex(t) ? z : creal(z); }

static hetla_zcomplex get(const mat *a, size_t i, size_t j)
{
    size_t k = j * a->ld + i;
    switch (a->t) {
    case HETLA_FLOAT:
        return ((const float *)a->p)[k];
    case HETLA_DOUBLE:
        return ((const double *)a->p)[k];
    case HETLA_COMPLEX:
        return ((const hetla_ccomplex *)a->p)[k];
    default:
        return ((const hetla_zcomplex *)a->p)[k];
    }
}

static void put(mat *a, size_t i, size_t j, hetla_zcomplex v)
{
    size_t k = j * a->ld + i;
    switch (a->t) {
    case HETLA_FLOAT:
        ((float *)a->p)[k] = (float)creal(v);
        break;
    case HETLA_DOUBLE:
        ((double *)a->p)[k] = creal(v);
        break;
    case HETLA_COMPLEX:
        ((hetla_ccomplex *)a->p)[k] = (hetla_ccomplex)v;
        break;
    default:
        ((hetla_zcomplex *)a->p)[k] = v;
        break;
    }
}

static unsigned long long rng = 88172645463325252ull;
static double urand(void) /* xorshift, in [-1, 1) */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 4503599627370496.0 - 1;
}

enum { SENTINEL = 777 }; /* rows between m and ld: never to be written */

/* An m x n matrix with leading dimension ld, random inside, SENTINEL in the padding. */
static mat mat_new(hetla_dtype t, size_t m, size_t n, size_t ld)
{
    mat a = {calloc(ld * (n ? n : 1), hetla_dtype_size(t)), m, n, ld, t};
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < ld; i++) {
            double re = urand(), im = is_complex(t) ? urand() : 0;
            put(&a, i, j, i < m ? CMPLX(re, im) : SENTINEL);
        }
    return a;
}

static void mat_fill(mat *a, hetla_zcomplex v)
{
    for (size_t j = 0; j < a->n; j++)
        for (size_t i = 0; i < a->m; i++)
            put(a, i, j, v);
}

static mat mat_copy(const mat *a)
{
    mat b = *a;
    size_t bytes = a->ld * (a->n ? a->n : 1) * hetla_dtype_size(a->t);
    b.p = malloc(bytes);
    memcpy(b.p, a->p, bytes);
    return b;
}

static int padding_intact(const mat *a)
{
    for (size_t j = 0; j < a->n; j++)
        for (size_t i = a->m; i < a->ld; i++)
            if (get(a, i, j) != SENTINEL)
                return 0;
    return 1;
}

static hetla_data *reg(hetla_context *ctx, mat *a)
{
    hetla_data *d = NULL;
    CHECK_OK(hetla_matrix_register(ctx, a->p, a->m, a->n, a->ld, a->t, &d));
    return d;
}

/* ---- residuals -------------------------------------------------------------- */

/* y = op(M) v and ya = |op(M)| va, the weight of the rounding bound. */
static void op_mv(hetla_trans tr, const mat *M, const hetla_zcomplex *v, const double *va, hetla_zcomplex *y,
                  double *ya)
{
    size_t rows = tr == HETLA_NO_TRANS ? M->m : M->n, cols = tr == HETLA_NO_TRANS ? M->n : M->m;
    for (size_t i = 0; i < rows; i++) {
        y[i] = 0;
        ya[i] = 0;
        for (size_t l = 0; l < cols; l++) {
            hetla_zcomplex e = tr == HETLA_NO_TRANS ? get(M, i, l) : get(M, l, i);
            if (tr == HETLA_CONJ_TRANS)
                e = conj(e);
            y[i] += e * v[l];
            ya[i] += cabs(e) * va[l];
        }
    }
}

typedef struct vec {
    hetla_zcomplex *v;
    double *a;
} vec;

static vec vec_new(size_t n)
{
    return (vec){calloc(n ? n : 1, sizeof(hetla_zcomplex)), calloc(n ? n : 1, sizeof(double))};
}

static vec vec_rand(size_t n)
{
    vec x = vec_new(n);
    for (size_t i = 0; i < n; i++) {
        x.v[i] = CMPLX(urand(), urand());
        x.a[i] = cabs(x.v[i]);
    }
    return x;
}

static void vec_free(vec x)
{
    free(x.v);
    free(x.a);
}

/* max_i |got_i - want_i| / (bound_i * mult * eps); NaN if any is NaN. */
static double worst(size_t m, const vec *got, const vec *want, double mult, double eps)
{
    double res = 0;
    for (size_t i = 0; i < m; i++) {
        double r = cabs(got->v[i] - want->v[i]) / ((want->a[i] + got->a[i]) * mult * eps);
        if (isnan(r))
            return NAN;
        res = r > res ? r : res;
    }
    return res;
}

/* C = alpha op(A) op(B) + beta C0, checked as C x against alpha op(A)
 * (op(B) x) + beta C0 x (C0 unread when beta = 0). */
static double gemm_residual(hetla_trans ta, hetla_trans tb, hetla_zcomplex alpha, const mat *A, const mat *B,
                            hetla_zcomplex beta, const mat *C0, const mat *C, size_t k)
{
    size_t m = C->m, n = C->n;
    vec x = vec_rand(n), bx = vec_new(k), want = vec_new(m), c0x = vec_new(m), got = vec_new(m);
    op_mv(tb, B, x.v, x.a, bx.v, bx.a);
    op_mv(ta, A, bx.v, bx.a, want.v, want.a);
    op_mv(HETLA_NO_TRANS, C, x.v, x.a, got.v, got.a);
    if (beta != 0)
        op_mv(HETLA_NO_TRANS, C0, x.v, x.a, c0x.v, c0x.a);
    for (size_t i = 0; i < m; i++) {
        want.v[i] = alpha * want.v[i] + (beta != 0 ? beta * c0x.v[i] : 0);
        want.a[i] = cabs(alpha) * want.a[i] + (beta != 0 ? cabs(beta) * c0x.a[i] : 0);
    }
    double res = worst(m, &got, &want, (double)k + 2, eps_of(C->t));
    vec_free(x), vec_free(bx), vec_free(want), vec_free(c0x), vec_free(got);
    return res;
}

/* ---- the four precisions' calls ------------------------------------------ */

static hetla_status gemm_sync(hetla_context *ctx, hetla_trans ta, hetla_trans tb, size_t m, size_t n, size_t k,
                              hetla_zcomplex alpha, const mat *A, const mat *B, hetla_zcomplex beta, mat *C)
{
    hetla_layout L = HETLA_COL_MAJOR;
    switch (C->t) {
    case HETLA_FLOAT:
        return hetla_sgemm(ctx, L, ta, tb, m, n, k, (float)creal(alpha), A->p, A->ld, B->p, B->ld, (float)creal(beta),
                           C->p, C->ld);
    case HETLA_DOUBLE:
        return hetla_dgemm(ctx, L, ta, tb, m, n, k, creal(alpha), A->p, A->ld, B->p, B->ld, creal(beta), C->p, C->ld);
    case HETLA_COMPLEX:
        return hetla_cgemm(ctx, L, ta, tb, m, n, k, (hetla_ccomplex)alpha, A->p, A->ld, B->p, B->ld,
                           (hetla_ccomplex)beta, C->p, C->ld);
    default:
        return hetla_zgemm(ctx, L, ta, tb, m, n, k, alpha, A->p, A->ld, B->p, B->ld, beta, C->p, C->ld);
    }
}

static hetla_status gemm_task(hetla_context *ctx, uint64_t mask, hetla_dtype t, hetla_trans ta, hetla_trans tb,
                              hetla_zcomplex alpha, hetla_data *A, hetla_data *B, hetla_zcomplex beta, hetla_data *C)
{
    hetla_task_opts o = {.device_mask = mask};
    switch (t) {
    case HETLA_FLOAT:
        return hetla_sgemm_task(ctx, &o, ta, tb, (float)creal(alpha), A, B, (float)creal(beta), C);
    case HETLA_DOUBLE:
        return hetla_dgemm_task(ctx, &o, ta, tb, creal(alpha), A, B, creal(beta), C);
    case HETLA_COMPLEX:
        return hetla_cgemm_task(ctx, &o, ta, tb, (hetla_ccomplex)alpha, A, B, (hetla_ccomplex)beta, C);
    default:
        return hetla_zgemm_task(ctx, &o, ta, tb, alpha, A, B, beta, C);
    }
}

/* ---- gemm in every precision ----------------------------------------------- */

static const struct {
    hetla_trans ta, tb;
    hetla_zcomplex alpha, beta;
} cases[] = {
    {HETLA_NO_TRANS, HETLA_NO_TRANS, CMPLX(1.5, -0.5), 0}, /* beta = 0 over NaN */
    {HETLA_TRANS, HETLA_CONJ_TRANS, -1, CMPLX(0.5, 0.25)},
    {HETLA_CONJ_TRANS, HETLA_NO_TRANS, 0.7, 1},
    {HETLA_NO_TRANS, HETLA_TRANS, 0, -2}, /* alpha = 0: C := beta C */
};
enum { NCASES = sizeof cases / sizeof *cases };

/* One gemm of case @p c, m x n x k, as a task on devices @p mask (task) or
 * a synchronous call; @return its residual (NaN, or large, when wrong). */
static double run_gemm(hetla_context *ctx, hetla_dtype t, int c, int task, uint64_t mask, size_t m, size_t n, size_t k)
{
    hetla_trans ta = cases[c].ta, tb = cases[c].tb;
    hetla_zcomplex alpha = scalar(t, cases[c].alpha), beta = scalar(t, cases[c].beta);
    size_t ar = ta == HETLA_NO_TRANS ? m : k, br = tb == HETLA_NO_TRANS ? k : n;
    mat A = mat_new(t, ar, ta == HETLA_NO_TRANS ? k : m, ar + 3),
        B = mat_new(t, br, tb == HETLA_NO_TRANS ? n : k, br + 1);
    mat C0 = mat_new(t, m, n, m + 2);
    if (beta == 0)
        mat_fill(&C0, NAN);
    mat C = mat_copy(&C0);
    if (task) {
        hetla_data *hA = reg(ctx, &A), *hB = reg(ctx, &B), *hC = reg(ctx, &C);
        CHECK_OK(gemm_task(ctx, mask, t, ta, tb, alpha, hA, hB, beta, hC));
        CHECK_OK(hetla_wait_all(ctx));
        CHECK_OK(hetla_data_unregister(hA));
        CHECK_OK(hetla_data_unregister(hB));
        CHECK_OK(hetla_data_unregister(hC));
    } else {
        CHECK_OK(gemm_sync(ctx, ta, tb, m, n, k, alpha, &A, &B, beta, &C));
    }
    CHECK(padding_intact(&C));
    double res = gemm_residual(ta, tb, alpha, &A, &B, beta, &C0, &C, k);
    if (!(res < 50))
        fprintf(stderr, "  %sgemm %s case %d (%zu x %zu x %zu): residual %g eps\n", type_names[t],
                task ? "task" : "sync", c, m, n, k, res);
    free(A.p), free(B.p), free(C0.p), free(C.p);
    return res;
}

/* The device ids of @p ctx's CPU and first CUDA device (-1 if none). */
static void device_ids(hetla_context *ctx, int *cpu, int *gpu)
{
    *cpu = *gpu = -1;
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        CHECK_OK(hetla_device_info(ctx, i, &d));
        if (d.type == HETLA_DEVICE_CPU && *cpu < 0)
            *cpu = i;
        if (d.type == HETLA_DEVICE_CUDA && *gpu < 0)
            *gpu = i;
    }
}

static void test_gemm_cuda(void)
{
    hetla_context *ctx = test_context("cuda", 0);
    for (int p = 0; p < 4; p++) {
        for (int c = 0; c < NCASES; c++) {
            CHECK(run_gemm(ctx, types[p], c, 1, 0, 197, 131, 163) < 50);
            CHECK(run_gemm(ctx, types[p], c, 0, 0, 197, 131, 163) < 50);
        }
        /* Large enough to be tiled; sizes no multiple of any tile. */
        CHECK(run_gemm(ctx, types[p], 1, 0, 0, 421, 389, 401) < 50);
    }
    CHECK_OK(hetla_context_destroy(ctx));
}

/* Mixed: tasks pinned to either side, a chain crossing from the GPU to the
 * CPU, and a tiled synchronous call spread over both. */
static void test_gemm_cpu_cuda(void)
{
    hetla_context *ctx = test_context("cpu,cuda", 2);
    int cpu, gpu;
    device_ids(ctx, &cpu, &gpu);
    CHECK(cpu >= 0 && gpu >= 0);
    uint64_t on_cpu = 1ull << cpu, on_gpu = 1ull << gpu;
    for (int p = 0; p < 4; p++) {
        hetla_dtype t = types[p];
        CHECK(run_gemm(ctx, t, 0, 1, on_gpu, 97, 203, 151) < 50);
        CHECK(run_gemm(ctx, t, 1, 1, on_cpu, 97, 203, 151) < 50);
        CHECK(run_gemm(ctx, t, 2, 0, 0, 613, 587, 601) < 50);

        /* T := A B on the GPU, then D := T B on the CPU, which must fetch T. */
        size_t n = 133;
        mat A = mat_new(t, n, n, n), B = mat_new(t, n, n, n), T = mat_new(t, n, n, n), D = mat_new(t, n, n, n);
        mat_fill(&T, NAN), mat_fill(&D, NAN);
        hetla_data *hA = reg(ctx, &A), *hB = reg(ctx, &B), *hT = reg(ctx, &T), *hD = reg(ctx, &D);
        CHECK_OK(hetla_stats_reset(ctx));
        CHECK_OK(gemm_task(ctx, on_gpu, t, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, hA, hB, 0, hT));
        CHECK_OK(gemm_task(ctx, on_cpu, t, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, hT, hB, 0, hD));
        CHECK_OK(hetla_wait_all(ctx));
        hetla_stats st;
        CHECK_OK(hetla_stats_get(ctx, &st));
        CHECK(st.transfers[HETLA_H2D] == 2 && st.transfers[HETLA_D2H] == 1); /* A, B up; T down */
        CHECK_OK(hetla_data_unregister(hA));
        CHECK_OK(hetla_data_unregister(hB));
        CHECK_OK(hetla_data_unregister(hT));
        CHECK_OK(hetla_data_unregister(hD));
        CHECK(gemm_residual(HETLA_NO_TRANS, HETLA_NO_TRANS, 1, &A, &B, 0, NULL, &T, n) < 50);
        CHECK(gemm_residual(HETLA_NO_TRANS, HETLA_NO_TRANS, 1, &T, &B, 0, NULL, &D, n) < 50);
        free(A.p), free(B.p), free(T.p), free(D.p);
    }
    CHECK_OK(hetla_context_destroy(ctx));
}

/* gescal on the GPU: alpha = 0 writes zeros over NaN, alpha = 2 doubles. */
static void test_gescal(void)
{
    hetla_context *ctx = test_context("cuda", 0);
    for (int p = 0; p < 4; p++) {
        hetla_dtype t = types[p];
        mat A = mat_new(t, 75, 41, 80), Z = mat_new(t, 75, 41, 80);
        mat A0 = mat_copy(&A);
        mat_fill(&Z, NAN);
        hetla_data *hA = reg(ctx, &A), *hZ = reg(ctx, &Z);
        char op[16];
        snprintf(op, sizeof op, "%sgescal", type_names[p]);
        hetla_kernel *k = NULL;
        CHECK_OK(hetla_kernel_find(ctx, op, &k));
        hetla_zcomplex two = 2, zero = 0; /* the argument block: one complex scalar */
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k,
                                                           .data = (hetla_task_arg[]){{hA, HETLA_RW}},
                                                           .ndata = 1,
                                                           .args = &two,
                                                           .args_size = sizeof two}));
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k,
                                                           .data = (hetla_task_arg[]){{hZ, HETLA_RW}},
                                                           .ndata = 1,
                                                           .args = &zero,
                                                           .args_size = sizeof zero}));
        CHECK_OK(hetla_data_unregister(hA));
        CHECK_OK(hetla_data_unregister(hZ));
        int ok = padding_intact(&A) && padding_intact(&Z);
        for (size_t j = 0; j < A.n; j++)
            for (size_t i = 0; i < A.m; i++)
                ok &= get(&A, i, j) == 2 * get(&A0, i, j) && get(&Z, i, j) == 0;
        CHECK(ok);
        free(A.p), free(A0.p), free(Z.p);
    }
    CHECK_OK(hetla_context_destroy(ctx));
}

/* A chain on device-only data: inputs go up once, nothing comes down until
 * the result is flushed. E := (B (A (A B)) + 0.5 A B) A. */
static void test_chain_transfers(void)
{
    hetla_context *ctx = test_context("cuda:0", 0); /* one GPU: the counts are exact */
    const hetla_trans N = HETLA_NO_TRANS;
    size_t n = 150;
    for (int p = 1; p < 4; p += 2) { /* d and z */
        hetla_dtype t = types[p];
        mat A = mat_new(t, n, n, n + 5), B = mat_new(t, n, n, n), E = mat_new(t, n, n, n);
        mat_fill(&E, NAN);
        hetla_data *hA = reg(ctx, &A), *hB = reg(ctx, &B), *hE = reg(ctx, &E), *T1, *T2;
        CHECK_OK(hetla_data_create(ctx, n, n, t, &T1));
        CHECK_OK(hetla_data_create(ctx, n, n, t, &T2));
        CHECK_OK(hetla_stats_reset(ctx));
        CHECK_OK(gemm_task(ctx, 0, t, N, N, 1, hA, hB, 0, T1));   /* T1 = A B */
        CHECK_OK(gemm_task(ctx, 0, t, N, N, 1, hA, T1, 0, T2));   /* T2 = A T1 */
        CHECK_OK(gemm_task(ctx, 0, t, N, N, 1, hB, T2, 0.5, T1)); /* T1 = B T2 + 0.5 T1 */
        CHECK_OK(gemm_task(ctx, 0, t, N, N, 1, T1, hA, 0, hE));   /* E = T1 A */
        CHECK_OK(hetla_wait_all(ctx));
        hetla_stats st;
        CHECK_OK(hetla_stats_get(ctx, &st));
        CHECK(st.transfers[HETLA_H2D] == 2 && st.transfers[HETLA_D2H] == 0 && st.transfers[HETLA_D2D] == 0);
        CHECK_OK(hetla_data_flush(hE));
        CHECK_OK(hetla_stats_get(ctx, &st));
        CHECK(st.transfers[HETLA_H2D] == 2 && st.transfers[HETLA_D2H] == 1);
        CHECK_OK(hetla_data_unregister(hA));
        CHECK_OK(hetla_data_unregister(hB));
        CHECK_OK(hetla_data_unregister(hE));
        CHECK_OK(hetla_data_unregister(T1));
        CHECK_OK(hetla_data_unregister(T2));
        CHECK_OK(hetla_stats_get(ctx, &st));
        CHECK(st.transfers[HETLA_D2H] == 1); /* the host copies were valid */
        /* E x = B (A (A (B (A x)))) + 0.5 A (B (A x)) */
        vec x = vec_rand(n), w0 = vec_new(n), p1 = vec_new(n), p2 = vec_new(n), p3 = vec_new(n), want = vec_new(n),
            got = vec_new(n);
        op_mv(N, &A, x.v, x.a, w0.v, w0.a);
        op_mv(N, &B, w0.v, w0.a, p1.v, p1.a);
        op_mv(N, &A, p1.v, p1.a, p2.v, p2.a);
        op_mv(N, &A, p2.v, p2.a, p3.v, p3.a);
        op_mv(N, &B, p3.v, p3.a, want.v, want.a);
        for (size_t i = 0; i < n; i++) {
            want.v[i] += 0.5 * p2.v[i];
            want.a[i] += 0.5 * p2.a[i];
        }
        op_mv(N, &E, x.v, x.a, got.v, got.a);
        double res = worst(n, &got, &want, 4.0 * ((double)n + 2), eps_of(t));
        CHECK(res < 50);
        vec_free(x), vec_free(w0), vec_free(p1), vec_free(p2), vec_free(p3), vec_free(want), vec_free(got);
        free(A.p), free(B.p), free(E.p);
    }
    CHECK_OK(hetla_context_destroy(ctx));
}

/* HETLA_CUDA_MEMORY_LIMIT: what fits runs, what does not fails cleanly
 * (HETLA_ERR_DEVICE_MEMORY, the caller's data untouched), and the device
 * keeps working afterwards. */
static void test_memory_cap(void)
{
    const size_t cap = 4u << 20;
    setenv("HETLA_CUDA_MEMORY_LIMIT", "4194304", 1);
    hetla_context *ctx = test_context("cuda:0", 0);
    unsetenv("HETLA_CUDA_MEMORY_LIMIT");
    hetla_device_desc d;
    CHECK_OK(hetla_device_info(ctx, 0, &d));
    CHECK(d.memory_bytes == cap);
    CHECK(run_gemm(ctx, HETLA_DOUBLE, 1, 1, 0, 100, 100, 100) < 50); /* 3 x 80 KB */

    size_t n = 1024; /* 8 MiB a matrix */
    mat A = mat_new(HETLA_DOUBLE, n, n, n), B = mat_new(HETLA_DOUBLE, n, n, n), C = mat_new(HETLA_DOUBLE, n, n, n);
    mat_fill(&C, 3);
    hetla_data *hA = reg(ctx, &A), *hB = reg(ctx, &B), *hC = reg(ctx, &C);
    CHECK_OK(hetla_dgemm_task(ctx, NULL, HETLA_NO_TRANS, HETLA_NO_TRANS, 1, hA, hB, 0, hC));
    CHECK_STATUS(hetla_wait_all(ctx), HETLA_ERR_DEVICE_MEMORY);
    printf("  as expected: %s\n", hetla_error_detail());
    CHECK_OK(hetla_data_unregister(hA));
    CHECK_OK(hetla_data_unregister(hB));
    CHECK_OK(hetla_data_unregister(hC));
    int untouched = 1;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            untouched &= get(&C, i, j) == 3;
    CHECK(untouched);
    free(A.p), free(B.p), free(C.p);

    CHECK(run_gemm(ctx, HETLA_DOUBLE, 0, 1, 0, 100, 100, 100) < 50); /* still usable */
    CHECK_OK(hetla_context_destroy(ctx));
}

/* Pageable host memory (page-locking off) goes through the staging slots:
 * every precision, a block of several slots (the ring of slots wraps both
 * ways), a column longer than a slot (through the driver); crews of one
 * and three threads, and none (HETLA_CUDA_COPY_THREADS=0: the driver). */
static void test_staged_copy(void)
{
    static const char *const threads[] = {"1", "3", "0"};
    for (int t = 0; t < 3; t++) {
        setenv("HETLA_CUDA_COPY_THREADS", threads[t], 1);
        hetla_config cfg;
        CHECK_OK(hetla_config_init(&cfg));
        cfg.devices = "cuda:0";
        cfg.no_host_pinning = 1;
        hetla_context *ctx;
        CHECK_OK(hetla_context_create(&cfg, &ctx));
        unsetenv("HETLA_CUDA_COPY_THREADS");
        for (int p = 0; p < 4; p++)
            CHECK(run_gemm(ctx, types[p], p % NCASES, 1, 0, 300, 310, 290) < 50);
        CHECK(run_gemm(ctx, HETLA_DOUBLE, 1, 1, 0, 3000, 2900, 3100) < 50); /* 70 MB a matrix */
        CHECK(run_gemm(ctx, HETLA_DOUBLE, 0, 1, 0, 2300000, 3, 2) < 50);    /* 18 MB a column */
        hetla_stats st;
        CHECK_OK(hetla_stats_get(ctx, &st));
        CHECK(st.transfers[HETLA_H2D] >= 14 && st.transfers[HETLA_D2H] >= 6);
        CHECK_OK(hetla_context_destroy(ctx));
    }
}

/* The caller's memory is page-locked while a handle holds it (ranges of
 * 1 MiB and more), and never with no_host_pinning. */
static void test_host_pinning(void)
{
    for (int off = 0; off < 2; off++) {
        hetla_config cfg;
        CHECK_OK(hetla_config_init(&cfg));
        cfg.devices = "cuda:0";
        cfg.no_host_pinning = off;
        hetla_context *ctx;
        CHECK_OK(hetla_context_create(&cfg, &ctx));
        size_t n = 512; /* 2 MiB */
        double *p = calloc(n * n, sizeof *p);
        hetla_data *d;
        CHECK_OK(hetla_matrix_register(ctx, p, n, n, n, HETLA_DOUBLE, &d));
        unsigned flags = 0;
        cudaError_t e = cudaHostGetFlags(&flags, p);
        (void)cudaGetLastError();
        CHECK((e == cudaSuccess) == !off);
        CHECK_OK(hetla_data_unregister(d));
        e = cudaHostGetFlags(&flags, p); /* let go with the handle */
        (void)cudaGetLastError();
        CHECK(e != cudaSuccess);
        free(p);
        CHECK_OK(hetla_context_destroy(ctx));
    }
}

/* Two GPUs: data written on one is read on the other, over peer access
 * where the pair has it, else through the host; and a tiled call on both. */
static void test_peer_copy(void)
{
    if (ngpus < 2) {
        printf("  (one GPU: nothing to check)\n");
        return;
    }
    int peer01 = 0, peer10 = 0;
    CHECK(cudaDeviceCanAccessPeer(&peer01, 0, 1) == cudaSuccess &&
          cudaDeviceCanAccessPeer(&peer10, 1, 0) == cudaSuccess);
    hetla_context *ctx = test_context("cuda:0,cuda:1", 0);
    const hetla_trans N = HETLA_NO_TRANS;
    size_t n = 257;
    mat A = mat_new(HETLA_DOUBLE, n, n, n), B = mat_new(HETLA_DOUBLE, n, n, n), E = mat_new(HETLA_DOUBLE, n, n, n);
    mat_fill(&E, NAN);
    hetla_data *hA = reg(ctx, &A), *hB = reg(ctx, &B), *hE = reg(ctx, &E), *hT;
    CHECK_OK(hetla_data_create(ctx, n, n, HETLA_DOUBLE, &hT));
    CHECK_OK(hetla_stats_reset(ctx));
    CHECK_OK(gemm_task(ctx, 1, HETLA_DOUBLE, N, N, 1, hA, hB, 0, hT)); /* on cuda:0 */
    CHECK_OK(gemm_task(ctx, 2, HETLA_DOUBLE, N, N, 1, hT, hB, 0, hE)); /* on cuda:1 */
    CHECK_OK(hetla_wait_all(ctx));
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    printf("  peer access %s: H2D %llu, D2H %llu, D2D %llu\n", peer01 && peer10 ? "on" : "off",
           (unsigned long long)st.transfers[HETLA_H2D], (unsigned long long)st.transfers[HETLA_D2H],
           (unsigned long long)st.transfers[HETLA_D2D]);
    if (peer01 && peer10) /* T and B come from cuda:0 directly */
        CHECK(st.transfers[HETLA_D2D] == 2 && st.transfers[HETLA_H2D] == 2 && st.transfers[HETLA_D2H] == 0);
    else /* T staged through the host */
        CHECK(st.transfers[HETLA_D2D] == 0 && st.transfers[HETLA_D2H] == 1);
    void *tp; /* T, device-only, comes to the host when acquired */
    size_t tld;
    CHECK_OK(hetla_data_acquire(hT, HETLA_R, &tp, &tld));
    mat Tv = {tp, n, n, tld, HETLA_DOUBLE};
    CHECK(gemm_residual(N, N, 1, &A, &B, 0, NULL, &Tv, n) < 50);
    CHECK_OK(hetla_data_release(hT));
    CHECK_OK(hetla_data_unregister(hE));
    CHECK(gemm_residual(N, N, 1, &Tv, &B, 0, NULL, &E, n) < 50);
    CHECK_OK(hetla_data_unregister(hA));
    CHECK_OK(hetla_data_unregister(hB));
    CHECK_OK(hetla_data_unregister(hT));
    free(A.p), free(B.p), free(E.p);

    CHECK(run_gemm(ctx, HETLA_DOUBLE, 1, 0, 0, 1001, 999, 1003) < 50); /* tiled over both GPUs */
    CHECK_OK(hetla_context_destroy(ctx));
}

int main(int argc, char **argv)
{
    cudaError_t e = cudaGetDeviceCount(&ngpus);
    if (e != cudaSuccess || ngpus == 0) {
        printf("skipped: no CUDA GPU (%s)\n", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        return 77;
    }
    if (argc == 2 && !strcmp(argv[1], "peer_copy") && ngpus < 2) {
        printf("skipped: peer_copy needs 2 GPUs, %d present\n", ngpus);
        return 77;
    }
    if (!getenv("HETLA_MODULE_PATH")) {
        fprintf(stderr, "HETLA_MODULE_PATH must name the folder of the built libhetla_cuda.so\n");
        return 1;
    }
    static const test_case tests[] = {
        {"gemm_cuda", test_gemm_cuda, 0},   {"gemm_cpu_cuda", test_gemm_cpu_cuda, 0},
        {"gescal", test_gescal, 0},         {"chain_transfers", test_chain_transfers, 0},
        {"memory_cap", test_memory_cap, 0}, {"peer_copy", test_peer_copy, 0},
        {"host_pinning", test_host_pinning, 0}, {"staged_copy", test_staged_copy, 0},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
