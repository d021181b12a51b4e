#!/usr/bin/env bash
# The main job: build hetla, show what it sees, run the demo on the devices
# present (HETLA_DEVICES, default all; CPU if nothing else is there).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh build
build/tools/hetla info
build/tools/hetla demo "$@"
