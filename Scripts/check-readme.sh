#!/usr/bin/env bash
# Compiles every ```swift block of README.md and of the DocC catalog's articles against the library, so that neither
# can drift from the API.
#
#   bash Scripts/check-readme.sh              # check README.md and every .md of Sources/JSONMapper/JSONMapper.docc;
#                                             # exits 1 when a block does not compile
#   bash Scripts/check-readme.sh FILE.md...   # check other Markdown files the same way
#   bash Scripts/check-readme.sh --self-test  # show that a broken block fails the check
#
# Each block is compiled (through SIL, so uninitialized properties count too) as the rest of a prelude from
# Scripts/readme-snippets/: default.swift unless the block says otherwise. Errors point at the Markdown file's lines.
# A block can say otherwise with an HTML comment (invisible on GitHub and in DocC) on the line right before its fence:
#
#   <!-- readme-check: prelude NAME -->   compile with Scripts/readme-snippets/NAME.swift instead
#   <!-- readme-check: continues -->      compile together with the ```swift block before it (it uses its types)
#   <!-- readme-check: skip REASON -->    do not compile, for the REASON given (use sparingly)
#
# A prelude marks where the block goes with a line `// README SNIPPET` (top level, errors mapped to README lines) or
# `// README SNIPPET (inline)` (inside an expression, such as the arguments of Package(…)); a prelude that imports
# PackageDescription is type-checked against SwiftPM's manifest API.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
preludes="$root/Scripts/readme-snippets"

self_test() {
    local scratch status
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/readme-check-self-test.XXXXXX")"
    trap 'rm -rf "$scratch"' RETURN
    cat >"$scratch/README.md" <<'MARKDOWN'
# A README with one good block, one skipped, one that no longer compiles, and a package manifest block

```swift
let count: Int = c.getInt("id", default: 0)
```

<!-- readme-check: skip shows an API that does not exist, on purpose -->
```swift
let nothing = c.getNothing("id")
```

```swift
struct Broken: JSONSerializable {
    let id: Int
    init(_ c: JSONDeserializationContext) {}
}
```

<!-- readme-check: prelude package-manifest -->
```swift
targets: [.target(name: "MyApp")]
```
MARKDOWN
    # Through a swiftc shim, as swiftly and asdf install one: the manifest API must still be found.
    mkdir "$scratch/shim"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$(command -v swiftc)" >"$scratch/shim/swiftc"
    chmod +x "$scratch/shim/swiftc"
    set +e
    PATH="$scratch/shim:$PATH" bash "$0" "$scratch/README.md" >"$scratch/out.txt" 2>&1
    status=$?
    set -e
    if [ "$status" -ne 1 ] \
        || ! grep -q "^README.md:12: the swift block does not compile" "$scratch/out.txt" \
        || ! grep -q "^README.md:15:44: error: return from initializer without initializing all stored properties" \
            "$scratch/out.txt" \
        || ! grep -q "^README.md:8: skipped: shows an API that does not exist, on purpose" "$scratch/out.txt" \
        || grep -q "^README.md:3: the swift block does not compile" "$scratch/out.txt" \
        || grep -q "^README.md:20:" "$scratch/out.txt"; then
        echo "error: the README check did not report the broken block as it should (exit status $status):" >&2
        cat "$scratch/out.txt" >&2
        return 1
    fi
    # Several files at once: one good article does not hide the broken README, and each file is reported.
    printf '# An article\n\n```swift\nlet name: String? = c.getString("name")\n```\n' >"$scratch/Article.md"
    set +e
    bash "$0" "$scratch/Article.md" "$scratch/README.md" >"$scratch/out.txt" 2>&1
    status=$?
    set -e
    if [ "$status" -ne 1 ] \
        || ! grep -q "^Article.md: 1 swift blocks compile (1 units), 0 skipped" "$scratch/out.txt" \
        || ! grep -q "^README.md:12: the swift block does not compile" "$scratch/out.txt" \
        || ! grep -q "^error: 1 of 2 Markdown files have swift blocks that do not compile" "$scratch/out.txt"; then
        echo "error: checking two files, the README check did not report the broken one (exit status $status):" >&2
        cat "$scratch/out.txt" >&2
        return 1
    fi
    echo "README check self-test: a broken block fails the check with its README line; skips are reported;" \
        "a package manifest block compiles through a swiftc shim; with several files, one broken file fails the check"
}

case "${1:-}" in
    --self-test) self_test; exit ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
esac

# Several files (or none, meaning README.md and the catalog): build once, then check each file by itself, and fail
# if any failed.
if [ $# -ne 1 ]; then
    files=("$@")
    if [ $# -eq 0 ]; then
        files=("$root/README.md")
        while IFS= read -r article; do
            files+=("$article")
        done < <(find "$root/Sources/JSONMapper/JSONMapper.docc" -name '*.md' | LC_ALL=C sort)
    fi
    swift build --package-path "$root" --target JSONMapper >/dev/null 2>&1 \
        || swift build --package-path "$root" --target JSONMapper
    failed=0
    for file in "${files[@]}"; do
        CHECK_README_BUILT=1 bash "$0" "$file" || failed=$((failed + 1))
    done
    if [ "$failed" -gt 0 ]; then
        echo "error: $failed of ${#files[@]} Markdown files have swift blocks that do not compile (above)" >&2
        exit 1
    fi
    exit 0
fi

readme="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
# Messages name the file by its path in the repository, or by its name when it is elsewhere (the self-test's).
case "$readme" in
    "$root"/*) name="${readme#"$root"/}" ;;
    *) name="$(basename "$readme")" ;;
esac

work="$(mktemp -d "${TMPDIR:-/tmp}/readme-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -z "${CHECK_README_BUILT:-}" ]; then
    swift build --package-path "$root" --target JSONMapper >"$work/build.log" 2>&1 || {
        cat "$work/build.log" >&2
        exit 1
    }
fi
bin="$(swift build --package-path "$root" --show-bin-path)"
flags=(-emit-sil -o /dev/null -suppress-warnings)
swiftc=(swiftc)
if [ "$(uname)" = Darwin ]; then
    flags+=(-target "$(uname -m)-apple-macosx13.0")
    swiftc=(xcrun swiftc)
fi
# SwiftPM's manifest API sits in the compiler's resource folder (<toolchain>/usr/lib/swift/pm/ManifestAPI). Ask the
# compiler where that is: the swiftc on PATH may be a shim (swiftly, asdf) far from its toolchain.
resources="$("${swiftc[@]}" -print-target-info | sed -n 's/^ *"runtimeResourcePath": *"\(.*\)",\{0,1\} *$/\1/p')"
manifest_api="$resources/pm/ManifestAPI"

# One line per ```swift block: its fence's line number, then the directive before it (or nothing); each body in
# block-LINE.body. Other fences are skipped whole, so that a ``` inside them is not taken for a swift block.
awk -v out="$work" '
    function fail(message) { print "error: line " NR ": " message > "/dev/stderr"; failed = 1; exit 1 }
    fence == "" && /^<!-- readme-check:/ {
        if ($0 !~ /^<!-- readme-check: .* -->$/) fail("a readme-check comment must fit on one line")
        directive = $0; sub(/^<!-- readme-check: /, "", directive); sub(/ -->$/, "", directive)
        directiveLine = NR
        next
    }
    fence == "" && /^```/ {
        if ($0 ~ /^```swift[ \t]*$/) {
            fence = "swift"; start = NR; body = out "/block-" NR ".body"; printf "" > body
            print NR "\t" (directiveLine == NR - 1 ? directive : "")
        } else {
            fence = "other"
        }
        if (directiveLine != 0 && directiveLine != NR - 1) fail("a readme-check comment is not right before a fence")
        if (directiveLine == NR - 1 && fence != "swift") fail("a readme-check comment is before a non-swift fence")
        directiveLine = 0
        next
    }
    fence != "" && /^```[ \t]*$/ { if (fence == "swift") close(body); fence = ""; next }
    fence == "swift" { print > body; next }
    directiveLine != 0 && directiveLine != NR - 1 { fail("a readme-check comment is not right before a fence") }
    END { if (!failed && fence != "") { print "error: a fence is not closed" > "/dev/stderr"; exit 1 } }
' "$readme" >"$work/blocks.tsv"

# Groups the blocks into compilation units: unit-LINE.prelude names a unit's prelude, unit-LINE.blocks its blocks.
units=()
current=""
skipped=0
while IFS=$'\t' read -r line directive; do
    case "$directive" in
        "" | "prelude "*)
            prelude="${directive#prelude }"
            prelude="${prelude:-default}"
            if [ ! -f "$preludes/$prelude.swift" ]; then
                echo "error: $name:$line: no prelude $preludes/$prelude.swift" >&2
                exit 1
            fi
            current="$line"
            units+=("$line")
            echo "$prelude" >"$work/unit-$line.prelude"
            echo "$line" >"$work/unit-$line.blocks" ;;
        continues)
            if [ -z "$current" ]; then
                echo "error: $name:$line: 'continues', but no swift block comes before it" >&2
                exit 1
            fi
            echo "$line" >>"$work/unit-$current.blocks" ;;
        "skip "?*)
            echo "$name:$line: skipped: ${directive#skip }"
            skipped=$((skipped + 1)) ;;
        *)
            echo "error: $name:$line: unknown readme-check comment '$directive'" \
                "(prelude NAME, continues, skip REASON)" >&2
            exit 1 ;;
    esac
done <"$work/blocks.tsv"

# Writes each unit: the prelude with the unit's blocks where it says `README SNIPPET`.
for unit in ${units[@]+"${units[@]}"}; do
    prelude="$preludes/$(cat "$work/unit-$unit.prelude").swift"
    grep -q '^ *// README SNIPPET' "$prelude" || {
        echo "error: $prelude has no '// README SNIPPET' line" >&2
        exit 1
    }
    while IFS= read -r text || [ -n "$text" ]; do
        case "$text" in
            *"// README SNIPPET (inline)"*)
                while read -r block; do cat "$work/block-$block.body"; done <"$work/unit-$unit.blocks" ;;
            *"// README SNIPPET"*)
                while read -r block; do
                    echo "#sourceLocation(file: \"$name\", line: $((block + 1)))"
                    cat "$work/block-$block.body"
                    echo "#sourceLocation()"
                done <"$work/unit-$unit.blocks" ;;
            *) printf '%s\n' "$text" ;;
        esac
    done <"$prelude" >"$work/unit-$unit.swift"
done

# Compiles a unit; when it fails, unit-LINE.failed holds its errors under its first block's line.
compile() {
    local unit="$1" source="$work/unit-$1.swift"
    local extra=(-I "$bin/Modules" -I "$bin")
    if grep -q '^import PackageDescription' "$source"; then
        if [ ! -d "$manifest_api" ]; then
            echo "$name:$unit: cannot find SwiftPM's manifest API: swiftc -print-target-info gives the resource" \
                "folder '$resources', which has no pm/ManifestAPI" >"$work/unit-$unit.failed"
            return
        fi
        extra=(-I "$manifest_api" -package-description-version 6.0.0)
    fi
    if ! (cd "$(dirname "$readme")" && "${swiftc[@]}" "${flags[@]}" "${extra[@]}" "$source") \
        >"$work/unit-$unit.log" 2>&1; then
        {
            echo "$name:$unit: the swift block does not compile (assembled as $source):"
            grep -E "error:" -A4 "$work/unit-$unit.log" || cat "$work/unit-$unit.log"
        } >"$work/unit-$unit.failed"
    fi
}

# Two at a time: the machines this runs on may have two cores.
running=0
for unit in ${units[@]+"${units[@]}"}; do
    compile "$unit" &
    running=$((running + 1))
    if [ "$running" -ge 2 ]; then
        wait
        running=0
    fi
done
wait
failures=0
for unit in ${units[@]+"${units[@]}"}; do
    if [ -f "$work/unit-$unit.failed" ]; then
        cat "$work/unit-$unit.failed" >&2
        failures=$((failures + 1))
    fi
done

blocks=$(wc -l <"$work/blocks.tsv" | tr -d ' ')
if [ "$failures" -gt 0 ]; then
    trap - EXIT
    echo "error: $failures of ${#units[@]} compilation units of $name do not compile (files kept in $work)" >&2
    exit 1
fi
echo "$name: $((blocks - skipped)) swift blocks compile (${#units[@]} units), $skipped skipped"
