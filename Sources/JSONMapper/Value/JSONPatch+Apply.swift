// Applying a JSON Patch: each operation walks its pointer without recursion, taking every container on the way out
// of its parent so that the change happens in place, then puts them back.

extension JSONValue {
    /// This value with all of `patch` applied, or an error.
    ///
    /// The operations run in order, each on the result of the one before; when one fails, the error says which and
    /// why, and nothing is applied (this value never changes: the result is a new value).
    ///
    /// ```swift
    /// let doc = try JSONValue(parsing: #"{"a": {"leaf": 1}}"#)
    /// let patch = try JSONPatch([
    ///     ["op": "test", "path": "/a/leaf", "value": 1],
    ///     ["op": "move", "from": "/a/leaf", "path": "/b"],
    ///     ["op": "remove", "path": "/missing/leaf"],
    /// ])
    /// try doc.applying(patch)
    /// // throws: [2]: remove "/missing/leaf": no member "missing" in the object at ""
    /// ```
    ///
    /// - `add` at `""` replaces the document; on an object it replaces the member in place or appends it; in an
    ///   array it inserts at an index from 0 to the count, or appends at `-`. It creates no missing parent.
    /// - `remove` and `replace` need their target to exist (`null` does, `-` never does); removing `""` fails.
    /// - `move` needs `from` to exist and not to be a proper prefix of `path`; moving a value to where it is changes
    ///   nothing. `copy` takes the value first, so it may copy a value into its own child.
    /// - `test` compares as `==` does: numbers by value (`1` is `1.0`, never `"1"` or `true`), strings by Unicode
    ///   scalars, arrays in order, objects in any order. A missing value is not `null`.
    ///
    /// - Parameter patch: The operations to apply.
    /// - Returns: The patched value.
    /// - Throws: A ``JSONMappingError`` with code ``JSONMappingError/Code/patchFailed``, whose path is the failed
    ///   operation's index (`[2]`) and whose message names the operation, its pointer as written and why.
    public func applying(_ patch: JSONPatch) throws(JSONMappingError) -> JSONValue {
        var document = self
        for (index, step) in patch.steps.enumerated() {
            do throws(PatchFailure) {
                try step.apply(to: &document)
            } catch {
                throw JSONMappingError(
                    code: .patchFailed, path: "[\(index)]", message: step.summary + ": " + error.reason)
            }
        }
        return document
    }
}

/// Why an operation failed, without the operation.
struct PatchFailure: Error {
    let reason: String
}

extension JSONPatch.Operation {
    /// The operation and its pointers as written, for messages: `remove "/a/b"`, `move from "/a" to "/b"`.
    var summary: String {
        if let from {
            return "\(kind.rawValue) from \(Quoting.quoted(from.description)) to \(Quoting.quoted(path.description))"
        }
        return "\(kind.rawValue) \(Quoting.quoted(path.description))"
    }

    /// Runs the operation on `document`.
    func apply(to document: inout JSONValue) throws(PatchFailure) {
        switch kind {
        case .add:
            try PatchWalk.add(value ?? .null, at: path, in: &document)
        case .remove:
            _ = try PatchWalk.remove(at: path, in: &document)
        case .replace:
            try PatchWalk.replace(at: path, with: value ?? .null, in: &document)
        case .move:
            guard let from else { return }
            if from == path {
                _ = try PatchWalk.value(at: from, in: document)
                return
            }
            if from.tokens.count < path.tokens.count,
                JSONPointer(tokens: Array(path.tokens.prefix(from.tokens.count))) == from
            {
                _ = try PatchWalk.value(at: from, in: document)
                throw PatchFailure(reason: "the destination is inside the value moved")
            }
            let moved = try PatchWalk.remove(at: from, in: &document)
            try PatchWalk.add(moved, at: path, in: &document)
        case .copy:
            guard let from else { return }
            try PatchWalk.add(try PatchWalk.value(at: from, in: document), at: path, in: &document)
        case .test:
            let found = try PatchWalk.value(at: path, in: document)
            let expected = value ?? .null
            guard found == expected else {
                let (shown, wanted) = (found.found, expected.found)
                throw PatchFailure(
                    reason: ExactKey.equal(shown, wanted)
                        ? "found \(shown) not equal to the \(wanted) expected" : "found \(shown), expected \(wanted)")
            }
        }
    }
}

/// Finding and changing the value a pointer names, with the reasons a step fails.
enum PatchWalk {
    /// A container taken out of its parent while a step changes something inside it.
    private struct Frame {
        var array: [JSONValue]?
        var object: JSONValue.Object?
        let position: Int
    }

    /// The value at `pointer`.
    static func value(at pointer: JSONPointer, in document: JSONValue) throws(PatchFailure) -> JSONValue {
        var current = document
        for (depth, token) in pointer.tokens.enumerated() {
            switch current {
            case .object(let object):
                guard let child = object[token] else { throw noMember(token, pointer, depth) }
                current = child
            case .array(let array):
                current = array[try position(of: token, in: array, pointer, depth)]
            default:
                throw notContainer(current, pointer, depth)
            }
        }
        return current
    }

    /// Adds `value` at `pointer`: replaces the document, replaces or appends a member, or inserts an element.
    static func add(_ value: JSONValue, at pointer: JSONPointer, in document: inout JSONValue) throws(PatchFailure) {
        guard let last = pointer.tokens.last else {
            document = value
            return
        }
        try withParent(of: pointer, in: &document) { parent throws(PatchFailure) in
            if var object = parent.takeObject() {
                object[last] = value
                parent = .object(object)
            } else if var array = parent.takeArray() {
                let index: Int
                if last == "-" {
                    index = array.count
                } else if let position = JSONPointer.index(last), position <= array.count {
                    index = position
                } else {
                    let count = array.count
                    parent = .array(array)
                    guard isDigits(last) else { throw notAnIndex(last, pointer, pointer.tokens.count - 1) }
                    throw PatchFailure(
                        reason: "index \(last) is past the end of the array at \(at(pointer, pointer.tokens.count - 1)), "
                            + "which has \(count)")
                }
                array.insert(value, at: index)
                parent = .array(array)
            } else {
                throw notContainer(parent, pointer, pointer.tokens.count - 1)
            }
        }
    }

    /// Removes the value at `pointer` and gives it back.
    static func remove(at pointer: JSONPointer, in document: inout JSONValue) throws(PatchFailure) -> JSONValue {
        guard let last = pointer.tokens.last else {
            throw PatchFailure(reason: "cannot remove the whole document")
        }
        return try withParent(of: pointer, in: &document) { parent throws(PatchFailure) in
            let depth = pointer.tokens.count - 1
            if var object = parent.takeObject() {
                guard let position = object.index(forKey: last) else {
                    parent = .object(object)
                    throw noMember(last, pointer, depth)
                }
                let removed = object.takeValue(at: position)
                object.remove(at: position)
                parent = .object(object)
                return removed
            } else if var array = parent.takeArray() {
                guard let position = JSONPointer.index(last, count: array.count) else {
                    parent = .array(array)
                    throw missingElement(last, count: array.count, pointer, depth)
                }
                let removed = array.remove(at: position)
                parent = .array(array)
                return removed
            }
            throw notContainer(parent, pointer, depth)
        }
    }

    /// Replaces the value at `pointer`, which must exist.
    static func replace(
        at pointer: JSONPointer, with value: JSONValue, in document: inout JSONValue
    ) throws(PatchFailure) {
        guard let last = pointer.tokens.last else {
            document = value
            return
        }
        try withParent(of: pointer, in: &document) { parent throws(PatchFailure) in
            let depth = pointer.tokens.count - 1
            if var object = parent.takeObject() {
                guard let position = object.index(forKey: last) else {
                    parent = .object(object)
                    throw noMember(last, pointer, depth)
                }
                object.setValue(value, at: position)
                parent = .object(object)
            } else if var array = parent.takeArray() {
                guard let position = JSONPointer.index(last, count: array.count) else {
                    parent = .array(array)
                    throw missingElement(last, count: array.count, pointer, depth)
                }
                array[position] = value
                parent = .array(array)
            } else {
                throw notContainer(parent, pointer, depth)
            }
        }
    }

    /// Runs `body` on the parent of the value `pointer` names (the value at all its tokens but the last), taking
    /// each container on the way out of its own parent first, so that `body` changes it in place; then puts them
    /// back, also when a step fails.
    private static func withParent<R>(
        of pointer: JSONPointer, in document: inout JSONValue, _ body: (inout JSONValue) throws(PatchFailure) -> R
    ) throws(PatchFailure) -> R {
        var frames: [Frame] = []
        var current = document
        document = .null
        var failure: PatchFailure?
        walk: for (depth, token) in pointer.tokens.dropLast().enumerated() {
            if var object = current.takeObject() {
                guard let position = object.index(forKey: token) else {
                    current = .object(object)
                    failure = noMember(token, pointer, depth)
                    break walk
                }
                current = object.takeValue(at: position)
                frames.append(Frame(object: object, position: position))
            } else if var array = current.takeArray() {
                guard let position = JSONPointer.index(token, count: array.count) else {
                    current = .array(array)
                    failure = missingElement(token, count: array.count, pointer, depth)
                    break walk
                }
                current = array[position]
                array[position] = .null
                frames.append(Frame(array: array, position: position))
            } else {
                failure = notContainer(current, pointer, depth)
                break walk
            }
        }
        let outcome: Result<R, PatchFailure>
        if let failure {
            outcome = .failure(failure)
        } else {
            do throws(PatchFailure) {
                outcome = .success(try body(&current))
            } catch {
                outcome = .failure(error)
            }
        }
        // Each container leaves its frame before it changes, so that the frame holds no second reference.
        while var frame = frames.popLast() {
            if var object = frame.object {
                frame.object = nil
                object.setValue(current, at: frame.position)
                current = .object(object)
            } else if var array = frame.array {
                frame.array = nil
                array[frame.position] = current
                current = .array(array)
            }
        }
        document = current
        switch outcome {
        case .success(let result): return result
        case .failure(let failure): throw failure
        }
    }

    // MARK: Reasons

    /// The position `token` names in `array`, which must hold an element there.
    private static func position(
        of token: String, in array: [JSONValue], _ pointer: JSONPointer, _ depth: Int
    ) throws(PatchFailure) -> Int {
        guard let position = JSONPointer.index(token, count: array.count) else {
            throw missingElement(token, count: array.count, pointer, depth)
        }
        return position
    }

    /// The pointer text of the container at `depth` (its first `depth` tokens), quoted.
    private static func at(_ pointer: JSONPointer, _ depth: Int) -> String {
        Quoting.quoted(pointer.prefixDescription(depth))
    }

    private static func noMember(_ token: String, _ pointer: JSONPointer, _ depth: Int) -> PatchFailure {
        PatchFailure(reason: "no member \(Quoting.quoted(token)) in the object at \(at(pointer, depth))")
    }

    /// `token` names no element of an array of `count` elements.
    private static func missingElement(
        _ token: String, count: Int, _ pointer: JSONPointer, _ depth: Int
    ) -> PatchFailure {
        if token == "-" {
            return PatchFailure(reason: "\"-\" is the end of the array at \(at(pointer, depth)), not an element")
        }
        guard isDigits(token) else { return notAnIndex(token, pointer, depth) }
        return PatchFailure(reason: "no element \(token) in the array at \(at(pointer, depth)), which has \(count)")
    }

    private static func notAnIndex(_ token: String, _ pointer: JSONPointer, _ depth: Int) -> PatchFailure {
        PatchFailure(reason: "\(Quoting.quoted(token)) is not an index of the array at \(at(pointer, depth))")
    }

    private static func notContainer(_ value: JSONValue, _ pointer: JSONPointer, _ depth: Int) -> PatchFailure {
        PatchFailure(reason: "the value at \(at(pointer, depth)) is \(value.found), not an object or an array")
    }

    /// Whether `token` is `0` or digits without a leading zero, however large.
    private static func isDigits(_ token: String) -> Bool {
        let utf8 = token.utf8
        guard let first = utf8.first, utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return false }
        return first != UInt8(ascii: "0") || utf8.count == 1
    }
}
