/* Precision-free pieces of the BLAS test driver. */
#include "testing.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void describe(char *buf, size_t size, double resid, const char *fmt, va_list ap)
{
    int len = vsnprintf(buf, size, fmt, ap);
    if (len >= 0 && (size_t)len < size)
        snprintf(buf + len, size - (size_t)len, ": resid %.3g", resid);
}

void test_case(test_result *r, double resid, const char *fmt, ...)
{
    va_list ap;
    r->cases++;
    if (isnan(resid))
        resid = INFINITY;
    if (resid > r->worst || r->cases == 1) {
        r->worst = resid;
        va_start(ap, fmt);
        describe(r->worst_case, sizeof r->worst_case, resid, fmt, ap);
        va_end(ap);
    }
    if (resid < TEST_THRESHOLD)
        return;
    if (r->failed++ == 0) {
        va_start(ap, fmt);
        describe(r->first, sizeof r->first, resid, fmt, ap);
        va_end(ap);
    }
}

double test_uniform(void)
{
    /* xorshift64*: fast, and the same sequence on every platform */
    static uint64_t s = 0x9E3779B97F4A7C15u;
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return (double)((s * 0x2545F4914F6CDD1Du) >> 11) * 0x1p-52 - 1.0;
}

size_t test_pos(hetla_int n, hetla_int inc, hetla_int i)
{
    return (size_t)(inc >= 0 ? i * inc : (n - 1 - i) * -inc);
}

test_real test_norm2(size_t len, const test_real *v)
{
    long double sum = 0;
    for (size_t i = 0; i < len; i++)
        sum += (long double)v[i] * v[i];
    return (test_real)sqrtl(sum);
}

static void **arena;
static size_t arena_len, arena_cap;

void *test_alloc(size_t bytes)
{
    if (arena_len == arena_cap) {
        arena_cap = arena_cap ? 2 * arena_cap : 64;
        arena = realloc(arena, arena_cap * sizeof *arena);
        if (!arena) {
            fprintf(stderr, "test_alloc: out of memory\n");
            exit(2);
        }
    }
    void *p = calloc(bytes ? bytes : 1, 1);
    if (!p) {
        fprintf(stderr, "test_alloc: out of memory\n");
        exit(2);
    }
    return arena[arena_len++] = p;
}

void test_free_all(void)
{
    for (size_t i = 0; i < arena_len; i++)
        free(arena[i]);
    arena_len = 0;
}
