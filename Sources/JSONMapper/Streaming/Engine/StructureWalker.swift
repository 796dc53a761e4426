// Streaming/Engine/ owns the streaming engine: the window over a stream (StreamWindow) and the whole-stream reader
// (StreamReader), the walker over one huge document (StructureWalker) and the JSON Lines splitter (LineSplitter),
// which hand out `StreamedRecord`s, never contexts; and the output side's stream (StreamOutput).

import Foundation

/// Validates a JSON text read piece by piece from a stream, in memory bounded by its largest record (or key, or
/// number), and hands out the elements of one array in it as records (a document and a path; `JSONMapper.elements`
/// makes each a context).
///
/// The walker follows the containers that are too large to hold, or that lead to the target array, on a stack of
/// its own (never by recursion), and checks what lies between their values itself, with the native scanner's
/// messages. Every value it does not open (a key, a scalar, a container that fits in ``unitBudget``, an element of
/// the target array) is found with ``ValueFinder`` and validated by the native scanner; a string longer than
/// ``unitBudget`` outside the target array is validated piece by piece as it is read (`StructureWalker+Strings`).
/// Whitespace is never kept. Elements of an array are
/// gathered into batches of about ``batchBytes`` that the scanner reads as one array, so that a batch costs one
/// scan and two allocations however many elements it holds. Every error reads as if the whole input had been scanned
/// at once: the same message, its line and column in the whole input, and its full path.
///
/// Every step can stop where a pushed window ran dry (``StreamWindow/waiting``, see ``suspended``) and be taken
/// again once the async driver has pushed more: a step changes nothing it would redo before it reads more, or keeps
/// what it has done (the value being found, in ``resumedValue``; a member's key, by going on in a state of its own).
final class StructureWalker {
    /// Elements are scanned together until a batch holds this many bytes.
    static let batchBytes = 64 * 1024
    /// `validate` scans an input that ends within this many bytes whole, in one pass, instead of walking it: the
    /// walk finds each value's end before the scanner reads it, two passes at a quarter of the scanner's speed.
    /// The scan's tape (at most about four times the input) keeps validation within the streaming memory bound.
    static let wholeScanLimit = 8 << 20
    /// A container (other than the target array's elements) that has not ended within this many bytes is opened
    /// and walked instead of being held whole.
    static let unitBudget = 1 << 20
    /// A record still growing past this size is scanned as far as it goes, so that malformed input is reported
    /// before it fills memory; then again at each doubling.
    static let firstEarlyCheck = 4 << 20

    struct Frame {
        let isObject: Bool
        /// Members or elements begun, counted as the native scanner counts them.
        var count = 0
        /// The key of the current member, once it has been validated (objects only).
        var key: String?
        /// Whether this container lies on the path to the target array.
        let onPath: Bool
        /// Whether this is the target array, whose elements become records.
        let isTarget: Bool
    }

    enum State {
        case start
        case value
        case afterValue
        /// After a `,` in an array: a value must follow.
        case afterComma
        case arrayOpened
        case objectOpened
        case key(first: Bool)
        /// After a member's key: its `:` must follow.
        case colon
        case done
    }

    /// What ``poll()`` found.
    enum Poll {
        case record(StreamedRecord)
        /// A pushed window ran dry: push more bytes (or end it), then poll again.
        case needsInput
        case end
    }

    /// What the walker knows of the target array.
    enum TargetState {
        case notSeen
        case streaming
        case done
        case failed(JSONMappingError)
    }

    let window: StreamWindow
    let options: JSONMapper.Options
    /// ``unitBudget`` and ``batchBytes`` for this walk (tests make them small to reach every path).
    let budget: Int
    let batchLimit: Int
    /// The path to the array whose elements become records; `nil` to validate only.
    let target: [PathComponent]?
    var frames: [Frame] = []
    var state = State.start
    var targetState = TargetState.notSeen
    /// The next byte to look at.
    var cursor = 0
    var finder = ValueFinder()
    /// Whether ``finder`` is searching, so that refills keep its bytes.
    var finding = false
    var batch = Batch()
    /// Records ready to be handed out, from ``readyIndex`` on.
    var ready: [StreamedRecord] = []
    var readyIndex = 0
    /// The error that ends the walk, handed out after the records before it.
    var finalError: JSONMappingError?
    /// The first byte and role of a value whose search stopped for more input, so that the step goes on with it.
    var resumedValue: (byte: UInt8, role: Role)?
    /// The search's state kept across a stop for more input: when the value is next scanned early, whether a long
    /// string was released piece by piece, and how it was described.
    var findCheck = firstEarlyCheck
    var findStreamed = false
    var findFound: String?

    init(
        window: StreamWindow, options: JSONMapper.Options, target: [PathComponent]?, budget: Int = unitBudget,
        batchLimit: Int = batchBytes
    ) {
        self.window = window
        self.options = options
        self.target = target
        self.budget = budget
        self.batchLimit = batchLimit
    }

    // MARK: Driving

    /// The next element's record, the failure that ends the walk, or `nil` at the end (a window read from a stream
    /// never waits for input).
    func nextRecord() -> StreamedRecord? {
        guard case .record(let record) = poll() else { return nil }
        return record
    }

    /// The next element's record, the failure that ends the walk, the end, or a stop for more input.
    func poll() -> Poll {
        while readyIndex == ready.count {
            if case .done = state {
                guard let error = finalError else { return .end }
                finalError = nil
                return .record(.failure(error))
            }
            if window.waiting { return .needsInput }
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            step()
        }
        defer { readyIndex += 1 }
        return .record(ready[readyIndex])
    }

    /// Walks the whole input and returns its first error, or `nil` when it is a JSON text.
    func validate() -> JSONMappingError? {
        while true {
            if case .done = state { return finalError }
            ready.removeAll(keepingCapacity: true)
            step()
        }
    }

    /// Walks as far as the input pushed so far goes: `.some(error)` (`nil` inside when valid) once the walk is
    /// over, `nil` when it stopped for more input.
    func validateSoFar() -> JSONMappingError?? {
        while true {
            if case .done = state { return .some(finalError) }
            if window.waiting { return nil }
            ready.removeAll(keepingCapacity: true)
            step()
        }
    }

    /// Whether the step stopped because a pushed window ran dry: it is taken again once more has arrived.
    var suspended: Bool {
        window.waiting && !isDone
    }

    private func step() {
        switch state {
        case .start: start()
        case .value: value()
        case .afterValue: afterValue()
        case .afterComma: afterComma()
        case .arrayOpened: arrayOpened()
        case .objectOpened: objectOpened()
        case .key(let first): key(first: first)
        case .colon: colon()
        case .done: break
        }
    }

    // MARK: Reading

    /// The byte at the cursor after skipping whitespace, reading more as needed; `nil` at the end of input, or when
    /// the batch it scanned ended the walk.
    ///
    /// Whitespace is never kept: before reading more, the batch before it is scanned, so that the window can let
    /// go of everything up to the cursor, however much whitespace comes.
    func peek() -> UInt8? {
        while true {
            while cursor < window.count {
                let byte = window.bytes[cursor]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
                cursor += 1
                // Runs of spaces (indentation, padding) eight at a time.
                while byte == 0x20 && cursor + 8 <= window.count
                    && UnsafeRawPointer(window.bytes + cursor).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
                {
                    cursor += 8
                }
            }
            if window.atEnd { return nil }
            if batch.start != nil {
                flushBatch()
                if isDone { return nil }
            }
            refill()
            if window.waiting { return nil }
        }
    }

    /// Reads more input, keeping the bytes of the batch and of the value being found.
    func refill() {
        var keep = cursor
        if let start = batch.start { keep = min(keep, start) }
        if finding { keep = min(keep, finder.start) }
        let moved = window.refill(keepingFrom: keep)
        guard moved > 0 else { return }
        cursor -= moved
        batch.shift(by: moved)
        if finding { finder.shift(by: moved) }
    }

    // MARK: Steps

    private func start() {
        // RFC 8259 lets a parser ignore a leading UTF-8 byte-order mark.
        while window.count < 3 && !window.atEnd {
            refill()
            if suspended { return }
        }
        // Taken again after a stop for more input, the step has moved past the start: the mark is not looked for.
        let atStart = cursor == 0 && window.offset(of: 0) == 0
        if atStart && ByteOrderMark.begins(window.bytes, count: window.count) {
            cursor = 3
        } else if atStart, let failure = window.failure, ByteOrderMark.isCutShort(window.bytes, count: window.count) {
            // The stream failed inside what may have been a byte-order mark: its failure is the error, not the
            // mark's first bytes read as a value.
            return finish(with: failure)
        }
        guard peek() != nil else {
            if suspended { return }
            let empty = window.offset(of: window.count) == 0
            return fail(at: cursor, empty ? "the document is empty" : "expected a value, found end of input")
        }
        state = .value
    }

    private func arrayOpened() {
        guard let byte = peek() else {
            if suspended { return }
            return fail(at: cursor, "expected a value or ']', found end of input")
        }
        if byte == UInt8(ascii: "]") {
            cursor += 1
            return close()
        }
        frames[frames.count - 1].count = 1
        state = .value
    }

    private func objectOpened() {
        let byte = peek()
        guard !isDone && !suspended else { return }
        guard byte == UInt8(ascii: "}") else {
            state = .key(first: true)
            return
        }
        cursor += 1
        close()
    }

    private func key(first: Bool) {
        let byte = peek()
        if suspended { return }
        guard byte == UInt8(ascii: "\"") else {
            if !first && byte == UInt8(ascii: "}") {
                return fail(at: cursor, "expected a key after ',', found '}' (trailing commas are not allowed)")
            }
            let found = PieceErrors.describe(byte)
            return fail(
                at: cursor,
                first ? "expected a string key or '}', found \(found)" : "expected a string key, found \(found)")
        }
        let last = frames.count - 1
        if first { frames[last].count = 1 }
        frames[last].key = nil
        guard let key = readKey() else { return }
        frames[last].key = key
        state = .colon
    }

    /// After a member's key: its `:`. The value after it is read by ``value()``, which finds a missing one as the
    /// native scanner does.
    private func colon() {
        let colon = peek()
        if suspended { return }
        guard colon == UInt8(ascii: ":") else {
            return fail(at: cursor, "expected ':' after an object key, found \(PieceErrors.describe(colon))")
        }
        cursor += 1
        state = .value
    }

    private func afterValue() {
        let byte = peek()
        if suspended { return }
        guard let top = frames.last else {
            if let byte {
                return fail(
                    at: cursor, "expected end of input after the top-level value, found \(PieceErrors.describe(byte))")
            }
            return finishDocument()
        }
        if byte == UInt8(ascii: ",") {
            frames[frames.count - 1].count += 1
            cursor += 1
            state = top.isObject ? .key(first: false) : .afterComma
            return
        }
        if byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            cursor += 1
            return close()
        }
        let found = PieceErrors.describe(byte)
        fail(
            at: cursor,
            top.isObject
                ? "expected ',' or '}' after an object member, found \(found)"
                : "expected ',' or ']' after an array element, found \(found)")
    }

    /// After a `,` in an array: the next element must follow.
    private func afterComma() {
        let next = peek()
        if suspended { return }
        if next == UInt8(ascii: "]") {
            return fail(
                at: cursor, "expected a value after ',', found ']' (trailing commas are not allowed)", inValue: true)
        }
        if next == nil {
            return fail(at: cursor, "expected a value after ',', found end of input", inValue: true)
        }
        state = .value
    }

    /// Opens a container at the cursor: its members or elements are walked one by one.
    func open(isObject: Bool, onPath: Bool, isTarget: Bool) {
        flushBatch()
        guard !isDone else { return }
        frames.append(Frame(isObject: isObject, onPath: onPath, isTarget: isTarget))
        if isTarget { targetState = .streaming }
        cursor += 1
        state = isObject ? .objectOpened : .arrayOpened
    }

    /// Closes the innermost container (its closer was just read).
    private func close() {
        if frames.last.map({ !$0.isObject }) == true {
            flushBatch()
            guard !isDone else { return }
        }
        let frame = frames.removeLast()
        if frame.isTarget { targetState = .done }
        state = .afterValue
    }

    /// The input ended after a complete top-level value: say whether the target array was found. A stream that
    /// failed there did not end: its failure is the error, as when the whole input is read at once.
    private func finishDocument() {
        if let failure = window.failure { return finish(with: failure) }
        state = .done
        guard let target else { return }
        switch targetState {
        case .notSeen:
            finalError = .missing(path: JSONPath.format(target), expected: "Array")
        case .failed(let error):
            finalError = error
        case .streaming, .done:
            break
        }
    }

    var isDone: Bool {
        if case .done = state { return true }
        return false
    }
}
