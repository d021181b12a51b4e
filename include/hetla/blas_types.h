/* Argument enums of hetla's BLAS, valued as CBLAS's so either converts by a
 * cast; complex scalar types. */
#ifndef HETLA_BLAS_TYPES_H
#define HETLA_BLAS_TYPES_H

#include <stdint.h>

typedef enum hetla_layout { HETLA_ROW_MAJOR = 101, HETLA_COL_MAJOR = 102 } hetla_layout;
typedef enum hetla_trans { HETLA_NO_TRANS = 111, HETLA_TRANS = 112, HETLA_CONJ_TRANS = 113 } hetla_trans;
typedef enum hetla_uplo { HETLA_UPPER = 121, HETLA_LOWER = 122 } hetla_uplo;
typedef enum hetla_diag { HETLA_NON_UNIT = 131, HETLA_UNIT = 132 } hetla_diag;
typedef enum hetla_side { HETLA_LEFT = 141, HETLA_RIGHT = 142 } hetla_side;

/** Dimensions and increments. */
typedef int64_t hetla_int;

/** Complex scalars, passed by value as LAPACKE does; arrays of them are
 *  interleaved (re, im) pairs as in every BLAS. */
typedef float _Complex hetla_ccomplex;
typedef double _Complex hetla_zcomplex;

#endif
