import Foundation

// Batches of elements scanned as one array, and the errors that end a walk.

extension StructureWalker {
    /// Complete elements of the innermost array, still in the window, waiting to be scanned together.
    struct Batch {
        /// The window index of the first element's first byte.
        private(set) var start: Int?
        /// Where each element ends, relative to ``start``.
        private(set) var ends: [Int] = []
        /// The index in its array of the first element.
        private(set) var firstIndex = 0
        /// Whether the last element runs to the end of input unfinished: no `]` is added after it.
        var isOpen = false

        mutating func add(start elementStart: Int, end: Int, index: Int) {
            if start == nil {
                start = elementStart
                firstIndex = index
            }
            ends.append(end - (start ?? elementStart))
        }

        func byteCount(upTo cursor: Int) -> Int {
            start.map { cursor - $0 } ?? 0
        }

        mutating func shift(by delta: Int) {
            if let start { self.start = start - delta }
        }

        mutating func reset() {
            start = nil
            ends.removeAll(keepingCapacity: true)
            isOpen = false
        }
    }

    /// Scans the batch as one array; for the target array, makes a record of each element. An error in it ends
    /// the walk, after records of the elements before the one that holds it.
    func flushBatch() {
        guard let start = batch.start, !batch.ends.isEmpty else { return batch.reset() }
        defer { batch.reset() }
        // The array holding the batch is the innermost frame: the batch's `[` stands for it.
        let scannedDepth = options.maximumDepth - max(0, frames.count - 1)
        let emits = frames.last?.isTarget == true
        switch parseBatch(start: start, elements: batch.ends.count, closed: !batch.isOpen, depth: scannedDepth) {
        case .success(let document):
            if emits { emit(document, firstIndex: batch.firstIndex) }
        case .failure(let error):
            var culprit = batch.ends.count - 1
            var relative = error
            var prefix = pathComponents(inValue: false)
            if let (index, rest) = PieceErrors.leadingIndex(of: error.path), index < batch.ends.count {
                culprit = index
                relative = JSONMappingError(
                    code: error.code, path: String(rest), message: error.message, line: error.line,
                    column: error.column)
                prefix.append(.index(batch.firstIndex + index))
            }
            let located = PieceErrors.relocate(
                relative, start: window.position(of: start), injected: 1, pathPrefix: JSONPath.format(prefix),
                scannedDepth: scannedDepth, maximumDepth: options.maximumDepth)
            if emits && culprit > 0,
                case .success(let document) = parseBatch(
                    start: start, elements: culprit, closed: true, depth: scannedDepth)
            {
                emit(document, firstIndex: batch.firstIndex)
            }
            finalError = located
            state = .done
        }
    }

    /// The first `elements` elements of the batch as a document `[…]` of their own.
    private func parseBatch(
        start: Int, elements: Int, closed: Bool, depth: Int
    ) -> Result<NativeDocument, JSONMappingError> {
        let length = batch.ends[elements - 1]
        let total = 1 + length + (closed ? 1 : 0)
        do {
            let buffer = try NativeDocument.allocateBuffer(count: total)
            buffer[0] = UInt8(ascii: "[")
            (buffer + 1).update(from: window.bytes + start, count: length)
            if closed { buffer[1 + length] = UInt8(ascii: "]") }
            return .success(try NativeDocument(adopting: buffer, count: total, maximumDepth: depth))
        } catch {
            return .failure(JSONMappingError(error))
        }
    }

    private func emit(_ document: NativeDocument, firstIndex: Int) {
        let path = target ?? []
        document.forEachElement(of: NativeDocument.root) { position, index in
            ready.append(.value(document, index: index, path: path + [.index(firstIndex + position)]))
        }
    }

    // MARK: Errors

    /// Ends the walk with a syntax error at window index `index`, with the path the native scanner would give.
    ///
    /// - Parameter inValue: Whether the error is inside the current member's or element's value (so the path
    ///   names it), rather than between members (so the path names the container).
    func fail(at index: Int, _ message: String, inValue: Bool = false) {
        if index >= window.count, let failure = window.failure { return finish(with: failure) }
        let (line, column) = window.position(of: index)
        finish(
            with: JSONMappingError(
                code: .malformedJSON, path: JSONPath.format(pathComponents(inValue: inValue)), message: message,
                line: line, column: column))
    }

    /// Ends the walk with `error`, after the batch (whose own error comes first, being earlier in the input).
    func finish(with error: JSONMappingError) {
        flushBatch()
        guard !isDone else { return }
        finalError = error
        state = .done
    }

    /// The path of the current position, as the native scanner builds it from its stack.
    func pathComponents(inValue: Bool) -> [PathComponent] {
        var components: [PathComponent] = []
        for (depth, frame) in frames.enumerated() where depth < frames.count - 1 || inValue {
            if frame.isObject {
                if let key = frame.key { components.append(.key(key)) }
            } else if frame.count > 0 {
                components.append(.index(frame.count - 1))
            }
        }
        return components
    }
}
