#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds the README's first
# program against it twice: through pkg-config and through find_package.
# Usage: check-install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
sed -n '/^```c/,/^```/p' "$src/README.md" | sed '1d;$d' >"$tmp/first.c"

export PKG_CONFIG_PATH=$tmp/prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror "$tmp/first.c" $(pkg-config --cflags --libs hetla) -Wl,-rpath,"$tmp/prefix/lib" -o "$tmp/first-pc"
HETLA_DEVICES=cpu "$tmp/first-pc"
echo "pkg-config: ok"

mkdir "$tmp/consumer"
cat >"$tmp/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(hetla 0.1 REQUIRED)
add_executable(first $tmp/first.c)
target_link_libraries(first hetla::hetla)
CMAKE
cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer/build" >/dev/null
HETLA_DEVICES=cpu "$tmp/consumer/build/first"
echo "find_package: ok"
