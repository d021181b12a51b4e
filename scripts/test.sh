#!/usr/bin/env bash
# The test suite: a release build running the quick tier, then the runtime
# tests again under AddressSanitizer and ThreadSanitizer builds.
# `scripts/test.sh --long` adds the long tier.
set -euo pipefail
cd "$(dirname "$0")/.."
label=quick
[ "${1:-}" = "--long" ] && label='quick|long'
jobs=$(nproc)

bash scripts/build.sh build
(cd build && ctest -L "$label" --output-on-failure -j"$jobs")

# The sanitizer builds compile only what the runtime tests need.
for san in address thread; do
  BUILD_TYPE=RelWithDebInfo TARGETS="test_runtime test_policy" bash scripts/build.sh "build-$san" -DHETLA_SANITIZE=$san
  (cd "build-$san" && ctest -L "$label" -R '^(runtime|kernels)\.' --output-on-failure -j"$jobs")
done
