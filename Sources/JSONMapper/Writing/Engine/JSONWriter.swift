// Writing/Engine/ owns the writer: the text appended to a `ByteBuffer`, containers, members and their fix-ups
// (+Containers, +MemberIndex), strings, numbers and dates. It knows no context.

import Foundation

/// The write side's engine: JSON text appended to one growing byte buffer, with the containers still open kept as
/// frames and the members of open objects kept as records of byte ranges.
///
/// Everything is written in the order values arrive. An object is fixed up when it closes, and only then: when a
/// key was set twice (the later value moves to the first one's position) or when keys must be sorted, its body is
/// rewritten from a copy of its member ranges. Nothing recurses: nested models and values open frames on a stack.
///
/// The bytes before the first still-open object that may be rewritten (``committedCount``) never change again, so a
/// caller may hand them on, to a file or a stream, while the rest is written (``drain(_:)``).
///
/// Memory that cannot be had never traps: the first allocation that fails records an error, frees the output, and
/// every later write does nothing, so the entry point throws when the write ends.
struct JSONWriter: ~Copyable {
    /// The settings that shape the text, fixed for one write.
    struct Settings {
        var pretty = false
        var sortsKeys = false
        var escapesSlashes = false
        var escapesNonASCII = false
        var indentWidth = 2
        /// Writes the text `JSONEncoder` writes, byte for byte: `\u001f` with lowercase hex, `"key" : value` and
        /// an empty container as bracket, two newlines, indentation, bracket when pretty, and floating point as
        /// Swift's `description` less a trailing `.0` (`1e+16`, `1e-07`).
        var foundationStyle = false
        /// The most bytes the writer may hold at once (its output and its scratch tables): for tests, which stand
        /// in for a machine whose memory runs out without exhausting this one's.
        var memoryLimit = Int.max
    }

    enum ContainerKind: UInt8 {
        case root, array, object
    }

    /// One open container.
    struct Frame {
        var kind: ContainerKind
        /// The caller guarantees that the object's keys are distinct (a `Dictionary`'s, a `JSONValue.Object`'s):
        /// no key is looked for among the earlier ones.
        var keysAreDistinct = false
        /// The caller also writes the members in their final order, and keeps no records of them: the object is
        /// never rewritten, and its bytes can be handed on while it is open (``beginFixedMember(wtf8:)``).
        var isFixed = false
        /// Whether the object's first members are in a hash table, the last of ``memberIndexes``.
        var hasIndex = false
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

    /// The output; without memory (capacity 0) once the memory is gone.
    private var buffer: ByteBuffer
    /// The first byte of the output.
    var base: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { buffer.base }
    }
    /// The bytes written so far (those not yet drained).
    var count: Int {
        @inline(__always) get { buffer.count }
        @inline(__always) set { buffer.count = newValue }
    }
    /// The bytes that fit before the output must grow.
    var capacity: Int {
        @inline(__always) get { buffer.capacity }
    }
    let settings: Settings
    /// The innermost open container; `.root` outside all of them.
    var current = Frame(kind: .root)
    /// The containers around ``current``, outermost first.
    var stack: [Frame] = []
    var records: [MemberRecord] = []
    /// The hash tables of the open objects that have one, innermost last.
    var memberIndexes: [MemberIndex] = []
    /// Bytes held besides the output: the hash tables and a copy while an object is rewritten.
    var scratchBytes = 0
    /// How many earlier members were looked at to find out whether a key was set before: the cost of duplicate
    /// detection, which tests check grows linearly with the members.
    var keyProbes = 0
    /// The hash of the member indexes' keys, keyed per process (see `KeyHash`).
    let keyHash = KeyHash.process
    /// The first value that JSON cannot hold, with its path, or the memory that could not be had.
    private(set) var error: JSONMappingError?
    /// Whether an allocation failed: the output is gone and nothing more is written.
    private(set) var outOfMemory = false

    init(settings: Settings, capacity: Int = 4096) {
        self.settings = settings
        let wanted = min(max(64, capacity), max(settings.memoryLimit, 0))
        do throws(RawMemory.Exhausted) {
            guard wanted > 0 else { throw RawMemory.Exhausted(bytes: wanted) }
            buffer = try ByteBuffer(capacity: wanted)
        } catch {
            buffer = ByteBuffer()
            fail(needing: wanted)
        }
    }

    deinit {
        for index in memberIndexes { RawMemory.free(index.slots) }
    }

    /// How many containers are open.
    var depth: Int { stack.count }

    /// The number of leading bytes that no later write changes: everything before the outermost open object that
    /// may still be rewritten (objects written with ``beginFixedMember(wtf8:)`` never are).
    var committedCount: Int {
        if outOfMemory { return 0 }
        for frame in stack where frame.kind == .object && !frame.isFixed { return frame.bodyStart - 1 }
        if current.kind == .object && !current.isFixed { return current.bodyStart - 1 }
        return count
    }

    /// Hands the committed bytes to `body` and drops them from the buffer, so that what a long write holds stays
    /// bounded by what is still open.
    mutating func drain<Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        let done = committedCount
        guard done > 0 else { return }
        try body(UnsafeRawBufferPointer(start: base, count: done))
        buffer.removeFirst(done)
        current.bodyStart -= done
        for index in stack.indices { stack[index].bodyStart -= done }
        for index in records.indices {
            records[index].keyStart -= done
            records[index].keyEnd -= done
            if records[index].end >= 0 { records[index].end -= done }
        }
    }

    // MARK: Bytes

    /// Makes room for `more` bytes after ``count``; `false` when the memory cannot be had, and then the caller
    /// writes nothing.
    @inline(__always)
    mutating func reserve(_ more: Int) -> Bool {
        if more <= buffer.capacity &- buffer.count { return true }
        return grow(more)
    }

    /// Grows the output by the buffers' policy, within the memory the settings allow besides the scratch tables.
    private mutating func grow(_ more: Int) -> Bool {
        guard !outOfMemory else { return false }
        if buffer.reserve(more, limit: settings.memoryLimit - scratchBytes) { return true }
        fail(needing: count + more)
        return false
    }

    /// Records that `bytes` could not be had, and lets the output go: nothing more is written.
    mutating func fail(needing bytes: Int) {
        if error == nil { error = Self.memoryError(needing: bytes) }
        outOfMemory = true
        buffer.release()
        for index in memberIndexes { RawMemory.free(index.slots) }
        memberIndexes.removeAll()
        scratchBytes = 0
    }

    /// The error of a write that ran out of memory when it asked for a block of `bytes`.
    static func memoryError(needing bytes: Int) -> JSONMappingError {
        JSONMappingError(
            code: .outOfMemory, path: "",
            message: "not enough memory to write the JSON text (could not have \(bytes) bytes)")
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard reserve(1) else { return }
        base[count] = byte
        count += 1
    }

    /// Appends a byte that ``reserve(_:)`` made room for.
    @inline(__always)
    mutating func appendReserved(_ byte: UInt8) {
        check(count < capacity, "a byte written past the reserved capacity")
        base[count] = byte
        count += 1
    }

    /// Counts `written` bytes that were put after ``count`` in room ``reserve(_:)`` made.
    @inline(__always)
    mutating func advance(_ written: Int) {
        check(written >= 0 && count + written <= capacity, "\(written) bytes counted past the reserved capacity")
        count += written
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty, reserve(bytes.count) else { return }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends ASCII text known at compile time (`true`, `null`).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Moves the end back to `offset`, dropping what was written after it (nothing once the memory is gone).
    mutating func truncate(to offset: Int) {
        if !outOfMemory { count = offset }
    }

    /// A newline and the indentation of `level` containers deep.
    @inline(__always)
    mutating func newline(level: Int) {
        let spaces = level * settings.indentWidth
        guard reserve(1 + spaces) else { return }
        base[count] = UInt8(ascii: "\n")
        (base + count + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count += 1 + spaces
    }

    /// Hands the bytes over to the caller, who frees them with `free`, trimmed to their count; the writer keeps
    /// nothing. `nil` once the memory is gone.
    mutating func takeBytes() -> (bytes: UnsafeMutablePointer<UInt8>, count: Int)? {
        guard !outOfMemory, let taken = buffer.take(trimmed: true) else { return nil }
        return (taken.bytes, taken.count)
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

    /// Records `error` as the write's error unless one came first; the write throws it when it ends.
    mutating func record(_ error: JSONMappingError) {
        if self.error == nil { self.error = error }
    }

    /// The path of the value being written, in the read side's syntax: `statuses[3].user.id`, `[1].values[0]`.
    /// Objects written with ``beginFixedMember(wtf8:)`` keep no keys, and add no step.
    var path: String { JSONPath.format(pathComponents) }

    /// The steps of ``path``.
    var pathComponents: [PathComponent] {
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
        return components
    }

    /// The key of record `index`, decoded from its escaped bytes; empty once the memory is gone.
    func key(of index: Int) -> String {
        let record = records[index]
        guard !outOfMemory, record.keyEnd - record.keyStart >= 2 else { return "" }
        return StringDecoding.decode(
            base + record.keyStart + 1, count: record.keyEnd - record.keyStart - 2, escaped: true)
    }
}
