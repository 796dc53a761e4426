#!/usr/bin/env bash
# The large-input check of BENCHMARKS.md: generates documents of realistic records (25, 50 and 100 MB by default)
# and maps each in a fresh process with the native engine, printing time, throughput and peak memory growth.
# Not a timed test: read the figures for linearity (MB/s should hold as the size grows).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/Benchmarks"
swift build -c release --product Profile
profile="$(swift build -c release --show-bin-path)/Profile"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for megabytes in "${@:-25 50 100}"; do
    for size in $megabytes; do
        "$profile" large-generate "$size" "$work/large-$size.json"
        "$profile" large-map "$work/large-$size.json"
    done
done
