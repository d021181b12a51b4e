/* The OpenCL backend (HETLA_MODULE_PATH points at the build's lib/hetla):
 * the module and its device list; copies both ways with ld > m; buffers
 * reused through the device's cache; a kernel
 * that fails to build (status naming the kernel, with the build log) or to
 * launch (its sequence stops, tasks on other devices are skipped, nothing
 * hangs); a run over the CPU and the OpenCL device with tasks on both and
 * transfers both ways; CLBlast's GEMM with the queue's scratch buffer;
 * hetla's own tiled GEMM (gen.cl) in every precision.
 * Tests needing a device exit 77 without one. */
#include <float.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>

#include "../test.h"
#include "devices/opencl/opencl_internal.h"

static int devices_present = -1;
static const hetla__device_ops *ops_loaded;

static const hetla__device_ops *module_ops(void)
{
    const char *dir = getenv("HETLA_MODULE_PATH");
    char path[1024];
    snprintf(path, sizeof path, "%s/libhetla_opencl.so", dir ? dir : ".");
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "  cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    const hetla__device_ops *(*get)(void);
    *(void **)&get = dlsym(h, "hetla_backend_opencl");
    CHECK(dlsym(h, "hetla__ocl_init") == NULL); /* internal names stay hidden */
    return get ? get() : NULL;
}

static void need_device(void)
{
    if (devices_present > 0)
        return;
    printf("skipped: no OpenCL device\n");
    exit(77);
}

static void test_module_ops(void)
{
    const hetla__device_ops *ops = module_ops();
    CHECK(ops != NULL);
    if (!ops)
        return;
    CHECK(ops->abi == HETLA__BACKEND_ABI && !strcmp(ops->name, "opencl") && ops->type == HETLA_DEVICE_OPENCL);
    CHECK(ops->own_memory && ops->probe && ops->in_all && ops->init && ops->fini && ops->alloc && ops->free &&
          ops->queue_create && ops->queue_destroy && ops->copy && ops->launch && ops->queue_sync &&
          ops->register_kernels);
    char why[256] = "";
    int n = ops->probe(why, sizeof why);
    CHECK(n > 0 || *why);
    printf("  probe: %d device(s)%s%s\n", n, n ? "" : ": ", why);
}

/* "all" opens GPUs and accelerators, not an OpenCL device on the host's
 * own cores (PoCL), and says so; naming it opens it. */
static void test_all_leaves_cpu_devices(void)
{
    need_device();
    hetla_context *ctx = test_context("all", 1);
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        CHECK_OK(hetla_device_info(ctx, i, &d));
        if (d.type == HETLA_DEVICE_OPENCL)
            CHECK(!ops_loaded->in_all(0) || strstr(d.name, "opencl:") == d.name);
    }
    if (!ops_loaded->in_all(0))
        CHECK(strstr(hetla_backend_report(ctx), "opencl:0: not taken by 'all'") != NULL);
    CHECK_OK(hetla_context_destroy(ctx));
    ctx = test_context("opencl:0", 1);
    hetla_device_desc d;
    CHECK_OK(hetla_device_info(ctx, 0, &d));
    CHECK(d.type == HETLA_DEVICE_OPENCL && d.memory_node > 0 && d.memory_bytes > 0 && d.peak_gflops > 0);
    printf("  %s\n", d.name);
    CHECK_OK(hetla_context_destroy(ctx));
}

/* A padded host matrix (ld > m) and a strided vector go to the device and
 * back: only their elements change, the padding keeps its poison. */
static void test_copies(void)
{
    need_device();
    hetla_context *ctx = test_context("opencl", 1);
    enum { M = 37, N = 23, LD = 41, INC = 3 };
    double a[LD * N], v[INC * N];
    for (int i = 0; i < LD * N; i++)
        a[i] = i % LD < M ? i : -999;
    for (int i = 0; i < INC * N; i++)
        v[i] = i % INC == 0 ? i : -999;
    hetla_data *A, *V;
    CHECK_OK(hetla_matrix_register(ctx, a, M, N, LD, HETLA_DOUBLE, &A));
    CHECK_OK(hetla_matrix_register(ctx, v, 1, N, INC, HETLA_DOUBLE, &V));
    CHECK_OK(hetla_dgescal_task(ctx, NULL, 2.0, A));
    CHECK_OK(hetla_dgescal_task(ctx, NULL, -1.0, V));
    CHECK_OK(hetla_data_unregister(A));
    CHECK_OK(hetla_data_unregister(V));
    int bad = 0;
    for (int i = 0; i < LD * N; i++)
        bad += a[i] != (i % LD < M ? 2.0 * i : -999);
    for (int i = 0; i < INC * N; i++)
        bad += v[i] != (i % INC == 0 ? -1.0 * i : -999);
    CHECK(bad == 0);
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] == 2 && st.transfers[HETLA_D2H] == 2);
    CHECK(st.transfer_bytes[HETLA_H2D] == (M * N + N) * sizeof(double));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* A replica's buffer goes back to the device's cache at unregister and
 * serves the next one: one clCreateBuffer for rounds of the same size. */
static void test_buffer_reuse(void)
{
    need_device();
    hetla_context *ctx = test_context("opencl", 1);
    enum { M = 300, N = 70, ROUNDS = 20 };
    static double a[M * N];
    hetla__ocl_dev *od = NULL;
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].type == HETLA_DEVICE_OPENCL)
            od = ctx->devices[d].impl;
    CHECK(od != NULL);
    hetla__cache_stats before, after;
    hetla__cache_stats_get(&od->cache, &before);
    int bad = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < M * N; i++)
            a[i] = i + r;
        hetla_data *A;
        CHECK_OK(hetla_matrix_register(ctx, a, M, N, M, HETLA_DOUBLE, &A));
        CHECK_OK(hetla_dgescal_task(ctx, NULL, 2.0, A));
        CHECK_OK(hetla_data_unregister(A));
        for (int i = 0; i < M * N; i++)
            bad += a[i] != 2.0 * (i + r);
    }
    hetla__cache_stats_get(&od->cache, &after);
    CHECK(bad == 0);
    CHECK(after.raw_allocs - before.raw_allocs == 1);
    CHECK(after.hits - before.hits == ROUNDS - 1);
    CHECK(after.in_use == before.in_use && after.cached >= M * N * sizeof(double));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* The program cache on a queue of the test's own: a source that does not
 * compile fails with a status naming the kernel and carrying the log. */
static void test_build_failure(void)
{
    need_device();
    cl_platform_id platform;
    cl_device_id dev;
    CHECK(clGetPlatformIDs(1, &platform, NULL) == CL_SUCCESS);
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS);
    cl_int e;
    hetla__ocl_dev od = {.device = dev, .platform = platform};
    pthread_mutex_init(&od.lock, NULL);
    od.context = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    hetla__ocl_queue q = {.context = od.context, .device = dev, .dev = &od};
    static const char bad[] = "kernel void broken(global float *x) { x[0] = undeclared_name; }\n";
    static const char good[] = "kernel void fine(global float *x) { x[get_global_id(0)] *= 2; }\n";
    cl_kernel k = NULL, k2 = NULL;
    CHECK_STATUS(hetla__ocl_kernel(&q, bad, "", "broken", &k), HETLA_ERR_BACKEND);
    const char *detail = hetla_error_detail();
    printf("  detail: %.200s\n", detail);
    CHECK(strstr(detail, "'broken'") && strstr(detail, "opencl:0") && strstr(detail, "build log"));
    CHECK(strstr(detail, "undeclared_name") != NULL); /* the compiler's words */
    CHECK_STATUS(hetla__ocl_kernel(&q, good, "-D X=1", "missing", &k), HETLA_ERR_BACKEND);
    CHECK(strstr(hetla_error_detail(), "'missing'") != NULL);
    CHECK_OK(hetla__ocl_kernel(&q, good, "-D X=1", "fine", &k));
    CHECK_OK(hetla__ocl_kernel(&q, good, "-D X=1", "fine", &k2));
    CHECK(k && k == k2); /* built once, then from the cache */
    CHECK_OK(hetla__ocl_kernel(&q, good, "-D X=2", "fine", &k2));
    CHECK(k2 && k2 != k); /* other options: another program */
    hetla__ocl_programs_free(&od);
    clReleaseContext(od.context);
    pthread_mutex_destroy(&od.lock);
}

static hetla_status bad_launch(const hetla_exec *x)
{
    /* A command past the end of its buffer: refused at enqueue, as a
     * launch with bad arguments is. */
    double out;
    size_t past = 0; /* the buffer's own size: its size class, not m n */
    cl_int e = clGetMemObjectInfo(x->buf[0].ptr, CL_MEM_SIZE, sizeof past, &past, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueReadBuffer(*(cl_command_queue *)x->queue, x->buf[0].ptr, CL_TRUE, past, sizeof out, &out, 0, NULL,
                                NULL);
    return hetla__ocl_check(e, "clEnqueueReadBuffer (bad_launch)", 0);
}

static hetla_status count_cpu(const hetla_exec *x)
{
    (void)x;
    return HETLA_SUCCESS;
}

static char logged[4096];
static void keep_log(hetla_log_level level, const char *msg, void *user)
{
    (void)user;
    if (level == HETLA_LOG_ERROR)
        snprintf(logged + strlen(logged), sizeof logged - strlen(logged), "%s\n", msg);
}

/* A failed launch on the device stops its sequence: the CPU tasks after it
 * are skipped, the wait returns the failure, nothing hangs. */
static void test_launch_failure(void)
{
    need_device();
    hetla_config cfg;
    CHECK_OK(hetla_config_init(&cfg));
    cfg.devices = "cpu,opencl";
    cfg.cpu_workers = 1;
    cfg.no_pinning = 1;
    cfg.log_fn = keep_log;
    hetla_context *ctx;
    CHECK_OK(hetla_context_create(&cfg, &ctx));
    hetla_kernel *bad, *cpu;
    CHECK_OK(hetla_kernel_create(ctx, "bad_launch", &bad));
    CHECK_OK(hetla_kernel_add(bad, HETLA_CLASS_OPENCL_NATIVE, bad_launch));
    CHECK_OK(hetla_kernel_create(ctx, "after", &cpu));
    CHECK_OK(hetla_kernel_add(cpu, HETLA_CLASS_CPU_NATIVE, count_cpu));
    double v[8] = {0};
    hetla_data *d;
    hetla_sequence *seq;
    CHECK_OK(hetla_vector_register(ctx, v, 8, HETLA_DOUBLE, &d));
    CHECK_OK(hetla_sequence_create(ctx, &seq));
    hetla_task_arg arg = {d, HETLA_RW};
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = bad, .data = &arg, .ndata = 1, .seq = seq}));
    for (int i = 0; i < 5; i++)
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = cpu, .data = &arg, .ndata = 1, .seq = seq}));
    CHECK_STATUS(hetla_sequence_destroy(seq), HETLA_ERR_BACKEND);
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.tasks == 6 && st.tasks_skipped == 5);
    printf("  log: %.300s\n", logged);
    CHECK(strstr(logged, "bad_launch") && strstr(logged, "opencl:0") && strstr(logged, "CL_INVALID_VALUE"));
    CHECK_OK(hetla_data_unregister(d));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* Heterogeneous execution and coherence: a chain of gemm tasks alternating
 * between the OpenCL device and the CPU on the same C, checked against the
 * same chain on the host; both devices ran tasks, data moved both ways. */
static void test_heterogeneous(void)
{
    need_device();
    hetla_context *ctx = test_context("cpu,opencl", 1);
    enum { N = 48, STEPS = 6 };
    double a[N * N], c[N * N], ref[N * N], t[N * N];
    for (int i = 0; i < N * N; i++)
        a[i] = (double)((i * 7) % 11) / 11.0 - 0.5, c[i] = ref[i] = (double)((i * 5) % 13) / 13.0;
    hetla_data *A, *C;
    CHECK_OK(hetla_matrix_register(ctx, a, N, N, N, HETLA_DOUBLE, &A));
    CHECK_OK(hetla_matrix_register(ctx, c, N, N, N, HETLA_DOUBLE, &C));
    int cpu = -1, ocl = -1;
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        CHECK_OK(hetla_device_info(ctx, i, &d));
        *(d.type == HETLA_DEVICE_OPENCL ? &ocl : &cpu) = i;
    }
    for (int s = 0; s < STEPS; s++) { /* C := 0.5 A C + C, on alternating devices */
        hetla_task_opts o = {.device_mask = 1ull << (s % 2 ? cpu : ocl)};
        hetla_data *T;
        CHECK_OK(hetla_data_create(ctx, N, N, HETLA_DOUBLE, &T));
        CHECK_OK(hetla_dlacpy_task(ctx, &o, C, T));
        CHECK_OK(hetla_dgemm_task(ctx, &o, HETLA_NO_TRANS, HETLA_NO_TRANS, 0.5, A, T, 1.0, C));
        CHECK_OK(hetla_data_unregister(T));
        memcpy(t, ref, sizeof t);
        for (int j = 0; j < N; j++)
            for (int l = 0; l < N; l++)
                for (int i = 0; i < N; i++)
                    ref[i + j * N] += 0.5 * a[i + l * N] * t[l + j * N];
    }
    CHECK_OK(hetla_data_unregister(A));
    CHECK_OK(hetla_data_unregister(C));
    double worst = 0;
    for (int i = 0; i < N * N; i++)
        worst = fmax(worst, fabs(c[i] - ref[i]) / (1 + fabs(ref[i])));
    CHECK(worst < 1e-12);
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    printf("  tasks %llu, H2D %llu, D2H %llu, busy cpu %.4fs opencl %.4fs, worst %.2g\n",
           (unsigned long long)st.tasks, (unsigned long long)st.transfers[HETLA_H2D],
           (unsigned long long)st.transfers[HETLA_D2H], st.busy_s[0], st.busy_s[st.workers - 1], worst);
    CHECK(st.transfers[HETLA_H2D] > 0 && st.transfers[HETLA_D2H] > 0);
    CHECK(st.busy_s[0] > 0 && st.busy_s[st.workers - 1] > 0); /* the CPU worker and the device's */
    CHECK_OK(hetla_context_destroy(ctx));
}

/* One product of the gemm_scratch test, double or double complex. */
typedef struct scratch_case {
    hetla_dtype type;
    hetla_trans ta, tb;
    size_t m, n, k;
} scratch_case;

/* C := alpha op(A) op(B) + beta C of @p c on device @p dev of @p ctx, from
 * the entries of @p a, @p b, @p c0 (as many doubles as the operands hold)
 * into @p out. */
static void scratch_product(hetla_context *ctx, int dev, const scratch_case *c, const double *a, const double *b,
                            const double *c0, double *out)
{
    int z = c->type == HETLA_ZCOMPLEX, w = z ? 2 : 1;
    size_t am = c->ta == HETLA_NO_TRANS ? c->m : c->k, an = c->ta == HETLA_NO_TRANS ? c->k : c->m;
    size_t bm = c->tb == HETLA_NO_TRANS ? c->k : c->n, bn = c->tb == HETLA_NO_TRANS ? c->n : c->k;
    double *ab = malloc(w * sizeof(double) * (am * an + bm * bn));
    memcpy(ab, a, w * sizeof(double) * am * an);
    memcpy(ab + w * am * an, b, w * sizeof(double) * bm * bn);
    memcpy(out, c0, w * sizeof(double) * c->m * c->n);
    hetla_data *A, *B, *C;
    CHECK_OK(hetla_matrix_register(ctx, ab, am, an, am, c->type, &A));
    CHECK_OK(hetla_matrix_register(ctx, ab + w * am * an, bm, bn, bm, c->type, &B));
    CHECK_OK(hetla_matrix_register(ctx, out, c->m, c->n, c->m, c->type, &C));
    hetla_task_opts o = {.device_mask = 1ull << dev};
    if (z)
        CHECK_OK(hetla_zgemm_task(ctx, &o, c->ta, c->tb, 0.75 - 0.5 * I, A, B, 0.5 + 0.25 * I, C));
    else
        CHECK_OK(hetla_dgemm_task(ctx, &o, c->ta, c->tb, 0.75, A, B, 0.5, C));
    CHECK_OK(hetla_data_unregister(A));
    CHECK_OK(hetla_data_unregister(B));
    CHECK_OK(hetla_data_unregister(C));
    free(ab);
}

/* Products large enough that CLBlast copies operands into temporary
 * matrices (on PoCL from about 900 in double, 1024 in double complex), in
 * an order that grows the queue's scratch buffer, then reuses it, each
 * against the same product on the CPU: the largest difference in units of
 * k eps |alpha| max|A| max|B| (entries in [-0.5, 0.5]). */
static void test_gemm_scratch(void)
{
    need_device();
    hetla_context *ctx = test_context("cpu,opencl", 1);
    int cpu = -1, ocl = -1;
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        CHECK_OK(hetla_device_info(ctx, i, &d));
        *(d.type == HETLA_DEVICE_OPENCL ? &ocl : &cpu) = i;
    }
    static const scratch_case cases[] = {
        {HETLA_DOUBLE, HETLA_NO_TRANS, HETLA_NO_TRANS, 901, 897, 899},
        {HETLA_DOUBLE, HETLA_TRANS, HETLA_NO_TRANS, 1003, 999, 1001},
        {HETLA_DOUBLE, HETLA_NO_TRANS, HETLA_TRANS, 901, 897, 899},
        {HETLA_ZCOMPLEX, HETLA_CONJ_TRANS, HETLA_NO_TRANS, 1030, 1025, 1027},
    };
    enum { MAX = 2 * 1100 * 1100 };
    double *a = malloc(MAX * sizeof(double)), *b = malloc(MAX * sizeof(double)), *c0 = malloc(MAX * sizeof(double));
    double *on_cpu = malloc(MAX * sizeof(double)), *on_ocl = malloc(MAX * sizeof(double));
    for (int i = 0; i < MAX; i++)
        a[i] = (double)((i * 7) % 11) / 11.0 - 0.5, b[i] = (double)((i * 5) % 13) / 13.0 - 0.5,
        c0[i] = (double)((i * 3) % 7) / 7.0 - 0.5;
    for (size_t t = 0; t < sizeof cases / sizeof *cases; t++) {
        const scratch_case *c = &cases[t];
        scratch_product(ctx, cpu, c, a, b, c0, on_cpu);
        scratch_product(ctx, ocl, c, a, b, c0, on_ocl);
        size_t count = (c->type == HETLA_ZCOMPLEX ? 2 : 1) * c->m * c->n;
        double worst = 0;
        for (size_t i = 0; i < count; i++)
            worst = fmax(worst, fabs(on_ocl[i] - on_cpu[i]));
        worst /= (double)c->k * DBL_EPSILON * 0.25;
        printf("  %s %c%c %zu x %zu x %zu: %.3g k eps\n", c->type == HETLA_ZCOMPLEX ? "zgemm" : "dgemm",
               "NTC"[c->ta - HETLA_NO_TRANS], "NTC"[c->tb - HETLA_NO_TRANS], c->m, c->n, c->k, worst);
        CHECK(worst < 4);
    }
    free(a), free(b), free(c0), free(on_cpu), free(on_ocl);
    CHECK_OK(hetla_context_destroy(ctx));
}

/* ---- gemm_gen: gen.cl's tiled GEMM ------------------------------------- */

/* One product of the gemm_gen test: C := alpha op(A) op(B) + beta C, m x n,
 * inner order k, each operand's leading dimension @p pad past its rows;
 * alpha = 0 with A and B NaN, beta = 0 with C NaN (BLAS reads neither). */
typedef struct gen_case {
    hetla_trans ta, tb;
    size_t m, n, k, pad;
    double _Complex alpha, beta;
} gen_case;

static size_t elsize_of(hetla_dtype t)
{
    return t == HETLA_FLOAT ? sizeof(float) : t == HETLA_DOUBLE || t == HETLA_COMPLEX ? 8 : 16;
}

/* Element i of a buffer of @p t set to @p v (the real part alone for the real types). */
static void put(hetla_dtype t, void *buf, size_t i, double _Complex v)
{
    switch (t) {
    case HETLA_FLOAT: ((float *)buf)[i] = (float)creal(v); break;
    case HETLA_DOUBLE: ((double *)buf)[i] = creal(v); break;
    case HETLA_COMPLEX: ((float _Complex *)buf)[i] = (float _Complex)v; break;
    default: ((double _Complex *)buf)[i] = v;
    }
}

static double _Complex get(hetla_dtype t, const void *buf, size_t i)
{
    switch (t) {
    case HETLA_FLOAT: return ((const float *)buf)[i];
    case HETLA_DOUBLE: return ((const double *)buf)[i];
    case HETLA_COMPLEX: return ((const float _Complex *)buf)[i];
    default: return ((const double _Complex *)buf)[i];
    }
}

/* @p c on device @p dev, from operands filled by their seeds, C into @p out (ld m + pad). */
static void gen_product(hetla_context *ctx, int dev, hetla_dtype t, const gen_case *c, void *out)
{
    size_t am = c->ta == HETLA_NO_TRANS ? c->m : c->k, an = c->ta == HETLA_NO_TRANS ? c->k : c->m;
    size_t bm = c->tb == HETLA_NO_TRANS ? c->k : c->n, bn = c->tb == HETLA_NO_TRANS ? c->n : c->k;
    size_t lda = (am ? am : 1) + c->pad, ldb = (bm ? bm : 1) + c->pad, ldc = c->m + c->pad, el = elsize_of(t);
    void *a = malloc(el * (lda * an + 1)), *b = malloc(el * (ldb * bn + 1));
    for (size_t i = 0; i < lda * an; i++) {
        double _Complex v = (double)((i * 7) % 11) / 11.0 - 0.5 + I * ((double)((i * 3) % 5) / 5.0 - 0.4);
        put(t, a, i, c->alpha == 0 ? NAN : v);
    }
    for (size_t i = 0; i < ldb * bn; i++) {
        double _Complex v = (double)((i * 5) % 13) / 13.0 - 0.5 - I * ((double)((i * 2) % 7) / 7.0 - 0.4);
        put(t, b, i, c->alpha == 0 ? NAN : v);
    }
    for (size_t i = 0; i < ldc * c->n; i++) {
        double _Complex v = (double)((i * 3) % 7) / 7.0 - 0.5 + I * ((double)(i % 3) / 3.0 - 0.3);
        put(t, out, i, c->beta == 0 ? NAN : v);
    }
    hetla_data *A, *B, *C;
    CHECK_OK(hetla_matrix_register(ctx, a, am, an, lda, t, &A));
    CHECK_OK(hetla_matrix_register(ctx, b, bm, bn, ldb, t, &B));
    CHECK_OK(hetla_matrix_register(ctx, out, c->m, c->n, ldc, t, &C));
    hetla_task_opts o = {.device_mask = 1ull << dev};
    switch (t) {
    case HETLA_FLOAT:
        CHECK_OK(hetla_sgemm_task(ctx, &o, c->ta, c->tb, (float)creal(c->alpha), A, B, (float)creal(c->beta), C));
        break;
    case HETLA_DOUBLE:
        CHECK_OK(hetla_dgemm_task(ctx, &o, c->ta, c->tb, creal(c->alpha), A, B, creal(c->beta), C));
        break;
    case HETLA_COMPLEX:
        CHECK_OK(hetla_cgemm_task(ctx, &o, c->ta, c->tb, (float _Complex)c->alpha, A, B, (float _Complex)c->beta, C));
        break;
    default: CHECK_OK(hetla_zgemm_task(ctx, &o, c->ta, c->tb, c->alpha, A, B, c->beta, C));
    }
    CHECK_OK(hetla_data_unregister(A));
    CHECK_OK(hetla_data_unregister(B));
    CHECK_OK(hetla_data_unregister(C));
    free(a), free(b);
}

/* The class the default policy picks for @p op on device @p dev. */
static int selected_class(hetla_context *ctx, const char *op, int dev)
{
    hetla_kernel *k;
    CHECK_OK(hetla_kernel_find(ctx, op, &k));
    return hetla_kernel_selected(k, dev);
}

/* gen.cl's GEMM (forced by the policy on a device that computes on the
 * host's cores, where the default keeps CLBlast) in every precision, every
 * transpose, sizes that are no multiple of either tiling (the large one
 * taken at 512 x 480 on a device of up to 16 compute units), leading
 * dimensions past the rows, alpha = 0 and beta = 0 over NaN, k = 0,
 * against the same product on the CPU: the largest difference in units of
 * (k |alpha| + |beta|) eps of the precision. */
static void test_gemm_gen(void)
{
    need_device();
    hetla_context *ctx = test_context("cpu,opencl", 1);
    int cpu = -1, ocl = -1, own_cores = 0;
    for (int i = 0; i < hetla_device_count(ctx); i++) {
        hetla_device_desc d;
        CHECK_OK(hetla_device_info(ctx, i, &d));
        if (d.type == HETLA_DEVICE_OPENCL)
            ocl = i, own_cores = ops_loaded->in_all(d.index);
        else
            cpu = i;
    }
    static const char *const ops[] = {"sgemm", "dgemm", "cgemm", "zgemm"};
    static const hetla_dtype types[] = {HETLA_FLOAT, HETLA_DOUBLE, HETLA_COMPLEX, HETLA_ZCOMPLEX};
    for (int p = 0; p < 4; p++) /* the default: gen.cl's d, c, z GEMM on devices with cores of their own */
        CHECK(selected_class(ctx, ops[p], ocl) ==
              (p > 0 && own_cores ? HETLA_CLASS_OPENCL_GEN : HETLA_CLASS_OPENCL_CLBLAST));
    CHECK_OK(hetla_policy_set(ctx, "sgemm:opencl=gen;dgemm:opencl=gen;cgemm:opencl=gen;zgemm:opencl=gen"));
    const hetla_trans trans[] = {HETLA_NO_TRANS, HETLA_TRANS, HETLA_CONJ_TRANS};
    enum { MAX = 512 * 512 };
    void *on_cpu = malloc(16 * MAX), *on_ocl = malloc(16 * MAX);
    for (int p = 0; p < 4; p++) {
        hetla_dtype t = types[p];
        int cplx = t == HETLA_COMPLEX || t == HETLA_ZCOMPLEX;
        double eps = t == HETLA_FLOAT || t == HETLA_COMPLEX ? FLT_EPSILON : DBL_EPSILON;
        CHECK(selected_class(ctx, ops[p], ocl) == HETLA_CLASS_OPENCL_GEN);
        gen_case cases[16];
        int n = 0;
        double most = 0;
        cases[n++] = (gen_case){HETLA_NO_TRANS, HETLA_NO_TRANS, 1, 1, 1, 0, 1, 0};
        for (int ta = 0; ta < 2 + cplx; ta++)
            for (int tb = 0; tb < 2 + cplx; tb++)
                cases[n++] = (gen_case){trans[ta], trans[tb], 37, 29, 41, 3, 0.75 - 0.5 * I, 0.5 + 0.25 * I};
        cases[n++] = (gen_case){HETLA_NO_TRANS, HETLA_TRANS, 512, 480, 40, 0, 1.25, -0.5};
        cases[n++] = (gen_case){HETLA_NO_TRANS, HETLA_NO_TRANS, 45, 67, 5, 2, 0, 0.5};
        cases[n++] = (gen_case){HETLA_TRANS, HETLA_NO_TRANS, 67, 45, 33, 1, -1, 0};
        cases[n++] = (gen_case){HETLA_NO_TRANS, HETLA_NO_TRANS, 20, 30, 0, 0, 1, 2};
        for (int i = 0; i < n; i++) {
            const gen_case *c = &cases[i];
            gen_product(ctx, cpu, t, c, on_cpu);
            gen_product(ctx, ocl, t, c, on_ocl);
            double worst = 0, scale = ((double)c->k * cabs(c->alpha) + cabs(c->beta)) * eps;
            for (size_t j = 0; j < c->n; j++)
                for (size_t r = 0; r < c->m; r++) {
                    size_t at = r + j * (c->m + c->pad);
                    double d = cabs(get(t, on_ocl, at) - get(t, on_cpu, at));
                    worst = fmax(worst, isnan(d) ? INFINITY : d / (scale > 0 ? scale : eps));
                }
            if (worst >= 4)
                printf("  %s %c%c %zu x %zu x %zu: %.3g eps\n", ops[p], "NTC"[c->ta - HETLA_NO_TRANS],
                       "NTC"[c->tb - HETLA_NO_TRANS], c->m, c->n, c->k, worst);
            CHECK(worst < 4);
            most = fmax(most, worst);
        }
        printf("  %s: %d products, at most %.3g (k |alpha| + |beta|) eps from the CPU's\n", ops[p], n, most);
    }
    free(on_cpu), free(on_ocl);
    CHECK_OK(hetla_context_destroy(ctx));
}

int main(int argc, char **argv)
{
    ops_loaded = module_ops();
    char why[256];
    devices_present = ops_loaded ? ops_loaded->probe(why, sizeof why) : 0;
    static const test_case tests[] = {
        {"module_ops", test_module_ops, 0},
        {"all_leaves_cpu_devices", test_all_leaves_cpu_devices, 0},
        {"copies", test_copies, 0},
        {"buffer_reuse", test_buffer_reuse, 0},
        {"build_failure", test_build_failure, 0},
        {"launch_failure", test_launch_failure, 0},
        {"heterogeneous", test_heterogeneous, 0},
        {"gemm_scratch", test_gemm_scratch, 1},
        {"gemm_gen", test_gemm_gen, 1},
    };
    return test_main(argc, argv, tests, sizeof tests / sizeof *tests);
}
