#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/FuzzTarget.swift with the library sources, -sanitize=fuzzer,address) and runs
# it for SECONDS (default 60), seeded from Fixtures/ and the JSONTestSuite corpus in ../shared/data.
# A crash leaves its input in Fuzz/artifacts/ and makes this script fail; add such inputs to Fixtures/fuzz/, where
# FuzzRegressionTests replays them.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/.build-fuzz"
mkdir -p "$build" "$root/Fuzz/corpus" "$root/Fuzz/artifacts"

echo "==> building the fuzz target"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name JSONMapper -package-name jsonmapper \
    $(find "$root/Sources/JSONMapper" -name '*.swift' | sort) "$root/Fuzz/FuzzTarget.swift" \
    -o "$build/fuzz-jsonmapper"

seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
cp "$root"/Fixtures/*.json "$seeds/"
[ -d "$root/Fixtures/fuzz" ] && cp "$root"/Fixtures/fuzz/* "$seeds/" 2>/dev/null || true
suite="${JSONMAPPER_SHARED_DATA:-$root/../shared/data}/JSONTestSuite/test_parsing"
if [ -d "$suite" ]; then
    cp "$suite"/* "$seeds/"
elif [ "${CI:-}" = "true" ]; then
    echo "error: the JSONTestSuite seeds are missing at $suite" >&2
    exit 1
else
    echo "note: $suite is missing; seeding from Fixtures/ only"
fi

echo "==> fuzzing for $seconds seconds"
# libFuzzer checks for leaks after each input that allocates. The Swift backtracer is off: after an invariant
# aborts, it would read memory ASan reports as a second crash.
SWIFT_BACKTRACE=enable=no "$build/fuzz-jsonmapper" "$root/Fuzz/corpus" "$seeds" \
    -dict="$root/Fuzz/json.dict" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$root/Fuzz/artifacts/" -print_final_stats=1
