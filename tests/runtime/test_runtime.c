/* Runtime tests: configuration and bad input, dependency order, sequences,
 * scratch buffers, the reuse of large host buffers, tiled matrices, coherence over a second memory node,
 * and random DAGs checked against serial execution. */
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "../test.h"

/* ---- kernels used by the tests ------------------------------------------ */

/* Appends its id to a shared log: a chain of them must log in order. */
static hetla_status k_append(const hetla_exec *x)
{
    int64_t *log = x->buf[0].ptr;
    int64_t id;
    memcpy(&id, x->args, sizeof id);
    log[1 + log[0]++] = id;
    return HETLA_SUCCESS;
}

static hetla_status k_fail(const hetla_exec *x)
{
    (void)x;
    return HETLA_ERR_KERNEL;
}

/* Adds its scalar to every element of an int64 matrix (RW). */
static hetla_status k_add(const hetla_exec *x)
{
    const hetla_buffer *b = &x->buf[0];
    int64_t v;
    memcpy(&v, x->args, sizeof v);
    for (size_t j = 0; j < b->n; j++)
        for (size_t i = 0; i < b->m; i++)
            ((int64_t *)b->ptr)[j * b->ld + i] += v;
    return HETLA_SUCCESS;
}

/* Copies buffer 0 (R) into buffer 1 (W), times two. */
static hetla_status k_double(const hetla_exec *x)
{
    const hetla_buffer *a = &x->buf[0], *b = &x->buf[1];
    for (size_t j = 0; j < a->n; j++)
        for (size_t i = 0; i < a->m; i++)
            ((int64_t *)b->ptr)[j * b->ld + i] = 2 * ((const int64_t *)a->ptr)[j * a->ld + i];
    return HETLA_SUCCESS;
}

/* Does nothing with its buffers: a task that only needs its data in place. */
static hetla_status k_touch(const hetla_exec *x)
{
    (void)x;
    return HETLA_SUCCESS;
}

static hetla_kernel *kernel(hetla_context *ctx, const char *name, hetla_kernel_fn fn)
{
    hetla_kernel *k = NULL;
    CHECK_OK(hetla_kernel_create(ctx, name, &k));
    CHECK_OK(hetla_kernel_add(k, HETLA_CLASS_GENERIC, fn));
    return k;
}

/* ---- configuration and bad input ---------------------------------------- */

static void test_config_errors(void)
{
    hetla_config cfg;
    hetla_context *ctx = (hetla_context *)1;
    CHECK_STATUS(hetla_config_init(NULL), HETLA_ERR_ARG);
    CHECK_OK(hetla_config_init(&cfg));
    CHECK_STATUS(hetla_context_create(&cfg, NULL), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 2);

    cfg.devices = "cpu,gpu";
    CHECK_STATUS(hetla_context_create(&cfg, &ctx), HETLA_ERR_UNKNOWN_DEVICE);
    CHECK(ctx == NULL);
    CHECK(strstr(hetla_error_detail(), "gpu") != NULL);
    cfg.devices = "cuda:x";
    CHECK_STATUS(hetla_context_create(&cfg, &ctx), HETLA_ERR_UNKNOWN_DEVICE);
    cfg.devices = "";
    CHECK_OK(hetla_context_create(&cfg, &ctx)); /* empty string = default */
    CHECK_OK(hetla_context_destroy(ctx));
    cfg.devices = " , ";
    CHECK_STATUS(hetla_context_create(&cfg, &ctx), HETLA_ERR_UNKNOWN_DEVICE);
    cfg.devices = "cpu";
    cfg.scheduler = "fastest";
    CHECK_STATUS(hetla_context_create(&cfg, &ctx), HETLA_ERR_UNKNOWN_SCHEDULER);
    CHECK(strstr(hetla_error_detail(), "fastest") != NULL);
    cfg.scheduler = NULL;
    cfg.cpu_workers = -1;
    CHECK_STATUS(hetla_context_create(&cfg, &ctx), HETLA_ERR_ARG);
    cfg.cpu_workers = 0;
    cfg.policy = "cpu=mkl";
    CHECK_STATUS(hetla_context_create(&cfg, &ctx), HETLA_ERR_ARG);
    CHECK(strstr(hetla_error_detail(), "mkl") != NULL);
    cfg.policy = "cpu=generic";
    cfg.cpu_workers = 3;
    CHECK_OK(hetla_context_create(&cfg, &ctx));
    hetla_device_desc dd;
    CHECK(hetla_device_count(ctx) == 1);
    CHECK_OK(hetla_device_info(ctx, 0, &dd));
    CHECK(dd.type == HETLA_DEVICE_CPU && dd.workers == 3 && dd.memory_node == 0);
    CHECK_STATUS(hetla_device_info(ctx, 1, &dd), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_device_info(ctx, 0, NULL), HETLA_ERR_ARG);
    char pol[128];
    CHECK_OK(hetla_policy_describe(ctx, HETLA_DEVICE_CPU, pol, sizeof pol));
    CHECK(!strcmp(pol, "generic"));
    CHECK_OK(hetla_context_destroy(ctx));
    CHECK_STATUS(hetla_context_destroy(NULL), HETLA_ERR_ARG);
}

static void test_env_override(void)
{
    hetla_context *ctx;
    setenv("HETLA_DEVICES", "cpu,sim:0", 1);
    setenv("HETLA_CPU_WORKERS", "2", 1);
    CHECK_OK(hetla_context_create(NULL, &ctx));
    CHECK(hetla_device_count(ctx) == 2);
    hetla_device_desc dd;
    CHECK_OK(hetla_device_info(ctx, 1, &dd));
    CHECK(dd.type == HETLA_DEVICE_SIM && dd.memory_node == 1);
    CHECK_OK(hetla_context_destroy(ctx));
    setenv("HETLA_CPU_WORKERS", "two", 1);
    CHECK_STATUS(hetla_context_create(NULL, &ctx), HETLA_ERR_ARG);
    unsetenv("HETLA_CPU_WORKERS");
    setenv("HETLA_DEVICES", "tpu", 1);
    CHECK_STATUS(hetla_context_create(NULL, &ctx), HETLA_ERR_UNKNOWN_DEVICE);
    unsetenv("HETLA_DEVICES");
}

static void test_bad_data_args(void)
{
    hetla_context *ctx = test_context("cpu", 2);
    double a[12];
    hetla_data *d = NULL;
    CHECK_STATUS(hetla_matrix_register(NULL, a, 3, 4, 3, HETLA_DOUBLE, &d), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_matrix_register(ctx, NULL, 3, 4, 3, HETLA_DOUBLE, &d), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 2);
    CHECK_STATUS(hetla_matrix_register(ctx, a, 3, 4, 2, HETLA_DOUBLE, &d), HETLA_ERR_ARG);
    CHECK(hetla_error_arg() == 5 && strstr(hetla_error_detail(), "ld") != NULL);
    CHECK_STATUS(hetla_matrix_register(ctx, a, 3, 4, 3, (hetla_dtype)99, &d), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_matrix_register(ctx, a, 3, 4, 3, HETLA_DOUBLE, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_vector_register(ctx, NULL, 5, HETLA_DOUBLE, &d), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_data_unregister(NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_data_flush(NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_data_wait(NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_tiled_create(ctx, a, 3, 4, 3, 0, 2, HETLA_DOUBLE, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_tiled_create(ctx, a, 3, 4, 1, 2, 2, HETLA_DOUBLE, NULL), HETLA_ERR_ARG);
    CHECK(hetla_tiled_tile(NULL, 0, 0) == NULL);

    /* zero-sized data are legal */
    CHECK_OK(hetla_matrix_register(ctx, NULL, 0, 0, 1, HETLA_DOUBLE, &d));
    CHECK_OK(hetla_data_unregister(d));

    hetla_kernel *k = kernel(ctx, "add", k_add);
    CHECK_OK(hetla_matrix_register(ctx, a, 3, 4, 3, HETLA_DOUBLE, &d));
    hetla_task_arg bad_mode[] = {{d, (hetla_access)7}};
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = bad_mode, .ndata = 1}),
                 HETLA_ERR_ARG);
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = NULL}), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_task_insert(ctx, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .ndata = 1}), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .ndata = 17}), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .args = a, .args_size = 1000}),
                 HETLA_ERR_ARG);
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .device_mask = 2}),
                 HETLA_ERR_NOT_SUPPORTED);
    hetla_kernel *empty = NULL;
    CHECK_OK(hetla_kernel_create(ctx, "nothing", &empty));
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = empty}), HETLA_ERR_NOT_SUPPORTED);
    CHECK(strstr(hetla_error_detail(), "nothing") != NULL);
    CHECK_STATUS(hetla_kernel_add(k, HETLA_NCLASSES, k_add), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_kernel_add(k, HETLA_CLASS_GENERIC, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_kernel_find(ctx, "no-such-op", &empty), HETLA_ERR_ARG);
    void *p;
    CHECK_STATUS(hetla_data_acquire(d, HETLA_SCRATCH, &p, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_data_release(d), HETLA_ERR_ARG);
    CHECK_OK(hetla_data_unregister(d));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* ---- order, sequences, scratch ----------------------------------------- */

static void test_chain_order(void)
{
    hetla_context *ctx = test_context("cpu", 4);
    enum { N = 500 };
    int64_t log[N + 1] = {0};
    hetla_data *d;
    CHECK_OK(hetla_vector_register(ctx, log, N + 1, HETLA_INT64, &d));
    hetla_kernel *k = kernel(ctx, "append", k_append);
    for (int64_t i = 0; i < N; i++) /* priorities must not reorder a chain */
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = (hetla_task_arg[]){{d, HETLA_RW}},
                                                            .ndata = 1, .args = &i, .args_size = sizeof i,
                                                            .priority = (int)(i % 7)}));
    CHECK_OK(hetla_data_unregister(d));
    CHECK(log[0] == N);
    for (int64_t i = 0; i < N; i++)
        CHECK(log[1 + i] == i);
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_sequence_sticky(void)
{
    hetla_context *ctx = test_context("cpu", 2);
    int64_t v[4] = {0};
    hetla_data *d;
    CHECK_OK(hetla_vector_register(ctx, v, 4, HETLA_INT64, &d));
    hetla_kernel *add = kernel(ctx, "add", k_add), *fail = kernel(ctx, "fail", k_fail);
    hetla_sequence *seq;
    CHECK_OK(hetla_sequence_create(ctx, &seq));
    int64_t one = 1;
    hetla_task_arg rw[] = {{d, HETLA_RW}};
    hetla_task_desc add1 = {.kernel = add, .data = rw, .ndata = 1, .args = &one, .args_size = sizeof one, .seq = seq};
    CHECK_OK(hetla_task_insert(ctx, &add1));
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = fail, .data = rw, .ndata = 1, .seq = seq}));
    for (int i = 0; i < 10; i++)
        CHECK_OK(hetla_task_insert(ctx, &add1));
    CHECK_STATUS(hetla_sequence_wait(seq), HETLA_ERR_KERNEL);
    CHECK(hetla_sequence_status(seq) == HETLA_ERR_KERNEL);
    CHECK(v[0] == 1); /* the adds after the failure were skipped */
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.tasks == 12 && st.tasks_skipped == 10);
    CHECK_STATUS(hetla_sequence_destroy(seq), HETLA_ERR_KERNEL);

    /* the default sequence reports through hetla_wait_all, then resets */
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = fail, .data = rw, .ndata = 1}));
    CHECK_STATUS(hetla_wait_all(ctx), HETLA_ERR_KERNEL);
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = rw, .ndata = 1, .args = &one,
                                                        .args_size = sizeof one}));
    CHECK_OK(hetla_wait_all(ctx));
    CHECK_OK(hetla_data_unregister(d));
    CHECK(v[0] == 2 && v[3] == 2);
    CHECK_OK(hetla_context_destroy(ctx));
}

/* Uses a scratch buffer as temporary: out = 2 * in through scratch. */
static hetla_status k_via_scratch(const hetla_exec *x)
{
    const int64_t *in = x->buf[0].ptr;
    int64_t *out = x->buf[1].ptr, *tmp = x->buf[2].ptr;
    for (size_t i = 0; i < x->buf[0].m; i++)
        tmp[i] = in[i] * 2;
    for (size_t i = 0; i < x->buf[0].m; i++)
        out[i] = tmp[i];
    return HETLA_SUCCESS;
}

static void test_scratch(void)
{
    hetla_context *ctx = test_context("cpu,sim:0", 2);
    enum { N = 64, T = 40 };
    int64_t in[T][N], out[T][N];
    hetla_data *din[T], *dout[T], *tmp;
    CHECK_OK(hetla_data_create(ctx, N, 1, HETLA_INT64, &tmp));
    hetla_kernel *k = kernel(ctx, "via_scratch", k_via_scratch);
    for (int t = 0; t < T; t++) {
        for (int i = 0; i < N; i++)
            in[t][i] = t * 1000 + i, out[t][i] = -1;
        CHECK_OK(hetla_vector_register(ctx, in[t], N, HETLA_INT64, &din[t]));
        CHECK_OK(hetla_vector_register(ctx, out[t], N, HETLA_INT64, &dout[t]));
        hetla_task_arg a[] = {{din[t], HETLA_R}, {dout[t], HETLA_W}, {tmp, HETLA_SCRATCH}};
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = a, .ndata = 3}));
    }
    for (int t = 0; t < T; t++) {
        CHECK_OK(hetla_data_unregister(din[t]));
        CHECK_OK(hetla_data_unregister(dout[t]));
        for (int i = 0; i < N; i++)
            CHECK(out[t][i] == 2 * in[t][i]);
    }
    CHECK_OK(hetla_data_unregister(tmp));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* A large host buffer hetla allocates comes back from the context's cache
 * once its handle is gone: the next one of its size class reuses it (its
 * pages already there), while buffers alive together stay apart. */
static void test_host_reuse(void)
{
    hetla_context *ctx = test_context("cpu", 1);
    enum { N = 300000 }; /* 2.4 MB: above the cache's 1 MiB */
    hetla_data *a, *b, *c;
    void *pa, *pb, *pc;
    size_t ld;
    CHECK_OK(hetla_data_create(ctx, N, 1, HETLA_INT64, &a));
    CHECK_OK(hetla_data_acquire(a, HETLA_W, &pa, &ld));
    memset(pa, 7, (size_t)N * sizeof(int64_t));
    CHECK_OK(hetla_data_release(a));
    CHECK_OK(hetla_data_unregister(a));
    CHECK_OK(hetla_data_create(ctx, N - 1000, 1, HETLA_INT64, &b)); /* same size class */
    CHECK_OK(hetla_data_acquire(b, HETLA_W, &pb, &ld));
    CHECK(pb == pa);
    CHECK_OK(hetla_data_create(ctx, N, 1, HETLA_INT64, &c));
    CHECK_OK(hetla_data_acquire(c, HETLA_W, &pc, &ld));
    CHECK(pc != pb);
    memset(pc, 1, (size_t)N * sizeof(int64_t)); /* both whole and writable */
    memset(pb, 2, (size_t)(N - 1000) * sizeof(int64_t));
    CHECK_OK(hetla_data_release(b));
    CHECK_OK(hetla_data_release(c));
    CHECK_OK(hetla_data_unregister(b));
    CHECK_OK(hetla_data_unregister(c));
    CHECK_OK(hetla_context_destroy(ctx)); /* the cache gives both buffers back */
}

/* ---- tiled matrices ----------------------------------------------------- */

static void test_tiled_shape(void)
{
    hetla_context *ctx = test_context("cpu", 2);
    enum { M = 10, N = 7, LD = 13 };
    int64_t a[LD * N];
    for (int i = 0; i < LD * N; i++)
        a[i] = i;
    hetla_tiled *t;
    CHECK_OK(hetla_tiled_create(ctx, a, M, N, LD, 4, 3, HETLA_INT64, &t));
    size_t mt, nt, m, n;
    CHECK_OK(hetla_tiled_shape(t, NULL, NULL, NULL, NULL, &mt, &nt));
    CHECK(mt == 3 && nt == 3);
    CHECK(hetla_tiled_tile(t, 3, 0) == NULL && hetla_tiled_tile(t, 0, 3) == NULL);
    CHECK_OK(hetla_data_shape(hetla_tiled_tile(t, 2, 2), &m, &n, NULL));
    CHECK(m == 2 && n == 1);
    hetla_kernel *k = kernel(ctx, "add", k_add);
    int64_t ten = 10;
    for (size_t j = 0; j < nt; j++)
        for (size_t i = 0; i < mt; i++)
            CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k,
                                                                .data = (hetla_task_arg[]){{hetla_tiled_tile(t, i, j), HETLA_RW}},
                                                                .ndata = 1, .args = &ten, .args_size = sizeof ten}));
    CHECK_OK(hetla_tiled_destroy(t));
    for (int j = 0; j < N; j++)
        for (int i = 0; i < LD; i++)
            CHECK(a[j * LD + i] == j * LD + i + (i < M ? 10 : 0)); /* padding rows untouched */
    CHECK_OK(hetla_context_destroy(ctx));
}

/* ---- coherence over a second memory node -------------------------------- */

static void test_coherence_two_nodes(void)
{
    hetla_context *ctx = test_context("cpu,sim:0", 2);
    enum { M = 5, N = 3, LD = 7 };
    int64_t a[LD * N], b[LD * N];
    for (int i = 0; i < LD * N; i++)
        a[i] = i, b[i] = -1;
    hetla_data *da, *db;
    CHECK_OK(hetla_matrix_register(ctx, a, M, N, LD, HETLA_INT64, &da));
    CHECK_OK(hetla_matrix_register(ctx, b, M, N, LD, HETLA_INT64, &db));
    hetla_kernel *add = kernel(ctx, "add", k_add), *dbl = kernel(ctx, "double", k_double);
    int64_t one = 1;
    const uint64_t on_sim = 2, on_cpu = 1;

    /* add on sim: H2D then the sim copy is owned, host stale */
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = (hetla_task_arg[]){{da, HETLA_RW}},
                                                        .ndata = 1, .args = &one, .args_size = sizeof one,
                                                        .device_mask = on_sim}));
    CHECK_OK(hetla_data_wait(da));
    CHECK(a[0] == 0); /* write-back: the host copy is not updated yet */
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] == 1 && st.transfers[HETLA_D2H] == 0);
    CHECK(st.transfer_bytes[HETLA_H2D] == M * N * sizeof(int64_t));

    /* double on cpu reads a (D2H), writes b on the host: no transfer for b */
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = dbl,
                                                        .data = (hetla_task_arg[]){{da, HETLA_R}, {db, HETLA_W}},
                                                        .ndata = 2, .device_mask = on_cpu}));
    CHECK_OK(hetla_wait_all(ctx));
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_D2H] == 1 && st.transfers[HETLA_H2D] == 1);
    CHECK(a[0] == 1 && b[LD + 1] == 2 * (LD + 2));
    CHECK(b[M] == -1); /* rows past m inside ld are not written */

    /* a is shared on both nodes: reading on sim needs no transfer */
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = dbl,
                                                        .data = (hetla_task_arg[]){{da, HETLA_R}, {db, HETLA_W}},
                                                        .ndata = 2, .device_mask = on_sim}));
    CHECK_OK(hetla_wait_all(ctx));
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] == 1 && st.transfers[HETLA_D2H] == 1);

    /* acquire brings b home; RW acquire invalidates the sim copy */
    void *p;
    size_t ld;
    CHECK_OK(hetla_data_acquire(db, HETLA_RW, &p, &ld));
    CHECK(p == b && ld == LD && b[0] == 2);
    CHECK_STATUS(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = (hetla_task_arg[]){{db, HETLA_RW}},
                                                            .ndata = 1, .args = &one, .args_size = sizeof one}),
                 HETLA_ERR_BUSY);
    b[0] = 100;
    CHECK_OK(hetla_data_release(db));
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = (hetla_task_arg[]){{db, HETLA_RW}},
                                                        .ndata = 1, .args = &one, .args_size = sizeof one,
                                                        .device_mask = on_sim}));
    CHECK_OK(hetla_data_flush(db));
    CHECK(b[0] == 101);
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] == 2 && st.transfers[HETLA_D2H] == 3);
    CHECK_OK(hetla_data_unregister(da));
    CHECK_OK(hetla_data_unregister(db));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* Prefetch: one H2D after the writer, then a task on the device finds the
 * data in place; the host copy stays valid; bad arguments are named. */
static void test_prefetch(void)
{
    hetla_context *ctx = test_context("cpu,sim:0", 2);
    enum { M = 4, N = 3 };
    int64_t a[M * N];
    for (int i = 0; i < M * N; i++)
        a[i] = i;
    hetla_tiled *t;
    CHECK_OK(hetla_tiled_create(ctx, a, M, N, M, 2, 2, HETLA_INT64, &t));
    hetla_kernel *add = kernel(ctx, "add", k_add);
    int64_t one = 1;
    hetla_data *d00 = hetla_tiled_tile(t, 0, 0);
    /* a write on the host first: the prefetch must come after it */
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = (hetla_task_arg[]){{d00, HETLA_RW}},
                                                        .ndata = 1, .args = &one, .args_size = sizeof one,
                                                        .device_mask = 1}));
    CHECK_OK(hetla_tiled_prefetch(t, 1, NULL));
    CHECK_OK(hetla_wait_all(ctx));
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] == 4 && st.transfers[HETLA_D2H] == 0); /* 2 x 2 tiles */
    CHECK(a[0] == 1);
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = (hetla_task_arg[]){{d00, HETLA_RW}},
                                                        .ndata = 1, .args = &one, .args_size = sizeof one,
                                                        .device_mask = 2}));
    CHECK_OK(hetla_tiled_flush(t));
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_H2D] == 4 && st.transfers[HETLA_D2H] == 1 && a[0] == 2);
    CHECK_STATUS(hetla_data_prefetch(d00, 2, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_data_prefetch(NULL, 0, NULL), HETLA_ERR_ARG);
    CHECK_STATUS(hetla_tiled_prefetch(NULL, 0, NULL), HETLA_ERR_ARG);
    CHECK_OK(hetla_tiled_destroy(t));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* Memory pressure: a device holding three tiles runs tasks over sixteen
 * (clean replicas dropped, dirty ones written back first, least recently
 * used first), and a task needing more than the device holds fails with a
 * clear status instead of waiting forever. */
static void test_eviction(void)
{
    enum { T = 8, NT = 4, N = T * NT };
    hetla_config cfg;
    CHECK_OK(hetla_config_init(&cfg));
    cfg.devices = "cpu,sim:0";
    cfg.cpu_workers = 2;
    cfg.no_pinning = 1;
    cfg.device_memory_limit = 3 * T * T * sizeof(int64_t);
    hetla_context *ctx;
    CHECK_OK(hetla_context_create(&cfg, &ctx));
    static int64_t a[N * N];
    for (int i = 0; i < N * N; i++)
        a[i] = i;
    hetla_tiled *t;
    CHECK_OK(hetla_tiled_create(ctx, a, N, N, N, T, T, HETLA_INT64, &t));
    hetla_kernel *add = kernel(ctx, "add", k_add), *dbl = kernel(ctx, "double", k_double);
    int64_t one = 1;
    for (int round = 0; round < 2; round++)
        for (size_t j = 0; j < NT; j++)
            for (size_t i = 0; i < NT; i++) {
                hetla_task_arg arg = {hetla_tiled_tile(t, i, j), HETLA_RW};
                CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = add, .data = &arg, .ndata = 1,
                                                                    .args = &one, .args_size = sizeof one,
                                                                    .device_mask = 2}));
            }
    /* two tiles at once on the device, while others are written there */
    hetla_task_arg two[2] = {{hetla_tiled_tile(t, 0, 0), HETLA_R}, {hetla_tiled_tile(t, 3, 3), HETLA_W}};
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = dbl, .data = two, .ndata = 2, .device_mask = 2}));
    CHECK_OK(hetla_wait_all(ctx));
    CHECK_OK(hetla_tiled_flush(t));
    int wrong = 0;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            int64_t want = j >= 3 * T && i >= 3 * T ? 2 * ((j - 3 * T) * N + (i - 3 * T) + 2) : j * N + i + 2;
            wrong += a[j * N + i] != want;
        }
    CHECK(wrong == 0);
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    CHECK(st.transfers[HETLA_D2H] >= 16); /* the written tiles went home, most of them evicted */

    /* four tiles in one task cannot fit in three */
    hetla_kernel *touch = kernel(ctx, "touch", k_touch);
    hetla_task_arg four[4];
    for (int i = 0; i < 4; i++)
        four[i] = (hetla_task_arg){hetla_tiled_tile(t, (size_t)i, 0), HETLA_RW};
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = touch, .data = four, .ndata = 4, .device_mask = 2}));
    CHECK_STATUS(hetla_wait_all(ctx), HETLA_ERR_DEVICE_MEMORY);
    CHECK_OK(hetla_tiled_destroy(t));
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_device_only_data(void)
{
    hetla_context *ctx = test_context("sim:0,sim:1", 0);
    int64_t src[6] = {1, 2, 3, 4, 5, 6};
    hetla_data *ds, *tmp, *dst;
    CHECK_OK(hetla_vector_register(ctx, src, 6, HETLA_INT64, &ds));
    CHECK_OK(hetla_data_create(ctx, 6, 1, HETLA_INT64, &tmp));
    CHECK_OK(hetla_data_create(ctx, 6, 1, HETLA_INT64, &dst));
    hetla_kernel *dbl = kernel(ctx, "double", k_double);
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = dbl,
                                                        .data = (hetla_task_arg[]){{ds, HETLA_R}, {tmp, HETLA_W}},
                                                        .ndata = 2, .device_mask = 1}));
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = dbl,
                                                        .data = (hetla_task_arg[]){{tmp, HETLA_R}, {dst, HETLA_W}},
                                                        .ndata = 2, .device_mask = 2}));
    CHECK_OK(hetla_wait_all(ctx));
    hetla_stats st;
    CHECK_OK(hetla_stats_get(ctx, &st));
    /* sim:0 -> sim:1 goes peer to peer, never through the host */
    CHECK(st.transfers[HETLA_H2D] == 1 && st.transfers[HETLA_D2D] == 1 && st.transfers[HETLA_D2H] == 0);
    void *p;
    CHECK_OK(hetla_data_acquire(dst, HETLA_R, &p, NULL));
    for (int i = 0; i < 6; i++)
        CHECK(((int64_t *)p)[i] == 4 * src[i]);
    CHECK_OK(hetla_data_release(dst));
    CHECK_OK(hetla_data_unregister(ds));
    CHECK_OK(hetla_data_unregister(tmp));
    CHECK_OK(hetla_data_unregister(dst));
    CHECK_OK(hetla_context_destroy(ctx));
}

/* ---- random DAGs against serial execution ------------------------------- */

enum { VALS = 4 };

/* A task of a random DAG: mixes every input it reads into a hash, then
 * overwrites each buffer it writes from that hash; any ordering error
 * changes the final values. */
typedef struct {
    int64_t id;
    uint32_t written; /* bit i: buffer i is written; bit 16+i: and read */
} dag_task;

static hetla_status k_dag_modes(const hetla_exec *x)
{
    dag_task a;
    memcpy(&a, x->args, sizeof a);
    uint64_t h = (uint64_t)a.id * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < x->nbuf; i++) {
        if ((a.written >> i & 1) && !(a.written >> (16 + i) & 1))
            continue; /* W-only: contents undefined, not read */
        const int64_t *v = x->buf[i].ptr;
        for (int k = 0; k < VALS; k++)
            h = (h ^ (uint64_t)v[k]) * 0x100000001B3ull;
    }
    for (int i = 0; i < x->nbuf; i++) {
        if (!(a.written >> i & 1))
            continue;
        int64_t *v = x->buf[i].ptr;
        for (int k = 0; k < VALS; k++)
            v[k] = (int64_t)(h >> (4 * k)) + k;
    }
    return HETLA_SUCCESS;
}

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void random_dag(const char *devices, int workers, int ntasks, int nhandles, uint64_t seed)
{
    hetla_context *ctx = test_context(devices, workers);
    int64_t *par = malloc(sizeof(int64_t) * VALS * (size_t)nhandles);
    int64_t *ser = malloc(sizeof(int64_t) * VALS * (size_t)nhandles);
    hetla_data **h = malloc(sizeof *h * (size_t)nhandles);
    for (int i = 0; i < nhandles * VALS; i++)
        par[i] = ser[i] = i;
    for (int i = 0; i < nhandles; i++)
        CHECK_OK(hetla_vector_register(ctx, par + VALS * i, VALS, HETLA_INT64, &h[i]));
    hetla_kernel *k = kernel(ctx, "dag", k_dag_modes);
    int ndev = hetla_device_count(ctx);
    for (int t = 0; t < ntasks; t++) {
        int n = 1 + (int)(rng(&seed) % 4);
        hetla_task_arg a[4];
        int idx[4];
        dag_task args = {t, 0};
        for (int i = 0; i < n; i++) {
            /* distinct handles in one task: a handle twice would alias */
            do
                idx[i] = (int)(rng(&seed) % (uint64_t)nhandles);
            while ((i > 0 && idx[i] == idx[0]) || (i > 1 && idx[i] == idx[1]) || (i > 2 && idx[i] == idx[2]));
            int r = (int)(rng(&seed) % 3);
            a[i] = (hetla_task_arg){h[idx[i]], r == 0 ? HETLA_R : r == 1 ? HETLA_RW : HETLA_W};
            if (a[i].mode & HETLA_W)
                args.written |= 1u << i;
            if (a[i].mode == HETLA_RW)
                args.written |= 1u << (16 + i);
        }
        uint64_t mask = rng(&seed) % 4 == 0 ? 1ull << (rng(&seed) % (uint64_t)ndev) : 0;
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = a, .ndata = n, .args = &args,
                                                            .args_size = sizeof args,
                                                            .priority = (int)(rng(&seed) % 5),
                                                            .device_mask = mask}));
        /* the same task, serially */
        hetla_buffer buf[4];
        for (int i = 0; i < n; i++)
            buf[i] = (hetla_buffer){ser + VALS * idx[i], VALS, 1, VALS, HETLA_INT64};
        hetla_exec x = {buf, n, &args, sizeof args, 0, 0, NULL};
        CHECK_OK(k_dag_modes(&x));
    }
    CHECK_OK(hetla_wait_all(ctx));
    for (int i = 0; i < nhandles; i++)
        CHECK_OK(hetla_data_unregister(h[i]));
    int mismatches = 0;
    for (int i = 0; i < nhandles * VALS; i++)
        mismatches += par[i] != ser[i];
    if (mismatches)
        fprintf(stderr, "  %s: %d of %d values differ from serial execution\n", devices, mismatches,
                nhandles * VALS);
    CHECK(mismatches == 0);
    free(par);
    free(ser);
    free(h);
    CHECK_OK(hetla_context_destroy(ctx));
}

static void test_dag_cpu(void) { random_dag("cpu", 4, 5000, 200, 12345); }
static void test_dag_nodes(void) { random_dag("cpu,sim:0,sim:1", 2, 4000, 150, 777); }
static void test_dag_long(void)
{
    for (uint64_t s = 1; s <= 10; s++) {
        random_dag("cpu", 8, 20000, 300, s);
        random_dag("cpu,sim:0,sim:1,sim:2", 3, 10000, 100, s * 31);
    }
}

static void test_trace_file(void)
{
    char path[] = "/tmp/hetla-test-trace-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    hetla_config cfg;
    CHECK_OK(hetla_config_init(&cfg));
    cfg.devices = "cpu,sim";
    cfg.cpu_workers = 2;
    cfg.trace_file = path;
    hetla_context *ctx;
    CHECK_OK(hetla_context_create(&cfg, &ctx));
    int64_t v[8] = {0};
    hetla_data *d;
    CHECK_OK(hetla_vector_register(ctx, v, 8, HETLA_INT64, &d));
    hetla_kernel *k = kernel(ctx, "add", k_add);
    int64_t one = 1;
    for (int i = 0; i < 6; i++)
        CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .data = (hetla_task_arg[]){{d, HETLA_RW}},
                                                            .ndata = 1, .args = &one, .args_size = sizeof one,
                                                            .device_mask = 1u << (i % 2), .label = "add_one"}));
    CHECK_OK(hetla_data_unregister(d));
    CHECK_OK(hetla_context_destroy(ctx));
    CHECK(v[7] == 6);
    FILE *f = fopen(path, "r");
    char text[16384];
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[len] = 0;
    if (f)
        fclose(f);
    int tasks = 0, h2d = 0, d2h = 0;
    for (const char *p = text; (p = strstr(p, "\"add_one\"")); p++)
        tasks++;
    for (const char *p = text; (p = strstr(p, "\"H2D\"")); p++)
        h2d++;
    for (const char *p = text; (p = strstr(p, "\"D2H\"")); p++)
        d2h++;
    CHECK(tasks == 6);
    CHECK(h2d == 3 && d2h == 3); /* alternating devices: every task moves the data */
    CHECK(strstr(text, "\"traceEvents\"") != NULL);
    remove(path);
}

/* ---- the watchdog -------------------------------------------------------- */

static hetla_status k_sleep(const hetla_exec *x)
{
    (void)x;
    nanosleep(&(struct timespec){2, 300000000}, NULL);
    return HETLA_SUCCESS;
}

typedef struct log_capture {
    pthread_mutex_t lock;
    char text[8192];
} log_capture;

static void capture(hetla_log_level level, const char *msg, void *user)
{
    log_capture *c = user;
    (void)level;
    pthread_mutex_lock(&c->lock);
    size_t len = strlen(c->text);
    snprintf(c->text + len, sizeof c->text - len, "%s\n", msg);
    pthread_mutex_unlock(&c->lock);
}

/* A task that runs 2.3 s under a 1 s watchdog: one report, naming what the
 * worker is doing (running that task) and the idle ones. */
static void test_watchdog(void)
{
    log_capture c = {.lock = PTHREAD_MUTEX_INITIALIZER};
    hetla_config cfg;
    CHECK_OK(hetla_config_init(&cfg));
    cfg.devices = "cpu,sim";
    cfg.cpu_workers = 2;
    cfg.watchdog_s = 1;
    cfg.log_fn = capture;
    cfg.log_user = &c;
    hetla_context *ctx;
    CHECK_OK(hetla_context_create(&cfg, &ctx));
    hetla_kernel *k = kernel(ctx, "sleeper", k_sleep);
    CHECK_OK(hetla_task_insert(ctx, &(hetla_task_desc){.kernel = k, .device_mask = 1u, .label = "nap"}));
    CHECK_OK(hetla_wait_all(ctx));
    CHECK_OK(hetla_context_destroy(ctx));
    const char *report = strstr(c.text, "no task has finished for");
    CHECK(report != NULL);
    CHECK(report && strstr(report + 1, "no task has finished for") == NULL); /* once per stall */
    CHECK(strstr(c.text, "1 inserted, 0 finished") != NULL);
    CHECK(strstr(c.text, "running the kernel of nap") != NULL);
    CHECK(strstr(c.text, "idle (no ready task for it)") != NULL);
    hetla_config bad;
    CHECK_OK(hetla_config_init(&bad));
    bad.watchdog_s = -1;
    CHECK_STATUS(hetla_context_create(&bad, &ctx), HETLA_ERR_ARG);
}

int main(int argc, char **argv)
{
    static const test_case tests[] = {
        {"config_errors", test_config_errors, 0},
        {"env_override", test_env_override, 0},
        {"bad_data_args", test_bad_data_args, 0},
        {"chain_order", test_chain_order, 0},
        {"sequence_sticky", test_sequence_sticky, 0},
        {"scratch", test_scratch, 0},
        {"host_reuse", test_host_reuse, 0},
        {"tiled_shape", test_tiled_shape, 0},
        {"coherence_two_nodes", test_coherence_two_nodes, 0},
        {"prefetch", test_prefetch, 0},
        {"eviction", test_eviction, 0},
        {"device_only_data", test_device_only_data, 0},
        {"trace_file", test_trace_file, 0},
        {"watchdog", test_watchdog, 0},
        {"dag_cpu", test_dag_cpu, 0},
        {"dag_nodes", test_dag_nodes, 0},
        {"dag_long", test_dag_long, 1},
    };
    return test_main(argc, argv, tests, (int)(sizeof tests / sizeof *tests));
}
