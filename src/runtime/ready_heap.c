/* The binary heap of ready tasks the schedulers keep: the best task on
 * top, best meaning higher priority, then earlier insertion. */
#include "runtime/runtime.h"

int hetla__task_before(const hetla__task *a, const hetla__task *b)
{
    return a->priority != b->priority ? a->priority > b->priority : a->seqno < b->seqno;
}

void hetla__heap_up(hetla__task **h, size_t i)
{
    for (size_t p; i > 0 && hetla__task_before(h[i], h[p = (i - 1) / 2]); i = p) {
        hetla__task *t = h[i];
        h[i] = h[p];
        h[p] = t;
    }
}

void hetla__heap_down(hetla__task **h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, best = i;
        if (l < n && hetla__task_before(h[l], h[best]))
            best = l;
        if (r < n && hetla__task_before(h[r], h[best]))
            best = r;
        if (best == i)
            return;
        hetla__task *t = h[i];
        h[i] = h[best];
        h[best] = t;
        i = best;
    }
}
