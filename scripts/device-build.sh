#!/usr/bin/env bash
# Builds what scripts/device-run.sh runs on a GPU machine: a Release build
# for sm_90 in build-device/ (packed into .device/build.tar.xz), and the
# run-time libraries bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh build-device -DCMAKE_CUDA_ARCHITECTURES=90 -DBUILD_TESTING=ON
bash scripts/device-bundle.sh
# What runs there, without objects and build-system files: small enough to
# carry beside the bundle (device-run.sh unpacks it).
tar -cf - --exclude='*.o' --exclude='*.a' --exclude=CMakeFiles --exclude=generated build-device |
  xz -T0 -3 > .device/build.tar.xz
du -sh .device/*
