/* The watchdog (hetla_config.watchdog_s, HETLA_WATCHDOG): a thread that
 * looks at the workers' completion counts every second; when none has
 * moved for watchdog_s seconds while tasks are pending, it reports once
 * per stall what each worker is doing, the tasks in flight on it and the
 * ready tasks waiting for it — what a hang or a livelock looks like from
 * inside, without a debugger (StarPU's STARPU_WATCHDOG_TIMEOUT does the
 * same with less detail). */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "runtime/runtime.h"

struct hetla__watchdog {
    pthread_mutex_t lock;
    pthread_cond_t cond; /* signalled to stop */
    int quit;
};

static unsigned long long finished(hetla_context *ctx)
{
    unsigned long long done = 0;
    for (int i = 0; i < ctx->nworkers; i++)
        done += atomic_load_explicit(&ctx->workers[i].completed, memory_order_relaxed);
    return done;
}

static void report(hetla_context *ctx, double stalled, unsigned long long done)
{
    hetla__log(ctx, HETLA_LOG_WARN,
               "watchdog: no task has finished for %.0f s; %llu inserted, %llu finished, ready epoch %lu, %d "
               "workers asleep",
               stalled, (unsigned long long)atomic_load(&ctx->inserted), done,
               (unsigned long)atomic_load(&ctx->ready_epoch), atomic_load(&ctx->sleepers));
    for (int i = 0; i < ctx->nworkers; i++) {
        hetla__worker *w = &ctx->workers[i];
        const char *doing = atomic_load_explicit(&w->doing, memory_order_relaxed);
        const char *task = atomic_load_explicit(&w->doing_task, memory_order_relaxed);
        size_t ready = ctx->sched->ready ? ctx->sched->ready(ctx->sched_state, w) : 0;
        hetla__log(ctx, HETLA_LOG_WARN, "watchdog:   worker %d on %s: %s%s%s; %d in flight, %zu ready for it", i,
                   w->dev->name, doing ? doing : "starting", task ? " " : "", task ? task : "",
                   atomic_load_explicit(&w->inflight_now, memory_order_relaxed), ready);
    }
}

static void *watchdog_main(void *arg)
{
    hetla_context *ctx = arg;
    struct hetla__watchdog *wd = ctx->watchdog;
    unsigned long long last = finished(ctx);
    double since = hetla__now();
    int reported = 0;
    pthread_mutex_lock(&wd->lock);
    while (!wd->quit) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        int rc = 0;
        while (!wd->quit && rc != ETIMEDOUT)
            rc = pthread_cond_timedwait(&wd->cond, &wd->lock, &until);
        unsigned long long done = finished(ctx);
        double now = hetla__now();
        if (done != last || done == atomic_load(&ctx->inserted)) {
            last = done, since = now, reported = 0;
        } else if (!reported && now - since >= ctx->watchdog_s) {
            report(ctx, now - since, done);
            reported = 1;
        }
    }
    pthread_mutex_unlock(&wd->lock);
    return NULL;
}

hetla_status hetla__watchdog_start(hetla_context *ctx)
{
    if (ctx->watchdog_s <= 0)
        return HETLA_SUCCESS;
    struct hetla__watchdog *wd = calloc(1, sizeof *wd);
    if (!wd)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: out of memory (watchdog)");
    pthread_mutex_init(&wd->lock, NULL);
    pthread_cond_init(&wd->cond, NULL);
    ctx->watchdog = wd;
    if (pthread_create(&ctx->watchdog_thread, NULL, watchdog_main, ctx) != 0) {
        hetla__watchdog_stop(ctx);
        return hetla__fail(HETLA_ERR_NO_MEMORY, "hetla_context_create: could not start the watchdog");
    }
    ctx->watchdog_running = 1;
    return HETLA_SUCCESS;
}

void hetla__watchdog_stop(hetla_context *ctx)
{
    struct hetla__watchdog *wd = ctx->watchdog;
    if (!wd)
        return;
    if (ctx->watchdog_running) {
        pthread_mutex_lock(&wd->lock);
        wd->quit = 1;
        pthread_cond_signal(&wd->cond);
        pthread_mutex_unlock(&wd->lock);
        pthread_join(ctx->watchdog_thread, NULL);
    }
    pthread_mutex_destroy(&wd->lock);
    pthread_cond_destroy(&wd->cond);
    free(wd);
    ctx->watchdog = NULL;
    ctx->watchdog_running = 0;
}
