// JSON Merge Patch (RFC 7386): applying one, and computing the smallest one between two values. Both walk nested
// objects with a stack of their own, so that no depth of nesting can exhaust the call stack.

extension JSONValue {
    /// This value with a merge patch applied.
    ///
    /// A patch that is not an object is the result. An object patch merges into this value, which counts as `{}`
    /// when it is not an object: a `null` member removes the member of that name; any other member merges into the
    /// member of that name, or into `{}` for a new one, so that the `null`s inside it vanish. Arrays replace whole,
    /// `null`s and all. Members keep their place; new ones are appended in the patch's order.
    ///
    /// ```swift
    /// let doc = try JSONValue(parsing: #"{"title": "Hello", "author": {"name": "Ada", "email": "a@b"}, "n": 1}"#)
    /// let patch = try JSONValue(parsing: #"{"title": "Bye", "author": {"email": null}, "tags": ["x"]}"#)
    /// doc.applyingMergePatch(patch).description
    /// // {"title":"Bye","author":{"name":"Ada"},"n":1,"tags":["x"]}
    /// ```
    ///
    /// - Parameter patch: The merge patch.
    /// - Returns: The patched value.
    public func applyingMergePatch(_ patch: JSONValue) -> JSONValue {
        guard case .object(let patchObject) = patch else { return patch }
        var start = Object()
        if case .object(let object) = self { start = object }
        /// An object being merged: its patch, the next patch member, and the key it has in its parent.
        struct Frame {
            var target: Object
            let patch: Object
            var next = 0
            let key: String
        }
        var stack = [Frame(target: start, patch: patchObject, key: "")]
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].patch.count else {
                let done = stack.removeLast()
                guard let parent = stack.indices.last else { return .object(done.target) }
                stack[parent].target[done.key] = .object(done.target)
                continue
            }
            let (key, value) = stack[top].patch[stack[top].next]
            stack[top].next += 1
            switch value {
            case .null:
                stack[top].target[key] = nil
            case .object(let inner):
                // Merge into the member when it is an object, taken out of its place (a `null` holds the place),
                // so that it is changed in place; otherwise into a new object.
                var child = Object()
                if let position = stack[top].target.index(forKey: key),
                    case .object(let existing) = stack[top].target.takeValue(at: position)
                {
                    child = existing
                }
                stack.append(Frame(target: child, patch: inner, key: key))
            default:
                stack[top].target[key] = value
            }
        }
        return self  // Not reached: the loop returns when it closes the outermost object.
    }

    /// The smallest merge patch that turns `source` into `target`.
    ///
    /// Unless both are objects, the patch is `target`. When both are, it holds `null` for each member `target`
    /// lacks, a nested patch where both members are objects, the new value for any other change, and nothing for
    /// equal members: `{}` for equal documents. Applied to `source`, it gives `target` whenever `target` holds no
    /// `null` (a merge patch cannot set one inside an object).
    ///
    /// ```swift
    /// let old = try JSONValue(parsing: #"{"a": 1, "b": {"c": 2, "d": 3}, "e": [1]}"#)
    /// let new = try JSONValue(parsing: #"{"a": 1, "b": {"c": 5}, "e": [1, 2], "f": true}"#)
    /// JSONValue.mergePatch(from: old, to: new).description   // {"b":{"c":5,"d":null},"e":[1,2],"f":true}
    /// ```
    ///
    /// - Parameters:
    ///   - source: The value before.
    ///   - target: The value after.
    /// - Returns: The merge patch.
    public static func mergePatch(from source: JSONValue, to target: JSONValue) -> JSONValue {
        guard case .object(let sourceObject) = source, case .object(let targetObject) = target else { return target }
        /// A pair of objects being compared: the next member, whether the members of `source` are done (then the
        /// members only `target` has are added), the patch so far, and the key it has in its parent.
        struct Frame {
            let source: Object
            let target: Object
            var next = 0
            var addingNew = false
            var patch = Object()
            let key: String
        }
        var stack = [Frame(source: sourceObject, target: targetObject, key: "")]
        while let top = stack.indices.last {
            let next = stack[top].next
            if !stack[top].addingNew {
                guard next < stack[top].source.count else {
                    stack[top].addingNew = true
                    stack[top].next = 0
                    continue
                }
                stack[top].next += 1
                let (key, old) = stack[top].source[next]
                guard let new = stack[top].target.member(key, near: next) else {
                    stack[top].patch.append(key, .null)
                    continue
                }
                if case .object(let oldObject) = old, case .object(let newObject) = new {
                    stack.append(Frame(source: oldObject, target: newObject, key: key))
                } else if !DiffEquality.equal(old, new) {
                    stack[top].patch.append(key, new)
                }
            } else if next < stack[top].target.count {
                stack[top].next += 1
                let (key, new) = stack[top].target[next]
                if stack[top].source.member(key, near: next) == nil {
                    stack[top].patch.append(key, new)
                }
            } else {
                let done = stack.removeLast()
                guard let parent = stack.indices.last else { return .object(done.patch) }
                if !done.patch.isEmpty {
                    stack[parent].patch.append(done.key, .object(done.patch))
                }
            }
        }
        return .object(Object())  // Not reached: the loop returns when it closes the outermost pair.
    }
}

extension JSONValue.Object {
    /// The value of member `key`, looked for first at `position` (where it is when both objects list their members
    /// in the same order), then by key.
    func member(_ key: String, near position: Int) -> JSONValue? {
        if position < members.count, ExactKey.equal(members[position].key, key) { return members[position].value }
        return self[key]
    }
}
