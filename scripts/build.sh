#!/usr/bin/env bash
# Builds hetla into build/ (or $1) with the project's dependencies installed
# first. Extra arguments go to cmake's configure step; $TARGETS, if set,
# limits what is built.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh >/dev/null
dir=${1:-build}
shift || true
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)" ${TARGETS:+--target $TARGETS}
