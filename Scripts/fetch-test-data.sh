#!/usr/bin/env bash
# Downloads the data the full test suite reads, checks it, and installs it where the tests look for it.
#
#   bash Scripts/fetch-test-data.sh           # download what is missing or wrong, verify, install
#   bash Scripts/fetch-test-data.sh --check   # only verify what is installed
#
# What: the JSONTestSuite parsing corpus (nst/JSONTestSuite, test_parsing/ and LICENSE), the three benchmark
# payloads twitter.json, citm_catalog.json and canada.json (miloyip/nativejson-benchmark, data/ and LICENSE), and the
# JSON Patch conformance suite tests.json and spec_tests.json (json-patch/json-patch-tests, Apache-2.0 as its README
# states; it has no licence file), each from a pinned commit. Scripts/test-data.sha256 lists every file with its SHA-256; a file that does not match is
# never installed.
#
# Where: $JSONMAPPER_SHARED_DATA, or ../shared/data beside the repository (what the tests read), laid out as
#   JSONTestSuite/LICENSE, JSONTestSuite/test_parsing/*.json, bench/*.json, bench/LICENSE-nativejson-benchmark.txt,
#   json-patch-tests/tests.json, json-patch-tests/spec_tests.json
#
# From: raw files at https://raw.githubusercontent.com/<owner>/<repo>/<commit>/<path>. Set
# JSONMAPPER_TEST_DATA_MIRROR to another base URL with the same layout, such as file:///srv/mirror or an internal
# HTTP mirror, to fetch without reaching GitHub. The base URL is tried once first: when it cannot be reached, the
# script says so and stops, before it asks for any file.
#
# Exit status: 0 when every file is installed and verified, 1 when some are missing or wrong (or cannot be
# downloaded), 2 for a usage error, 3 when the base URL cannot be reached. --check creates nothing.
set -euo pipefail

# nst/JSONTestSuite at 1ef36fa (2024-11-22): 318 files in test_parsing/ (95 y_, 188 n_, 35 i_).
JSONTESTSUITE_COMMIT=1ef36fa01286573e846ac449e8683f8833c5b26a
# miloyip/nativejson-benchmark at 478d572 (2022-10-28).
NATIVEJSON_COMMIT=478d5727c2a4048e835a29c65adecc7d795360d5
# json-patch/json-patch-tests at 2a928f9 (2025-02-21).
JSON_PATCH_TESTS_COMMIT=2a928f9044aad35c74e2788d498bcf2c6b91adea

root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="$root/Scripts/test-data.sha256"
dest="${JSONMAPPER_SHARED_DATA:-$root/../shared/data}"
base="${JSONMAPPER_TEST_DATA_MIRROR:-https://raw.githubusercontent.com}"
base="${base%/}"

check_only=false
case "${1:-}" in
    "") ;;
    --check) check_only=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if command -v sha256sum >/dev/null 2>&1; then
    sha256() { sha256sum "$@"; }
else
    sha256() { shasum -a 256 "$@"; }
fi

# The files of the manifest that are missing or differ in folder $1, one per line.
wrong_files() {
    (cd "$1" && sha256 -c "$manifest" 2>/dev/null || true) | sed -n 's/: FAILED.*$//p'
}

# The upstream path (<owner>/<repo>/<commit>/<path>) of an installed file.
upstream() {
    case "$1" in
        JSONTestSuite/*) echo "nst/JSONTestSuite/$JSONTESTSUITE_COMMIT/${1#JSONTestSuite/}" ;;
        bench/LICENSE-nativejson-benchmark.txt) echo "miloyip/nativejson-benchmark/$NATIVEJSON_COMMIT/LICENSE" ;;
        bench/*) echo "miloyip/nativejson-benchmark/$NATIVEJSON_COMMIT/data/${1#bench/}" ;;
        json-patch-tests/*) echo "json-patch/json-patch-tests/$JSON_PATCH_TESTS_COMMIT/${1#json-patch-tests/}" ;;
        *) echo "error: no upstream for $1" >&2; exit 1 ;;
    esac
}

# $1 with every byte outside A-Z a-z 0-9 - . _ ~ / percent-encoded (file names such as n_structure_trailing_#.json).
url_path() {
    local text="$1" out="" char i
    local LC_ALL=C
    for ((i = 0; i < ${#text}; i++)); do
        char="${text:i:1}"
        case "$char" in
            [A-Za-z0-9._~/-]) out+="$char" ;;
            *) printf -v char '%%%02X' "'$char"; out+="$char" ;;
        esac
    done
    printf '%s' "$out"
}

total=$(wc -l <"$manifest" | tr -d ' ')
if [ -d "$dest" ]; then
    dest="$(cd "$dest" && pwd)"
    missing=$(wrong_files "$dest")
elif $check_only; then
    echo "error: $dest does not exist: none of the $total files is installed" >&2
    echo "run Scripts/fetch-test-data.sh to install them" >&2
    exit 1
else
    missing=$(sed 's/^[0-9a-f]*  //' "$manifest")
fi
if [ -z "$missing" ]; then
    echo "test data: all $total files present and verified in $dest"
    exit 0
fi
count=$(printf '%s\n' "$missing" | wc -l | tr -d ' ')
if $check_only; then
    echo "error: $count of $total files are missing or differ in $dest:" >&2
    printf '%s\n' "$missing" | sed 's/^/  /' | sed -n '1,20p' >&2
    echo "run Scripts/fetch-test-data.sh to install them" >&2
    exit 1
fi

# One request to the base URL first (any answer will do, even 404): an unreachable host would otherwise cost a
# timeout and retries for each of the files, and end in a list of failed checksums.
if ! reason=$(curl --silent --show-error --output /dev/null --max-time 30 "$base/" 2>&1); then
    echo "error: cannot reach $base (${reason:-curl failed}); nothing was downloaded" >&2
    echo "set JSONMAPPER_TEST_DATA_MIRROR to a mirror with the same layout (https://… or file:///…), or copy the" \
        "files listed in Scripts/test-data.sha256 into $dest" >&2
    exit 3
fi

staging="$(mktemp -d "${TMPDIR:-/tmp}/jsonmapper-test-data.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
config="$staging/curl.config"
while IFS= read -r file; do
    printf 'url = "%s/%s"\noutput = "%s/files/%s"\n' "$base" "$(url_path "$(upstream "$file")")" "$staging" "$file"
done <<<"$missing" >"$config"

echo "test data: downloading $count of $total files from $base"
curl --fail --silent --show-error --no-progress-meter --location --retry 3 --create-dirs \
    --parallel --parallel-max 8 --config "$config" || true

# Verify everything downloaded before installing anything.
mkdir -p "$staging/files"
awk 'NR == FNR { wanted[$0] = 1; next } { name = $0; sub(/^[0-9a-f]+  /, "", name); if (name in wanted) print }' \
    <(printf '%s\n' "$missing") "$manifest" >"$staging/wanted.sha256"
bad=$(cd "$staging/files" && (sha256 -c "$staging/wanted.sha256" 2>/dev/null || true) | grep -v ': OK$' || true)
if [ -n "$bad" ]; then
    echo "error: $(printf '%s\n' "$bad" | wc -l | tr -d ' ') files are missing or fail their SHA-256 check;" \
        "nothing was installed:" >&2
    printf '%s\n' "$bad" | sed 's/^/  /' | sed -n '1,20p' >&2
    exit 1
fi

mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
while IFS= read -r file; do
    mkdir -p "$dest/$(dirname "$file")"
    rm -f "$dest/$file"
    mv "$staging/files/$file" "$dest/$file"
done <<<"$missing"

still=$(wrong_files "$dest")
if [ -n "$still" ]; then
    echo "error: files still differ after installing:" >&2
    printf '%s\n' "$still" | sed 's/^/  /' >&2
    exit 1
fi
echo "test data: installed $count files in $dest (JSONTestSuite ${JSONTESTSUITE_COMMIT:0:7}," \
    "nativejson-benchmark ${NATIVEJSON_COMMIT:0:7}, json-patch-tests ${JSON_PATCH_TESTS_COMMIT:0:7});" \
    "all $total verified"
