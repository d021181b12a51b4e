#!/usr/bin/env bash
# Runs hetla's tests and benchmarks on a GPU machine that has CUDA but no
# package manager, from a build made elsewhere:
#   here:   scripts/device-build.sh     (build-device/ + .device/runtime.tar.xz)
#   there:  scripts/device-run.sh STEP... with build-device and .device carried
# Steps: info, tests, gpu-tests, bench-cpu, bench-lapack, bench-gpu,
# bench-gpu-lapack, bench-gpu-batch, demo (default: all but the last
# bench-gpu steps). bench-lapack
# takes $LAPACK_N (sizes), $LAPACK_NB (tile sizes to try) and $LAPACK_WHAT
# (potrf, ..., lapack); bench-gpu-lapack (the factorizations beside
# cuSOLVER) $GPU_WHAT (potrf getrf geqrf), $GPU_DEVICES (device lists, as
# "cuda cpu,cuda"), $GPU_N, $GPU_NB and $GPU_REPS.
# Output goes to stdout and, when $OUT is set, to $OUT/<step>.log.
set -uo pipefail
cd "$(dirname "$0")/.."
rt=${TMPDIR:-/tmp}/hetla-runtime
mkdir -p "$rt" && tar -C "$rt" -xJf .device/runtime.tar.xz
# The build's run paths name the machine it was made on: the libraries are
# found through LD_LIBRARY_PATH here (hetla's, the bundle's, CUDA's).
export LD_LIBRARY_PATH=$PWD/build-device:$rt/lib/openblas-pthread:$rt/lib/blis-pthread:$rt/lib:/usr/local/cuda/lib64:/usr/local/cuda/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# Debian's OpenBLAS 0.3.21 predates these CPUs and would fall back to SSE
# kernels; both hetla and its OpenBLAS peers use the same library.
export OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-SKYLAKEX}
export HETLA_MODULE_PATH=$PWD/build-device/lib/hetla
bin=build-device
hetla=$bin/tools/hetla
status=0

run() { # run NAME CMD...: one logged command; a failure is remembered
  local name=$1; shift
  echo "== $name: $*"
  if [ -n "${OUT:-}" ]; then "$@" 2>&1 | tee -a "$OUT/$name.log"; else "$@"; fi
  local rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || [ "$rc" -eq 77 ] || { echo "== $name FAILED ($rc)"; status=1; }
}

step_info() {
  run info nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv
  run info nproc
  run info "$hetla" info
}
step_tests() {
  for t in "$bin"/tests/test_*; do [ -x "$t" ] && run tests "$t"; done
}
step_gpu_tests() {
  for t in "$bin"/tests/cuda/test_*; do [ -x "$t" ] && run gpu-tests "$t"; done
  # the BLAS and factorization tests on the CPU beside the GPU
  for t in test_level1_api test_api2 test_api3 test_lu test_qr test_sparse; do
    run gpu-tests "$bin/tests/$t" cuda
  done
}
step_bench_cpu() {
  # StarPU as Debian builds it drives at most 4 CPU workers
  run bench-cpu "$hetla" bench runtime --workers 4
  run bench-cpu "$hetla" bench blas3 --n 64,1024,2048
  run bench-cpu "$hetla" bench gemm --n 4096
}
step_bench_lapack() {
  # the factorizations on the CPU cores beside LAPACKE over OpenBLAS's threads
  for nb in ${LAPACK_NB:-0}; do # 0: the library's default tile size
    run bench-lapack "$hetla" bench "${LAPACK_WHAT:-lapack}" --devices cpu --n "${LAPACK_N:-4096,8192}" --nb "$nb"
  done
}
step_demo() {
  HETLA_DEVICES=all run demo "$hetla" demo --n 8192 --nb 512 --trace "${OUT:-.}/demo-all.json"
}
step_bench_gpu() {
  run bench-gpu "$hetla" bench gemm --devices cuda --n 4096,8192,16384
}

step_bench_gpu_lapack() {
  for what in ${GPU_WHAT:-potrf}; do
    for devices in ${GPU_DEVICES:-cuda}; do
      run bench-gpu-lapack "$hetla" bench "$what" --devices "$devices" --n "${GPU_N:-16384,32768}" \
        --nb "${GPU_NB:-2048}" --reps "${GPU_REPS:-3}"
    done
  done
}

step_bench_gpu_batch() {
  # batched GEMM on the GPU beside cuBLAS's strided-batched GEMM
  run bench-gpu-batch "$hetla" bench gemm-batch --devices cuda
}

steps=${*:-info tests gpu-tests bench-cpu bench-lapack bench-gpu demo}
for s in $steps; do "step_${s//-/_}"; done
exit $status
