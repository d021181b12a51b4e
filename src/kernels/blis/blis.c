/* The CPU_BLIS class's library state: one thread per call while any
 * context lives (hetla's workers give the parallelism), restored after. */
#include <blis.h>
#include <pthread.h>

#include "kernels/kernels.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int users;
static dim_t saved_threads;

void hetla__blis_acquire(void)
{
    pthread_mutex_lock(&lock);
    if (users++ == 0) {
        saved_threads = bli_thread_get_num_threads();
        bli_thread_set_num_threads(1);
    }
    pthread_mutex_unlock(&lock);
}

void hetla__blis_release(void)
{
    pthread_mutex_lock(&lock);
    if (--users == 0)
        bli_thread_set_num_threads(saved_threads);
    pthread_mutex_unlock(&lock);
}
