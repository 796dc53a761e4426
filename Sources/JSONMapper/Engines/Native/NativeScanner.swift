/// Validates a JSON text against RFC 8259 and builds its tape in one pass over the bytes.
///
/// Nesting is tracked on an explicit stack, never by recursion, so input depth cannot overflow the call stack;
/// the depth limit is checked as each container opens. The bytes must be followed by at least
/// ``NativeScanner/padding`` zero bytes, which lets the scanner look one word ahead without bounds checks; a zero
/// byte is never valid where the scanner looks for a token, so the padding reads as "end of input".
///
/// Every index the scanner reads a token at is at most `count` (it only steps over bytes it has seen to be non-zero),
/// so a byte compared with a token's first byte needs no bounds check: at `count` it is a padding zero, which matches
/// no token.
///
/// For the same reason, index arithmetic on the hot paths wraps (`&+`) instead of checking for overflow: an index
/// never passes `count + padding`, and `count` is below 4 GiB (checked first). The debug builds check the padding
/// (`check(_:_:)`); BENCHMARKS.md ("Why the code is as it is") gives what each of these choices saved.
///
/// A document read in place (``DocumentBytes``) has no padding after the caller's bytes: the scanner reads them
/// only up to the split, where every loop stops within the document's last bytes, and then moves onto the padded
/// copy of the rest (``moveOntoTail(at:)``). What the comments below say of "the padding" holds there because of
/// the split's margin: no word read on the caller's bytes reaches their end (see
/// ``DocumentBytes/inPlaceSplit(of:count:)``).
struct NativeScanner: ~Copyable {
    static let padding = 8

    /// One open container.
    struct Frame {
        /// Tape index of the container's entry.
        var entry: Int
        /// Members or elements seen so far.
        var count: Int
        /// The tape entry of the current member's key, or ``noKey`` (objects only): kept here rather than as an
        /// index, since a check (``CheckOutput``) writes no tape for an error to find it on.
        var key: UInt64
        let isObject: Bool

        /// No key read yet: no entry has all bits set (its offset would be past 4 GiB).
        static let noKey = UInt64.max
    }

    /// The bytes being scanned: the caller's own, or (from ``DocumentBytes/split`` on, and for padded input from
    /// the start) the padded copy, which ``moveOntoTail(at:)`` moves to. Indices count from ``origin``.
    var bytes: UnsafePointer<UInt8>
    /// How many bytes of the input are left from `bytes` on; the padding follows them in the copy.
    var count: Int
    /// The input's offset of `bytes[0]`, which every tape entry adds to its index: 0, or the split once on the copy.
    var origin = 0
    /// The index (from `bytes`) at or after which a string's opening quote moves the scanner onto the copy; `Int.max`
    /// once there, or when there is nothing to move to.
    var fence: Int
    /// The whole input, for error positions and for moving onto the copy.
    let input: DocumentBytes
    let maximumDepth: Int
    var tape: TapeBuffer
    var stack: FrameStack

    /// A scanner that builds the whole tape (``scan()`` returns it) of `count` bytes followed by the zero padding.
    init(bytes: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) throws(EngineError) {
        try self.init(input: DocumentBytes(padded: bytes, count: count), maximumDepth: maximumDepth)
    }

    /// A scanner that builds the whole tape of `input`, reading the caller's bytes up to its split.
    init(input: DocumentBytes, maximumDepth: Int) throws(EngineError) {
        try self.init(
            input: input, maximumDepth: maximumDepth,
            tape: TapeBuffer(estimatedCount: TapeBuffer.initialCapacity(forInputBytes: input.count)))
    }

    private init(input: DocumentBytes, maximumDepth: Int, tape: consuming TapeBuffer) {
        self.input = input
        let inPlace = input.split > 0
        bytes = inPlace ? input.head : input.tail
        count = input.count
        fence = inPlace ? input.split : Int.max
        self.maximumDepth = maximumDepth
        check(
            (0..<Self.padding).allSatisfy { input.tail[input.count - input.split + $0] == 0 },
            "the input is not followed by \(Self.padding) zero bytes")
        self.tape = tape
        stack = FrameStack()
    }

    /// Moves onto the padded copy of the input's last bytes at index `i` (at or after the split), returning the same
    /// place as an index into the copy. Called once, before the first string that opens at or after the split.
    @inline(never)
    mutating func moveOntoTail(at i: Int) -> Int {
        check(origin == 0 && i >= input.split && i <= input.count, "moving onto the copy at \(i)")
        bytes = input.tail
        origin = input.split
        count = input.count - input.split
        fence = Int.max
        return i - input.split
    }

    /// Scans `count` bytes, followed by ``padding`` zero bytes, for their first syntax error only, as ``scan()``
    /// finds it, writing no tape (``CheckOutput``; the tape's smallest block is made, 128 bytes, and never written):
    /// a check runs 7 % (twitter.json) to 16 % (canada.json) fewer instructions than a scan that writes the tape
    /// (BENCHMARKS.md, "Fifteenth session").
    ///
    /// - Throws: The first syntax error, or the memory that could not be had.
    static func validate(bytes: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) throws(EngineError) {
        let scanner = try NativeScanner(
            input: DocumentBytes(padded: bytes, count: count), maximumDepth: maximumDepth,
            tape: TapeBuffer(estimatedCount: 0))
        _ = try scanner.scan(CheckOutput.self)
    }

    /// Scans the whole input, returning the finished tape or the first syntax error.
    consuming func scan() throws(EngineError) -> TapeBuffer {
        try scan(TapeOutput.self)
    }

    /// Scans the whole input for `Output`: returns the tape (empty for a check) or throws the first syntax error.
    /// Specialized for each output, so that the parse pays nothing for the check's choice, nor the check for the
    /// tape.
    @inline(__always)
    consuming func scan<Output: ScanOutput>(_: Output.Type) throws(EngineError) -> TapeBuffer {
        guard count < Int(UInt32.max) else {
            throw error(at: 0, "the document is larger than 4 GiB, the most this engine reads")
        }
        // RFC 8259 lets a parser ignore a leading UTF-8 byte-order mark; files saved by some editors have one.
        let hasByteOrderMark = ByteOrderMark.begins(bytes, count: count)
        var i = skipWhitespace(from: hasByteOrderMark ? 3 : 0)
        if i == count {
            throw error(at: i, count == 0 ? "the document is empty" : "expected a value, found end of input")
        }
        value: while true {
            // A value starts at i.
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                if stack.count >= maximumDepth {
                    throw error(at: i, "nesting is deeper than the limit of \(maximumDepth) levels")
                }
                stack.append(
                    Frame(entry: Output.keepsTape ? tape.count : 0, count: 0, key: Frame.noKey, isObject: isObject))
                try record(TapeEntry(tag: isObject ? .object : .array, middle: 0, low: 0), Output.self)
                i = skipWhitespace(from: i + 1)
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[i] == close {
                    i += 1
                    closeContainer(Output.self)
                } else if isObject {
                    i = try memberKey(at: i, first: true, Output.self)
                    continue value
                } else {
                    stack[stack.count - 1].count = 1
                    if i == count { throw error(at: i, "expected a value or ']', found end of input") }
                    continue value
                }
            case UInt8(ascii: "\""):
                if i >= fence { i = moveOntoTail(at: i) }
                // Plain ASCII strings end here, as keys do in `memberKey`, without the call to `string(at:)`; any
                // other is rescanned by it.
                let end = plainRun(from: i &+ 1)
                if bytes[end] == UInt8(ascii: "\"") {
                    try record(TapeEntry(tag: .string, middle: end &- (i &+ 1), low: origin &+ i &+ 1), Output.self)
                    i = end &+ 1
                } else {
                    i = try string(at: i, Output.self)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = try number(at: i, Output.self)
            case UInt8(ascii: "t"):
                i =
                    try quad(at: i) == Self.trueQuad
                    ? plainLiteral(.true, at: i, length: 4, Output.self)
                    : literal("true", at: i, tag: .true, Output.self)
            case UInt8(ascii: "f"):
                i =
                    try quad(at: i + 1) == Self.alseQuad
                    ? plainLiteral(.false, at: i, length: 5, Output.self)
                    : literal("false", at: i, tag: .false, Output.self)
            case UInt8(ascii: "n"):
                i =
                    try quad(at: i) == Self.nullQuad
                    ? plainLiteral(.null, at: i, length: 4, Output.self)
                    : literal("null", at: i, tag: .null, Output.self)
            default:
                throw error(at: i, "expected a value, found \(describeByte(at: i))", inValue: true)
            }

            // A value ended just before i: find what follows it.
            while true {
                i = skipWhitespace(from: i)
                guard stack.count > 0 else {
                    if i != count {
                        throw error(
                            at: i, "expected end of input after the top-level value, found \(describeByte(at: i))")
                    }
                    return tape
                }
                let top = stack.top
                let byte = bytes[i]
                if byte == UInt8(ascii: ",") {
                    top.pointee.count &+= 1
                    i = skipWhitespace(from: i &+ 1)
                    if top.pointee.isObject {
                        i = try memberKey(at: i, first: false, Output.self)
                    } else if bytes[i] == UInt8(ascii: "]") {
                        throw error(
                            at: i, "expected a value after ',', found ']' (trailing commas are not allowed)",
                            inValue: true)
                    } else if i == count {
                        throw error(at: i, "expected a value after ',', found end of input", inValue: true)
                    }
                    continue value
                }
                if byte == (top.pointee.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    closeContainer(Output.self)
                    continue
                }
                throw error(
                    at: i,
                    top.pointee.isObject
                        ? "expected ',' or '}' after an object member, found \(describeByte(at: i))"
                        : "expected ',' or ']' after an array element, found \(describeByte(at: i))",
                    inValue: false)
            }
        }
    }

    /// Reads an object member's key and colon at `start`, returning the index of its value.
    ///
    /// The usual key, plain ASCII with its colon right after the closing quote, is read here, inlined into `scan`:
    /// the word-at-a-time run finds the quote without the call to `string(at:)` and its escape and UTF-8 handling,
    /// and one space after the colon is stepped over without the whitespace loop. Anything else, including every
    /// error, is left to ``memberKeyInFull(at:first:_:)``, which reads the key again from its start; nothing is
    /// written before that choice, so the usual key pays for none of the rare cases.
    ///
    /// Bounds: the run stops at or before `count` (see `plainRun(from:)`); `end + 1` is read after a quote at `end`,
    /// `end + 2` after a colon at `end + 1`, and `i + 1` after a space at `i`, each a non-zero byte, so before
    /// `count`.
    @inline(__always)
    private mutating func memberKey<Output: ScanOutput>(at index: Int, first: Bool, _: Output.Type)
        throws(EngineError) -> Int
    {
        var start = index
        if bytes[start] == UInt8(ascii: "\"") {
            if start >= fence { start = moveOntoTail(at: start) }
            let end = plainRun(from: start &+ 1)
            if bytes[end] == UInt8(ascii: "\"") && bytes[end &+ 1] == UInt8(ascii: ":") {
                var i = end &+ 2
                i = bytes[i] == 0x20 && bytes[i &+ 1] > 0x20 ? i &+ 1 : skipWhitespace(from: i)
                if i != count {
                    let top = stack.top
                    if first { top.pointee.count = 1 }
                    let key = TapeEntry(tag: .string, middle: end &- (start &+ 1), low: origin &+ start &+ 1)
                    top.pointee.key = key.bits
                    try record(key, Output.self)
                    return i
                }
            }
        }
        return try memberKeyInFull(at: start, first: first, Output.self)
    }

    /// Reads any object member's key and colon at `start`, returning the index of its value, or throws the error.
    private mutating func memberKeyInFull<Output: ScanOutput>(at start: Int, first: Bool, _: Output.Type)
        throws(EngineError) -> Int
    {
        guard bytes[start] == UInt8(ascii: "\"") else {
            let found = describeByte(at: start)
            if !first && bytes[start] == UInt8(ascii: "}") {
                throw error(at: start, "expected a key after ',', found '}' (trailing commas are not allowed)")
            }
            throw error(
                at: start,
                first ? "expected a string key or '}', found \(found)" : "expected a string key, found \(found)")
        }
        let top = stack.top
        if first { top.pointee.count = 1 }
        top.pointee.key = Frame.noKey
        var i = try string(at: start, Output.self)
        top.pointee.key = Output.keepsTape ? tape[tape.count - 1].bits : stringEntry(from: start, to: i).bits
        i = skipWhitespace(from: i)
        guard bytes[i] == UInt8(ascii: ":") else {
            throw error(at: i, "expected ':' after an object key, found \(describeByte(at: i))")
        }
        i = skipWhitespace(from: i + 1)
        if i == count { throw error(at: i, "expected a value, found end of input", inValue: true) }
        return i
    }

    private mutating func closeContainer<Output: ScanOutput>(_: Output.Type) {
        let frame = stack.removeLast()
        guard Output.keepsTape else { return }
        let kind: TapeTag = frame.isObject ? .object : .array
        tape.set(frame.entry, TapeEntry(tag: kind, middle: frame.count, low: tape.count))
    }

    /// The entry `string(at:)` makes for the string from the quote at `start` to the index `end` after its closing
    /// quote, for a check, which wrote none: escaped when it holds a backslash, which in a valid string only an
    /// escape puts there.
    private func stringEntry(from start: Int, to end: Int) -> TapeEntry {
        let content = UnsafeBufferPointer(start: bytes + start + 1, count: end - start - 2)
        let escaped = content.contains(UInt8(ascii: "\\"))
        return TapeEntry(tag: escaped ? .escapedString : .string, middle: content.count, low: origin + start + 1)
    }

    /// Appends `entry` to the tape, when `Output` keeps one.
    @inline(__always)
    mutating func record<Output: ScanOutput>(_ entry: TapeEntry, _: Output.Type) throws(EngineError) {
        if Output.keepsTape { try tape.append(entry) }
    }

    /// The index of the first byte at or after `start` that is not JSON whitespace (space, tab, line feed, carriage
    /// return): the next token, the end of input (a padding zero) or a byte the caller reports as an error.
    ///
    /// Runs of spaces, such as indentation, are skipped a word at a time: the first byte of a word that is not a space
    /// is found from a mask of its bytes, so a line break and its indentation cost two steps, not one per byte. The
    /// word may reach into the padding after the input, whose zero bytes stop the scan.
    @inline(__always)
    func skipWhitespace(from start: Int) -> Int {
        var i = start
        if bytes[i] > 0x20 { return i }
        // Most runs that get here are a line break and its indentation: step over the line feed before the loop,
        // which would otherwise stop on it and start again.
        if bytes[i] == 0x0A { i &+= 1 }
        while true {
            let notSpaces = Self.bytes(in: Digits.load(bytes + i), notEqualTo: 0x20)
            if notSpaces == 0 {
                i &+= 8
                continue
            }
            i &+= notSpaces.trailingZeroBitCount &>> 3
            let byte = bytes[i]
            guard byte == 0x0A || byte == 0x0D || byte == 0x09 else { return i }
            i &+= 1
        }
    }

    /// A word with the top bit set in each byte of `word` that is not `byte`, and no other bit set.
    @inline(__always)
    static func bytes(in word: UInt64, notEqualTo byte: UInt8) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        // A byte of x is non-zero exactly when adding 0x7F to its low seven bits, or its own top bit, sets the top
        // bit; the low bits never carry into the next byte.
        return ((x & lows) &+ lows | x) & ~lows
    }

    // A well-formed literal is matched in `scan` by one comparison of four bytes, and appended without the call to
    // `literal`, which is left to name the first wrong byte.

    /// `true`, `null`, and `false` after its first letter, as the words `quad(at:)` reads.
    static let trueQuad = UInt32(littleEndian: 0x6575_7274)
    static let nullQuad = UInt32(littleEndian: 0x6C6C_756E)
    static let alseQuad = UInt32(littleEndian: 0x6573_6C61)

    /// The four bytes at `index` as one little-endian word. `index` is at most `count + 1` (the index after a
    /// value's first byte), so the word ends within the padding; four bytes that match a literal are none of them
    /// zero, so all are before `count`.
    @inline(__always)
    func quad(at index: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt32.self))
    }

    /// Appends the literal of `length` bytes at `start`, already matched, and returns the index after it.
    @inline(__always)
    private mutating func plainLiteral<Output: ScanOutput>(
        _ tag: TapeTag, at start: Int, length: Int, _: Output.Type
    ) throws(EngineError) -> Int {
        try record(TapeEntry(tag: tag, middle: 0, low: origin &+ start), Output.self)
        return start + length
    }

    @inline(never)  // the rare path (a literal cut short or misspelt), kept out of the scan loop as before
    private mutating func literal<Output: ScanOutput>(
        _ word: StaticString, at start: Int, tag: TapeTag, _: Output.Type
    ) throws(EngineError) -> Int {
        let length = word.utf8CodeUnitCount
        let expected = word.utf8Start
        // The first four letters as one word (the padding makes four bytes readable even at the end of input), and
        // the fifth of `false`, instead of a loop over the letters. Anything else takes the loop below, which names
        // the first wrong byte.
        let head = UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt32.self)
        if head == UnsafeRawPointer(expected).loadUnaligned(as: UInt32.self), start + length <= count,
            length == 4 || bytes[start + 4] == expected[4]
        {
            try record(TapeEntry(tag: tag, middle: 0, low: origin &+ start), Output.self)
            return start + length
        }
        for k in 0..<length where start + k >= count || bytes[start + k] != expected[k] {
            throw error(
                at: start + k, "invalid literal: expected '\(word)', found \(describeByte(at: start + k))",
                inValue: true)
        }
        try record(TapeEntry(tag: tag, middle: 0, low: origin &+ start), Output.self)
        return start + length
    }
}

/// What a scan keeps of what it reads: a document's tape (``TapeOutput``), or nothing but its first syntax error
/// (``CheckOutput``). The scanner's methods are generic over it and specialized for each, so that neither pays a
/// branch for the other.
protocol ScanOutput {
    /// Whether the scan writes the tape.
    static var keepsTape: Bool { get }
}

/// The tape of a document that is read.
enum TapeOutput: ScanOutput {
    static var keepsTape: Bool { true }
}

/// No tape: a check (`validate`, `jsonmapper check`) wants the first error only.
enum CheckOutput: ScanOutput {
    static var keepsTape: Bool { false }
}

/// The scanner's stack of open containers: a growable buffer without copy-on-write checks on the hot path.
struct FrameStack: ~Copyable {
    /// Frames held before the first growth; the stack doubles each time it is full.
    static let initialCapacity = 32

    private var base: UnsafeMutablePointer<NativeScanner.Frame>
    private var capacity = initialCapacity
    private(set) var count = 0

    init() {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    var last: NativeScanner.Frame? { count > 0 ? base[count - 1] : nil }

    /// The innermost frame, to read and update in place; only while `count > 0`.
    @inline(__always)
    var top: UnsafeMutablePointer<NativeScanner.Frame> {
        check(count > 0, "the top of an empty frame stack")
        return base + (count - 1)
    }

    @inline(__always)
    mutating func append(_ frame: NativeScanner.Frame) {
        if count == capacity {
            let larger = UnsafeMutablePointer<NativeScanner.Frame>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: frame)
        count += 1
    }

    @inline(__always)
    mutating func removeLast() -> NativeScanner.Frame {
        check(count > 0, "removing from an empty frame stack")
        count -= 1
        return (base + count).move()
    }

    @inline(__always)
    subscript(index: Int) -> NativeScanner.Frame {
        get {
            check(index >= 0 && index < count, "frame \(index) of \(count)")
            return base[index]
        }
        nonmutating set {
            check(index >= 0 && index < count, "frame \(index) of \(count)")
            base[index] = newValue
        }
    }

    /// The frames from the outermost in, for building error paths.
    var frames: [NativeScanner.Frame] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
