import Foundation

// Values: finding where each one ends, validating it with the native scanner, and following the target path.

extension StructureWalker {
    /// How the value at the cursor relates to the target path.
    enum Role {
        /// It is where the target array must be.
        case target
        /// It is a container the path goes through: an object when the next step is a key, an array otherwise.
        case onPath(wantsObject: Bool)
        case other
    }

    enum Found {
        case complete(end: Int)
        case malformed(end: Int)
        /// A container that goes on past ``StructureWalker/unitBudget``: open it instead.
        case overBudget
        /// A string longer than ``StructureWalker/unitBudget``, validated piece by piece as it was read; the cursor
        /// is after it. `found` describes it for a path mismatch (`String "abc…"`), when asked.
        case streamed(found: String?)
    }

    /// Reads the value at the cursor (its first byte is there, after whitespace); taken again after a stop for more
    /// input, goes on with the value whose search stopped.
    func value() {
        let byte: UInt8
        let role: Role
        if let resumed = resumedValue {
            (byte, role) = resumed
            resumedValue = nil
        } else {
            guard let first = peek() else {
                if suspended { return }
                return fail(at: cursor, "expected a value, found end of input", inValue: true)
            }
            byte = first
            role = self.role()
        }
        var onPath = false
        if case .other = role {} else { onPath = true }
        let inArray = frames.last.map { !$0.isObject } ?? false
        let batched = inArray && !onPath
        if batched && batch.byteCount(upTo: cursor) >= batchLimit {
            flushBatch()
            if isDone { return }
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            if frames.count >= options.maximumDepth {
                return fail(at: cursor, PieceErrors.depthMessage(options.maximumDepth))
            }
            let found = isObject ? "Object" : "Array"
            switch role {
            case .target:
                if !isObject { return open(isObject: false, onPath: true, isTarget: true) }
                mismatch(expected: "Array", found: found)
            case .onPath(let wantsObject):
                if wantsObject == isObject { return open(isObject: isObject, onPath: true, isTarget: false) }
                mismatch(expected: wantsObject ? "Object" : "Array", found: found)
            case .other:
                break
            }
            let inTarget = frames.last?.isTarget == true
            guard let extent = find(budget: inTarget ? nil : budget) else { return keep(byte, role) }
            switch extent {
            case .overBudget: open(isObject: isObject, onPath: false, isTarget: false)
            case .complete(let end): take(end: end, batched: batched, malformed: false)
            case .malformed(let end): take(end: end, batched: batched, malformed: true)
            case .streamed: break
            }
        case UInt8(ascii: "\""):
            // A long string is validated as it comes, unless it is a record (held whole, to be mapped).
            let streams = frames.last?.isTarget != true
            guard let extent = find(budget: nil, streamingStrings: streams, describing: onPath) else {
                return keep(byte, role)
            }
            switch extent {
            case .complete(let end):
                let start = finder.start
                take(end: end, batched: batched, malformed: false)
                if onPath && !isDone { mismatch(expected: expectation(role), found: describeValue(start, end)) }
            case .malformed(let end):
                take(end: end, batched: batched, malformed: true)
            case .streamed(let found):
                if onPath && !isDone { mismatch(expected: expectation(role), found: found ?? "String") }
            case .overBudget:
                break
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
            UInt8(ascii: "n"):
            let found = find(budget: nil)
            guard case .complete(let end)? = found else { return found == nil ? keep(byte, role) : () }
            token(end: end, batched: batched, role: onPath ? role : nil)
        default:
            fail(at: cursor, "expected a value, found \(PieceErrors.describe(byte))", inValue: true)
        }
    }

    /// Keeps the value whose search stopped for more input, so that the step goes on with it.
    private func keep(_ byte: UInt8, _ role: Role) {
        if suspended { resumedValue = (byte, role) }
    }

    /// The role of the value at the cursor.
    func role() -> Role {
        guard let target, case .notSeen = targetState else { return .other }
        let depth = frames.count
        if let top = frames.last {
            guard top.onPath, depth <= target.count else { return .other }
            switch target[depth - 1] {
            case .key(let key):
                guard top.isObject, let name = top.key, ExactKey.equal(name, key) else { return .other }
            case .index(let index):
                guard !top.isObject, top.count - 1 == index else { return .other }
            }
        }
        if depth == target.count { return .target }
        if case .key = target[depth] { return .onPath(wantsObject: true) }
        return .onPath(wantsObject: false)
    }

    private func expectation(_ role: Role) -> String {
        if case .onPath(let wantsObject) = role, wantsObject { return "Object" }
        return "Array"
    }

    /// Notes that the value at the cursor, on the path, is not the container the path needs; the input is still
    /// validated to its end, and the error comes last (a syntax error found on the way comes instead).
    private func mismatch(expected: String, found: String) {
        let path = JSONPath.format((target ?? []).prefix(frames.count))
        targetState = .failed(.typeMismatch(path: path, expected: expected, found: found, required: true))
    }

    /// How errors name the (valid) scalar between `start` and `end`: `String "abc"`, `Number 12`, `null`.
    private func describeValue(_ start: Int, _ end: Int) -> String {
        let data = Data(bytes: window.bytes + start, count: end - start)
        guard let document = try? NativeDocument(data: data, maximumDepth: 1) else { return "a value" }
        return JSONNode.native(document, NativeDocument.root).found
    }

    // MARK: Finding

    /// Finds where the value at the cursor ends, reading more as needed; `nil` when an error ended the walk, or
    /// when a pushed window ran dry (``suspended``): the search goes on where it stopped when it is asked again.
    ///
    /// - Parameters:
    ///   - budget: For a container, how many bytes it may take before it is opened instead.
    ///   - streamingStrings: Whether a string longer than ``budget`` is validated piece by piece as it is read
    ///     (and not held), rather than found whole.
    ///   - describing: Whether such a string must be described for a path mismatch.
    func find(budget: Int?, streamingStrings: Bool = false, describing: Bool = false) -> Found? {
        if !finding {
            finder.reset(at: cursor, first: window.bytes[cursor], maximumDepth: options.maximumDepth - frames.count)
            finding = true
            findCheck = Self.firstEarlyCheck
            findStreamed = false
            findFound = nil
        }
        let found = search(budget: budget, streamingStrings: streamingStrings, describing: describing)
        if found != nil || !suspended { finding = false }
        return found
    }

    /// The search loop of ``find(budget:streamingStrings:describing:)``.
    private func search(budget: Int?, streamingStrings: Bool, describing: Bool) -> Found? {
        while true {
            let streamed = findStreamed
            let found = findFound
            switch finder.run(window.bytes, count: window.count, atEnd: window.atEnd) {
            case .complete(let end):
                return streamed ? finishString(end: end, malformed: false, found: found) : .complete(end: end)
            case .malformed(let end):
                return streamed ? finishString(end: end, malformed: true, found: found) : .malformed(end: end)
            case .needsMore:
                let length = window.count - finder.start
                if let budget, length >= budget { return .overBudget }
                if streamingStrings && finder.kind == .string && length >= self.budget {
                    guard let released = releaseString(describing: describing && !streamed, found: &findFound) else {
                        return nil
                    }
                    findStreamed = streamed || released
                } else if length >= findCheck && !streamed {
                    if let error = earlyError() {
                        finish(with: error)
                        return nil
                    }
                    findCheck *= 2
                }
                refill()
                if suspended {
                    // The elements before are handed out now, not once this value is whole: it may come late.
                    if batch.start != nil { flushBatch() }
                    return nil
                }
            }
        }
    }

    /// The first error in the value being found, scanned as far as it has been read, or `nil` when it is
    /// well-formed so far: the check that keeps malformed input from filling memory.
    private func earlyError() -> JSONMappingError? {
        let start = finder.start
        let length = window.count - start
        do {
            try scanInPlace(start, count: length)
            return nil
        } catch {
            let end = SourcePosition.lineAndColumn(of: length, in: window.bytes + start, count: length)
            if error.line == end.0 && error.column == end.1 { return nil }
            return relocated(error, start: start)
        }
    }

    /// Validates the value from the finder's start to `end` (into the batch, or now), and moves past it.
    private func take(end: Int, batched: Bool, malformed: Bool) {
        let start = finder.start
        if malformed && end >= window.count, let failure = window.failure {
            return finish(with: failure)
        }
        if batched {
            batch.add(start: start, end: end, index: (frames.last?.count ?? 1) - 1)
            cursor = end
            state = .afterValue
            guard malformed else { return }
            batch.isOpen = end >= window.count
            flushBatch()
        } else {
            do {
                try scanInPlace(start, count: end - start)
            } catch {
                return finish(with: relocated(error, start: start))
            }
            cursor = end
            state = .afterValue
            guard malformed else { return }
        }
        // The scanner always finds what made the finder stop; should it not, the value is still not accepted.
        if !isDone { fail(at: start, "malformed value", inValue: true) }
    }

    /// A number or literal from the cursor to `end`: checked now, so that a batch never ends in one the scanner
    /// would read differently with a `]` after it.
    private func token(end: Int, batched: Bool, role: Role?) {
        let start = cursor
        var valueEnd = end
        // A token that runs to where the stream failed may have been cut short (`34` read as `3`): not a value.
        if end >= window.count, let failure = window.failure { return finish(with: failure) }
        if !PieceErrors.isNumberOrLiteral(window.bytes + start, count: end - start) {
            // With the byte after it, so that the scanner names the real byte where the token goes wrong.
            let length = end - start + (end < window.count ? 1 : 0)
            do {
                try scanInPlace(start, count: length)
            } catch {
                let ended = error.message.hasPrefix("expected end of input after the top-level value")
                guard ended, error.line == 1, let column = error.column else {
                    return finish(with: relocated(error, start: start))
                }
                // A valid number or literal followed by more token bytes (`1e5x`): what follows is the error.
                valueEnd = min(end, start + column - 1)
            }
        }
        if batched { batch.add(start: start, end: valueEnd, index: (frames.last?.count ?? 1) - 1) }
        cursor = valueEnd
        state = .afterValue
        if let role { mismatch(expected: expectation(role), found: describeValue(start, valueEnd)) }
    }

    /// Reads the key at the cursor, validated and decoded; `nil` when an error ended the walk.
    func readKey() -> String? {
        guard let extent = find(budget: nil) else { return nil }
        let start = finder.start
        let end: Int
        switch extent {
        case .complete(let complete): end = complete
        case .malformed(let malformed): end = malformed
        case .overBudget, .streamed: return nil
        }
        if end >= window.count, let failure = window.failure {
            finish(with: failure)
            return nil
        }
        do {
            try scanInPlace(start, count: end - start)
        } catch {
            finish(with: relocated(error, start: start))
            return nil
        }
        guard case .complete = extent, end - start >= 2 else {
            fail(at: start, "malformed value", inValue: true)
            return nil
        }
        cursor = end
        let content = window.bytes + start + 1
        let length = end - start - 2
        let escaped = memchr(content, Int32(UInt8(ascii: "\\")), length) != nil
        // `scanInPlace` validated the string's UTF-8 above.
        return StringDecoding.decodeScanned(content, count: length, escaped: escaped)
    }

    // MARK: Scanning

    /// Scans the `count` bytes at `start` as a JSON text of their own, where they are: the bytes after them are
    /// zeroed for the scanner's padding and restored afterwards.
    ///
    /// - Parameter quoting: Whether the byte at `start` stands in for a string's opening quote (and is one while
    ///   the bytes are scanned).
    /// - Throws: The scanner's error, relative to `start` (see ``relocated(_:start:)``).
    func scanInPlace(_ start: Int, count: Int, quoting: Bool = false) throws(JSONMappingError) {
        let after = UnsafeMutableRawPointer(window.bytes + start + count)
        let saved = after.loadUnaligned(as: UInt64.self)
        after.storeBytes(of: 0, as: UInt64.self)
        let first = window.bytes[start]
        if quoting { window.bytes[start] = UInt8(ascii: "\"") }
        defer {
            after.storeBytes(of: saved, as: UInt64.self)
            window.bytes[start] = first
        }
        do {
            try NativeScanner.validate(
                bytes: window.bytes + start, count: count, maximumDepth: options.maximumDepth - frames.count)
        } catch {
            throw JSONMappingError(error)
        }
    }

    /// An error the scanner found in the value at `start`, at its place in the whole input.
    func relocated(_ error: JSONMappingError, start: Int) -> JSONMappingError {
        PieceErrors.relocate(
            error, start: window.position(of: start), pathPrefix: JSONPath.format(pathComponents(inValue: true)),
            scannedDepth: options.maximumDepth - frames.count, maximumDepth: options.maximumDepth)
    }
}
