#!/usr/bin/env bash
# The write side of the streaming check of BENCHMARKS.md (issue 12): writes the order records of stream-bench.sh,
# about each size in MB given (default: 256 and 1024), to files under $TMPDIR (default /tmp), never in the
# repository. ROUNDS times (default 5), each way in a fresh process, so that its peak resident memory is its own:
#   lines    JSONLinesWriter(url:), one record per line, each record made and dropped as it goes
#   array    JSONMapper.write(contentsOf:to:) on a lazy sequence of records, to OutputStream(toFileAtPath:append:)
#   data     every record in an array, JSONMapper.data(from:), then the Data to the file (the in-memory way)
#   encoder  the same array through JSONEncoder, for reference
# It prints the median time and peak resident memory of each way, and the time ratios against `data`. Then it reads
# the files of the last round back (lines(contentsOf:) and elements(contentsOf:at:)) and compares every record with
# the one it was written from. WAYS chooses the ways (data first: the ratios are against it); the encoder's array
# and its output take about ten times the output in memory, so leave it out of large sizes:
#   bash Scripts/stream-write-bench.sh [MB...]
#   WAYS="data lines array" ROUNDS=3 bash Scripts/stream-write-bench.sh 1024
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/Benchmarks"
swift build -c release --product Profile
profile="$(swift build -c release --show-bin-path)/Profile"
rounds="${ROUNDS:-5}"
ways="${WAYS:-data lines array encoder}"
work="$(mktemp -d "${TMPDIR:-/tmp}/jsonmapper-stream-write.XXXXXX")"
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for size in "${@:-256 1024}"; do
    for megabytes in $size; do
        free=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
        if [ "$free" -lt $((megabytes * 2 * 1000 + 500000)) ]; then
            echo "error: not enough space in $work for two files of $megabytes MB" >&2
            exit 1
        fi
        results="$work/results-$megabytes.txt"
        : >"$results"
        for round in $(seq "$rounds"); do
            for way in $ways; do
                "$profile" stream-write "$way" "$megabytes" "$work/$way.out" | tee -a "$results"
                # Keep the streamed files of the last round for the check; the others only take space.
                if [ "$round" -lt "$rounds" ] || [ "$way" = data ] || [ "$way" = encoder ]; then
                    rm -f "$work/$way.out"
                fi
            done
        done
        echo "== $megabytes MB ($(awk '$1 == "array" { print $10; exit }' "$results") bytes as an array), medians of" \
            "$rounds rounds"
        data=$(awk '$1 == "data" { print $4 }' "$results" | median)
        for way in $ways; do
            seconds=$(awk -v w="$way" '$1 == w { print $4 }' "$results" | median)
            peak=$(awk -v w="$way" '$1 == w { print $7 }' "$results" | median)
            ratio=$(awk -v s="$seconds" -v d="$data" 'BEGIN { printf "%.2f", s / d }')
            # The ways of one round run back to back: the median of their ratios is steadier on a shared machine.
            paired=$(awk -v w="$way" '$1 == "data" { d = $4 } $1 == w { printf "%.3f\n", $4 / d }' "$results" | median)
            echo "$way: $seconds s ($ratio x data; median of the rounds' ratios $paired), peak resident $peak MB"
        done
        for way in lines array; do
            if [ -f "$work/$way.out" ]; then
                "$profile" stream-write-check "$way" "$megabytes" "$work/$way.out"
            fi
        done
        rm -f "$work/lines.out" "$work/array.out"
    done
done
