#!/usr/bin/env bash
# JSONMapper beside the fastest parsers outside Swift (issue 24): for each payload of ../shared/data/bench (twitter,
# citm_catalog, canada), the throughput of orjson's `loads`, simdjson's DOM parse (through pysimdjson), JSONMapper's
# mapping of the benchmark models, its parse alone, its streaming `validate` and `jsonmapper check`, JSONDecoder and
# JSONSerialization + casts, all measured in one run, interleaved round by round, with the ratios the issue's
# targets name. A measurement script only: orjson and pysimdjson go into a virtual environment under .build/
# (never committed); the library and its tests depend on nothing.
#
#   bash Scripts/peers.sh [ROUNDS]           # default 15 rounds; BATCH_MS=30 sizes each way's batch per round
#
# Environment: JSONMAPPER_BENCH_DATA (the payloads' folder), PEERS_PACKAGES (what pip installs; pinned by default
# so that figures taken at different times compare the same peers).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="${JSONMAPPER_BENCH_DATA:-$root/../shared/data/bench}"
venv="$root/.build/peers-venv"
packages="${PEERS_PACKAGES:-orjson==3.13.0 pysimdjson==7.0.2}"
rounds="${1:-15}"
log="$root/.build/peers-build.log"

fail() {
    echo "peers.sh: $*" >&2
    exit 1
}

command -v python3 >/dev/null 2>&1 || fail "python3 is not installed: it runs orjson and simdjson"
for payload in twitter citm_catalog canada; do
    [ -f "$data/$payload.json" ] \
        || fail "missing $data/$payload.json (set JSONMAPPER_BENCH_DATA to the payloads' folder)"
done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive number, not '$rounds'"
mkdir -p "$root/.build"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >"$log" 2>&1 \
        || fail "python3 -m venv $venv failed (is the venv module installed?); see $log"
fi
# shellcheck disable=SC2086 # the package list is split on purpose
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check $packages >"$log" 2>&1 \
    || fail "pip could not install $packages into $venv; see $log"

echo "building Benchmarks/Profile and jsonmapper in release mode…" >&2
# SwiftPM keeps the Benchmarks package's build plan when only the library's folder gained a file (it depends on the
# library by path): without this, a new source file is not compiled and the build fails to find its types.
rm -f "$root/Benchmarks/.build/release.yaml"
(cd "$root/Benchmarks" && swift build -c release --product Profile) >"$log" 2>&1 \
    || fail "the release build of Benchmarks/Profile failed; see $log"
profile="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/Profile"
(cd "$root" && swift build -c release --product jsonmapper) >"$log" 2>&1 \
    || fail "the release build of jsonmapper failed; see $log"
jsonmapper="$(cd "$root" && swift build -c release --show-bin-path)/jsonmapper"

exec "$venv/bin/python" "$root/Scripts/peers.py" --profile "$profile" --jsonmapper "$jsonmapper" --data "$data" \
    --rounds "$rounds" --batch-ms "${BATCH_MS:-30}"
