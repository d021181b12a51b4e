/* The "eager" scheduler: one ready heap ordered by priority, then by
 * insertion order; a worker takes the best task it can run. */
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

typedef struct {
    hetla__spinlock lock;
    hetla__task **heap;
    size_t n, cap;
    hetla__task *overflow; /* ready tasks the heap had no room for (out of memory) */
    atomic_size_t avail;   /* ready tasks, for the lock-free emptiness peek */
} eager;

static hetla_status eager_init(hetla_context *ctx, int nworkers, void **state)
{
    (void)ctx, (void)nworkers;
    eager *e = calloc(1, sizeof *e);
    if (!e)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory (scheduler)");
    *state = e;
    return HETLA_SUCCESS;
}

static void eager_fini(void *state)
{
    eager *e = state;
    free(e->heap);
    free(e);
}

/* Pushing never fails: if the heap cannot grow, the task waits on an
 * overflow list (in arrival order), taken before the heap is looked at. */
static int eager_push(void *state, hetla__task *t)
{
    eager *e = state;
    hetla__spin_lock(&e->lock);
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 1024;
        hetla__task **h = realloc(e->heap, cap * sizeof *h);
        if (h)
            e->heap = h, e->cap = cap;
    }
    if (e->n < e->cap) {
        e->heap[e->n] = t;
        hetla__heap_up(e->heap, e->n++);
    } else {
        hetla__task **tail = &e->overflow;
        while (*tail)
            tail = &(*tail)->next_free;
        t->next_free = NULL;
        *tail = t;
    }
    atomic_fetch_add_explicit(&e->avail, 1, memory_order_relaxed);
    hetla__spin_unlock(&e->lock);
    return -1;
}

static hetla__task *take_overflow(eager *e, hetla__worker *w)
{
    for (hetla__task **p = &e->overflow; *p; p = &(*p)->next_free)
        if (hetla__task_fits(*p, w)) {
            hetla__task *t = *p;
            *p = t->next_free;
            return t;
        }
    return NULL;
}

static hetla__task *take(eager *e, size_t i)
{
    hetla__task *t = e->heap[i];
    e->heap[i] = e->heap[--e->n];
    if (i < e->n) {
        hetla__heap_down(e->heap, e->n, i);
        hetla__heap_up(e->heap, i);
    }
    return t;
}

static hetla__task *eager_pop(void *state, hetla__worker *w)
{
    eager *e = state;
    if (atomic_load_explicit(&e->avail, memory_order_relaxed) == 0)
        return NULL; /* a stale zero only costs one more idle round */
    hetla__spin_lock(&e->lock);
    hetla__task *t = e->overflow ? take_overflow(e, w) : NULL;
    if (t) {
        /* overflow first: it holds the oldest ready tasks */
    } else if (e->n > 0 && hetla__task_fits(e->heap[0], w)) {
        t = take(e, 0);
    } else {
        /* The best task is for another device: take the best one that fits. */
        size_t best = e->n;
        for (size_t i = 1; i < e->n; i++)
            if (hetla__task_fits(e->heap[i], w) &&
                (best == e->n || hetla__task_before(e->heap[i], e->heap[best])))
                best = i;
        if (best < e->n)
            t = take(e, best);
    }
    if (t)
        atomic_fetch_sub_explicit(&e->avail, 1, memory_order_relaxed);
    hetla__spin_unlock(&e->lock);
    return t;
}

static size_t eager_ready(void *state, const hetla__worker *w)
{
    (void)w;
    const eager *e = state;
    return atomic_load_explicit(&e->avail, memory_order_relaxed);
}

const hetla__sched_ops hetla__sched_eager = {.name = "eager",
                                             .init = eager_init,
                                             .fini = eager_fini,
                                             .push = eager_push,
                                             .pop = eager_pop,
                                             .ready = eager_ready};

const hetla__sched_ops *hetla__sched_find(const char *name)
{
    static const hetla__sched_ops *const all[] = {&hetla__sched_eager, &hetla__sched_dmda};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (!strcmp(all[i]->name, name))
            return all[i];
    return NULL;
}
