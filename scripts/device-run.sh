#!/usr/bin/env bash
# Runs hetla's tests and benchmarks on a GPU machine that has CUDA but no
# package manager, from a build made elsewhere:
#   here:   scripts/device-build.sh     (build-device/ + .device/runtime.tar.xz)
#   there:  scripts/device-run.sh STEP... with .device carried (the build
#           comes unpacked from it, or carried as build-device)
# Steps: info, tests, gpu-tests, gpu-pressure, bench-cpu, bench-cpu-batch,
# bench-lapack, bench-gpu, bench-opencl, bench-gpu-lapack, bench-gpu-batch,
# demo, scaling, ncu (default: all but gpu-pressure, bench-cpu-batch,
# bench-opencl, the last bench-gpu steps, scaling and ncu). bench-gpu takes
# $GEMM_N and $COPY_THREADS; bench-lapack takes $LAPACK_N (sizes),
# $LAPACK_NB (tile sizes to try) and $LAPACK_WHAT (potrf, ..., lapack);
# bench-gpu-lapack (the factorizations beside cuSOLVER, cusolverMg on
# several GPUs) $GPU_WHAT (potrf getrf getrf_nopiv geqrf), $GPU_DEVICES
# (device lists, as "cuda cpu,cuda"), $GPU_N, $GPU_NB (tile sizes to try),
# $GPU_REPS, $GPU_FLAGS (as --resident) and $GPU_TRACE (keep traces); the
# batch steps $BATCH_WHAT and $BATCH_ARGS (more arguments, as "--sizes 16,32").
# $LIMIT bounds each command's seconds.
# Output goes to stdout and, when $OUT is set, to $OUT/<step>.log.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d build-device ] || tar -xJf .device/build.tar.xz
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
  # With $LIMIT (seconds) a command still running then has its threads'
  # stacks printed (gdb if there, else the kernel's view) and is killed.
  local name=$1; shift
  echo "== $name: $*"
  local log=/dev/null
  [ -z "${OUT:-}" ] || log=$OUT/$name.log
  "$@" > >(tee -a "$log") 2>&1 &
  local pid=$! ticks=0
  while kill -0 "$pid" 2>/dev/null; do
    if [ -n "${LIMIT:-}" ] && [ "$ticks" -ge $((LIMIT * 5)) ]; then
      echo "== $name: still running after ${LIMIT} s; its threads:"
      stacks "$pid"
      kill -9 "$pid"
      break
    fi
    sleep 0.2
    ticks=$((ticks + 1))
  done
  wait "$pid"
  local rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 77 ] || { echo "== $name FAILED ($rc)"; status=1; }
}

stacks() { # stacks PID: where each thread of a process is
  if command -v gdb > /dev/null; then
    gdb -p "$1" -batch -ex "thread apply all bt 12" 2>&1 | grep -v "^\[New LWP"
    return
  fi
  for t in /proc/"$1"/task/*; do
    echo "-- thread $(cat "$t/comm") ($(cat "$t/wchan" 2>/dev/null)): $(cut -d' ' -f1-3 "$t/syscall" 2>/dev/null)"
    cat "$t/stack" 2>/dev/null | head -8
  done
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
  # the GPU backend's own tests, then the BLAS and factorization tests on
  # the CPU beside the GPUs ($GPU_TESTS: a subset, as "test_lu", or a
  # backend's own, as "opencl/test_opencl"; $GPU_TEST_DEVICES: the device
  # lists, as "cuda cpu,cuda cuda:0,cuda:1")
  for t in ${GPU_TESTS:-cuda/test_* test_level1_api test_api2 test_api3 test_lu test_qr test_sparse}; do
    case $t in
      cuda/* | opencl/*) for p in "$bin"/tests/$t; do [ -x "$p" ] && run gpu-tests "$p"; done ;;
      *) for d in ${GPU_TEST_DEVICES:-cpu,cuda}; do run gpu-tests env HETLA_TEST_DEVICES=$d "$bin/tests/$t" cuda; done ;;
    esac
  done
}
step_bench_cpu() {
  # StarPU as Debian builds it drives at most 4 CPU workers
  run bench-cpu "$hetla" bench runtime --workers 4
  run bench-cpu "$hetla" bench blas3 --n 64,1024,2048
  run bench-cpu "$hetla" bench gemm --n 4096
}
run_batch() { # run_batch STEP ARGS...: the batched benches of $BATCH_WHAT
  local step=$1 what
  shift
  for what in ${BATCH_WHAT:-gemm-batch potrf-batch getrf-batch}; do
    run "$step" "$hetla" bench "$what" "$@" ${BATCH_ARGS:-}
  done
}
step_bench_cpu_batch() {
  # batched GEMM, Cholesky and LU on the CPU cores beside the OpenBLAS /
  # LAPACKE loop and libxsmm
  run_batch bench-cpu-batch --reps 3
}
step_bench_lapack() {
  # the factorizations on the CPU cores beside LAPACKE over OpenBLAS's threads
  for nb in ${LAPACK_NB:-0}; do # 0: the library's default tile size
    run bench-lapack "$hetla" bench "${LAPACK_WHAT:-lapack}" --devices cpu --n "${LAPACK_N:-4096,8192}" --nb "$nb"
  done
}
step_demo() {
  # on $DEMO_DEVICES (default all), the trace kept
  local d=${DEMO_DEVICES:-all}
  HETLA_DEVICES=$d run demo "$hetla" demo --n 8192 --nb "${DEMO_NB:-512}" --trace "${OUT:-.}/demo-${d//[:,]/_}.json"
}
step_bench_gpu() {
  # one GPU, as the cuBLAS peer, at $GEMM_N (a synchronous call copies the
  # caller's pageable matrices through the staging slots, the peer through
  # the driver); then with each crew size of $COPY_THREADS (0: the driver)
  local n=${GEMM_N:-4096,8192,16384} t
  run bench-gpu "$hetla" bench gemm --devices cuda:0 --n "$n"
  for t in ${COPY_THREADS:-0}; do
    HETLA_CUDA_COPY_THREADS=$t run bench-gpu "$hetla" bench gemm --devices cuda:0 --n "$n"
  done
}

step_gpu_pressure() {
  # memory pressure on one GPU: the LU, QR and sparse test families with
  # the runtime's limit (6 MB) and with the device cache's cap (8 MB);
  # then Cholesky and LU at n = 16384 (2.1 GB) under a 512 MB limit
  local t
  for t in test_lu test_qr test_sparse; do
    HETLA_DEVICE_MEMORY_LIMIT=6000000 run gpu-pressure env HETLA_TEST_DEVICES=cuda:0 "$bin/tests/$t" cuda
    HETLA_CUDA_MEMORY_LIMIT=8000000 run gpu-pressure env HETLA_TEST_DEVICES=cuda:0 "$bin/tests/$t" cuda
  done
  for t in potrf getrf; do
    HETLA_DEVICE_MEMORY_LIMIT=536870912 run gpu-pressure "$hetla" bench $t --devices cuda:0 --n 16384 --nb 1024 --reps 1
  done
}

step_bench_opencl() {
  # dgemm on an OpenCL device ($OCL_DEVICES) beside CLBlast called directly
  run bench-opencl "$hetla" bench gemm --devices "${OCL_DEVICES:-opencl}" --n "${OCL_N:-1024,2048,4096}"
}

step_bench_gpu_lapack() {
  for what in ${GPU_WHAT:-potrf}; do
    for devices in ${GPU_DEVICES:-cuda}; do
      for nb in ${GPU_NB:-2048}; do
        # with $GPU_TRACE and $OUT: the last device-resident run's trace
        local trace=
        [ -z "${GPU_TRACE:-}" ] || [ -z "${OUT:-}" ] || trace=$OUT/trace-$what-${devices//[:,]/_}.json
        HETLA_TRACE=$trace run bench-gpu-lapack "$hetla" bench "$what" --devices "$devices" \
          --n "${GPU_N:-16384,32768}" --nb "$nb" --reps "${GPU_REPS:-3}" ${GPU_FLAGS:-}
      done
    done
  done
}

step_bench_gpu_batch() {
  # batched GEMM, Cholesky and LU on the GPU beside cuBLAS / cuSOLVER's
  # batched routines
  run_batch bench-gpu-batch --devices cuda
}

step_ncu() {
  # hardware counters of some kernels ($NCU_KERNELS, a regex) of one bench
  # ($NCU_BENCH: its arguments after "hetla bench"), clocks left alone
  run ncu ncu --clock-control none -k "regex:${NCU_KERNELS:-gemm}" -c "${NCU_COUNT:-8}" \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
    --section LaunchStats "$hetla" bench ${NCU_BENCH:-gemm-batch --devices cuda --sizes 16,32 --reps 1}
}

step_scaling() {
  # strong scaling, device-resident, beside cuSOLVER / cusolverMg (QR: no
  # cusolverMg, cuSOLVER on one GPU): the factorizations ($SCALE_WHAT)
  # at $SCALE_N (default 65536) on 1, 2, 4, ... of the GPUs
  # present, then with the CPU cores on all of them; the all-GPU runs keep
  # their traces. Each run is bounded by $LIMIT (default 240 s).
  local ngpu devs=cuda:0 lists=() g
  ngpu=$(nvidia-smi -L | wc -l)
  for ((g = 1; g <= ngpu; g *= 2)); do
    lists+=("$devs")
    devs=$devs$(for ((i = g; i < 2 * g && i < ngpu; i++)); do printf ',cuda:%d' "$i"; done)
  done
  for what in ${SCALE_WHAT:-potrf getrf getrf_nopiv geqrf}; do
    for d in "${lists[@]}" "cpu,${lists[-1]}"; do
      [ "$d" = "${lists[-1]}" ] && export GPU_TRACE=1 || unset GPU_TRACE
      LIMIT=${LIMIT:-240} GPU_WHAT=$what GPU_DEVICES=$d GPU_N=${SCALE_N:-65536} GPU_NB=${GPU_NB:-2048} \
        GPU_REPS=${GPU_REPS:-1} GPU_FLAGS=--resident step_bench_gpu_lapack
    done
  done
}

steps=${*:-info tests gpu-tests bench-cpu bench-lapack bench-gpu demo}
for s in $steps; do "step_${s//-/_}"; done
exit $status
