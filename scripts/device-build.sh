#!/usr/bin/env bash
# Builds what scripts/device-run.sh runs on a GPU machine: a Release build
# for sm_90 in build-device/, and the run-time libraries bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh build-device -DCMAKE_CUDA_ARCHITECTURES=90 -DBUILD_TESTING=ON
bash scripts/device-bundle.sh
du -sh build-device
