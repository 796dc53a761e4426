import JSONMapper

// Merged shapes: objects in different places that are the same type, apart from fields missing in some.
//
// The rule (README, "The jsonmapper command"): two object shapes are one type when
//   1. every field of the one with fewer fields is a field of the other,
//   2. the other has at most a quarter more fields (one more is always allowed), and
//   3. the fields they share have types that fit together (`SwiftType.join`): numbers with numbers, strings with
//      strings, a type never seen with a value with anything, arrays and dictionaries of types that fit, and
//      objects that are one type themselves, by this same rule.
// The merged type has every field; one that is missing or null in some shape is optional. Merging repeats until
// nothing changes, so shapes whose nested objects merge can merge in turn. A shape that fits several larger ones,
// which do not fit each other, stays a type of its own.
//
// Rule 3 is checked by trying: the merge is made, nested objects that must then be one type are merged too
// (without recursion, through a queue), and all of it is undone unless every one of those merges keeps the rule.
// A type that ends up containing itself is recursive (`+Naming` finds them). Shapes with the same fields are tried
// one pair at a time, deepest first, and pairs whose types are known not to join are remembered, so that a chain of
// hundreds of nested shapes that almost fit costs a quadratic number of quick checks, not a walk down the chain for
// each pair; a step limit bounds what is left.

extension ModelBuilder {
    /// The groups of models merged so far: a union-find over model indices, with each group's fields.
    struct MergeState {
        var parent: [Int]
        var fields: [[Model.Field]]
        /// Each group's keys, by Unicode scalars: shapes whose keys differ only in normalization are not one type.
        var keys: [Set<ExactKey>]
        var positions: [[Position]]
        /// How many more pairs the merges may examine: a bound on the work, so that no sample can make merging
        /// take long (``mergeStepLimit``).
        var steps = ModelBuilder.mergeStepLimit
        /// Pairs of groups known not to fit because merging them met types that do not join. Such a failure holds
        /// for any groups that contain them, as a field's type only gains from more members; so a trial that needs
        /// one of these pairs fails at once instead of walking down to the same conflict again.
        private var conflicts: Set<[Int]> = []

        init(_ models: [Model]) {
            parent = Array(models.indices)
            fields = models.map(\.fields)
            keys = models.map { Set($0.fields.map { ExactKey($0.key) }) }
            positions = models.map(\.positions)
        }

        func find(_ index: Int) -> Int {
            var index = index
            while parent[index] != index { index = parent[index] }
            return index
        }

        /// What a union changed, to undo it when a trial fails.
        private struct Undo {
            let kept: Int
            let absorbed: Int
            let fields: [Model.Field]
            let keys: Set<ExactKey>
            let keptPositions: [Position]
            let absorbedFields: [Model.Field]
            let absorbedPositions: [Position]
        }

        /// Makes `small` and every one of `candidates` one type, and the nested objects this makes one type too;
        /// when any of those merges breaks the rule, undoes them all and returns `false`.
        mutating func merge(_ small: Int, with candidates: [Int]) -> Bool {
            var undo: [Undo] = []
            var touched = Set<Int>()
            var queue = candidates.map { (small, $0) }
            while let (a, b) = queue.popLast() {
                let x = find(a)
                let y = find(b)
                guard x != y else { continue }
                steps -= 1
                let known = !touched.contains(x) && !touched.contains(y) && conflicts.contains([min(x, y), max(x, y)])
                var typesConflict = known
                let merged =
                    known || steps <= 0 ? nil : fieldsMerged(x, y, queue: &queue, typesConflict: &typesConflict)
                guard let merged else {
                    if typesConflict, candidates.count == 1, let candidate = candidates.first {
                        conflicts.insert([min(small, candidate), max(small, candidate)])
                    }
                    for change in undo.reversed() {
                        parent[change.absorbed] = change.absorbed
                        fields[change.kept] = change.fields
                        keys[change.kept] = change.keys
                        positions[change.kept] = change.keptPositions
                        fields[change.absorbed] = change.absorbedFields
                        positions[change.absorbed] = change.absorbedPositions
                    }
                    return false
                }
                // The group is named after its earliest model.
                let (kept, absorbed) = (min(x, y), max(x, y))
                undo.append(
                    Undo(
                        kept: kept, absorbed: absorbed, fields: fields[kept], keys: keys[kept],
                        keptPositions: positions[kept], absorbedFields: fields[absorbed],
                        absorbedPositions: positions[absorbed]))
                touched.formUnion([kept, absorbed])
                keys[kept] = keys[x].union(keys[y])
                fields[kept] = merged
                positions[kept] += positions[absorbed]
                parent[absorbed] = kept
                fields[absorbed] = []
                positions[absorbed] = []
            }
            return true
        }

        /// The fields of groups `x` and `y` as one type, in the order of the one with more fields, queueing the
        /// nested models that must then be one type; `nil` when the two do not fit, with `typesConflict` set when
        /// the reason is a field whose types do not join (rather than the fields they have).
        private func fieldsMerged(
            _ x: Int, _ y: Int, queue: inout [(Int, Int)], typesConflict: inout Bool
        ) -> [Model.Field]? {
            let (fewer, more) = keys[x].count <= keys[y].count ? (x, y) : (y, x)
            guard keys[fewer].isSubset(of: keys[more]), ModelBuilder.fits(keys[fewer].count, into: keys[more].count)
            else {
                return nil
            }
            let fewerFields = Dictionary(
                fields[fewer].map { (ExactKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
            var merged: [Model.Field] = []
            for field in fields[more] {
                guard let other = fewerFields[ExactKey(field.key)] else {
                    var optional = field
                    optional.required = false
                    optional.alwaysPresent = false
                    merged.append(optional)
                    continue
                }
                let type = SwiftType.join(field.type, other.type) { p, q in
                    if find(p) != find(q) { queue.append((p, q)) }
                    return true
                }
                guard let type else {
                    typesConflict = true
                    return nil
                }
                var combined = field
                combined.type = type
                combined.required = field.required && other.required
                combined.alwaysPresent = field.alwaysPresent && other.alwaysPresent
                combined.notes += other.notes.filter { !field.notes.contains($0) }
                combined.positions += other.positions
                merged.append(combined)
            }
            return merged
        }
    }

    /// The most pairs of groups the merges examine in all: twitter.json needs 24; a chain of 150 nested shapes that
    /// almost fit 44,000 and one of 400 318,000 (under two seconds in a debug build). Past the limit, merging stops
    /// and the shapes not merged yet stay types of their own: the output is still correct, only less merged.
    static let mergeStepLimit = 1_000_000

    /// Whether a shape of `fewer` fields may be one type with a shape of `more` fields that holds all of them.
    static func fits(_ fewer: Int, into more: Int) -> Bool {
        more - fewer <= max(1, more / 4)
    }

    /// Merges the models whose shapes fit, until none do, then renumbers the models that remain.
    ///
    /// The deepest models come first (those whose positions appear last), so that nested objects are merged before
    /// the objects that hold them, and a trial that cannot succeed fails at its first step.
    mutating func mergeShapes(order: [Position]) {
        var state = MergeState(models)
        var changed = true
        while changed && state.steps > 0 {
            changed = false
            let groups = state.parent.indices.filter { state.find($0) == $0 }
                .sorted { (state.keys[$0].count, $1) < (state.keys[$1].count, $0) }
            for small in groups where state.find(small) == small {
                var equal: [Int] = []
                var larger: [Int] = []
                for other in groups where other != small && state.find(other) == other {
                    guard state.keys[small].isSubset(of: state.keys[other]) else { continue }
                    if state.keys[other].count == state.keys[small].count {
                        equal.append(other)
                    } else if Self.fits(state.keys[small].count, into: state.keys[other].count) {
                        larger.append(other)
                    }
                }
                // Shapes with the same fields first, one at a time; then the larger shapes, all of which must fit
                // together.
                for candidates in equal.map({ [$0] }) + [larger] where !candidates.isEmpty {
                    if state.merge(small, with: candidates) {
                        changed = true
                        break
                    }
                }
            }
        }
        for index in models.indices where state.find(index) == index {
            models[index].fields = state.fields[index]
            models[index].positions = state.positions[index]
        }
        renumber(order: order) { state.find($0) }
    }
}
