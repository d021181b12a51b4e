#!/usr/bin/env bash
# Installs the Debian packages hetla builds, tests and benchmarks with.
# Idempotent: packages already present are left as they are.
set -euo pipefail

pkgs=(
  build-essential cmake pkg-config   # toolchain
  libhwloc-dev                       # topology: cores, worker pinning
  libopenblas-dev liblapacke-dev     # CPU kernel class CPU_OPENBLAS, LAPACK peer
  libblis-dev libblis-pthread-dev    # CPU kernel class CPU_BLIS
  python3                            # precision generator (scripts/precgen.py)
  libstarpu-dev                      # peer runtime for `hetla bench runtime`
  libxsmm-dev                        # peer of `hetla bench gemm-batch` (optional at configure time)
  ocl-icd-opencl-dev opencl-c-headers # OpenCL backend module: the ICD loader and headers
  libclblast-dev                     # kernel class OPENCL_CLBLAST
  pocl-opencl-icd clinfo             # an OpenCL device on any CPU (CI), and a look at it
)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
