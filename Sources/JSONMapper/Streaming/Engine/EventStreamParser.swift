/// Reads a `text/event-stream` as the HTML standard's event-stream interpretation says, from chunks cut anywhere,
/// and gathers the events it dispatches.
///
/// A leading UTF-8 byte-order mark is skipped. Lines end at CRLF, LF or CR (a chunk may end between CR and LF).
/// A line that starts with `:` is a comment; otherwise the field name runs to the first `:` (or the whole line,
/// whose value is then empty), and one space after the colon is dropped. `data` appends its value and a LF to the
/// data buffer; `event` sets the type; `id` sets the last event ID unless the value holds NUL; `retry` counts when
/// it is all ASCII digits, for the event it comes in; field names are case-sensitive, and other fields are ignored.
/// A blank line dispatches the event, unless its data is empty: either way the type, the data and the retry are
/// reset, while the last event ID persists. Values are decoded as UTF-8, invalid bytes becoming U+FFFD. An event
/// still open at the end of the input is dropped.
///
/// Memory is bounded by the longest line and the largest event.
final class EventStreamParser: AsyncChunkSink {
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// Whether the last byte was a CR: a LF right after it ends no second line.
    private var afterCarriageReturn = false
    /// The first bytes, held until they show whether the input starts with a byte-order mark; `nil` once known.
    private var head: [UInt8]? = []
    private var data: [UInt8] = []
    private var type: [UInt8] = []
    private var lastEventID = ""
    private var retry: Int?
    /// Events dispatched and not yet handed out, from ``nextIndex``.
    private var events: [ServerSentEvent] = []
    private var nextIndex = 0

    /// The next dispatched event not yet handed out.
    func next() -> ServerSentEvent? {
        guard nextIndex < events.count else { return nil }
        defer {
            nextIndex += 1
            if nextIndex == events.count {
                events.removeAll(keepingCapacity: true)
                nextIndex = 0
            }
        }
        return events[nextIndex]
    }

    func receive(_ chunk: some Sequence<UInt8>) {
        let done: Void? = chunk.withContiguousStorageIfAvailable { feed($0) }
        if done == nil { Array(chunk).withUnsafeBufferPointer { feed($0) } }
    }

    func receive(run: UnsafeRawBufferPointer) {
        feed(run.assumingMemoryBound(to: UInt8.self))
    }

    /// Reads `bytes`, dispatching the events whose blank line they hold.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var rest = bytes[...]
        if var held = head {
            while held.count < 3, let byte = rest.first, byte == ByteOrderMark.bytes[held.count] {
                held.append(byte)
                rest = rest.dropFirst()
            }
            if held.count < 3 && rest.isEmpty {
                head = held  // still a mark's beginning: wait for more
                return
            }
            head = nil
            if held.count < 3 { consume(held[...]) }
        }
        consume(rest)
    }

    /// The input ended: a line or event still open is dropped, as the standard says.
    func finish() {
        line.removeAll()
        data.removeAll()
        type.removeAll()
        head = nil
    }

    private func consume(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == Self.lineFeed { continue }
            }
            if byte == Self.lineFeed {
                endLine()
            } else if byte == Self.carriageReturn {
                endLine()
                afterCarriageReturn = true
            } else {
                line.append(byte)
            }
        }
    }

    private func consume(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { consume($0[...]) }
    }

    private func endLine() {
        defer { line.removeAll(keepingCapacity: true) }
        guard let first = line.first else { return dispatch() }
        if first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[(line.index(after: $0))...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            type = Array(value)
        case "data":
            data += value
            data.append(Self.lineFeed)
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty && value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private func dispatch() {
        defer {
            data.removeAll(keepingCapacity: true)
            type.removeAll()
            retry = nil
        }
        guard !data.isEmpty else { return }
        data.removeLast()  // the LF after the last data line
        events.append(
            ServerSentEvent(
                type: type.isEmpty ? "message" : String(decoding: type, as: UTF8.self),
                data: String(decoding: data, as: UTF8.self), id: lastEventID.isEmpty ? nil : lastEventID,
                retry: retry))
    }
}
