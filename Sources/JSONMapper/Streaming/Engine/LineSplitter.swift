import Foundation

/// Splits JSON Lines read from a stream into one document per non-blank line, in memory bounded by the longest line.
///
/// Lines end at `\n` (a `\r` before it is dropped); lines of nothing but whitespace are skipped. Lines that hold
/// exactly one value by ``ValueFinder``'s reckoning are gathered into batches of about ``batchBytes`` that the
/// native scanner reads as one array `[line,line,…]`, so that a batch costs one scan and two allocations. When a
/// batch does not scan cleanly, or a line does not look like one value, each line is scanned on its own: that is the
/// ground truth, and a malformed line gives a failure whose error has its line and column in the whole input.
///
/// With ``Framing/textSequence`` it splits RFC 7464 JSON text sequences instead: each text starts with RS (0x1E)
/// and runs to the next RS; texts of nothing but whitespace are skipped and not numbered; a text that is a number
/// or literal with nothing after it may have been truncated and is a failure; bytes before the first RS are one
/// failure; and each error is placed as the text alone places it in memory. A byte-order mark is skipped at the
/// start of the input (both framings) and at the start of each text.
///
/// It hands out documents, not contexts: `JSONMapper.lines` makes each record a context (see
/// `Streaming/JSONDeserializationContext+Records.swift`).
///
/// Every step can stop where a pushed window ran dry (``StreamWindow/waiting``) and go on from there once the
/// async driver has pushed more: ``poll()`` then says ``Poll/needsInput``.
final class LineSplitter {
    typealias Framing = RecordFraming

    /// What ``poll()`` found.
    enum Poll {
        /// The next record, with its number.
        case record(line: Int, record: StreamedRecord)
        /// A pushed window ran dry: push more bytes (or end it), then poll again.
        case needsInput
        /// The end of the input.
        case end
    }

    /// The record separator that starts each text of a JSON text sequence.
    static let recordSeparator: UInt8 = 0x1E
    /// Lines are scanned together until a batch holds this many bytes.
    static let batchBytes = 64 * 1024
    /// A line still growing past this size is scanned as far as it goes, so that a malformed line is reported
    /// (and skipped) before it fills memory; then again at each doubling.
    static let firstEarlyCheck = 4 << 20

    /// One line waiting in the batch, with offsets relative to the batch's start.
    struct BatchLine {
        let number: Int
        let start: Int
        /// Where its content ends (before any `\r`).
        let end: Int
        /// Where its `\n` is, if it has one.
        let newline: Int?
    }

    let window: StreamWindow
    let options: JSONMapper.Options
    let batchLimit: Int
    let framing: Framing
    /// The byte that ends a record: `\n`, or RS.
    private let delimiter: UInt8
    /// The start of the next line.
    private var cursor = 0
    /// The number of the line at ``cursor``, from 1; for a text sequence, the number of the texts before it (the
    /// bytes before the first RS counting as one).
    private var line = 1
    /// For a text sequence: the number of records handed out or waiting, which numbers the next one.
    private var numbered = 0
    /// For a text sequence: whether the record being read is the bytes before the first RS.
    private var beforeFirstText = true
    /// Where the search for the end of the current line goes on from (kept across a stop for more input).
    private var searched = 0
    /// The length of the current line at which it is next scanned early.
    private var check = firstEarlyCheck
    /// Whether the rest of a reported line is being skipped.
    private var skipping = false
    private var batchStart: Int?
    private var batch: [BatchLine] = []
    private var finder = ValueFinder()
    private var ready: [(line: Int, record: StreamedRecord)] = []
    private var readyIndex = 0
    private var done = false

    init(window: StreamWindow, options: JSONMapper.Options, batchLimit: Int = batchBytes, framing: Framing = .lines) {
        self.window = window
        self.options = options
        self.batchLimit = batchLimit
        self.framing = framing
        delimiter = framing == .lines ? UInt8(ascii: "\n") : Self.recordSeparator
    }

    /// The next non-blank line's number and record, or `nil` at the end of input (a window read from a stream never
    /// waits for input).
    func nextRecord() -> (line: Int, record: StreamedRecord)? {
        guard case .record(let line, let record) = poll() else { return nil }
        return (line, record)
    }

    /// The next non-blank line's number and record, the end of input, or a stop for more input.
    func poll() -> Poll {
        while readyIndex == ready.count {
            if done { return .end }
            if window.waiting { return .needsInput }
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            if skipping { skipRestOfLine() } else { step() }
        }
        defer { readyIndex += 1 }
        let next = ready[readyIndex]
        return .record(line: next.line, record: next.record)
    }

    private func step() {
        var end = 0
        var hasNewline = false
        while true {
            if let found = memchr(window.bytes + searched, Int32(delimiter), window.count - searched) {
                end = window.bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
                hasNewline = true
                break
            }
            searched = window.count
            if window.atEnd {
                end = window.count
                break
            }
            if window.count - cursor >= check {
                if let error = earlyError() {
                    flush()
                    ready.append((nextNumber(), .failure(error)))
                    return skipRestOfLine()
                }
                check *= 2
            }
            let moved = window.refill(keepingFrom: min(cursor, batchStart ?? cursor))
            cursor -= moved
            searched -= moved
            batchStart = batchStart.map { $0 - moved }
            if window.waiting {
                // The lines before are handed out now, not when a full batch has come: the next may come late.
                return flush()
            }
        }
        if !hasNewline, let failure = window.failure {
            flush()
            ready.append((nextNumber(), .failure(failure)))
            done = true
            return
        }
        var contentEnd = end
        if framing == .lines && contentEnd > cursor && window.bytes[contentEnd - 1] == UInt8(ascii: "\r") {
            contentEnd -= 1
        }
        take(start: cursor, end: contentEnd, newline: hasNewline ? end : nil)
        cursor = hasNewline ? end + 1 : end
        nextLine()
        if !hasNewline {
            flush()
            done = true
        } else if let batchStart, cursor - batchStart >= batchLimit {
            flush()
        }
    }

    /// Moves on to the next line (or text), its search starting afresh.
    private func nextLine() {
        line += 1
        searched = cursor
        check = Self.firstEarlyCheck
        if framing == .textSequence { beforeFirstText = false }
    }

    /// The number of the record being read: its line, or for a text sequence the next number among the records.
    private func nextNumber() -> Int {
        guard framing == .textSequence else { return line }
        numbered += 1
        return numbered
    }

    /// Adds the line from `start` to `end` to the batch, or maps it alone when it does not look like one value.
    private func take(start: Int, end: Int, newline: Int?) {
        var first = start
        if mayBeginWithByteOrderMark(start) && ByteOrderMark.begins(window.bytes + start, count: end - start) {
            first += 3
        }
        while first < end, Self.isWhitespace(window.bytes[first]) { first += 1 }
        guard first < end else { return }  // a blank line
        if framing == .textSequence && beforeFirstText {
            flush()
            return ready.append((nextNumber(), .failure(bytesBeforeFirstText(at: first))))
        }
        guard let valueEnd = oneValueEnd(from: first, to: end) else {
            flush()
            let number = nextNumber()
            return ready.append((number, single(start: start, end: end, number: number)))
        }
        let number = nextNumber()
        if framing == .textSequence && finder.kind == .token && valueEnd == end {
            flush()
            return ready.append((number, .failure(truncated(start: start, end: end))))
        }
        let base = batchStart ?? start
        batchStart = base
        batch.append(
            BatchLine(number: number, start: start - base, end: end - base, newline: newline.map { $0 - base }))
    }

    /// Whether the record that starts at `start` may begin with a byte-order mark, skipped as a document alone skips
    /// one: at the start of the input, and at the start of each text of a sequence, which is read as it would be
    /// alone (a text that is a number after a mark is then checked for truncation as any other).
    private func mayBeginWithByteOrderMark(_ start: Int) -> Bool {
        framing == .textSequence || window.offset(of: start) == 0
    }

    /// Where the value from `first` (not whitespace) ends when the bytes up to `end` are one value followed by
    /// whitespace only, as far as ``ValueFinder`` can tell (a number or literal must also be well-formed); `nil`
    /// when they are not.
    private func oneValueEnd(from first: Int, to end: Int) -> Int? {
        finder.reset(at: first, first: window.bytes[first], maximumDepth: options.maximumDepth)
        guard case .complete(let valueEnd) = finder.run(window.bytes, count: end, atEnd: true) else { return nil }
        if finder.kind == .token {
            guard valueEnd > first, PieceErrors.isNumberOrLiteral(window.bytes + first, count: valueEnd - first) else {
                return nil
            }
        }
        var i = valueEnd
        while i < end, Self.isWhitespace(window.bytes[i]) { i += 1 }
        return i == end ? valueEnd : nil
    }

    /// The error of a text that is a number or literal with nothing after it, which a writer cut short may have
    /// left (`12` of `123`): placed at its end, as in the text alone.
    private func truncated(start: Int, end: Int) -> JSONMappingError {
        let (line, column) = SourcePosition.lineAndColumn(of: end - start, in: window.bytes + start, count: end - start)
        return JSONMappingError(
            code: .malformedJSON, path: "",
            message: "the text ends in a number or literal with no whitespace after it: it may have been truncated",
            line: line, column: column)
    }

    /// The error of bytes before the first RS of a text sequence, placed at the first that is not whitespace.
    private func bytesBeforeFirstText(at first: Int) -> JSONMappingError {
        let (line, column) = window.position(of: first)
        return JSONMappingError(
            code: .malformedJSON, path: "",
            message: "expected a record separator (0x1E) before the first text, found "
                + PieceErrors.describe(window.bytes[first]),
            line: line, column: column)
    }

    /// Maps the batch as one array; when it does not scan cleanly, maps each of its lines alone.
    private func flush() {
        guard let start = batchStart, let last = batch.last else { return }
        defer {
            batchStart = nil
            batch.removeAll(keepingCapacity: true)
        }
        let total = last.end + 2
        if let buffer = try? NativeDocument.allocateBuffer(count: total) {
            buffer[0] = UInt8(ascii: "[")
            (buffer + 1).update(from: window.bytes + start, count: last.end)
            for entry in batch.dropLast() {
                if let newline = entry.newline { buffer[1 + newline] = UInt8(ascii: ",") }
            }
            // A byte-order mark is allowed only where a record may begin with one (`take` skipped it): blank it out
            // inside the batch. Only the first line of JSON Lines may have one, any text of a sequence.
            for entry in framing == .lines ? batch.prefix(1) : batch[...]
            where mayBeginWithByteOrderMark(start + entry.start)
                && ByteOrderMark.begins(buffer + 1 + entry.start, count: entry.end - entry.start)
            {
                (buffer + 1 + entry.start).update(repeating: 0x20, count: 3)
            }
            buffer[total - 1] = UInt8(ascii: "]")
            // One more level for the batch's array (none above `Int.max`, which sets no limit); a line nested too
            // deep fails here and is mapped alone below.
            let (deeper, overflow) = options.maximumDepth.addingReportingOverflow(1)
            if let document = try? NativeDocument(
                adopting: buffer, count: total, maximumDepth: overflow ? .max : deeper),
                document.count(of: NativeDocument.root) == batch.count
            {
                document.forEachElement(of: NativeDocument.root) { index, element in
                    ready.append((batch[index].number, .value(document, index: element, path: [])))
                }
                return
            }
        }
        for entry in batch {
            ready.append(
                (entry.number, single(start: start + entry.start, end: start + entry.end, number: entry.number)))
        }
    }

    /// The record of the line from `start` to `end`, scanned on its own.
    private func single(start: Int, end: Int, number: Int) -> StreamedRecord {
        // The scanner skips a byte-order mark at the start of what it scans: after the first line, a space before
        // the line keeps one from being skipped. A text of a sequence is read as it would be alone.
        let shielded = framing == .lines && window.offset(of: start) > 0 ? 1 : 0
        do {
            let count = end - start + shielded
            let buffer = try NativeDocument.allocateBuffer(count: count)
            if shielded == 1 { buffer[0] = UInt8(ascii: " ") }
            (buffer + shielded).update(from: window.bytes + start, count: count - shielded)
            let document = try NativeDocument(adopting: buffer, count: count, maximumDepth: options.maximumDepth)
            return .value(document, index: NativeDocument.root, path: [])
        } catch {
            return .failure(relocated(JSONMappingError(error), line: number, injected: shielded))
        }
    }

    /// A line's error at its line in the whole input; a text's error where it is in the text alone.
    private func relocated(_ error: JSONMappingError, line number: Int, injected: Int = 0) -> JSONMappingError {
        PieceErrors.relocate(
            error, start: (framing == .lines ? number : 1, 1), injected: injected, pathPrefix: "",
            maximumDepth: options.maximumDepth)
    }

    /// The first error in the line being read, scanned as far as it has been read, or `nil` when it is
    /// well-formed so far.
    private func earlyError() -> JSONMappingError? {
        if framing == .textSequence && beforeFirstText {
            var first = cursor
            if mayBeginWithByteOrderMark(cursor)
                && ByteOrderMark.begins(window.bytes + cursor, count: window.count - cursor)
            {
                first += 3
            }
            while first < window.count, Self.isWhitespace(window.bytes[first]) { first += 1 }
            return first < window.count ? bytesBeforeFirstText(at: first) : nil
        }
        let count = window.count - cursor
        do {
            try NativeScanner.validate(bytes: window.bytes + cursor, count: count, maximumDepth: options.maximumDepth)
            return nil
        } catch {
            let end = SourcePosition.lineAndColumn(of: count, in: window.bytes + cursor, count: count)
            if error.line == end.0 && error.column == end.1 { return nil }
            return relocated(JSONMappingError(error), line: line)
        }
    }

    /// Skips the rest of a line that has already been reported, without keeping it.
    private func skipRestOfLine() {
        skipping = true
        while true {
            let remaining = window.count - cursor
            if let found = memchr(window.bytes + cursor, Int32(delimiter), remaining) {
                cursor = window.bytes.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                skipping = false
                nextLine()
                return
            }
            cursor = window.count
            if window.atEnd {
                if let failure = window.failure { ready.append((nextNumber(), .failure(failure))) }
                skipping = false
                done = true
                return
            }
            cursor -= window.refill(keepingFrom: cursor)
            if window.waiting { return }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}

/// How a ``LineSplitter`` delimits records.
@usableFromInline
enum RecordFraming: Sendable {
    /// JSON Lines: a record per line, ending at `\n` (or `\r\n`), numbered by line.
    case lines
    /// RFC 7464: a record per text, starting with RS, numbered from 1 among the texts that are not empty.
    case textSequence
}
