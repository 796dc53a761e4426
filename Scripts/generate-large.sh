#!/usr/bin/env bash
# The large-sample check of BENCHMARKS.md for `jsonmapper generate`: builds samples of 100, 200 and 400 MB (by
# default) from twitter.json in a temporary folder, one JSON Lines file (one statuses document per line) and one
# document (an array of those documents), and times `generate` on each with the release build, printing the wall
# and CPU time and the peak memory. Not a timed test: read the figures for linearity.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build -c release --product jsonmapper >/dev/null
jsonmapper="$(swift build -c release --show-bin-path)/jsonmapper"
bench="${JSONMAPPER_SHARED_DATA:-$root/../shared/data}/bench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$jsonmapper" format --compact "$bench/twitter.json" >"$work/line.json"
line_bytes=$(wc -c <"$work/line.json")
for megabytes in ${@:-100 200 400}; do
    count=$((megabytes * 1048576 / line_bytes + 1))
    lines="$work/sample-$megabytes.jsonl"
    array="$work/sample-$megabytes.json"
    for ((i = 0; i < count; i++)); do cat "$work/line.json"; done >"$lines"
    { printf '['; for ((i = 0; i < count; i++)); do ((i > 0)) && printf ','; cat "$work/line.json"; done; printf ']'; } >"$array"
    for sample in "$lines" "$array"; do
        option=$([[ "$sample" == *.jsonl ]] && echo --lines || true)
        report=$({ /usr/bin/time -f '%e %U %M' "$jsonmapper" generate $option "$sample" >/dev/null; } 2>&1)
        read -r wall cpu kilobytes <<<"$report"
        printf '%-22s %5d MB  %6.2f s wall  %6.2f s CPU  %7.1f MB/s CPU  peak %5d MB\n' "$(basename "$sample")" \
            "$(($(wc -c <"$sample") / 1048576))" "$wall" "$cpu" "$(awk "BEGIN { print $(wc -c <"$sample") / 1048576 / $cpu }")" \
            "$((kilobytes / 1024))"
    done
    rm -f "$lines" "$array"
done
