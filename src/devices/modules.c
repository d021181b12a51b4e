/* Finding backends: the CPU and simulated devices are built in; GPU
 * backends are modules (libhetla_<name>.so) loaded at run time, so the
 * core library links no GPU runtime and runs where none is installed. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "devices/device.h"

#ifndef HETLA_MODULE_DIR
#define HETLA_MODULE_DIR ""
#endif

static void *open_module(const char *name, const char *module_path, char *why, size_t whylen)
{
    char file[64], path[1024];
    snprintf(file, sizeof file, "libhetla_%s.so", name);
    const char *dirs[] = {module_path, HETLA_MODULE_DIR};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        if (!dirs[i] || !*dirs[i])
            continue;
        snprintf(path, sizeof path, "%s/%s", dirs[i], file);
        void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (h)
            return h;
    }
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL); /* the loader's search path */
    if (!h)
        snprintf(why, whylen, "module %s not loadable (%s)", file, dlerror());
    return h;
}

/* Modules loaded so far, for hetla__backend_symbol. */
static struct {
    char name[32];
    void *handle;
} loaded[8];
static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;

static void remember(const char *name, void *handle)
{
    pthread_mutex_lock(&loaded_lock);
    for (size_t i = 0; i < sizeof loaded / sizeof *loaded; i++)
        if (!loaded[i].handle || !strcmp(loaded[i].name, name)) {
            snprintf(loaded[i].name, sizeof loaded[i].name, "%s", name);
            loaded[i].handle = handle;
            break;
        }
    pthread_mutex_unlock(&loaded_lock);
}

void *hetla__backend_symbol(const char *backend, const char *symbol)
{
    void *sym = NULL;
    pthread_mutex_lock(&loaded_lock);
    for (size_t i = 0; i < sizeof loaded / sizeof *loaded && !sym; i++)
        if (loaded[i].handle && !strcmp(loaded[i].name, backend))
            sym = dlsym(loaded[i].handle, symbol);
    pthread_mutex_unlock(&loaded_lock);
    return sym;
}

const hetla__device_ops *hetla__backend_find(const char *name, const char *module_path, char *why, size_t whylen)
{
    if (!strcmp(name, "cpu"))
        return &hetla__cpu_ops;
    if (!strcmp(name, "sim"))
        return &hetla__sim_ops;
    void *h = open_module(name, module_path, why, whylen);
    if (!h)
        return NULL;
    char sym[64];
    snprintf(sym, sizeof sym, "hetla_backend_%s", name);
    const hetla__device_ops *(*get)(void);
    *(void **)&get = dlsym(h, sym);
    const hetla__device_ops *ops = get ? get() : NULL;
    if (!ops || ops->abi != HETLA__BACKEND_ABI) {
        snprintf(why, whylen, "module libhetla_%s.so has no %s of ABI %d", name, sym, HETLA__BACKEND_ABI);
        dlclose(h);
        return NULL;
    }
    /* Modules stay loaded for the life of the process: their ops tables
     * may be referenced by contexts created later. */
    remember(name, h);
    return ops;
}
