#!/usr/bin/env bash
# The test suite: a release build running the quick tier, then the BLAS and
# factorization tests on CPU + OpenCL device (PoCL where no other OpenCL
# device exists; skipped where none is), then the runtime tests and the
# staging of batched calls by the calling thread's crew (batch.sim_alone)
# again under AddressSanitizer and ThreadSanitizer builds.
# `scripts/test.sh --long` adds the long tier.
set -euo pipefail
cd "$(dirname "$0")/.."
label=quick
[ "${1:-}" = "--long" ] && label='quick|long'
jobs=$(nproc)

bash scripts/build.sh build
(cd build && ctest -L "$label" --output-on-failure -j"$jobs")
# One at a time: the first test to use an OpenCL kernel compiles it (PoCL
# caches it on disk for the others), and PoCL takes every core.
(cd build && ctest -L opencl --output-on-failure)

# The sanitizer builds compile only what those tests need.
for san in address thread; do
  BUILD_TYPE=RelWithDebInfo TARGETS="test_runtime test_policy test_crew test_batch" bash scripts/build.sh "build-$san" \
    -DHETLA_SANITIZE=$san
  (cd "build-$san" && ctest -L "$label" -R '^(runtime|kernels)\.|^batch\.sim_alone$' --output-on-failure -j"$jobs")
done
