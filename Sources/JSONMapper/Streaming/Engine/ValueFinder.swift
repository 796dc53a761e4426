/// Finds where one JSON value ends in text that arrives piece by piece, without validating it: the native scanner
/// validates the value once its end is known.
///
/// It follows only what decides where a value ends: strings (a quote closes one unless a backslash escapes it),
/// brackets and braces (each closer must match its opener), and for a number or literal the run of bytes that can
/// belong to one. For well-formed JSON the end it finds is exact. For malformed JSON it stops at the first byte
/// that no well-formed value could hold there (a closer that does not match, a control character in a string,
/// nesting past the limit) or at the end of input; the scanner then finds the precise error within what was found.
///
/// The search can be resumed: when the bytes run out, ``run(_:count:atEnd:)`` says so, and is called again on the
/// same bytes once more have arrived (after ``shift(by:)`` if they moved).
struct ValueFinder {
    enum Outcome: Equatable {
        /// The value ends just before index `end`.
        case complete(end: Int)
        /// The value goes on past the bytes read so far.
        case needsMore
        /// The value is malformed at or before index `end - 1`: the scanner reports how.
        case malformed(end: Int)
    }

    enum Kind {
        case container, string, token
    }

    /// Where the value starts.
    private(set) var start = 0
    /// The next byte to look at.
    private var position = 0
    private(set) var kind = Kind.token
    private var depth = 0
    /// One bit per open container, set for objects.
    private var objects: [UInt64] = []
    private var inString = false
    private var escaped = false
    private var maximumDepth = 0

    /// Starts a search at `start`, whose byte is `first`; containers may nest `maximumDepth` levels (the value's own
    /// included).
    mutating func reset(at start: Int, first: UInt8, maximumDepth: Int) {
        self.start = start
        position = start
        depth = 0
        inString = false
        escaped = false
        self.maximumDepth = maximumDepth
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .container
        case UInt8(ascii: "\""): kind = .string
        default: kind = .token
        }
    }

    /// Moves the start of a string being searched up to `index`, a byte already looked at: the bytes before it
    /// are no longer needed (the walker validated them).
    mutating func release(before index: Int) {
        start = index
    }

    /// Moves the search down by `delta` bytes, after the window discarded that many before it.
    mutating func shift(by delta: Int) {
        start -= delta
        position -= delta
    }

    /// Whether `byte` can be part of a number or a literal (`-12.5e+3`, `true`): the run the scanner reads one from.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// Looks at the bytes before `count` that it has not seen yet.
    ///
    /// - Parameter atEnd: Whether no bytes will follow `count`: a value still open there is malformed.
    mutating func run(_ bytes: UnsafePointer<UInt8>, count: Int, atEnd: Bool) -> Outcome {
        var i = position
        if kind == .token {
            while i < count && Self.isTokenByte(bytes[i]) { i += 1 }
            if i < count || atEnd { return .complete(end: i) }
            position = i
            return .needsMore
        }
        while true {
            if inString {
                if escaped {
                    guard i < count else { break }
                    if bytes[i] < 0x20 { return .malformed(end: i + 1) }
                    escaped = false
                    i += 1
                }
                i = Self.skip(bytes, from: i, count: count, Self.stringSpecials)
                guard i < count else { break }
                let byte = bytes[i]
                i += 1
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return .complete(end: i) }
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte < 0x20 {
                    return .malformed(end: i)
                }
            } else {
                i = Self.skip(bytes, from: i, count: count, Self.structuralSpecials)
                guard i < count else { break }
                let byte = bytes[i]
                i += 1
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth >= maximumDepth { return .malformed(end: i) }
                    push(isObject: byte == UInt8(ascii: "{"))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0, topIsObject == (byte == UInt8(ascii: "}")) else { return .malformed(end: i) }
                    depth -= 1
                    if depth == 0 { return .complete(end: i) }
                default:
                    break
                }
            }
        }
        position = i
        return atEnd ? .malformed(end: count) : .needsMore
    }

    /// The index of the first byte at or after `start` that `specials` flags, stepping eight bytes at a time while
    /// whole words fit before `count`; the bytes after the last whole word are left to the caller's byte loop.
    @inline(__always)
    private static func skip(
        _ bytes: UnsafePointer<UInt8>, from start: Int, count: Int, _ specials: (UInt64) -> UInt64
    ) -> Int {
        var i = start
        while i + 8 <= count {
            let special = specials(Digits.load(bytes + i))
            if special != 0 { return i + special.trailingZeroBitCount / 8 }
            i += 8
        }
        return i
    }

    private mutating func push(isObject: Bool) {
        let word = depth / 64
        if word == objects.count { objects.append(0) }
        let bit: UInt64 = 1 << UInt64(depth % 64)
        objects[word] = isObject ? objects[word] | bit : objects[word] & ~bit
        depth += 1
    }

    private var topIsObject: Bool {
        let index = depth - 1
        return objects[index / 64] & (1 << UInt64(index % 64)) != 0
    }

    /// The top bit set in each byte of `word` that is a quote, a backslash or a control character, exactly.
    @inline(__always)
    static func stringSpecials(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let controls = ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ (ones &* 0x60)) | word) & 0x8080_8080_8080_8080
        return SourcePosition.zeroBytes(word ^ (ones &* 0x22)) | SourcePosition.zeroBytes(word ^ (ones &* 0x5C))
            | controls
    }

    /// The top bit set in each byte of `word` that is a quote, a bracket or a brace, exactly.
    @inline(__always)
    static func structuralSpecials(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let folded = word | (ones &* 0x20)  // '[' → '{', ']' → '}'
        return SourcePosition.zeroBytes(word ^ (ones &* 0x22)) | SourcePosition.zeroBytes(folded ^ (ones &* 0x7B))
            | SourcePosition.zeroBytes(folded ^ (ones &* 0x7D))
    }
}
