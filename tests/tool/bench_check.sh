#!/bin/sh
# One `hetla bench` run end to end: it succeeds, prints at least RATIOS
# ratios beside its peers and at least RESIDUALS residuals, and every
# residual (units of n eps: hetla's result against the inputs or the
# peer's) is below 1. Speed is not judged here: benchmarks show it, tests
# do not.
# Usage: bench_check.sh HETLA_COMMAND RATIOS RESIDUALS BENCH_ARGS...
# Exits 77 when the devices named by --devices are not there.
set -u
hetla=$1 ratios=$2 residuals=$3
shift 3
devices=$(echo "$*" | sed -n 's/.*--devices \([^ ]*\).*/\1/p')
if [ -n "$devices" ]; then
    HETLA_DEVICES=$devices "$hetla" info > /dev/null 2>&1 || exit 77
fi
out=$("$hetla" bench "$@" --json) || exit 1
echo "$out"
got=$(echo "$out" | grep -c '"ratio"')
res=$(echo "$out" | sed -n 's/.*"residual":\([^,]*\),.*/\1/p')
n=$(echo "$res" | grep -c .)
bad=$(echo "$res" | awk 'NF && !($1 >= 0 && $1 < 1) { n++ } END { print n + 0 }')
[ "$got" -ge "$ratios" ] && [ "$n" -ge "$residuals" ] && [ "$bad" -eq 0 ] && exit 0
echo "expected >= $ratios ratios and >= $residuals residuals, all below 1; got $got, $n, $bad not below 1" >&2
exit 1
