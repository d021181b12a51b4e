#!/usr/bin/env python3
"""precgen: writes the other precisions of a source tagged `@precisions`.

A source written once in one precision carries a tag such as

    @precisions normal z -> s d c

and this script writes its s, d and c twins by substituting names from the
table below. Usage:

    precgen.py -o OUTDIR SOURCE...          write the twins into OUTDIR
    precgen.py --list -o OUTDIR SOURCE...   print the paths it would write

A source without a tag yields nothing (it is compiled as it stands).
Only `normal` conversions are supported; mixed precision routines are few
enough to be written by hand. A twin is named by applying the table to the
source's name (zherk.c -> dsyrk.c), else by changing its first letter
(zgeneric.h -> dgeneric.h). Code that only complex twins should keep goes
under `#if defined(COMPLEX)` in a source that opens with `#define COMPLEX`.
"""

import argparse
import os
import re
import sys

PRECISIONS = "sdcz"

# One row per name, one column per precision: s, d, c, z. Converting from
# precision X to Y replaces the row's X entry by its Y entry. None means the
# name has no twin in that precision (it is left alone); '' as a target
# deletes the name, which turns `conj(x)` into `(x)` for real precisions.
# Several rows may share a source entry only if they agree on the target.
TABLE = [
    # scalar types and the math library
    ("float", "double", "hetla_ccomplex", "hetla_zcomplex"),
    ("float", "double", "float", "double"),
    ("float", "double", "scomplex", "dcomplex"),
    ("", "", "conjf", "conj"),
    ("", "", "crealf", "creal"),
    (None, None, "cimagf", "cimag"),
    ("fabsf", "fabs", "cabsf", "cabs"),
    ("fabsf", "fabs", "fabsf", "fabs"),
    ("sqrtf", "sqrt", "sqrtf", "sqrt"),
    ("hypotf", "hypot", "hypotf", "hypot"),
    ("copysignf", "copysign", "copysignf", "copysign"),
    (None, None, "CMPLXF", "CMPLX"),
    ("FLT_MIN", "DBL_MIN", "FLT_MIN", "DBL_MIN"),
    ("FLT_MAX", "DBL_MAX", "FLT_MAX", "DBL_MAX"),
    ("FLT_EPSILON", "DBL_EPSILON", "FLT_EPSILON", "DBL_EPSILON"),
    ("FLT_MANT_DIG", "DBL_MANT_DIG", "FLT_MANT_DIG", "DBL_MANT_DIG"),
    ("FLT_MIN_EXP", "DBL_MIN_EXP", "FLT_MIN_EXP", "DBL_MIN_EXP"),
    ("FLT_MAX_EXP", "DBL_MAX_EXP", "FLT_MAX_EXP", "DBL_MAX_EXP"),
    # A complex source opens with `#define COMPLEX` and guards complex-only
    # code with `#if defined(COMPLEX)`; only the definition is renamed, so
    # the guarded code vanishes from real twins. PRECISION_z names guards.
    ("#define REAL", "#define REAL", "#define COMPLEX", "#define COMPLEX"),
    ("PRECISION_s", "PRECISION_d", "PRECISION_c", "PRECISION_z"),
    # inline helpers of src/kernels/generic/leaf.h
    ("sabs1", "dabs1", "cabs1", "zabs1"),
    ("sconj_if", "dconj_if", "cconj_if", "zconj_if"),
    # the test helpers of tests/blas (ztest_util.h and its functions)
    ("stest", "dtest", "ctest", "ztest"),
    # level 1
    ("srotg", "drotg", "crotg", "zrotg"),
    ("srotmg", "drotmg", None, None),
    ("srotm", "drotm", None, None),
    ("srot", "drot", "csrot", "zdrot"),
    ("sswap", "dswap", "cswap", "zswap"),
    ("sscal", "dscal", "cscal", "zscal"),
    ("sscal", "dscal", "csscal", "zdscal"),
    ("scopy", "dcopy", "ccopy", "zcopy"),
    ("saxpy", "daxpy", "caxpy", "zaxpy"),
    ("sdot", "ddot", "cdotc", "zdotc"),
    ("sdot", "ddot", "cdotu", "zdotu"),
    ("snrm2", "dnrm2", "scnrm2", "dznrm2"),
    ("sasum", "dasum", "scasum", "dzasum"),
    ("isamax", "idamax", "icamax", "izamax"),
    # level 2
    ("sgemv", "dgemv", "cgemv", "zgemv"),
    ("sgbmv", "dgbmv", "cgbmv", "zgbmv"),
    ("ssymv", "dsymv", "chemv", "zhemv"),
    ("ssbmv", "dsbmv", "chbmv", "zhbmv"),
    ("sspmv", "dspmv", "chpmv", "zhpmv"),
    ("strmv", "dtrmv", "ctrmv", "ztrmv"),
    ("stbmv", "dtbmv", "ctbmv", "ztbmv"),
    ("stpmv", "dtpmv", "ctpmv", "ztpmv"),
    ("strsv", "dtrsv", "ctrsv", "ztrsv"),
    ("stbsv", "dtbsv", "ctbsv", "ztbsv"),
    ("stpsv", "dtpsv", "ctpsv", "ztpsv"),
    ("sger", "dger", "cgerc", "zgerc"),
    ("sger", "dger", "cgeru", "zgeru"),
    ("sger", "dger", "cger", "zger"),  # BLIS's bli_?ger does both geru and gerc
    ("ssyr", "dsyr", "cher", "zher"),
    ("sspr", "dspr", "chpr", "zhpr"),
    ("ssyr2", "dsyr2", "cher2", "zher2"),
    ("sspr2", "dspr2", "chpr2", "zhpr2"),
    # level 3
    ("sgemm", "dgemm", "cgemm", "zgemm"),
    ("ssymm", "dsymm", "chemm", "zhemm"),
    ("ssymm", "dsymm", "csymm", "zsymm"),
    ("ssyrk", "dsyrk", "cherk", "zherk"),
    ("ssyrk", "dsyrk", "csyrk", "zsyrk"),
    ("ssyr2k", "dsyr2k", "cher2k", "zher2k"),
    ("ssyr2k", "dsyr2k", "csyr2k", "zsyr2k"),
    ("strmm", "dtrmm", "ctrmm", "ztrmm"),
    ("strsm", "dtrsm", "ctrsm", "ztrsm"),
    # LAPACK
    ("spotrf", "dpotrf", "cpotrf", "zpotrf"),
    ("spotrs", "dpotrs", "cpotrs", "zpotrs"),
    ("sposv", "dposv", "cposv", "zposv"),
    ("sgetrf", "dgetrf", "cgetrf", "zgetrf"),
    ("sgetrs", "dgetrs", "cgetrs", "zgetrs"),
    ("sgesv", "dgesv", "cgesv", "zgesv"),
    ("slaswp", "dlaswp", "claswp", "zlaswp"),
    ("sgeqrf", "dgeqrf", "cgeqrf", "zgeqrf"),
    ("sgeqrt", "dgeqrt", "cgeqrt", "zgeqrt"),
    ("sormqr", "dormqr", "cunmqr", "zunmqr"),
    ("sgemqrt", "dgemqrt", "cgemqrt", "zgemqrt"),
    ("slarft", "dlarft", "clarft", "zlarft"),
    ("slarfb", "dlarfb", "clarfb", "zlarfb"),
    ("slarfg", "dlarfg", "clarfg", "zlarfg"),
    ("sgels", "dgels", "cgels", "zgels"),
    ("strtrs", "dtrtrs", "ctrtrs", "ztrtrs"),
    ("strtri", "dtrtri", "ctrtri", "ztrtri"),
    ("slange", "dlange", "clange", "zlange"),
    ("slansy", "dlansy", "clanhe", "zlanhe"),
    # hetla's own names
    ("HETLA_FLOAT", "HETLA_DOUBLE", "HETLA_COMPLEX", "HETLA_ZCOMPLEX"),
    ("HETLA__CUDA_S", "HETLA__CUDA_D", "HETLA__CUDA_C", "HETLA__CUDA_Z"),
    ("sgescal", "dgescal", "cgescal", "zgescal"),
    ("slacpy", "dlacpy", "clacpy", "zlacpy"),
    ("aux_s", "aux_d", "aux_c", "aux_z"),
    ("HETLA_AUX_S_H", "HETLA_AUX_D_H", "HETLA_AUX_C_H", "HETLA_AUX_Z_H"),
    ("stiled", "dtiled", "ctiled", "ztiled"),
    ("blas1_s", "blas1_d", "blas1_c", "blas1_z"),
    ("blas2_s", "blas2_d", "blas2_c", "blas2_z"),
    ("blas3_s", "blas3_d", "blas3_c", "blas3_z"),
    ("HETLA_BLAS1_S_H", "HETLA_BLAS1_D_H", "HETLA_BLAS1_C_H", "HETLA_BLAS1_Z_H"),
    ("HETLA_BLAS2_S_H", "HETLA_BLAS2_D_H", "HETLA_BLAS2_C_H", "HETLA_BLAS2_Z_H"),
    ("HETLA_BLAS3_S_H", "HETLA_BLAS3_D_H", "HETLA_BLAS3_C_H", "HETLA_BLAS3_Z_H"),
    ("HETLA_SBLAS1_REAL_H", "HETLA_DBLAS1_REAL_H", None, None),
    (None, None, "HETLA_CBLAS1_COMPLEX_H", "HETLA_ZBLAS1_COMPLEX_H"),
    (None, None, "HETLA_CBLAS2_COMPLEX_H", "HETLA_ZBLAS2_COMPLEX_H"),
    (None, None, "HETLA_CBLAS3_COMPLEX_H", "HETLA_ZBLAS3_COMPLEX_H"),
    ("HETLA_STILED_H", "HETLA_DTILED_H", "HETLA_CTILED_H", "HETLA_ZTILED_H"),
    ("HETLA_SLAPACK_H", "HETLA_DLAPACK_H", "HETLA_CLAPACK_H", "HETLA_ZLAPACK_H"),
    ("HETLA_SQR_H", "HETLA_DQR_H", "HETLA_CQR_H", "HETLA_ZQR_H"),
    ("HETLA_SSPARSE_H", "HETLA_DSPARSE_H", "HETLA_CSPARSE_H", "HETLA_ZSPARSE_H"),
    ("slapack", "dlapack", "clapack", "zlapack"),
    ("sqr", "dqr", "cqr", "zqr"),
    ("ssparse", "dsparse", "csparse", "zsparse"),
    # level 1: the element type of real results (nrm2, asum of complex data),
    # and BLIS's typed vector operations
    ("HETLA_FLOAT", "HETLA_DOUBLE", "HETLA_FLOAT", "HETLA_DOUBLE"),
    ("saxpyv", "daxpyv", "caxpyv", "zaxpyv"),
    ("scopyv", "dcopyv", "ccopyv", "zcopyv"),
    ("sswapv", "dswapv", "cswapv", "zswapv"),
    ("sscalv", "dscalv", "cscalv", "zscalv"),
    ("sdotv", "ddotv", "cdotv", "zdotv"),
    ("samaxv", "damaxv", "camaxv", "zamaxv"),
    ("sasumv", "dasumv", "casumv", "zasumv"),
    ("snormfv", "dnormfv", "cnormfv", "znormfv"),
    # batched BLAS (include/hetla/zbatch.h, src/batch/): headers, kernel
    # tables, the lane groups of the SIMD kernels
    ("sbatch", "dbatch", "cbatch", "zbatch"),
    ("HETLA_SBATCH_H", "HETLA_DBATCH_H", "HETLA_CBATCH_H", "HETLA_ZBATCH_H"),
    ("HETLA_SBATCH_KERNELS_H", "HETLA_DBATCH_KERNELS_H", "HETLA_CBATCH_KERNELS_H", "HETLA_ZBATCH_KERNELS_H"),
    ("slanes", "dlanes", "clanes", "zlanes"),
    # cuBLAS (src/kernels/cublas/): its scalar types and routines
    ("float", "double", "cuComplex", "cuDoubleComplex"),
    ("cublasSgemm", "cublasDgemm", "cublasCgemm", "cublasZgemm"),
    ("cublasSgemmStridedBatched", "cublasDgemmStridedBatched", "cublasCgemmStridedBatched",
     "cublasZgemmStridedBatched"),
    ("cublasSscal", "cublasDscal", "cublasCscal", "cublasZscal"),
    ("cublasStrsm", "cublasDtrsm", "cublasCtrsm", "cublasZtrsm"),
    ("cublasStrmm", "cublasDtrmm", "cublasCtrmm", "cublasZtrmm"),
    ("cublasSsyrk", "cublasDsyrk", "cublasCherk", "cublasZherk"),
    ("cublasSsyr2k", "cublasDsyr2k", "cublasCher2k", "cublasZher2k"),
    ("cublasSsymm", "cublasDsymm", "cublasChemm", "cublasZhemm"),
    ("cublasSgeam", "cublasDgeam", "cublasCgeam", "cublasZgeam"),
    ("cublasSgemv", "cublasDgemv", "cublasCgemv", "cublasZgemv"),
    ("cublasSgbmv", "cublasDgbmv", "cublasCgbmv", "cublasZgbmv"),
    ("cublasSsymv", "cublasDsymv", "cublasChemv", "cublasZhemv"),
    ("cublasSsbmv", "cublasDsbmv", "cublasChbmv", "cublasZhbmv"),
    ("cublasSspmv", "cublasDspmv", "cublasChpmv", "cublasZhpmv"),
    ("cublasStrmv", "cublasDtrmv", "cublasCtrmv", "cublasZtrmv"),
    ("cublasStbmv", "cublasDtbmv", "cublasCtbmv", "cublasZtbmv"),
    ("cublasStpmv", "cublasDtpmv", "cublasCtpmv", "cublasZtpmv"),
    ("cublasStrsv", "cublasDtrsv", "cublasCtrsv", "cublasZtrsv"),
    ("cublasStbsv", "cublasDtbsv", "cublasCtbsv", "cublasZtbsv"),
    ("cublasStpsv", "cublasDtpsv", "cublasCtpsv", "cublasZtpsv"),
    ("cublasSger", "cublasDger", "cublasCgerc", "cublasZgerc"),
    ("cublasSger", "cublasDger", "cublasCgeru", "cublasZgeru"),
    ("cublasSsyr", "cublasDsyr", "cublasCher", "cublasZher"),
    ("cublasSspr", "cublasDspr", "cublasChpr", "cublasZhpr"),
    ("cublasSsyr2", "cublasDsyr2", "cublasCher2", "cublasZher2"),
    ("cublasSspr2", "cublasDspr2", "cublasChpr2", "cublasZhpr2"),
    ("slevel3", "dlevel3", "clevel3", "zlevel3"),
    ("cublasSswap", "cublasDswap", "cublasCswap", "cublasZswap"),
    ("cublasScopy", "cublasDcopy", "cublasCcopy", "cublasZcopy"),
    ("cublasSaxpy", "cublasDaxpy", "cublasCaxpy", "cublasZaxpy"),
    ("cublasSrot", "cublasDrot", "cublasCsrot", "cublasZdrot"),
    ("cublasSdot", "cublasDdot", "cublasCdotc", "cublasZdotc"),
    ("cublasSdot", "cublasDdot", "cublasCdotu", "cublasZdotu"),
    (None, None, "cublasCsscal", "cublasZdscal"),
    ("cublasSnrm2", "cublasDnrm2", "cublasScnrm2", "cublasDznrm2"),
    ("cublasSasum", "cublasDasum", "cublasScasum", "cublasDzasum"),
    ("cublasIsamax", "cublasIdamax", "cublasIcamax", "cublasIzamax"),
    ("cublasSsymm", "cublasDsymm", "cublasCsymm", "cublasZsymm"),
    ("cublasSsyrk", "cublasDsyrk", "cublasCsyrk", "cublasZsyrk"),
    ("cublasSsyr2k", "cublasDsyr2k", "cublasCsyr2k", "cublasZsyr2k"),
    ("CUDA_R_32F", "CUDA_R_64F", "CUDA_C_32F", "CUDA_C_64F"),
    # OpenCL and CLBlast (src/kernels/clblast/, src/kernels/opencl/): scalar
    # types, hetla's scalar converters, routines
    ("cl_float", "cl_double", "cl_float2", "cl_double2"),
    ("cl_float", "cl_double", "cl_float", "cl_double"),
    ("hetla__cl_s", "hetla__cl_d", "hetla__cl_c", "hetla__cl_z"),
    ("hetla__cl_s", "hetla__cl_d", "hetla__cl_s", "hetla__cl_d"),
    ("CLBlastSgemm", "CLBlastDgemm", "CLBlastCgemm", "CLBlastZgemm"),
    ("CLBlastSsymm", "CLBlastDsymm", "CLBlastChemm", "CLBlastZhemm"),
    ("CLBlastSsymm", "CLBlastDsymm", "CLBlastCsymm", "CLBlastZsymm"),
    ("CLBlastSsyrk", "CLBlastDsyrk", "CLBlastCherk", "CLBlastZherk"),
    ("CLBlastSsyrk", "CLBlastDsyrk", "CLBlastCsyrk", "CLBlastZsyrk"),
    ("CLBlastSsyr2k", "CLBlastDsyr2k", "CLBlastCher2k", "CLBlastZher2k"),
    ("CLBlastSsyr2k", "CLBlastDsyr2k", "CLBlastCsyr2k", "CLBlastZsyr2k"),
    ("CLBlastStrmm", "CLBlastDtrmm", "CLBlastCtrmm", "CLBlastZtrmm"),
    ("CLBlastStrsm", "CLBlastDtrsm", "CLBlastCtrsm", "CLBlastZtrsm"),
    ("slevel1", "dlevel1", "clevel1", "zlevel1"),
    ("slevel2", "dlevel2", "clevel2", "zlevel2"),
    ("CLBlastSswap", "CLBlastDswap", "CLBlastCswap", "CLBlastZswap"),
    ("CLBlastSscal", "CLBlastDscal", "CLBlastCscal", "CLBlastZscal"),
    ("CLBlastScopy", "CLBlastDcopy", "CLBlastCcopy", "CLBlastZcopy"),
    ("CLBlastSaxpy", "CLBlastDaxpy", "CLBlastCaxpy", "CLBlastZaxpy"),
    ("CLBlastSdot", "CLBlastDdot", "CLBlastCdotc", "CLBlastZdotc"),
    ("CLBlastSdot", "CLBlastDdot", "CLBlastCdotu", "CLBlastZdotu"),
    ("CLBlastSnrm2", "CLBlastDnrm2", "CLBlastScnrm2", "CLBlastDznrm2"),
    ("CLBlastSasum", "CLBlastDasum", "CLBlastScasum", "CLBlastDzasum"),
    ("CLBlastSgemv", "CLBlastDgemv", "CLBlastCgemv", "CLBlastZgemv"),
    ("CLBlastSgbmv", "CLBlastDgbmv", "CLBlastCgbmv", "CLBlastZgbmv"),
    ("CLBlastSsymv", "CLBlastDsymv", "CLBlastChemv", "CLBlastZhemv"),
    ("CLBlastSsbmv", "CLBlastDsbmv", "CLBlastChbmv", "CLBlastZhbmv"),
    ("CLBlastSspmv", "CLBlastDspmv", "CLBlastChpmv", "CLBlastZhpmv"),
    ("CLBlastStrmv", "CLBlastDtrmv", "CLBlastCtrmv", "CLBlastZtrmv"),
    ("CLBlastStbmv", "CLBlastDtbmv", "CLBlastCtbmv", "CLBlastZtbmv"),
    ("CLBlastStpmv", "CLBlastDtpmv", "CLBlastCtpmv", "CLBlastZtpmv"),
    ("CLBlastStrsv", "CLBlastDtrsv", "CLBlastCtrsv", "CLBlastZtrsv"),
    ("CLBlastSger", "CLBlastDger", "CLBlastCgerc", "CLBlastZgerc"),
    ("CLBlastSger", "CLBlastDger", "CLBlastCgeru", "CLBlastZgeru"),
    ("CLBlastSsyr", "CLBlastDsyr", "CLBlastCher", "CLBlastZher"),
    ("CLBlastSspr", "CLBlastDspr", "CLBlastChpr", "CLBlastZhpr"),
    ("CLBlastSsyr2", "CLBlastDsyr2", "CLBlastCher2", "CLBlastZher2"),
    ("CLBlastSspr2", "CLBlastDspr2", "CLBlastChpr2", "CLBlastZhpr2"),
]

# A name matches where it is not glued to a letter or digit. Underscores do
# separate, so `zgemm` is found inside `hetla__generic_zgemm` and
# `cblas_zgemm`; the price is that a table name must not start or end a
# longer identifier by accident (no local variable called `conj_a`).
LEFT = r"(?<![A-Za-z0-9])"
RIGHT = r"(?![A-Za-z0-9])"

TAG = re.compile(r"@precisions\s+(\w+)\s+([sdcz])\s*->\s*([sdcz ]+?)\s*$", re.M)


def substitutions(src, dst):
    """The {name: replacement} map that converts precision src to dst."""
    i, j = PRECISIONS.index(src), PRECISIONS.index(dst)
    subs = {}
    for row in TABLE:
        key, value = row[i], row[j]
        if not key or value is None or key == value:
            continue
        if subs.get(key, value) != value:
            sys.exit(f"precgen: table maps {key} to both {subs[key]} and {value}")
        subs[key] = value
    return subs


def convert(text, subs):
    # One pass over the text, so a replacement is never replaced again
    # (z -> s turns hetla_zcomplex into float, and float must stay float).
    keys = sorted(subs, key=len, reverse=True)
    pattern = re.compile(LEFT + "(" + "|".join(map(re.escape, keys)) + ")" + RIGHT)
    return pattern.sub(lambda m: subs[m.group(1)], text)


def output_name(path, src, dst, subs):
    """zgemm.c -> dgemm.c by the table; else the leading letter changes."""
    stem, ext = os.path.splitext(os.path.basename(path))
    name = convert(stem, subs)
    if name == stem:
        if not stem.startswith(src):
            sys.exit(f"precgen: {path}: name neither in the table nor starting with '{src}'")
        name = dst + stem[1:]
    return name + ext


def parse_tag(path, text):
    m = TAG.search(text)
    if not m:
        return None
    kind, src, dsts = m.group(1), m.group(2), m.group(3).split()
    if kind != "normal":
        sys.exit(f"precgen: {path}: only '@precisions normal' is supported, not '{kind}'")
    if src in dsts or len(set(dsts)) != len(dsts):
        sys.exit(f"precgen: {path}: bad target list '{m.group(3)}'")
    return m, src, dsts


def generate(path, outdir, write):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    tag = parse_tag(path, text)
    if tag is None:
        return []
    m, src, dsts = tag
    outputs = []
    for dst in dsts:
        subs = substitutions(src, dst)
        out = os.path.join(outdir, output_name(path, src, dst, subs))
        outputs.append(out)
        if not write:
            continue
        stamp = f"@generated {dst} from {os.path.basename(path)} by precgen.py; edit the source"
        body = convert(text[: m.start()], subs) + stamp + convert(text[m.end():], subs)
        # Rewrite only on change so a rerun does not force recompilation.
        old = None
        if os.path.exists(out):
            with open(out, encoding="utf-8") as f:
                old = f.read()
        if old != body:
            with open(out, "w", encoding="utf-8") as f:
                f.write(body)
    return outputs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--outdir", required=True)
    ap.add_argument("--list", action="store_true", help="print output paths, write nothing")
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()
    if not args.list:
        os.makedirs(args.outdir, exist_ok=True)
    seen = {}
    for path in args.sources:
        for out in generate(path, args.outdir, not args.list):
            if out in seen:
                sys.exit(f"precgen: {path} and {seen[out]} both generate {out}")
            seen[out] = path
            if args.list:
                print(out)


if __name__ == "__main__":
    main()
