/* The SIMD batch kernels compiled for AVX-512 (F, DQ, VL; this file's
 * compile options, set in CMakeLists.txt); called only where the CPU has
 * them.
 * @precisions normal z -> s d c
 */
#define HETLA__VEC_BYTES 64
#define HETLA__ISA avx512
#define HETLA__ISA_NAME "avx512"
#include "zbatch_simd.h"
