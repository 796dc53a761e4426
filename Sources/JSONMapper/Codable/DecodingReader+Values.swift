import Foundation

// Scalars off the tape, with `JSONDecoder`'s rules: `Bool` and `String` strict, integers exact (`1.0`, `1e2` and
// `-0` are integers; a fraction or an overflow is not), floating point the nearest value, out of range or rounding a
// non-zero number to zero an error. Each takes the path of its value as an autoclosure, built only for an error.

extension DecodingReader {
    @inline(__always)
    func bool(_ index: Int, at path: @autoclosure () -> DecodingPath) throws -> Bool {
        switch tag(index) {
        case .true: return true
        case .false: return false
        default: throw typeMismatch(Bool.self, index, path())  // null too, as in JSONDecoder
        }
    }

    @inline(__always)
    func string(_ index: Int, at path: @autoclosure () -> DecodingPath) throws -> String {
        switch tag(index) {
        case .string:
            return view.string(at: index)
        case .escapedString:
            let text = view.text(at: index)
            if DecodingStrings.hasLoneSurrogate(text) {
                throw corrupted("The string holds an escaped lone surrogate, which is not Unicode text.", at: path())
            }
            return view.string(at: index)
        case .null:
            throw valueNotFound(String.self, path())
        default:
            throw typeMismatch(String.self, index, path())
        }
    }

    @inline(__always)
    func integer<T: FixedWidthInteger>(
        _ index: Int, as type: T.Type, at path: @autoclosure () -> DecodingPath
    )
        throws -> T
    {
        let tag = tag(index)
        if tag == .integer, let value = view.fastInteger(index, as: type) { return value }
        switch tag {
        case .integer, .float:
            let text = view.text(at: index)
            switch NumberText(bytes: text).integer(type) {
            case .success(let value):
                return value
            case .failure(.notWholeNumber):
                // JSONDecoder reads a fraction or an exponent through `Double` below 2^53, so a fraction too small
                // for a `Double` to hold is dropped (`1.0000000000000001` is 1, `1e-400` is 0): kept for parity.
                let double = NumberText.parseDouble(text, padded: true)
                if double.magnitude < 0x1p53, let value = T(exactly: double) { return value }
                throw unrepresentable(index, as: type, at: path())
            case .failure:
                throw unrepresentable(index, as: type, at: path())
            }
        case .null:
            throw valueNotFound(type, path())
        default:
            throw typeMismatch(type, index, path())
        }
    }

    @inline(__always)
    func floatingPoint<T: BinaryFloatingPoint>(
        _ index: Int, as type: T.Type, at path: @autoclosure () -> DecodingPath
    )
        throws -> T
    {
        let tag = tag(index)
        if tag == .integer || tag == .float {
            let text = view.text(at: index)
            let value: T?
            if T.self == Double.self {
                value = T(NumberText.parseDouble(text, padded: true))
            } else {
                value = (try? NumberText(bytes: text).float().get()).map { T($0) }
            }
            if let value, value.isFinite, value != 0 || DecodingStrings.isZero(text) { return value }
            throw unrepresentable(index, as: type, at: path())
        }
        if tag == .string, case .convertFromString(let infinity, let minusInfinity, let nan) = options.floatStrategy {
            let text = view.text(at: index)
            if text.elementsEqual(infinity.utf8) { return T.infinity }
            if text.elementsEqual(minusInfinity.utf8) { return -T.infinity }
            if text.elementsEqual(nan.utf8) { return T.nan }
        }
        if tag == .null { throw valueNotFound(type, path()) }
        throw typeMismatch(type, index, path())
    }

    func decimal(_ index: Int, at path: @autoclosure () -> DecodingPath) throws -> Decimal {
        switch tag(index) {
        case .integer, .float:
            switch NumberText(bytes: view.text(at: index)).decimal() {
            case .success(let value): return value
            case .failure: throw unrepresentable(index, as: Decimal.self, at: path())
            }
        case .null:
            throw valueNotFound(Decimal.self, path())
        default:
            throw typeMismatch(Decimal.self, index, path())
        }
    }
}

/// Checks on the text of strings and numbers that the scanner leaves to the decoder.
enum DecodingStrings {
    /// Whether escaped string content holds a `\uD800`–`\uDFFF` escape that is not half of a surrogate pair.
    static func hasLoneSurrogate(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        while i < n {
            guard text[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            guard i + 1 < n, text[i + 1] == UInt8(ascii: "u"), let unit = hex4(text, i + 2) else {
                i += 2
                continue
            }
            i += 6
            if unit >= 0xDC00 && unit <= 0xDFFF { return true }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard i + 1 < n, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u"),
                    let low = hex4(text, i + 2), low >= 0xDC00 && low <= 0xDFFF
                else { return true }
                i += 6
            }
        }
        return false
    }

    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32? {
        guard start + 4 <= text.count else { return nil }
        var value: UInt32 = 0
        for k in start..<start + 4 {
            guard let digit = StringDecoding.hexValue(text[k]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Whether a number's text stands for zero: no digit other than 0 before its exponent.
    static func isZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
            default: continue
            }
        }
        return true
    }
}
