#!/bin/sh
# `hetla bench gemm --devices opencl` end to end on the first OpenCL device
# (PoCL in CI): host to host, device-resident, and CLBlast on hetla's own
# buffers and queue, each beside hetla with the ratio, every residual
# small. Speed is not judged here: benchmarks show it, tests do not.
# Usage: bench_gemm_opencl.sh HETLA_COMMAND; exit 77 without an OpenCL device.
set -u
hetla=$1
HETLA_DEVICES=opencl "$hetla" info 2>/dev/null | grep -q '^ *\[[0-9]*\] opencl' || exit 77
out=$("$hetla" bench gemm --devices opencl --n 96,129 --reps 1 --json) || exit 1
echo "$out"
rows=$(echo "$out" | grep -c '"implementation"')
ratios=$(echo "$out" | grep -c '"ratio"')
# residuals are in units of n eps; a correct product is far below 1
bad=$(echo "$out" | sed -n 's/.*"residual":\([^,]*\),.*/\1/p' | awk '$1 >= 1 || $1 < 0 { n++ } END { print n + 0 }')
resids=$(echo "$out" | grep -c '"residual"')
[ "$rows" -eq 12 ] && [ "$ratios" -eq 6 ] && [ "$resids" -eq 8 ] && [ "$bad" -eq 0 ] && exit 0
echo "expected 12 rows, 6 ratios, 8 residuals below 1; got $rows, $ratios, $resids, $bad not below 1" >&2
exit 1
