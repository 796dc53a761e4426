#!/usr/bin/env bash
# The streaming check of BENCHMARKS.md (issue 12): generates the same order records as one large array
# ({"records": [...]}) and as JSON Lines, of each size in MB given (default: 256 and 1024), under $TMPDIR (default
# /tmp), never in the repository. Then, ROUNDS times (default 5), maps them in fresh processes, one way each:
#   data      JSONMapper.context(data) + getArray("records", ofClass:)   (the file is read into Data first, untimed)
#   elements  JSONMapper.elements(contentsOf:at: ["records"]), each record mapped and discarded
#   lines     JSONMapper.lines(contentsOf:), each record mapped and discarded
#   validate  JSONMapper.validate(contentsOf:), as `jsonmapper check` runs it
# and prints the median time and peak resident memory of each way, and the time ratios against `data`.
#   bash Scripts/stream-bench.sh [MB...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/Benchmarks"
swift build -c release --product Profile
profile="$(swift build -c release --show-bin-path)/Profile"
rounds="${ROUNDS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/jsonmapper-stream.XXXXXX")"
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for size in "${@:-256 1024}"; do
    for megabytes in $size; do
        free=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
        if [ "$free" -lt $((megabytes * 2 * 1000 + 500000)) ]; then
            echo "error: not enough space in $work for two files of $megabytes MB" >&2
            exit 1
        fi
        "$profile" stream-generate "$megabytes" "$work/records.json" "$work/records.jsonl"
        results="$work/results-$megabytes.txt"
        : > "$results"
        for round in $(seq "$rounds"); do
            for way in data elements lines validate; do
                file="$work/records.json"
                [ "$way" = lines ] && file="$work/records.jsonl"
                "$profile" stream-map "$way" "$file" | tee -a "$results"
            done
        done
        echo "== $megabytes MB ($(ls -l "$work/records.json" | awk '{ print $5 }') bytes as an array, $(ls -l \
            "$work/records.jsonl" | awk '{ print $5 }') as JSON Lines), medians of $rounds rounds"
        data=$(awk '$1 == "data" { print $4 }' "$results" | median)
        for way in data elements lines validate; do
            seconds=$(awk -v w="$way" '$1 == w { print $4 }' "$results" | median)
            peak=$(awk -v w="$way" '$1 == w { print $7 }' "$results" | median)
            ratio=$(awk -v s="$seconds" -v d="$data" 'BEGIN { printf "%.2f", s / d }')
            # The ways of one round run back to back: the median of their ratios is steadier on a shared machine.
            paired=$(awk -v w="$way" '$1 == "data" { d = $4 } $1 == w { printf "%.3f\n", $4 / d }' "$results" | median)
            echo "$way: $seconds s ($ratio x data; median of the rounds' ratios $paired), peak resident $peak MB"
        done
        rm -f "$work/records.json" "$work/records.jsonl"
    done
done
