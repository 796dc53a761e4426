import Foundation

/// Splits JSON Lines read from a stream into one document per non-blank line, in memory bounded by the longest line.
///
/// Lines end at `\n` (a `\r` before it is dropped); lines of nothing but whitespace are skipped. Lines that hold
/// exactly one value by ``ValueFinder``'s reckoning are gathered into batches of about ``batchBytes`` that the
/// native scanner reads as one array `[line,line,…]`, so that a batch costs one scan and two allocations. When a
/// batch does not scan cleanly, or a line does not look like one value, each line is scanned on its own: that is the
/// ground truth, and a malformed line gives a failure whose error has its line and column in the whole input.
///
/// It hands out documents, not contexts: `JSONMapper.lines` makes each record a context (see
/// `Streaming/JSONDeserializationContext+Records.swift`).
final class LineSplitter {
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
    /// The start of the next line.
    private var cursor = 0
    /// The number of the line at ``cursor``, from 1.
    private var line = 1
    private var batchStart: Int?
    private var batch: [BatchLine] = []
    private var finder = ValueFinder()
    private var ready: [(line: Int, record: StreamedRecord)] = []
    private var readyIndex = 0
    private var done = false

    init(window: StreamWindow, options: JSONMapper.Options, batchLimit: Int = batchBytes) {
        self.window = window
        self.options = options
        self.batchLimit = batchLimit
    }

    /// The next non-blank line's number and record, or `nil` at the end of input.
    func nextRecord() -> (line: Int, record: StreamedRecord)? {
        while readyIndex == ready.count {
            if done { return nil }
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            step()
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    private func step() {
        var searched = cursor
        var check = Self.firstEarlyCheck
        var end = 0
        var hasNewline = false
        while true {
            if let found = memchr(window.bytes + searched, Int32(UInt8(ascii: "\n")), window.count - searched) {
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
                    ready.append((line, .failure(error)))
                    return skipRestOfLine()
                }
                check *= 2
            }
            let moved = window.refill(keepingFrom: min(cursor, batchStart ?? cursor))
            cursor -= moved
            searched -= moved
            batchStart = batchStart.map { $0 - moved }
        }
        if !hasNewline, let failure = window.failure {
            flush()
            ready.append((line, .failure(failure)))
            done = true
            return
        }
        var contentEnd = end
        if contentEnd > cursor && window.bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        take(start: cursor, end: contentEnd, newline: hasNewline ? end : nil)
        cursor = hasNewline ? end + 1 : end
        line += 1
        if !hasNewline {
            flush()
            done = true
        } else if let batchStart, cursor - batchStart >= batchLimit {
            flush()
        }
    }

    /// Adds the line from `start` to `end` to the batch, or maps it alone when it does not look like one value.
    private func take(start: Int, end: Int, newline: Int?) {
        var first = start
        if window.offset(of: start) == 0 && end - start >= 3 && window.bytes[start] == 0xEF
            && window.bytes[start + 1] == 0xBB && window.bytes[start + 2] == 0xBF
        {
            first += 3
        }
        while first < end, Self.isWhitespace(window.bytes[first]) { first += 1 }
        guard first < end else { return }  // a blank line
        guard isOneValue(from: first, to: end) else {
            flush()
            return ready.append((line, single(start: start, end: end, number: line)))
        }
        let base = batchStart ?? start
        batchStart = base
        batch.append(BatchLine(number: line, start: start - base, end: end - base, newline: newline.map { $0 - base }))
    }

    /// Whether the bytes from `first` (not whitespace) to `end` are one value followed by whitespace only, as far
    /// as ``ValueFinder`` can tell; a number or literal must also be well-formed.
    private func isOneValue(from first: Int, to end: Int) -> Bool {
        finder.reset(at: first, first: window.bytes[first], maximumDepth: options.maximumDepth)
        guard case .complete(let valueEnd) = finder.run(window.bytes, count: end, atEnd: true) else { return false }
        if finder.kind == .token {
            guard valueEnd > first, PieceErrors.isNumberOrLiteral(window.bytes + first, count: valueEnd - first) else {
                return false
            }
        }
        var i = valueEnd
        while i < end, Self.isWhitespace(window.bytes[i]) { i += 1 }
        return i == end
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
            // The byte-order mark is allowed only at the start of the input: blank it out inside the batch.
            if window.offset(of: start) == 0 && buffer[1] == 0xEF { (buffer + 1).update(repeating: 0x20, count: 3) }
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
        // the line keeps one from being skipped.
        let shielded = window.offset(of: start) > 0 ? 1 : 0
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

    private func relocated(_ error: JSONMappingError, line number: Int, injected: Int = 0) -> JSONMappingError {
        PieceErrors.relocate(
            error, start: (number, 1), injected: injected, pathPrefix: "", maximumDepth: options.maximumDepth)
    }

    /// The first error in the line being read, scanned as far as it has been read, or `nil` when it is
    /// well-formed so far.
    private func earlyError() -> JSONMappingError? {
        let count = window.count - cursor
        do {
            let scanner = try NativeScanner(
                bytes: window.bytes + cursor, count: count, maximumDepth: options.maximumDepth)
            _ = try scanner.scan()
            return nil
        } catch {
            let end = SourcePosition.lineAndColumn(of: count, in: window.bytes + cursor, count: count)
            if error.line == end.0 && error.column == end.1 { return nil }
            return relocated(JSONMappingError(error), line: line)
        }
    }

    /// Skips the rest of a line that has already been reported, without keeping it.
    private func skipRestOfLine() {
        while true {
            let remaining = window.count - cursor
            if let found = memchr(window.bytes + cursor, Int32(UInt8(ascii: "\n")), remaining) {
                cursor = window.bytes.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
                return
            }
            cursor = window.count
            if window.atEnd {
                if let failure = window.failure { ready.append((line, .failure(failure))) }
                done = true
                return
            }
            cursor -= window.refill(keepingFrom: cursor)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
