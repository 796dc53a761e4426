import Foundation

/// The write side's engine: JSON text appended to one growing byte buffer, with the containers still open kept as
/// frames and the members of open objects kept as records of byte ranges.
///
/// Everything is written in the order values arrive. An object is fixed up when it closes, and only then: when a
/// key was set twice (the later value moves to the first one's position) or when keys must be sorted, its body is
/// rewritten from a copy of its member ranges. Nothing recurses: nested models and values open frames on a stack.
///
/// The bytes before the first still-open object (``committedCount``) never change again, so a caller may hand them
/// on, to a file or a stream, while the rest is written.
struct JSONWriter: ~Copyable {
    /// The settings that shape the text, fixed for one write.
    struct Settings {
        var pretty = false
        var sortsKeys = false
        var escapesSlashes = false
        var escapesNonASCII = false
        var indentWidth = 2
    }

    enum ContainerKind: UInt8 {
        case root, array, object
    }

    /// One open container.
    struct Frame {
        var kind: ContainerKind
        /// Elements or members begun so far (for objects, including replaced and removed ones).
        var count = 0
        /// The offset of the first byte after the opening bracket.
        var bodyStart = 0
        /// The index in ``records`` of the object's first member.
        var firstRecord = 0
        /// The index in ``records`` of the member being written, -1 before the first.
        var lastRecord = -1
        /// A 128-bit filter of the keys set so far: a clear bit proves a key new without comparing bytes.
        var seenLow: UInt64 = 0
        var seenHigh: UInt64 = 0
        /// Whether a key was set twice or removed, so the object must be rewritten when it closes.
        var needsFixup = false
    }

    /// One member of an open object: where its bytes are, and which member's value ends up in its place.
    struct MemberRecord {
        /// The offset of the key's opening quote.
        var keyStart: Int
        /// The offset after the key's closing quote.
        var keyEnd: Int
        /// The offset after the value; set when the next member starts or the object closes.
        var end: Int
        /// For the first member with a key: the record whose bytes are written in its position (itself, a later
        /// record of the same key, or ``removed``). For a later member with the same key: ``moved``.
        var holder: Int

        static let removed = -1
        static let moved = -2
    }

    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    let settings: Settings
    /// The innermost open container; `.root` outside all of them.
    var current = Frame(kind: .root)
    /// The containers around ``current``, outermost first.
    var stack: [Frame] = []
    var records: [MemberRecord] = []
    /// The first value that JSON cannot hold, with its path.
    private(set) var error: JSONMappingError?

    init(settings: Settings, capacity: Int = 4096) {
        self.settings = settings
        self.capacity = max(64, capacity)
        // An allocation this small failing means the process is out of memory anyway.
        guard let base = RawMemory.allocate(UInt8.self, count: self.capacity) else {
            fatalError("JSONMapper: cannot allocate \(self.capacity) bytes to write JSON")
        }
        self.base = base
    }

    deinit {
        RawMemory.free(base)
    }

    /// How many containers are open.
    var depth: Int { stack.count }

    /// The number of leading bytes that no later write changes: everything before the outermost open object.
    var committedCount: Int {
        if current.kind == .object, stack.allSatisfy({ $0.kind != .object }) { return current.bodyStart - 1 }
        guard let outer = stack.first(where: { $0.kind == .object }) else { return count }
        return outer.bodyStart - 1
    }

    // MARK: Bytes

    /// Makes room for `more` bytes after ``count``.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    private mutating func grow(_ needed: Int) {
        // Small buffers grow fourfold, so that few freed heap blocks stay behind them; from 256 KiB on, where glibc
        // maps blocks of their own and realloc moves them without copying, by half, which keeps the slack small.
        var newCapacity = capacity < 256 * 1024 ? capacity * 4 : capacity + capacity / 2
        if newCapacity < needed { newCapacity = needed + needed / 4 }
        guard let grown = RawMemory.reallocate(base, count: newCapacity) else {
            fatalError("JSONMapper: cannot grow the JSON output to \(newCapacity) bytes")
        }
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends a byte that ``reserve(_:)`` made room for.
    @inline(__always)
    mutating func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends ASCII text known at compile time (`true`, `null`).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Moves the end back to `offset`, dropping what was written after it.
    mutating func truncate(to offset: Int) {
        count = offset
    }

    /// A newline and the indentation of `level` containers deep.
    @inline(__always)
    mutating func newline(level: Int) {
        let spaces = level * settings.indentWidth
        reserve(1 + spaces)
        base[count] = UInt8(ascii: "\n")
        (base + count + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count += 1 + spaces
    }

    /// Hands the bytes over to the caller, who frees them with `free`, trimmed to their count; the writer starts
    /// again with an empty buffer.
    mutating func takeBytes() -> (bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        let taken = (RawMemory.reallocate(base, count: count) ?? base, count)
        guard let fresh = RawMemory.allocate(UInt8.self, count: 64) else {
            fatalError("JSONMapper: cannot allocate 64 bytes to write JSON")
        }
        (base, count, capacity) = (fresh, 0, 64)
        return taken
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: Scalars

    @inline(__always)
    mutating func writeNull() { append("null") }

    @inline(__always)
    mutating func writeBool(_ value: Bool) {
        if value { append("true") } else { append("false") }
    }

    // MARK: Errors

    /// Records that the value about to be written cannot be JSON, and writes `null` in its place so the text stays
    /// well formed; only the first such value is kept.
    mutating func reject(_ message: @autoclosure () -> String) {
        if error == nil {
            error = JSONMappingError(code: .invalidValue, path: path, message: message())
        }
        writeNull()
    }

    /// The path of the value being written, in the read side's syntax: `statuses[3].user.id`, `[1].values[0]`.
    var path: String {
        var components: [PathComponent] = []
        for frame in stack + [current] {
            switch frame.kind {
            case .root:
                continue
            case .array:
                if frame.count > 0 { components.append(.index(frame.count - 1)) }
            case .object:
                if frame.lastRecord >= 0 { components.append(.key(key(of: frame.lastRecord))) }
            }
        }
        return JSONPath.format(components)
    }

    /// The key of record `index`, decoded from its escaped bytes.
    func key(of index: Int) -> String {
        let record = records[index]
        return StringDecoding.decode(
            base + record.keyStart + 1, count: record.keyEnd - record.keyStart - 2, escaped: true)
    }
}
