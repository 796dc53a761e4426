#!/usr/bin/env bash
# Builds the DocC documentation of the JSONMapper library with the toolchain's own `docc` (no package dependency),
# and fails when it is not clean, so that a broken link or an undocumented API cannot reach `main`.
#
#   bash Scripts/build-docs.sh            # build .build-docs/JSONMapper.doccarchive; exits 1 on any problem
#   bash Scripts/build-docs.sh --preview  # the same checks, then serve it at http://localhost:8080 (PORT=… to move)
#
# It fails when:
#   - `docc convert` reports any warning (an unresolved or ambiguous ``symbol`` link, in an article of
#     Sources/JSONMapper/JSONMapper.docc or in a `///` comment, a malformed topic group…);
#   - a public declaration of the library has no `///` comment of its own;
#   - a public type is in no topic group of the catalog (the landing page or an extension page lists every type).
#
# The library is built for its symbol graph in .build-docs, apart from .build, so that the usual build stays as it is.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
catalog="$root/Sources/JSONMapper/JSONMapper.docc"
scratch="$root/.build-docs"
graphs="$scratch/symbol-graphs"
archive="$scratch/JSONMapper.doccarchive"
docc_flags=(
    --additional-symbol-graph-dir "$graphs"
    --fallback-display-name JSONMapper
    --fallback-bundle-identifier org.jsonmapper.JSONMapper
)

preview=false
case "${1:-}" in
    "") ;;
    --preview) preview=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (--preview, --help)" >&2; exit 2 ;;
esac

docc=(docc)
if [ "$(uname)" = Darwin ]; then
    docc=(xcrun docc)
fi

echo "==> the symbol graph of JSONMapper (swift build in $scratch)"
build_graphs() {
    swift build --package-path "$root" --scratch-path "$scratch" --target JSONMapper \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -emit-extension-block-symbols
}
# With extension blocks, the conformances of String, Int, Date… show on the pages of the protocols and of the types
# they extend. The compiler writes the graphs only when it compiles the module: after an earlier run with nothing
# changed since, the build does nothing, so the module it made is removed and it is emitted again.
rm -rf "$graphs"
mkdir -p "$graphs"
build_graphs
if [ ! -f "$graphs/JSONMapper.symbols.json" ]; then
    rm -rf "$scratch"/*/Modules/JSONMapper.swiftmodule "$scratch"/*/*/Modules/JSONMapper.swiftmodule
    build_graphs
fi
if [ ! -f "$graphs/JSONMapper.symbols.json" ]; then
    echo "error: swift build wrote no symbol graph in $graphs" >&2
    exit 1
fi

echo "==> public declarations without a /// comment of their own"
# A symbol the compiler made (a protocol's default implementation, shown on a conforming type) is marked
# ::SYNTHESIZED::; any other public symbol, public extensions of other modules' types included, is declared in
# Sources/JSONMapper and must carry its own comment, which the graph records with the file it is in (a comment
# inherited from a protocol requirement has no such file).
python3 - "$graphs" <<'PYTHON'
import glob, json, sys

undocumented = []
for path in sorted(glob.glob(sys.argv[1] + "/JSONMapper*.symbols.json")):
    for symbol in json.load(open(path))["symbols"]:
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        comment = symbol.get("docComment") or {}
        if "uri" in comment and any(line["text"].strip() for line in comment.get("lines", [])):
            continue
        location = symbol.get("location", {})
        where = location.get("uri", "").replace("file://", "")
        line = location.get("position", {}).get("line", -1) + 1
        undocumented.append(f"{where}:{line}: {'.'.join(symbol['pathComponents'])} has no /// comment")
for message in sorted(undocumented):
    print(message, file=sys.stderr)
if undocumented:
    sys.exit(f"error: {len(undocumented)} public declarations have no /// comment (see above)")
print("every public declaration has a /// comment")
PYTHON

echo "==> docc convert, warnings as errors"
rm -rf "$archive"
"${docc[@]}" convert "$catalog" "${docc_flags[@]}" --output-dir "$archive" --warnings-as-errors \
    --experimental-documentation-coverage --coverage-summary-level brief

echo "==> public types in no topic group"
# A type that no topic group of the catalog lists lands in a group that docc makes by itself ("generated" in the
# archive's pages); documentation-coverage.json, which --experimental-documentation-coverage writes, gives the kinds.
python3 - "$archive" <<'PYTHON'
import glob, json, sys

archive = sys.argv[1]
kinds = ("structure", "class", "enumeration", "protocol")
types = {
    entry["referencePath"]
    for entry in json.load(open(archive + "/documentation-coverage.json"))
    if entry["kind"]["id"].rsplit(".", 1)[-1] in kinds
}
uncurated = set()
for path in glob.glob(archive + "/data/documentation/**/*.json", recursive=True):
    page = json.load(open(path))
    for section in page.get("topicSections", []):
        if section.get("generated"):
            uncurated.update(identifier for identifier in section["identifiers"] if identifier in types)
for identifier in sorted(uncurated):
    name = identifier.split("/documentation/", 1)[1]
    print(f"{name} is in no topic group of Sources/JSONMapper/JSONMapper.docc", file=sys.stderr)
if uncurated:
    sys.exit(f"error: {len(uncurated)} public types are in no topic group (see above)")
print(f"every public type ({len(types)}) is in a topic group")
PYTHON
echo "documentation: $archive"

if $preview; then
    echo "==> docc preview (Control-C stops it)"
    exec "${docc[@]}" preview "$catalog" "${docc_flags[@]}" --port "${PORT:-8080}" \
        --output-dir "$scratch/preview"
fi
