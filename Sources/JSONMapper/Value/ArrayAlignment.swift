/// Aligning two arrays for a diff, with bounded work: which elements stay, which change in place (pairs), which go
/// and which come.
///
/// The elements get identities first (equal elements, by `==`, share one), so that the alignment compares
/// integers. Myers' O(ND) algorithm finds a shortest script of deletions and insertions unless it needs more than a
/// capped number of them; then everything between the trimmed ends counts as one gap. In each gap between two kept
/// elements, deleted and inserted elements are paired: by similarity (members or elements in common) when the gap is
/// uneven and small, so that an insertion beside changed elements stays one insertion; by position otherwise.
enum ArrayAlignment {
    /// One step of the alignment, with indices into the two arrays.
    enum Edit: Equatable {
        /// The next element stays as it is.
        case keep
        /// Source element `old` becomes target element `new`, changed in place.
        case pair(Int, Int)
        /// Source element `old` goes.
        case delete(Int)
        /// Target element `new` comes.
        case insert(Int)
    }

    /// The most edits Myers' algorithm may look for, in all.
    static let largestCap = 1024
    /// The fewest it may look for, however long the arrays.
    static let smallestCap = 64
    /// The work (edits times elements) the cap keeps below, for long arrays.
    static let workBudget = 8_000_000
    /// The largest gap (deleted times inserted elements) paired by similarity.
    static let similarityLimit = 4096
    /// How many members or elements of a container its similarity looks at.
    static let signatureLength = 64

    /// The alignment of `source` and `target`, whose indices are the slices' own.
    static func edits(_ source: ArraySlice<JSONValue>, _ target: ArraySlice<JSONValue>) -> [Edit] {
        if source.isEmpty { return target.indices.map { .insert($0) } }
        if target.isEmpty { return source.indices.map { .delete($0) } }
        // One element left on each side (they differ, or the ends would have been trimmed): it changes in place.
        if source.count == 1, target.count == 1 { return [.pair(source.startIndex, target.startIndex)] }
        var identities = Identities(capacity: source.count + target.count)
        let old = source.map { identities.identity(of: $0) }
        let new = target.map { identities.identity(of: $0) }
        let total = old.count + new.count
        let cap = min(total, max(smallestCap, min(largestCap, workBudget / total)))
        let script =
            shortestScript(old, new, cap: cap)
            ?? (old.indices.map { .delete($0) } + new.indices.map { .insert($0) })
        return pairGaps(script, source, target)
    }

    // MARK: Identities

    /// Numbers the distinct elements: equal elements (by `==`) get the same number.
    private struct Identities {
        /// An element with its hash computed once.
        struct Key: Hashable {
            let hash: Int
            let value: JSONValue

            func hash(into hasher: inout Hasher) {
                hasher.combine(hash)
            }

            static func == (lhs: Key, rhs: Key) -> Bool {
                lhs.hash == rhs.hash && DiffEquality.equal(lhs.value, rhs.value)
            }
        }

        var table: [Key: Int]

        init(capacity: Int) {
            table = Dictionary(minimumCapacity: capacity)
        }

        mutating func identity(of value: JSONValue) -> Int {
            let key = Key(hash: ArrayAlignment.shallowHash(value), value: value)
            // One lookup for a new element, the usual case: insert, and put the old identity back if there was one.
            let identity = table.count
            if let known = table.updateValue(identity, forKey: key) {
                table[key] = known
                return known
            }
            return identity
        }
    }

    /// A hash consistent with `==` that looks one level deep, so that its cost is bounded by a container's own
    /// members, not by everything inside them: a leaf's own hash; for an array, its count and its first elements'
    /// leaves (containers by kind and count); for an object, its count and its members' keys with the same, combined
    /// in any order. Elements that differ only deeper share a hash and are told apart by `==`.
    static func shallowHash(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object):
            var sum = 0
            for member in object {
                var hasher = Hasher()
                hasher.combine(ExactKey(member.key))
                combineShallow(member.value, into: &hasher)
                sum = sum &+ hasher.finalize()
            }
            var hasher = Hasher()
            hasher.combine(5)
            hasher.combine(object.count)
            hasher.combine(sum)
            return hasher.finalize()
        case .array(let array):
            var hasher = Hasher()
            hasher.combine(4)
            hasher.combine(array.count)
            for element in array.prefix(signatureLength) { combineShallow(element, into: &hasher) }
            return hasher.finalize()
        default:
            // A leaf in one hasher, as `JSONValue` hashes it but without its second round.
            var hasher = Hasher()
            combineShallow(value, into: &hasher)
            return hasher.finalize()
        }
    }

    /// Feeds a leaf to `hasher` by its kind and value (consistently with `==`), a container by its kind and count.
    private static func combineShallow(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .object(let object):
            hasher.combine(5)
            hasher.combine(object.count)
        case .array(let array):
            hasher.combine(4)
            hasher.combine(array.count)
        case .null:
            hasher.combine(0)
        case .bool(let bool):
            hasher.combine(1)
            hasher.combine(bool)
        case .number(let number):
            // Numbers by value, as `==` compares them: 1, 1.0 and 1e0 hash alike.
            hasher.combine(2)
            hasher.combine(number)
        case .string(let string):
            hasher.combine(3)
            hasher.combine(ExactKey(string))
        }
    }

    // MARK: Myers

    /// A shortest script of keeps, deletions and insertions turning `old` into `new` (indices from 0), or `nil`
    /// when it needs more than `cap` deletions and insertions.
    static func shortestScript(_ old: [Int], _ new: [Int], cap: Int) -> [Edit]? {
        let (n, m) = (old.count, new.count)
        let offset = cap + 1
        // The furthest x reached on each diagonal k = x - y, at v[k + offset].
        var v = [Int](repeating: 0, count: 2 * cap + 3)
        // The diagonals -d...d of v after each round d, for the way back.
        var trace: [[Int]] = []
        var found: Int?
        rounds: for d in 0...cap {
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset])
                    ? v[k + 1 + offset] : v[k - 1 + offset] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                v[k + offset] = x
                if x >= n, y >= m {
                    found = d
                    break rounds
                }
            }
            trace.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard let distance = found else { return nil }
        var edits: [Edit] = []
        edits.reserveCapacity(max(n, m) + distance)
        var (x, y) = (n, m)
        for d in stride(from: distance, to: 0, by: -1) {
            let previous = trace[d - 1]
            let at = { (k: Int) in previous[k + d - 1] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            let (middleX, middleY) = down ? (previousX, previousY + 1) : (previousX + 1, previousY)
            while x > middleX, y > middleY {
                x -= 1
                y -= 1
                edits.append(.keep)
            }
            edits.append(down ? .insert(previousY) : .delete(previousX))
            (x, y) = (previousX, previousY)
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(.keep)
        }
        edits.reverse()
        return edits
    }

    // MARK: Pairing

    /// `script` (indices from 0) with the deletions and insertions of each gap paired where they can be, and its
    /// indices moved to the slices' own.
    private static func pairGaps(
        _ script: [Edit], _ source: ArraySlice<JSONValue>, _ target: ArraySlice<JSONValue>
    ) -> [Edit] {
        var result: [Edit] = []
        result.reserveCapacity(script.count)
        var deleted: [Int] = []
        var inserted: [Int] = []
        func flush() {
            guard !deleted.isEmpty || !inserted.isEmpty else { return }
            let pairs: [(Int, Int)]
            if deleted.isEmpty || inserted.isEmpty {
                pairs = []
            } else if deleted.count != inserted.count, deleted.count * inserted.count <= similarityLimit {
                pairs = similarPairs(deleted.map { source[$0] }, inserted.map { target[$0] })
            } else {
                pairs = (0..<min(deleted.count, inserted.count)).map { ($0, $0) }
            }
            // Before each pair, the deletions and insertions that come before it; after the last, the rest.
            var (d, i) = (0, 0)
            for (pairedOld, pairedNew) in pairs + [(deleted.count, inserted.count)] {
                while d < pairedOld {
                    result.append(.delete(deleted[d]))
                    d += 1
                }
                while i < pairedNew {
                    result.append(.insert(inserted[i]))
                    i += 1
                }
                if d < deleted.count, i < inserted.count {
                    result.append(.pair(deleted[d], inserted[i]))
                    d += 1
                    i += 1
                }
            }
            deleted.removeAll(keepingCapacity: true)
            inserted.removeAll(keepingCapacity: true)
        }
        for edit in script {
            switch edit {
            case .delete(let old): deleted.append(source.startIndex + old)
            case .insert(let new): inserted.append(target.startIndex + new)
            case .keep, .pair:
                flush()
                result.append(.keep)
            }
        }
        flush()
        return result
    }

    /// The pairs (positions in `old` and `new`, both increasing) that make the most similar elements change into
    /// one another: the largest total of one per pair, one more for the same kind, and one per member or element
    /// they have in common.
    private static func similarPairs(_ old: [JSONValue], _ new: [JSONValue]) -> [(Int, Int)] {
        let oldSignatures = old.map(signature)
        let newSignatures = new.map(signature)
        let (rows, columns) = (old.count, new.count)
        let width = columns + 1
        var best = [Int](repeating: 0, count: (rows + 1) * width)
        for i in 1...rows {
            for j in 1...columns {
                let score =
                    1 + (kind(old[i - 1]) == kind(new[j - 1]) ? 1 : 0)
                    + common(oldSignatures[i - 1], newSignatures[j - 1])
                best[i * width + j] = max(
                    best[(i - 1) * width + j], best[i * width + j - 1], best[(i - 1) * width + j - 1] + score)
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (rows, columns)
        while i > 0, j > 0 {
            if best[i * width + j] == best[(i - 1) * width + j] {
                i -= 1
            } else if best[i * width + j] == best[i * width + j - 1] {
                j -= 1
            } else {
                pairs.append((i - 1, j - 1))
                i -= 1
                j -= 1
            }
        }
        return pairs.reversed()
    }

    /// The sorted hashes of a container's first members (key and value) or elements; empty for a leaf.
    private static func signature(_ value: JSONValue) -> [Int] {
        switch value {
        case .object(let object):
            return object.prefix(signatureLength).map { member in
                var hasher = Hasher()
                hasher.combine(ExactKey(member.key))
                hasher.combine(member.value)
                return hasher.finalize()
            }.sorted()
        case .array(let array):
            return array.prefix(signatureLength).map(\.hashValue).sorted()
        default:
            return []
        }
    }

    /// How many hashes two sorted lists have in common, repeats counted.
    private static func common(_ a: [Int], _ b: [Int]) -> Int {
        var (i, j, count) = (0, 0, 0)
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                count += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return count
    }

    private static func kind(_ value: JSONValue) -> Int {
        switch value {
        case .null: 0
        case .bool: 1
        case .number: 2
        case .string: 3
        case .array: 4
        case .object: 5
        }
    }
}
