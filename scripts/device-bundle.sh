#!/usr/bin/env bash
# Prepares what a GPU machine without a package manager needs to run a
# build made here: the Debian packages of hetla's run-time libraries,
# fetched with apt-get download, unpacked, and packed into
# .device/runtime.tar.xz (git-ignored, carried beside the build; unpacked
# there by scripts/device-run.sh). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs=(libopenblas0-pthread libblis4-pthread libhwloc15 libstarpu-1.3-9 ocl-icd-libopencl1 libgfortran5 libquadmath0
      libglpk40 libltdl7 libgmp10 libcolamd2 libamd2 libsuitesparseconfig5 libudev1 liblapacke libtmglib3
      libclblast1 libgomp1)
mkdir -p .device/debs .device/root
(cd .device/debs && for p in "${pkgs[@]}"; do ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download -q "$p"; done)
for d in .device/debs/*.deb; do dpkg -x "$d" .device/root; done
# lib/ holds the libraries; OpenBLAS and BLIS keep their flavour folders
# (OpenBLAS's also provides the libblas.so.3 and liblapack.so.3 LAPACKE needs).
rm -rf .device/lib && mkdir -p .device/lib
arch=.device/root/usr/lib/x86_64-linux-gnu
find .device/root -maxdepth 4 -name '*.so*' \( -type f -o -type l \) -path '*x86_64-linux-gnu/*' \
  ! -path '*openblas-pthread*' ! -path '*blis-pthread*' -exec cp -a {} .device/lib/ \;
cp -a "$arch/openblas-pthread" "$arch/blis-pthread" .device/lib/
rm -f .device/lib/blis-pthread/libblas.so*
tar -C .device -cJf .device/runtime.tar.xz lib
rm -rf .device/debs .device/root .device/lib
du -sh .device/runtime.tar.xz
