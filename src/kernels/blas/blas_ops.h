/* Shared pieces of the BLAS operations: argument checks, how synchronous
 * calls and task forms run an operation, registration. */
#ifndef HETLA_BLAS_OPS_H
#define HETLA_BLAS_OPS_H

#include <string.h>

#include "core/context.h"

/* Flop counts are double in every precision; a name of its own keeps the
 * precision generator from turning it into float. */
typedef double hetla__flops;

/* CBLAS passes complex scalars by address and real ones by value. A z
 * source defines COMPLEX before its first include; in its real twins the
 * generator has turned that definition into REAL. */
#if defined(COMPLEX)
#define HETLA__CBLAS_SCALAR(s) ((const void *)&(s))
#else
#define HETLA__CBLAS_SCALAR(s) (s)
#endif

/* Copies a task's argument block out (args are not aligned for any type). */
#define HETLA__ARGS(x, a) memcpy(&(a), (x)->args, sizeof(a))

static inline int hetla__layout_ok(hetla_layout l) { return l == HETLA_ROW_MAJOR || l == HETLA_COL_MAJOR; }
static inline int hetla__trans_ok(hetla_trans t)
{
    return t == HETLA_NO_TRANS || t == HETLA_TRANS || t == HETLA_CONJ_TRANS;
}
static inline int hetla__uplo_ok(hetla_uplo u) { return u == HETLA_UPPER || u == HETLA_LOWER; }
static inline int hetla__diag_ok(hetla_diag d) { return d == HETLA_NON_UNIT || d == HETLA_UNIT; }
static inline int hetla__side_ok(hetla_side s) { return s == HETLA_LEFT || s == HETLA_RIGHT; }
static inline hetla_int hetla__max1(hetla_int v) { return v > 1 ? v : 1; }

/* BLIS's option values, for files that include blis.h. */
#ifdef BLIS_H
static inline trans_t hetla__blis_trans(hetla_trans t)
{
    return t == HETLA_NO_TRANS ? BLIS_NO_TRANSPOSE : t == HETLA_TRANS ? BLIS_TRANSPOSE : BLIS_CONJ_TRANSPOSE;
}
static inline uplo_t hetla__blis_uplo(hetla_uplo u) { return u == HETLA_UPPER ? BLIS_UPPER : BLIS_LOWER; }
static inline diag_t hetla__blis_diag(hetla_diag d) { return d == HETLA_UNIT ? BLIS_UNIT_DIAG : BLIS_NONUNIT_DIAG; }
static inline side_t hetla__blis_side(hetla_side s) { return s == HETLA_LEFT ? BLIS_LEFT : BLIS_RIGHT; }
static inline conj_t hetla__blis_conjugate(int conjugate) { return conjugate ? BLIS_CONJUGATE : BLIS_NO_CONJUGATE; }
#endif

/** Shape of a handle given to a task form. */
typedef struct hetla__shape {
    size_t m, n;
} hetla__shape;

/** Fills @p out from handle @p d after checking it is there and holds
 *  @p type; errors name argument @p pos (@p name) of @p fn. */
hetla_status hetla__shape_get(const char *fn, int pos, const char *name, const hetla_data *d, hetla_dtype type,
                              hetla__shape *out);

/** Tile size of large synchronous level-3 calls on @p ctx's devices. */
size_t hetla__blas_tile(const hetla_context *ctx);

/** A matrix or vector operand of a synchronous call, on the caller's
 *  memory (a strided vector is 1 x n with ld = its increment). */
typedef struct hetla__operand {
    void *ptr;
    size_t m, n, ld;
    hetla_dtype type;
    hetla_access mode;
} hetla__operand;

/** A vector argument in an argument block: its length, and the direction
 *  of the caller's increment (+1, -1 for a BLAS negative increment, 0 for
 *  a zero increment). The increment's magnitude comes from the buffer, as
 *  a replica on a device has its own stride. */
typedef struct hetla__vec_arg {
    hetla_int n;
    int dir;
} hetla__vec_arg;

/** The increment to pass to a BLAS for vector buffer @p b. */
static inline hetla_int hetla__vec_inc(const hetla_buffer *b, int dir)
{
    return (hetla_int)dir * (hetla_int)(b->m == 1 ? b->ld : 1);
}

/** The operand of a caller's vector (n, inc), and its argument. A zero
 *  increment or length leaves one element to register. */
static inline hetla__operand hetla__vec_operand(const void *x, hetla_int n, hetla_int inc, hetla_dtype t,
                                                hetla_access mode, hetla__vec_arg *arg)
{
    hetla_int stride = inc < 0 ? -inc : inc;
    *arg = (hetla__vec_arg){n, inc > 0 ? 1 : inc < 0 ? -1 : 0};
    int one = inc == 0 || n <= 1;
    return (hetla__operand){(void *)x, 1, one ? 1 : (size_t)n, one ? 1 : (size_t)stride, t, mode};
}

/** The argument of vector handle @p d (m x 1 or 1 x n) for a task form;
 *  errors name argument @p pos (@p name) of @p fn. */
hetla_status hetla__vec_handle(const char *fn, int pos, const char *name, const hetla_data *d, hetla_dtype type,
                               hetla__vec_arg *arg);

/** Runs operation @p op once on @p ops and waits: on the calling thread if
 *  @p direct_ok and a CPU device is in use, else as one task. */
hetla_status hetla__blas_run(hetla_context *ctx, const char *op, const hetla__operand *ops, int nops,
                             const void *args, size_t args_size, int direct_ok);
/** Whether a synchronous level-3 call of @p fmas multiply-adds should run
 *  tiled over the CPU workers (large, several workers, no accelerator). */
int hetla__blas_tiled_pays(hetla_context *ctx, const char *op, double fmas);
/** Tiled views of a synchronous call's operands on the caller's memory,
 *  in tiles of hetla__blas_tile(ctx), and a sequence for their tasks. */
typedef struct hetla__views {
    hetla_tiled *t[3];
    int n;
    hetla_sequence *seq;
} hetla__views;

/** Tiles @p ops[0 .. n-1] (n <= 3; an operand with NULL ptr gets no view)
 *  in @p nb x @p nb tiles, 0 = hetla__blas_tile(ctx). */
hetla_status hetla__views_create(hetla_context *ctx, const hetla__operand *ops, int n, size_t nb, hetla__views *v);
/** Waits for the sequence, brings the tiles home and frees the views;
 *  @return the first failure, @p s included. */
hetla_status hetla__views_destroy(hetla__views *v, hetla_status s);

/** Creates operation @p name with its CPU implementations: @p generic, and
 *  @p openblas, @p blis and the flop count @p flops where not NULL. */
hetla_status hetla__cpu_register(hetla_context *ctx, const char *name, hetla_kernel_fn generic,
                                 hetla_kernel_fn openblas, hetla_kernel_fn blis,
                                 hetla__flops (*flops)(const hetla_exec *x));
/** Inserts one task of operation @p op (the task forms). */
hetla_status hetla__blas_task(hetla_context *ctx, const hetla_task_opts *opts, const char *op,
                              const hetla_task_arg *data, int ndata, const void *args, size_t args_size);
/** The context's CPU device, -1 if none; its worker count (0 if none). */
int hetla__blas_cpu_device(const hetla_context *ctx);
int hetla__blas_cpu_workers(const hetla_context *ctx);
/** The devices with memory of their own (accelerators) that run @p k, as
 *  a mask of device indices. */
uint64_t hetla__accelerators_for(const hetla_context *ctx, const hetla_kernel *k);

/** Declares the registration functions of operation @p name in the four
 *  precisions (hetla__sNAME_register ... hetla__zNAME_register). */
#define HETLA__REGISTER_DECL(name)                                                                                 \
    hetla_status hetla__s##name##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__d##name##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__c##name##_register(hetla_context *ctx);                                                    \
    hetla_status hetla__z##name##_register(hetla_context *ctx);

/** Registration of each level's operations (level1.c, level2.c, level3.c). */
hetla_status hetla__blas1_register(hetla_context *ctx);
hetla_status hetla__blas2_register(hetla_context *ctx);
hetla_status hetla__blas3_register(hetla_context *ctx);

HETLA__REGISTER_DECL(lacpy)

/** Registers every BLAS operation in every class built in. */
hetla_status hetla__blas_register(hetla_context *ctx);

#endif
