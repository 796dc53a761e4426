#!/usr/bin/env bash
# Builds the libFuzzer targets (the library sources with Fuzz/<Target>.swift and the tests' scriptable streams,
# -sanitize=fuzzer,address) and runs them for SECONDS each (default 60):
#   bash Scripts/fuzz.sh [SECONDS] [full | parser | all]        (default: all)
# - full   (Fuzz/FuzzTarget.swift): both engines, Foundation's InputStream(data:), a stream whose read sizes the
#          input chooses, streams read once already, closed, read to their end or failing (input and output), and
#          a model that calls every getter kind;
# - parser (Fuzz/ParserFuzzTarget.swift): the native scanner and tape alone, many times more inputs per second.
# Both start from the committed seeds in Fuzz/seeds/, Fixtures/, and the JSONTestSuite corpus in ../shared/data, and
# take inputs of up to 1 MB. A crash leaves its input in Fuzz/artifacts/ and makes this script fail; add such inputs to
# Fixtures/fuzz/, where FuzzRegressionTests replays them.
set -euo pipefail
seconds="${1:-60}"
which="${2:-all}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/.build-fuzz"
# The scriptable streams of the tests, and the generator of the input stream's random read sizes.
support="$root/Tests/JSONMapperTestSupport"
mkdir -p "$build" "$root/Fuzz/artifacts"

seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
cp "$root"/Fuzz/seeds/* "$root"/Fixtures/*.json "$seeds/"
[ -d "$root/Fixtures/fuzz" ] && cp "$root"/Fixtures/fuzz/* "$seeds/" 2>/dev/null || true
suite="${JSONMAPPER_SHARED_DATA:-$root/../shared/data}/JSONTestSuite/test_parsing"
if [ -d "$suite" ]; then
    cp "$suite"/* "$seeds/"
elif [ "${CI:-}" = "true" ]; then
    echo "error: the JSONTestSuite seeds are missing at $suite" >&2
    exit 1
else
    echo "note: $suite is missing; seeding from Fuzz/seeds/ and Fixtures/ only"
fi

run() {
    local name="$1" source="$2"
    echo "==> building the $name fuzz target"
    # JSONMAPPER_INTERNAL_CHECKS: the raw-memory invariants (Engines/Memory/InternalChecks.swift) run here too.
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name JSONMapper -package-name jsonmapper \
        -D JSONMAPPER_INTERNAL_CHECKS \
        $(find "$root/Sources/JSONMapper" -name '*.swift' | sort) "$root/Fuzz/$source" \
        "$support/ScriptedInputStream.swift" "$support/ScriptedOutputStream.swift" "$support/SplitMix64.swift" \
        -o "$build/fuzz-$name"
    mkdir -p "$root/Fuzz/corpus/$name"
    echo "==> fuzzing the $name target for $seconds seconds"
    local log="$build/fuzz-$name.log"
    # libFuzzer checks for leaks after each input that allocates. The Swift backtracer is off: after an invariant
    # aborts, it would read memory ASan reports as a second crash.
    if ! SWIFT_BACKTRACE=enable=no "$build/fuzz-$name" "$root/Fuzz/corpus/$name" "$seeds" \
        -dict="$root/Fuzz/json.dict" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=1048576 \
        -artifact_prefix="$root/Fuzz/artifacts/" -print_final_stats=1 >"$log" 2>&1; then
        tail -60 "$log"
        echo "error: the $name fuzz target found a failure (input saved in Fuzz/artifacts/)" >&2
        return 1
    fi
    tail -12 "$log"
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $name: ${runs:-?} inputs in $seconds s ($(( ${runs:-0} / seconds )) per second)"
}

case "$which" in
full) run full FuzzTarget.swift ;;
parser) run parser ParserFuzzTarget.swift ;;
all)
    # Side by side: each fuzzer runs on one core, so the two runs overlap (each still fuzzes for SECONDS), and the
    # builds share both cores. Their logs are printed one after the other once both end; an interrupt or a CI
    # timeout stops both (background jobs of a script ignore SIGINT, so it is passed on).
    run parser ParserFuzzTarget.swift >"$build/run-parser.out" 2>&1 &
    parser=$!
    run full FuzzTarget.swift >"$build/run-full.out" 2>&1 &
    full=$!
    trap 'pkill -TERM -P "$parser,$full" 2>/dev/null; kill -TERM "$parser" "$full" 2>/dev/null; exit 130' INT TERM
    echo "==> building and fuzzing the parser and full targets side by side (logs follow when both end)"
    status=0
    wait "$parser" || status=1
    wait "$full" || status=1
    cat "$build/run-parser.out" "$build/run-full.out"
    exit "$status"
    ;;
*)
    echo "usage: bash Scripts/fuzz.sh [SECONDS] [full | parser | all]" >&2
    exit 2
    ;;
esac
