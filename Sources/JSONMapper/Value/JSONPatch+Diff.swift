// Computing the JSON Patch between two values.
//
// Pairs of containers wait on a stack of their own (no recursion on the depth). Objects are compared member by
// member; arrays are trimmed of their common ends, then aligned with Myers' O(ND) algorithm on the elements'
// identities, its D capped so that the work stays bounded, and the elements left over between two kept ones are
// paired (changed in place) by similarity when there are few, by position otherwise.
//
// The operations of an array's own level (`add`, `remove`, `replace` of a leaf) are written in order, left to right,
// each index counted in the array as the earlier ones left it. A paired element is compared later, at its index in
// the target: every operation inside it comes after all those of its array, when the array already has its final
// order, and nothing inside it moves anything outside it.

extension JSONPatch {
    /// The patch that turns `source` into `target`.
    ///
    /// Applied to `source`, it gives a value equal to `target` (also after a trip through JSON text), and it is
    /// empty exactly when `source == target`. It is small: a changed leaf is one `replace` at the leaf, an added or
    /// removed member one `add` or `remove`, a change of kind one `replace` (at `""` for the whole document), and an
    /// element changed, inserted or removed in a long array one operation, even when other elements changed too.
    ///
    /// ```swift
    /// let old = try JSONValue(parsing: #"{"name": "Ada", "tags": ["a", "b", "c"], "n": 1}"#)
    /// let new = try JSONValue(parsing: #"{"name": "Ada L.", "tags": ["a", "x", "b", "c"]}"#)
    /// JSONPatch(from: old, to: new).operations.description
    /// // [{"op":"replace","path":"/name","value":"Ada L."},{"op":"remove","path":"/n"},
    /// //  {"op":"add","path":"/tags/1","value":"x"}]
    /// ```
    ///
    /// - Complexity: Linear in the size of both values, plus for each array whose middle differs the work of
    ///   aligning it, bounded by a fixed multiple of its length.
    ///
    /// - Parameters:
    ///   - source: The value before.
    ///   - target: The value after.
    public init(from source: JSONValue, to target: JSONValue) {
        var differ = Differ()
        differ.run(source, target)
        self.init(steps: differ.steps)
    }
}

/// Equality with the common cases first: leaves compared without the general walk, which allocates its stack.
enum DiffEquality {
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return ExactKey.equal(x, y)
        case (.array(let x), .array(let y)): return x.count == y.count && a == b
        case (.object(let x), .object(let y)): return x.count == y.count && a == b
        default: return false
        }
    }

    /// Whether `a` and `b` are both arrays or both objects.
    static func bothContainers(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array, .array), (.object, .object): true
        default: false
        }
    }
}

/// The state of one diff: the operations so far, the pairs of containers still to compare, and the paths.
struct Differ {
    private(set) var steps: [JSONPatch.Operation] = []
    /// Containers to compare, with the path node of their place.
    private var pending: [(source: JSONValue, target: JSONValue, node: Int)] = []
    /// The path of each compared place as a tree: its last token and its parent's node; node 0 is the document.
    private var tokens: [String] = [""]
    private var parents: [Int] = [-1]

    mutating func run(_ source: JSONValue, _ target: JSONValue) {
        compare(source, target, at: nil)
        while let (source, target, node) = pending.popLast() {
            switch (source, target) {
            case (.object(let x), .object(let y)): diffObjects(x, y, node)
            case (.array(let x), .array(let y)): diffArrays(x, y, node)
            default: break
            }
        }
    }

    /// Compares the values at `node`'s child `token` (or at the document when `place` is `nil`): leaves now,
    /// containers of one kind later.
    private mutating func compare(_ source: JSONValue, _ target: JSONValue, at place: (node: Int, token: String)?) {
        if DiffEquality.bothContainers(source, target) {
            let node: Int
            if let place {
                tokens.append(place.token)
                parents.append(place.node)
                node = tokens.count - 1
            } else {
                node = 0
            }
            pending.append((source, target, node))
        } else if !DiffEquality.equal(source, target) {
            steps.append(.init(.replace, path: pointer(place), value: target))
        }
    }

    /// The pointer of `node`'s child `token`, or of the document.
    private func pointer(_ place: (node: Int, token: String)?) -> JSONPointer {
        guard let place else { return JSONPointer(tokens: []) }
        var path = [place.token]
        var node = place.node
        while node > 0 {
            path.append(tokens[node])
            node = parents[node]
        }
        path.reverse()
        return JSONPointer(tokens: path)
    }

    // MARK: Objects

    private mutating func diffObjects(_ source: JSONValue.Object, _ target: JSONValue.Object, _ node: Int) {
        for (position, member) in source.enumerated() {
            if let new = target.member(member.key, near: position) {
                compare(member.value, new, at: (node, member.key))
            } else {
                steps.append(.init(.remove, path: pointer((node, member.key))))
            }
        }
        for (position, member) in target.enumerated() where source.member(member.key, near: position) == nil {
            steps.append(.init(.add, path: pointer((node, member.key)), value: member.value))
        }
    }

    // MARK: Arrays

    private mutating func diffArrays(_ source: [JSONValue], _ target: [JSONValue], _ node: Int) {
        // One element on each side: compare the two directly, without first testing them for equality (which walks
        // them whole), so that a deep chain of one-element arrays takes time linear in its depth.
        if source.count == 1, target.count == 1 {
            compare(source[0], target[0], at: (node, "0"))
            return
        }
        var start = 0
        while start < source.count, start < target.count, DiffEquality.equal(source[start], target[start]) {
            start += 1
        }
        var sourceEnd = source.count
        var targetEnd = target.count
        while sourceEnd > start, targetEnd > start, DiffEquality.equal(source[sourceEnd - 1], target[targetEnd - 1]) {
            sourceEnd -= 1
            targetEnd -= 1
        }
        guard start < sourceEnd || start < targetEnd else { return }
        let edits = ArrayAlignment.edits(source[start..<sourceEnd], target[start..<targetEnd])
        var index = start
        for edit in edits {
            switch edit {
            case .keep:
                index += 1
            case .pair(let old, let new):
                compare(source[old], target[new], at: (node, String(index)))
                index += 1
            case .delete:
                steps.append(.init(.remove, path: pointer((node, String(index)))))
            case .insert(let new):
                steps.append(.init(.add, path: pointer((node, String(index))), value: target[new]))
                index += 1
            }
        }
    }
}
