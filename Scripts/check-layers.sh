#!/usr/bin/env bash
# Checks that the library's layers call down, never up: the engines and the value conversions name nothing of the
# public API side, and no engine (native, Foundation, streaming, writing) names a context.
#
#   bash Scripts/check-layers.sh              # check Sources/JSONMapper; exits 1 and names each offending line
#   bash Scripts/check-layers.sh DIR          # check another copy of the sources (DIR holds Engines/, Values/, …)
#   bash Scripts/check-layers.sh --self-test  # show that a file breaking each rule fails the check
#
# A name counts where it stands in code, as a whole word; comments (lines that start with //) may mention anything.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# Folders below the engines: they hand back documents, positions and internal errors (EngineError); the public
# folders (Reading/, Writing/, Streaming/, Value/, Errors/, Paths/) wrap them in contexts and JSONMappingError.
lowest=(Engines Values)
lowest_forbidden=(
    JSONDeserializationContext JSONSerializationContext MappingSession ReadTracker
    JSONSerializable JSONWritable JSONWritableValue JSONPrimitive JSONPrimitiveReader
    JSONMapper JSONMappingError JSONMappingNotice JSONPath JSONPathElement JSONValue CoercionPolicy DateStrategy
)
# The engines that live beside the API they serve: they may use its options and errors, never its contexts.
engines=(Streaming/Engine Writing/Engine)
engine_forbidden=(JSONDeserializationContext JSONSerializationContext MappingSession ReadTracker)

# Prints `file:line: text` for each code line under $1/$2 that names one of the words after them.
offenders() {
    local sources="$1" folder="$2"
    shift 2
    [ -d "$sources/$folder" ] || return 0
    local pattern
    pattern="\\b($(IFS='|'; echo "$*"))\\b"
    grep -rnE --include='*.swift' "$pattern" "$sources/$folder" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true
}

check() {
    local sources="$1" found="" folder
    for folder in "${lowest[@]}"; do
        found+=$(offenders "$sources" "$folder" "${lowest_forbidden[@]}")
    done
    for folder in "${engines[@]}"; do
        found+=$(offenders "$sources" "$folder" "${engine_forbidden[@]}")
    done
    if [ -n "$found" ]; then
        echo "$found"
        echo "error: a lower layer names the API side above it (the lines above); hand back documents, positions" \
            "and EngineError instead, and let the public folders make contexts and JSONMappingError" >&2
        return 1
    fi
    echo "layers: Engines/ and Values/ name nothing of the API side; no engine names a context"
}

self_test() {
    local scratch
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/check-layers-self-test.XXXXXX")"
    trap 'rm -rf "$scratch"' RETURN
    mkdir -p "$scratch/Engines/Native" "$scratch/Values" "$scratch/Streaming/Engine" "$scratch/Reading"
    printf '// A comment may name JSONDeserializationContext.\nstruct Fine {}\n' >"$scratch/Engines/Native/Fine.swift"
    printf 'struct Allowed { let c: JSONDeserializationContext }\n' >"$scratch/Reading/Allowed.swift"
    check "$scratch" >/dev/null || { echo "self-test: a clean tree failed the check" >&2; return 1; }
    local cases=(
        "Engines/Native/Up.swift|func f(_ c: JSONDeserializationContext) {}"
        "Values/Up.swift|let e = JSONMappingError(code: .malformedJSON, path: \"\", message: \"\")"
        "Streaming/Engine/Up.swift|var ready: [JSONDeserializationContext] = []"
    )
    local entry file
    for entry in "${cases[@]}"; do
        file="${entry%%|*}"
        printf '%s\n' "${entry#*|}" >"$scratch/$file"
        if check "$scratch" >/dev/null 2>&1; then
            echo "self-test: $file broke a rule and passed" >&2
            return 1
        fi
        rm "$scratch/$file"
    done
    echo "self-test: each broken rule failed the check, the clean tree passed"
}

case "${1:-}" in
--self-test) self_test ;;
"") check "$root/Sources/JSONMapper" ;;
*) check "$1" ;;
esac
