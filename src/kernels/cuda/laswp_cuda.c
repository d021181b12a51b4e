/* LU's row interchanges on a column of GPU tiles: the CUDA_NATIVE class of
 * "?laswp" in every precision (the rows are moved as bytes). The swaps
 * ipiv[first .. last-1] are applied here to an index of the column's rows,
 * giving the permutation they make; the device then moves only the rows it
 * changes, all at once (laswp.cu). */
#include <stdlib.h>
#include <string.h>

#include "kernels/cublas/cublas.h"
#include "kernels/cuda/laswp_cuda.h"
#include "kernels/lapack/lapack.h"

/* Staging of the tables the kernel reads: tiles, leading dimensions,
 * sources and destinations, one block. */
typedef struct tables {
    char *host;
    size_t bytes, off_ld, off_src, off_dst;
} tables;

static hetla_status laswp_cuda(const hetla_exec *x)
{
    hetla__laswp_args a;
    HETLA__ARGS(x, a);
    const hetla__cuda_queue *q = x->queue;
    const hetla_buffer *t = x->buf + 1; /* buffer 0 orders the task only */
    int ntiles = x->nbuf - 1;
    long long total = 0;
    for (int i = 0; i < ntiles; i++)
        total += (long long)t[i].m;
    long long *perm = malloc((size_t)(total ? total : 1) * sizeof *perm);
    if (!perm)
        return hetla__fail(HETLA_ERR_NO_MEMORY, "laswp: out of host memory");
    for (long long r = 0; r < total; r++)
        perm[r] = r;
    for (hetla_int k = 0; k < a.last - a.first; k++) {
        hetla_int i = a.backward ? a.last - 1 - k : a.first + k;
        long long r1 = i - a.row0, r2 = a.ipiv[i] - 1 - a.row0, v = perm[r1];
        perm[r1] = perm[r2], perm[r2] = v;
    }
    long long rows = 0;
    for (long long r = 0; r < total; r++)
        rows += perm[r] != r;
    tables tb = {0};
    tb.off_ld = (size_t)ntiles * sizeof(void *);
    tb.off_src = tb.off_ld + (size_t)ntiles * sizeof(long long);
    tb.off_dst = tb.off_src + (size_t)rows * sizeof(long long);
    tb.bytes = tb.off_dst + (size_t)rows * sizeof(long long);
    if (rows == 0 || !(tb.host = malloc(tb.bytes))) {
        free(perm);
        return rows ? hetla__fail(HETLA_ERR_NO_MEMORY, "laswp: out of host memory") : HETLA_SUCCESS;
    }
    void **tiles = (void **)tb.host;
    long long *ld = (long long *)(tb.host + tb.off_ld), *src = (long long *)(tb.host + tb.off_src),
              *dst = (long long *)(tb.host + tb.off_dst);
    for (int i = 0; i < ntiles; i++)
        tiles[i] = t[i].ptr, ld[i] = (long long)t[i].ld;
    for (long long r = 0, n = 0; r < total; r++)
        if (perm[r] != r)
            src[n] = perm[r], dst[n++] = r;
    free(perm);
    size_t es = hetla_dtype_size(t[0].type), cols = t[0].n;
    size_t head = (tb.bytes + 255) & ~(size_t)255;
    char *dev = NULL;
    hetla_status s = hetla__cuda_scratch(q, head + (size_t)rows * cols * es, (void **)&dev);
    if (!s) /* from pageable memory: staged before the call returns */
        s = hetla__cuda_check(cudaMemcpyAsync(dev, tb.host, tb.bytes, cudaMemcpyHostToDevice, q->stream),
                              "cudaMemcpyAsync", q->device);
    if (!s) {
        hetla__cuda_swap p = {(void *const *)dev, (const long long *)(dev + tb.off_ld), (long long)t[0].m,
                              (long long)cols, (const long long *)(dev + tb.off_src),
                              (const long long *)(dev + tb.off_dst), rows, dev + head, (int)es};
        s = hetla__cuda_check(hetla__cuda_swap_rows(&p, q->stream), "the row interchange kernels", q->device);
    }
    s = hetla__cuda_scratch_free(q, dev, s);
    free(tb.host);
    return s;
}

hetla_status hetla__laswp_cuda_register(hetla_context *ctx)
{
    static const char *const ops[] = {"slaswp", "dlaswp", "claswp", "zlaswp"};
    hetla_status s = HETLA_SUCCESS;
    for (size_t i = 0; i < sizeof ops / sizeof *ops && !s; i++)
        s = hetla__cuda_add(ctx, ops[i], HETLA_CLASS_CUDA_NATIVE, laswp_cuda);
    return s;
}
