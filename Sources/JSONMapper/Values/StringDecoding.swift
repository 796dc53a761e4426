import Foundation

/// Turns the validated bytes between a JSON string's quotes into a Swift `String`.
enum StringDecoding {
    /// The most UTF-8 bytes a Swift string holds inline, without an allocation (on 64-bit platforms).
    static let smallCapacity = 15

    /// Decodes string content that the native scanner has already validated.
    ///
    /// Reads only the `count` bytes it is given and writes at most `count` bytes, whatever they hold: an escape cut
    /// off by the end of `count` (which validated content never has) is dropped rather than read past.
    ///
    /// - Parameters:
    ///   - bytes: The first byte after the opening quote.
    ///   - count: The number of bytes before the closing quote.
    ///   - escaped: Whether the content holds escape sequences; plain content is copied as it is.
    /// - Returns: The string; an escaped lone UTF-16 surrogate (`\uD800` without its pair) becomes U+FFFD.
    static func decode(_ bytes: UnsafePointer<UInt8>, count: Int, escaped: Bool) -> String {
        guard escaped else {
            if count <= smallCapacity {
                // Written into a small string's own bytes, ASCII needs no validation: `String(decoding:as:)` checked
                // it for ASCII, then built the small string a byte at a time. Non-ASCII content is validated as
                // before.
                return String(unsafeUninitializedCapacity: count) { buffer in
                    guard let base = buffer.baseAddress else { return 0 }
                    base.update(from: bytes, count: count)
                    return count
                }
            }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        // Every escape is at least as long as the UTF-8 it stands for (`\n` is 2 bytes for 1, `\uFFFF` 6 for at
        // most 3, a surrogate pair 12 for 4), so `count` bytes of output always suffice.
        return String(unsafeUninitializedCapacity: count) { output in
            unescape(bytes, count: count, into: output, keepingLoneSurrogates: false)
        }
    }

    /// Decodes string content that a scan has just validated, without the second UTF-8 validation that every other
    /// way of making a `String` performs: the native tape's strings and the walker's, each after its scan succeeded.
    ///
    /// Plain content is copied through `UTF8Span(unchecked:isKnownASCII:)` and `String(copying:)`, the standard
    /// library's public way to make a string from bytes known to be UTF-8, with its ASCII flag set from one pass
    /// eight bytes at a time (a string whose flag says ASCII compares and hashes on its fast paths). Twitter's
    /// mapping spent 10 % of its instructions making strings, most of them in that validation. Escaped content is
    /// unescaped first (its output is UTF-8 by construction: validated bytes, and scalars encoded by the standard
    /// library). Platforms where `UTF8Span` is too new take ``decode(_:count:escaped:)``.
    ///
    /// The caller vouches that the bytes are well-formed UTF-8; `JSONMAPPER_INTERNAL_CHECKS` builds (the tests, the
    /// fuzzers) check it, since a string made from anything else would break the standard library's invariants.
    ///
    /// - Parameters:
    ///   - bytes: The first byte after the opening quote.
    ///   - count: The number of bytes before the closing quote.
    ///   - escaped: Whether the content holds escape sequences.
    static func decodeScanned(_ bytes: UnsafePointer<UInt8>, count: Int, escaped: Bool) -> String {
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                guard escaped else { return uncheckedString(UnsafeBufferPointer(start: bytes, count: count)) }
                // Unescaped into scratch memory (on the stack when small), then copied: the copy costs less than
                // the validation `String(unsafeUninitializedCapacity:initializingUTF8With:)` would run. Past 64 KB
                // the scratch would double the memory a huge string needs while it is made, so those are validated.
                guard count <= Self.largestScratch else { return decode(bytes, count: count, escaped: true) }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
                    let written = unescape(bytes, count: count, into: scratch, keepingLoneSurrogates: false)
                    return uncheckedString(UnsafeBufferPointer(rebasing: scratch[..<written]))
                }
            }
        #endif
        return decode(bytes, count: count, escaped: escaped)
    }

    /// The longest escaped content ``decodeScanned(_:count:escaped:)`` unescapes into scratch memory.
    static let largestScratch = 65_536

    #if compiler(>=6.2)
        /// A string of `utf8`, which must be well-formed UTF-8, copied without validation.
        @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
        @inline(__always)
        private static func uncheckedString(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
            check(
                String(validating: utf8, as: UTF8.self) != nil,
                "a scanned string is not UTF-8: \(Array(utf8.prefix(64)))")
            guard let base = utf8.baseAddress else { return "" }
            return String(copying: UTF8Span(unchecked: utf8.span, isKnownASCII: isASCII(base, count: utf8.count)))
        }
    #endif

    /// Whether the `count` bytes at `bytes` are all ASCII, read eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var high: UInt64 = 0
        var i = 0
        while i &+ 8 <= count {
            high |= Digits.load(bytes + i)
            i &+= 8
        }
        while i < count {
            high |= UInt64(bytes[i])
            i &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Decodes validated string content to WTF-8: UTF-8 in which an escaped lone surrogate (`\uD800` without its
    /// pair) keeps its code unit, encoded like a scalar in three bytes (`ED A0 80`), so that nothing is lost.
    ///
    /// - Parameters:
    ///   - bytes: The first byte after the opening quote.
    ///   - count: The number of bytes before the closing quote.
    ///   - output: Where to append the decoded bytes (at most `count` of them).
    static func decodeWTF8(_ bytes: UnsafePointer<UInt8>, count: Int, into output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: count))
        let written = output.withUnsafeMutableBufferPointer { buffer in
            unescape(
                bytes, count: count, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]),
                keepingLoneSurrogates: true)
        }
        output.removeLast(count - written)
    }

    /// Writes the unescaped content into `output` (room for `count` bytes) and returns how many bytes it wrote;
    /// a lone surrogate becomes U+FFFD, or its three WTF-8 bytes when `keepingLoneSurrogates`.
    @inline(__always)
    private static func unescape(
        _ bytes: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutableBufferPointer<UInt8>,
        keepingLoneSurrogates: Bool
    ) -> Int {
        var read = 0
        var written = 0
        func write(scalar value: UInt32) {
            if keepingLoneSurrogates, (0xD800..<0xE000).contains(value) {
                output[written] = 0xE0 | UInt8(value >> 12)
                output[written + 1] = 0x80 | UInt8((value >> 6) & 0x3F)
                output[written + 2] = 0x80 | UInt8(value & 0x3F)
                written += 3
                return
            }
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            for unit in scalar.utf8 {
                output[written] = unit
                written += 1
            }
        }
        guard let base = output.baseAddress else { return 0 }
        while read < count {
            // Copy the run up to the next backslash in one step: escapes are usually few in a long string (HTML in
            // a tweet's `source`), and a byte at a time costs a step per byte of the run.
            let rest = count - read
            let run =
                memchr(bytes + read, Int32(UInt8(ascii: "\\")), rest).map {
                    UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - (bytes + read)
                } ?? rest
            (base + written).update(from: bytes + read, count: run)
            written += run
            read += run
            guard read + 2 <= count else { break }
            let kind = bytes[read + 1]
            read += 2
            switch kind {
            case UInt8(ascii: "b"): write(scalar: 0x08)
            case UInt8(ascii: "f"): write(scalar: 0x0C)
            case UInt8(ascii: "n"): write(scalar: 0x0A)
            case UInt8(ascii: "r"): write(scalar: 0x0D)
            case UInt8(ascii: "t"): write(scalar: 0x09)
            case UInt8(ascii: "u"):
                guard read + 4 <= count else { return written }
                let unit = hex4(bytes + read)
                read += 4
                if (0xD800..<0xDC00).contains(unit), read + 6 <= count, bytes[read] == UInt8(ascii: "\\"),
                    bytes[read + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(bytes + read + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        read += 6
                        write(scalar: 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        continue
                    }
                }
                write(scalar: unit)  // a lone surrogate is not a scalar: U+FFFD, or kept as WTF-8
            default:
                write(scalar: UInt32(kind))  // \" \\ \/
            }
        }
        return written
    }

    /// The value of four hex digits the scanner has validated.
    private static func hex4(_ bytes: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 {
            value = value << 4 | UInt32(hexValue(bytes[k]) ?? 0)
        }
        return value
    }

    /// The value of one hex digit, or `nil` for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
