/* The CPU_OPENBLAS class's library state. Parallelism comes from hetla's
 * workers, so OpenBLAS must run each call on the calling thread: its
 * thread count is set to 1 while any context lives, and restored after. */
#include <cblas.h>
#include <pthread.h>

#include "kernels/kernels.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int users, saved_threads;

void hetla__openblas_acquire(void)
{
    pthread_mutex_lock(&lock);
    if (users++ == 0) {
        saved_threads = openblas_get_num_threads();
        openblas_set_num_threads(1);
    }
    pthread_mutex_unlock(&lock);
}

void hetla__openblas_release(void)
{
    pthread_mutex_lock(&lock);
    if (--users == 0)
        openblas_set_num_threads(saved_threads);
    pthread_mutex_unlock(&lock);
}
