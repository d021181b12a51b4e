/* The kernel registry: operations x implementations by kernel class, and
 * the selection policy (an ordered class list per device type) that picks
 * the implementation a device runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/lapack/lapack.h"
#include "kernels/kernels.h"
#include "runtime/runtime.h"

static const struct {
    const char *name;
    const char *short_name; /* as written in a policy after "<type>=" */
    hetla_device_type device;
} classes[HETLA_NCLASSES] = {
    [HETLA_CLASS_GENERIC] = {"generic", "generic", HETLA_DEVICE_CPU},
    [HETLA_CLASS_CPU_NATIVE] = {"cpu_native", "native", HETLA_DEVICE_CPU},
    [HETLA_CLASS_CPU_OPENBLAS] = {"openblas", "openblas", HETLA_DEVICE_CPU},
    [HETLA_CLASS_CPU_BLIS] = {"blis", "blis", HETLA_DEVICE_CPU},
    [HETLA_CLASS_CUDA_CUBLAS] = {"cublas", "cublas", HETLA_DEVICE_CUDA},
    [HETLA_CLASS_CUDA_CUSOLVER] = {"cusolver", "cusolver", HETLA_DEVICE_CUDA},
    [HETLA_CLASS_CUDA_NATIVE] = {"cuda_native", "native", HETLA_DEVICE_CUDA},
    [HETLA_CLASS_CUDA_GEN] = {"cuda_gen", "gen", HETLA_DEVICE_CUDA},
    [HETLA_CLASS_OPENCL_CLBLAST] = {"clblast", "clblast", HETLA_DEVICE_OPENCL},
    [HETLA_CLASS_OPENCL_NATIVE] = {"opencl_native", "native", HETLA_DEVICE_OPENCL},
    [HETLA_CLASS_OPENCL_GEN] = {"opencl_gen", "gen", HETLA_DEVICE_OPENCL},
};

/* Built-in order (the Controllers' rule): vendor library, third-party
 * library, generated, the programmer's native code, generic C. */
static const hetla_kernel_class default_policy[HETLA_DEVICE_NTYPES][HETLA_NCLASSES] = {
    [HETLA_DEVICE_CPU] = {HETLA_CLASS_CPU_OPENBLAS, HETLA_CLASS_CPU_BLIS, HETLA_CLASS_CPU_NATIVE,
                          HETLA_CLASS_GENERIC},
    [HETLA_DEVICE_CUDA] = {HETLA_CLASS_CUDA_CUBLAS, HETLA_CLASS_CUDA_CUSOLVER, HETLA_CLASS_CUDA_GEN,
                           HETLA_CLASS_CUDA_NATIVE},
    [HETLA_DEVICE_OPENCL] = {HETLA_CLASS_OPENCL_CLBLAST, HETLA_CLASS_OPENCL_GEN, HETLA_CLASS_OPENCL_NATIVE},
};
static const int default_npolicy[HETLA_DEVICE_NTYPES] = {4, 4, 3, 0};
/* Operations where the default order loses: OpenBLAS's single-threaded
 * TRSM runs at a quarter of its GEMM's rate on tiles (9-11 against 41-50
 * Gflop/s for 256 x 256, double), BLIS's at half (23-27), and the
 * factorizations run one TRSM per tile of the panel's row. */
static const char default_rules[] = "strsm:cpu=blis,openblas,cpu_native,generic;"
                                    "dtrsm:cpu=blis,openblas,cpu_native,generic;"
                                    "ctrsm:cpu=blis,openblas,cpu_native,generic;"
                                    "ztrsm:cpu=blis,openblas,cpu_native,generic";

/* Operations where hetla's own kernels beat the vendor's on devices with
 * cores of their own: gen.cl's tiled GEMM ran products of order 1024 to
 * 4096 at 1.45-2.2x CLBlast in double, 1.3-1.6x in single complex and
 * 1.25-1.35x in double complex on an H200 through NVIDIA's OpenCL (single:
 * 0.9-1.3x, left to CLBlast), but at 0.2-0.3x on PoCL, which computes on
 * the host's cores and there keeps CLBlast's kernels, tuned for CPUs
 * (docs/opencl.md). */
static const char accel_rules[] = "dgemm:opencl=gen,clblast;cgemm:opencl=gen,clblast;zgemm:opencl=gen,clblast";

static const char *const type_names[HETLA_DEVICE_NTYPES] = {"cpu", "cuda", "opencl", "sim"};

const char *hetla_kernel_class_name(hetla_kernel_class c)
{
    return (unsigned)c < HETLA_NCLASSES ? classes[c].name : NULL;
}

hetla_device_type hetla_kernel_class_device(hetla_kernel_class c)
{
    return (unsigned)c < HETLA_NCLASSES ? classes[c].device : HETLA_DEVICE_NTYPES;
}

/* A simulated device runs what a CPU runs. */
static hetla_device_type policy_type(hetla_device_type t) { return t == HETLA_DEVICE_SIM ? HETLA_DEVICE_CPU : t; }

/* The class list for operation @p k on device @p dev: the last rule
 * naming the operation for its type wins over the type's list (a rule for
 * devices with cores of their own passes over one computing on the
 * host's). */
static const hetla__policy_rule *rule_for(const hetla_context *ctx, const hetla_kernel *k, const hetla__device *dev)
{
    hetla_device_type t = policy_type(dev->type);
    for (int r = ctx->nrules - 1; r >= 0; r--)
        if (ctx->rules[r].type == t && !strcmp(ctx->rules[r].op, k->name) &&
            !(ctx->rules[r].own_cores && dev->host_cores))
            return &ctx->rules[r];
    return NULL;
}

static int has_cpu(const hetla_context *ctx)
{
    for (int d = 0; d < ctx->ndevices; d++)
        if (ctx->devices[d].type == HETLA_DEVICE_CPU)
            return 1;
    return 0;
}

static void select_for_devices(hetla_kernel *k)
{
    hetla_context *ctx = k->ctx;
    int cpu = has_cpu(ctx);
    for (int d = 0; d < ctx->ndevices; d++) {
        hetla_device_type t = policy_type(ctx->devices[d].type);
        const hetla__policy_rule *r = rule_for(ctx, k, &ctx->devices[d]);
        const hetla_kernel_class *list = r ? r->cls : ctx->policy[t];
        int n = r ? r->n : ctx->npolicy[t];
        k->selected[d] = -1;
        for (int i = 0; i < n; i++)
            if (k->impl[list[i]]) {
                k->selected[d] = (signed char)list[i];
                break;
            }
        /* No CPU cores in the context to run what no library of the
         * accelerator has: its generic kernel, on host copies of the data
         * (task.c), so that every operation runs. */
        if (k->selected[d] < 0 && !cpu && k->impl[HETLA_CLASS_GENERIC] && ctx->devices[d].ops->run_on_host)
            k->selected[d] = HETLA_CLASS_GENERIC;
    }
}

static int find_class(hetla_device_type t, const char *name, size_t len)
{
    for (int c = 0; c < HETLA_NCLASSES; c++)
        if (classes[c].device == t && ((strlen(classes[c].name) == len && !strncmp(classes[c].name, name, len)) ||
                                       (strlen(classes[c].short_name) == len && !strncmp(classes[c].short_name, name, len))))
            return c;
    return -1;
}

/* Parses "<class>,<class>" for device type @p t into @p out. */
static hetla_status parse_classes(hetla_device_type t, const char *p, const char *end, hetla_kernel_class *out,
                                  int *n)
{
    *n = 0;
    while (p < end) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t l = comma ? (size_t)(comma - p) : (size_t)(end - p);
        int c = find_class(t, p, l);
        if (c < 0)
            return hetla__fail(HETLA_ERR_ARG, "HETLA_POLICY: '%.*s' is not a kernel class of %s devices", (int)l, p,
                               type_names[t]);
        if (*n == HETLA_NCLASSES)
            return hetla__fail(HETLA_ERR_ARG, "HETLA_POLICY: too many classes for %s", type_names[t]);
        out[(*n)++] = (hetla_kernel_class)c;
        p += l + (comma ? 1 : 0);
    }
    return HETLA_SUCCESS;
}

/* One "[<operation>:]<type>=<class>,<class>" clause. */
static hetla_status parse_clause(hetla_context *ctx, const char *clause, size_t len)
{
    const char *eq = memchr(clause, '=', len), *colon = eq ? memchr(clause, ':', (size_t)(eq - clause)) : NULL;
    const char *type = colon ? colon + 1 : clause;
    int t = -1;
    for (int i = 0; eq && i < HETLA_DEVICE_NTYPES; i++)
        if ((size_t)(eq - type) == strlen(type_names[i]) && !strncmp(type, type_names[i], (size_t)(eq - type)))
            t = i;
    if (t < 0 || t == HETLA_DEVICE_SIM)
        return hetla__fail(HETLA_ERR_ARG, "HETLA_POLICY: '%.*s' must be [operation:]cpu=..., cuda=... or opencl=...",
                           (int)len, clause);
    if (!colon) { /* a new order for the type replaces the default's rules for it */
        int kept = 0;
        for (int r = 0; r < ctx->nrules; r++)
            if (!ctx->rules[r].builtin || ctx->rules[r].type != (hetla_device_type)t)
                ctx->rules[kept++] = ctx->rules[r];
        ctx->nrules = kept;
        return parse_classes((hetla_device_type)t, eq + 1, clause + len, ctx->policy[t], &ctx->npolicy[t]);
    }
    size_t oplen = (size_t)(colon - clause);
    if (oplen == 0 || oplen >= sizeof ctx->rules[0].op)
        return hetla__fail(HETLA_ERR_ARG, "HETLA_POLICY: bad operation name in '%.*s'", (int)len, clause);
    if (ctx->nrules == HETLA__MAX_RULES)
        return hetla__fail(HETLA_ERR_ARG, "HETLA_POLICY: more than %d operation rules", HETLA__MAX_RULES);
    hetla__policy_rule *r = &ctx->rules[ctx->nrules];
    memcpy(r->op, clause, oplen);
    r->op[oplen] = 0;
    r->type = (hetla_device_type)t;
    r->builtin = r->own_cores = 0;
    hetla_status s = parse_classes(r->type, eq + 1, clause + len, r->cls, &r->n);
    if (!s)
        ctx->nrules++;
    return s;
}

static hetla_status policy_parse(hetla_context *ctx, const char *spec)
{
    for (const char *p = spec; p && *p;) {
        size_t l = strcspn(p, "; ");
        if (l) {
            hetla_status s = parse_clause(ctx, p, l);
            if (s)
                return s;
        }
        p += l + (p[l] ? 1 : 0);
    }
    return HETLA_SUCCESS;
}

hetla_status hetla__registry_init(hetla_context *ctx, const char *policy)
{
    memcpy(ctx->policy, default_policy, sizeof ctx->policy);
    memcpy(ctx->npolicy, default_npolicy, sizeof ctx->npolicy);
    ctx->nrules = 0;
    hetla_status s = policy_parse(ctx, default_rules);
    int general = ctx->nrules;
    if (!s)
        s = policy_parse(ctx, accel_rules);
    for (int r = 0; r < ctx->nrules; r++)
        ctx->rules[r].builtin = 1, ctx->rules[r].own_cores = r >= general;
    if (!s)
        s = policy_parse(ctx, policy);
    if (s)
        return s;
    hetla__openblas_acquire();
    hetla__blis_acquire();
    ctx->registry_ready = 1;
    s = hetla__data_register_ops(ctx);
    if (!s)
        s = hetla__blas_register(ctx);
    if (!s)
        s = hetla__lapack_register(ctx);
    /* Then each backend in use adds its classes, once. */
    for (int d = 0; d < ctx->ndevices && !s; d++) {
        const hetla__device_ops *ops = ctx->devices[d].ops;
        int first = 1;
        for (int e = 0; e < d; e++)
            first &= ctx->devices[e].ops != ops;
        if (first && ops->register_kernels)
            s = ops->register_kernels(ctx);
    }
    return s;
}

void hetla__registry_fini(hetla_context *ctx)
{
    if (ctx->registry_ready) {
        hetla__openblas_release();
        hetla__blis_release();
    }
    ctx->registry_ready = 0;
    for (int i = 0; i < ctx->nkernels; i++)
        free(ctx->kernels[i]);
    free(ctx->kernels);
    ctx->kernels = NULL;
    memset(ctx->kernel_hash, 0, sizeof ctx->kernel_hash);
    ctx->nkernels = ctx->capkernels = 0;
}

hetla_status hetla_policy_set(hetla_context *ctx, const char *spec)
{
    if (!ctx)
        return hetla__arg_error("hetla_policy_set", 1, "ctx", "is NULL");
    if (!spec)
        return hetla__arg_error("hetla_policy_set", 2, "spec", "is NULL");
    hetla__wait_all_tasks(ctx); /* workers read the selection */
    pthread_mutex_lock(&ctx->registry_lock);
    /* Parse into a copy so a bad spec changes nothing. */
    hetla_context *tmp = malloc(sizeof *tmp);
    hetla_status s = tmp ? HETLA_SUCCESS : hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_policy_set: out of memory");
    if (!s) {
        memcpy(tmp->policy, ctx->policy, sizeof ctx->policy);
        memcpy(tmp->npolicy, ctx->npolicy, sizeof ctx->npolicy);
        memcpy(tmp->rules, ctx->rules, sizeof ctx->rules);
        tmp->nrules = ctx->nrules;
        s = policy_parse(tmp, spec);
    }
    if (!s) {
        memcpy(ctx->policy, tmp->policy, sizeof ctx->policy);
        memcpy(ctx->npolicy, tmp->npolicy, sizeof ctx->npolicy);
        memcpy(ctx->rules, tmp->rules, sizeof ctx->rules);
        ctx->nrules = tmp->nrules;
        for (int i = 0; i < ctx->nkernels; i++)
            select_for_devices(ctx->kernels[i]);
    }
    free(tmp);
    pthread_mutex_unlock(&ctx->registry_lock);
    return s;
}

hetla_status hetla_policy_describe(const hetla_context *ctx, hetla_device_type t, char *buf, size_t len)
{
    static const char fn[] = "hetla_policy_describe";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if ((unsigned)t >= HETLA_DEVICE_NTYPES)
        return hetla__arg_error(fn, 2, "t", "is %d, not a device type", (int)t);
    if (!buf || len == 0)
        return hetla__arg_error(fn, 3, "buf", "is NULL or empty");
    t = policy_type(t);
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < ctx->npolicy[t] && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "", classes[ctx->policy[t][i]].name);
    return HETLA_SUCCESS;
}

/* Operations are found by name on every synchronous BLAS call, so the
 * lookup is a hash probe, not a scan. */
static size_t name_hash(const char *name)
{
    size_t h = 2166136261u;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 16777619u;
    return h;
}

static hetla_kernel **hash_slot(hetla_context *ctx, const char *name)
{
    size_t i = name_hash(name) % HETLA__KERNEL_HASH;
    while (ctx->kernel_hash[i] && strcmp(ctx->kernel_hash[i]->name, name))
        i = (i + 1) % HETLA__KERNEL_HASH;
    return &ctx->kernel_hash[i];
}

hetla_status hetla_kernel_create(hetla_context *ctx, const char *name, hetla_kernel **out)
{
    static const char fn[] = "hetla_kernel_create";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!name || !*name || strlen(name) >= sizeof((hetla_kernel *)0)->name)
        return hetla__arg_error(fn, 2, "name", "must be 1..63 characters");
    if (!out)
        return hetla__arg_error(fn, 3, "out", "is NULL");
    pthread_mutex_lock(&ctx->registry_lock);
    hetla_status s = HETLA_SUCCESS;
    hetla_kernel **slot = hash_slot(ctx, name), *k = *slot;
    if (!k && ctx->nkernels >= HETLA__KERNEL_HASH / 2) {
        s = hetla__fail(HETLA_ERR_NO_MEMORY, "%s: more than %d operations", fn, HETLA__KERNEL_HASH / 2);
    } else if (!k) {
        if (ctx->nkernels == ctx->capkernels) {
            int cap = ctx->capkernels ? 2 * ctx->capkernels : 64;
            hetla_kernel **ks = realloc(ctx->kernels, (size_t)cap * sizeof *ks);
            if (ks) {
                ctx->kernels = ks;
                ctx->capkernels = cap;
            }
        }
        k = ctx->nkernels < ctx->capkernels ? calloc(1, sizeof *k) : NULL;
        if (k) {
            k->ctx = ctx;
            strcpy(k->name, name);
            select_for_devices(k);
            ctx->kernels[ctx->nkernels++] = k;
            *slot = k;
        } else {
            s = hetla__fail(HETLA_ERR_NO_MEMORY, "%s: out of memory", fn);
        }
    }
    pthread_mutex_unlock(&ctx->registry_lock);
    *out = k;
    return s;
}

hetla_status hetla__on_host(hetla_context *ctx, const hetla_exec *x, const char *op)
{
    hetla_kernel *k;
    if (hetla_kernel_find(ctx, op, &k) || !k->impl[HETLA_CLASS_GENERIC])
        return hetla__fail(HETLA_ERR_INTERNAL, "operation '%s' has no generic implementation", op);
    hetla__device *dev = &ctx->devices[x->device];
    return dev->ops->run_on_host(dev, k->impl[HETLA_CLASS_GENERIC], x);
}

hetla_status hetla_kernel_find(hetla_context *ctx, const char *name, hetla_kernel **out)
{
    static const char fn[] = "hetla_kernel_find";
    if (!ctx)
        return hetla__arg_error(fn, 1, "ctx", "is NULL");
    if (!name)
        return hetla__arg_error(fn, 2, "name", "is NULL");
    if (!out)
        return hetla__arg_error(fn, 3, "out", "is NULL");
    pthread_mutex_lock(&ctx->registry_lock);
    *out = *hash_slot(ctx, name);
    pthread_mutex_unlock(&ctx->registry_lock);
    return *out ? HETLA_SUCCESS : hetla__arg_error(fn, 2, "name", "'%s' is no registered operation", name);
}

hetla_status hetla_kernel_add(hetla_kernel *k, hetla_kernel_class cls, hetla_kernel_fn fn)
{
    if (!k)
        return hetla__arg_error("hetla_kernel_add", 1, "k", "is NULL");
    if ((unsigned)cls >= HETLA_NCLASSES)
        return hetla__arg_error("hetla_kernel_add", 2, "cls", "is %d, not a kernel class", (int)cls);
    if (!fn)
        return hetla__arg_error("hetla_kernel_add", 3, "fn", "is NULL");
    pthread_mutex_lock(&k->ctx->registry_lock);
    k->impl[cls] = fn;
    select_for_devices(k);
    pthread_mutex_unlock(&k->ctx->registry_lock);
    return HETLA_SUCCESS;
}

hetla_status hetla_kernel_set_flops(hetla_kernel *k, double (*flops)(const hetla_exec *x))
{
    if (!k)
        return hetla__arg_error("hetla_kernel_set_flops", 1, "k", "is NULL");
    k->flops = flops;
    return HETLA_SUCCESS;
}

int hetla_kernel_selected(const hetla_kernel *k, int device)
{
    if (!k || device < 0 || device >= k->ctx->ndevices)
        return -1;
    return k->selected[device];
}

const char *hetla_kernel_name(const hetla_kernel *k) { return k ? k->name : NULL; }

int hetla_kernel_count(const hetla_context *ctx) { return ctx ? ctx->nkernels : 0; }

hetla_kernel *hetla_kernel_at(const hetla_context *ctx, int i)
{
    return ctx && i >= 0 && i < ctx->nkernels ? ctx->kernels[i] : NULL;
}
