/* The SIMD batch kernels compiled for AVX2 and FMA (this file's compile
 * options, set in CMakeLists.txt); called only where the CPU has them.
 * @precisions normal z -> s d c
 */
#define HETLA__VEC_BYTES 32
#define HETLA__ISA avx2
#define HETLA__ISA_NAME "avx2"
#include "zbatch_simd.h"
