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
