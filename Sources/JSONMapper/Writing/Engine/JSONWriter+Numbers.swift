import Foundation

// Numbers: integers exactly; `Double` and `Float` as the shortest text that reads back to the same value, in JSON's
// form (`1e16`, not `1e+16`; `100`, not `100.0`; `-0` keeps its sign); `Decimal` exactly. A value JSON cannot hold
// (NaN, infinity) is rejected with its path.

extension JSONWriter {
    /// Writes an integer of any width exactly.
    @inline(__always)
    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if T.isSigned, value < 0 {
            append(UInt8(ascii: "-"))
            writeMagnitude(UInt64(truncatingIfNeeded: 0 &- Int64(truncatingIfNeeded: value)))
        } else {
            writeMagnitude(UInt64(truncatingIfNeeded: value))
        }
    }

    /// Writes the decimal digits of `value`, two at a time from the end.
    @inline(__always)
    mutating func writeMagnitude(_ value: UInt64) {
        let length = NumberWriting.digitCount(value)
        guard reserve(length) else { return }
        NumberWriting.writeDigits(value, length: length, to: base + count)
        advance(length)
    }

    /// Writes the shortest text that reads back as `value`, or rejects a NaN or infinity.
    mutating func writeDouble(_ value: Double) {
        guard value.isFinite else { return reject("cannot write Double \(value): JSON numbers are finite") }
        if settings.foundationStyle { return writeDescription(of: value) }
        if let integer = Int64(exactly: value), abs(integer) < 1 << 53, integer != 0 || value.sign == .plus {
            return writeInteger(integer)
        }
        guard reserve(NumberWriting.maximumFloatLength) else { return }
        var sink = NumberWriting.Sink(destination: base + count)
        value.write(to: &sink)
        advance(NumberWriting.jsonForm(base + count, count: sink.count))
    }

    /// Writes the shortest text that reads back as `value` when read as a `Float`, or rejects a NaN or infinity.
    mutating func writeFloat(_ value: Float) {
        guard value.isFinite else { return reject("cannot write Float \(value): JSON numbers are finite") }
        if settings.foundationStyle { return writeDescription(of: value) }
        guard reserve(NumberWriting.maximumFloatLength) else { return }
        var sink = NumberWriting.Sink(destination: base + count)
        value.write(to: &sink)
        advance(NumberWriting.jsonForm(base + count, count: sink.count))
    }

    /// Writes a finite number as `JSONEncoder` does: its `description` (the same shortest digits), less a trailing
    /// `.0`: `1`, `0.1`, `1e+16`, `1e-07`, `-0`.
    private mutating func writeDescription<T: BinaryFloatingPoint & TextOutputStreamable>(of value: T) {
        guard reserve(NumberWriting.maximumFloatLength) else { return }
        var sink = NumberWriting.Sink(destination: base + count)
        value.write(to: &sink)
        var length = sink.count
        if length >= 2, base[count + length - 2] == UInt8(ascii: "."), base[count + length - 1] == UInt8(ascii: "0") {
            length -= 2
        }
        advance(length)
    }

    /// Writes `value` exactly, or rejects a NaN.
    mutating func writeDecimal(_ value: Decimal) {
        guard !value.isNaN else { return reject("cannot write Decimal NaN: JSON numbers are finite") }
        var text = value.description
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}

/// Number formatting shared by the writer and ``JSONValue/Number``.
enum NumberWriting {
    /// More than the longest text the standard library gives for a `Double` (`-2.2250738585072014e-308`).
    static let maximumFloatLength = 32

    /// Receives the ASCII text of a `Double` or `Float` from the standard library's shortest-digits algorithm,
    /// straight into the output, without making a `String`.
    struct Sink: TextOutputStream {
        let destination: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            let n = min(buffer.count, NumberWriting.maximumFloatLength - count)
            guard n > 0, let source = buffer.baseAddress else { return }
            (destination + count).update(from: source, count: n)
            count += n
        }

        mutating func write(_ string: String) {
            var text = string
            text.withUTF8 { _writeASCII($0) }
        }
    }

    /// Rewrites the standard library's text for a finite number in place into JSON's shortest form and returns its
    /// length: `1e+16` → `1e16`, `1e-05` → `1e-5`, `100.0` → `100`, `-0.0` → `-0`.
    static func jsonForm(_ text: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        // An exponent is at most five bytes from the end (`e-324`).
        var exponentMark = -1
        var i = count - 1
        while i >= max(0, count - 6) {
            if text[i] == UInt8(ascii: "e") {
                exponentMark = i
                break
            }
            i -= 1
        }
        guard exponentMark >= 0 else {
            return count >= 2 && text[count - 2] == UInt8(ascii: ".") && text[count - 1] == UInt8(ascii: "0")
                ? count - 2 : count
        }
        var mantissaEnd = exponentMark
        if mantissaEnd >= 2, text[mantissaEnd - 2] == UInt8(ascii: "."), text[mantissaEnd - 1] == UInt8(ascii: "0") {
            mantissaEnd -= 2
        }
        var write = mantissaEnd
        text[write] = UInt8(ascii: "e")
        write += 1
        var read = exponentMark + 1
        if text[read] == UInt8(ascii: "+") {
            read += 1
        } else if text[read] == UInt8(ascii: "-") {
            text[write] = UInt8(ascii: "-")
            write += 1
            read += 1
        }
        while read < count - 1, text[read] == UInt8(ascii: "0") { read += 1 }
        while read < count {
            text[write] = text[read]
            write += 1
            read += 1
        }
        return write
    }

    /// The number of decimal digits of `value` (1 for zero).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var length = 1
        var rest = value
        while rest >= 10_000 {
            rest /= 10_000
            length += 4
        }
        if rest >= 10 { length += 1 }
        if rest >= 100 { length += 1 }
        if rest >= 1000 { length += 1 }
        return length
    }

    /// Writes the `length` digits of `value` at `destination`.
    @inline(__always)
    static func writeDigits(_ value: UInt64, length: Int, to destination: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var end = length
        let pairs = digitPairs
        while rest >= 100 {
            let pair = Int(rest % 100) * 2
            rest /= 100
            end -= 2
            destination[end] = pairs[pair]
            destination[end + 1] = pairs[pair + 1]
        }
        if rest >= 10 {
            let pair = Int(rest) * 2
            destination[end - 2] = pairs[pair]
            destination[end - 1] = pairs[pair + 1]
        } else {
            destination[end - 1] = UInt8(ascii: "0") &+ UInt8(rest)
        }
    }

    /// "00", "01", … "99", for two digits at a time; made once and kept for the life of the process.
    nonisolated(unsafe) private static let digitPairs: UnsafePointer<UInt8> = {
        let pairs = UnsafeMutablePointer<UInt8>.allocate(capacity: 200)
        for value in 0..<100 {
            pairs[2 * value] = UInt8(ascii: "0") + UInt8(value / 10)
            pairs[2 * value + 1] = UInt8(ascii: "0") + UInt8(value % 10)
        }
        return UnsafePointer(pairs)
    }()

    /// The shortest JSON text of a finite `Double`, as the writer writes it.
    static func text(_ value: Double) -> String {
        var writer = JSONWriter(settings: .init(), capacity: 64)
        writer.writeDouble(value)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The shortest JSON text of a finite `Float`, as the writer writes it.
    static func text(_ value: Float) -> String {
        var writer = JSONWriter(settings: .init(), capacity: 64)
        writer.writeFloat(value)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
