import Foundation

// `JSONSerialization` accepts UTF-16 and UTF-32 as well as UTF-8, telling them apart by a byte-order mark or by the
// pattern of zero bytes at the start (RFC 4627, section 3). The depth check before it must see the same characters
// it parses: a UTF-16 code unit can hold the bytes of `"` or `]`, so counting brackets in the raw bytes could be
// fooled. The engine therefore detects the encoding first and hands `JSONSerialization` UTF-8 that it cannot read in
// any other way: the text transcoded, strictly, and refused when it starts with a zero byte.

extension FoundationEngine {
    /// The Unicode encodings `JSONSerialization` detects.
    enum Encoding: Equatable {
        case utf8
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)

        var name: String {
            switch self {
            case .utf8: "UTF-8"
            case .utf16(let big): big ? "UTF-16BE" : "UTF-16LE"
            case .utf32(let big): big ? "UTF-32BE" : "UTF-32LE"
            }
        }
    }

    /// The encoding of `bytes` and the length of its byte-order mark (0 when it has none, and for UTF-8, whose
    /// mark `JSONSerialization` and the native engine skip themselves).
    ///
    /// Without a mark, any zero byte among the first four decides: JSON text starts with two ASCII characters and
    /// never holds a raw NUL, so in UTF-8 such input would be malformed anyway.
    static func detectEncoding(_ bytes: UnsafeRawBufferPointer) -> (Encoding, markLength: Int) {
        let b = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        let count = bytes.count
        if count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return (.utf32(bigEndian: true), 4) }
        if count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return (.utf32(bigEndian: false), 4) }
        if count >= 2, b[0] == 0xFE, b[1] == 0xFF { return (.utf16(bigEndian: true), 2) }
        if count >= 2, b[0] == 0xFF, b[1] == 0xFE { return (.utf16(bigEndian: false), 2) }
        if count >= 4, b[0] == 0, b[1] == 0 { return (.utf32(bigEndian: true), 0) }
        if count >= 4, b[1] == 0, b[2] == 0, b[3] == 0 { return (.utf32(bigEndian: false), 0) }
        if count >= 2, b[0] == 0 { return (.utf16(bigEndian: true), 0) }
        if count >= 2, b[1] == 0 { return (.utf16(bigEndian: false), 0) }
        return (.utf8, 0)
    }

    /// `data` as UTF-8 that `JSONSerialization` will read as UTF-8, or a malformed-JSON error: the input itself when
    /// it is UTF-8, otherwise its text transcoded (strictly: an unpaired surrogate or a truncated code unit is an
    /// error).
    static func utf8(_ data: Data) -> Result<Data, EngineError> {
        let transcoded = data.withUnsafeBytes { raw -> Result<Data?, EngineError> in
            let (encoding, markLength) = detectEncoding(raw)
            if encoding == .utf8 { return .success(nil) }
            let body = UnsafeRawBufferPointer(rebasing: raw[markLength...])
            var output: [UInt8] = []
            output.reserveCapacity(body.count)
            let failed: Bool
            switch encoding {
            case .utf8:
                return .success(nil)
            case .utf16(let bigEndian):
                guard body.count % 2 == 0 else { return .failure(truncated(encoding)) }
                let units = stride(from: 0, to: body.count, by: 2).lazy.map { i -> UInt16 in
                    let (first, second) = (UInt16(body[i]), UInt16(body[i + 1]))
                    return bigEndian ? first << 8 | second : second << 8 | first
                }
                failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
                    output.append($0)
                }
            case .utf32(let bigEndian):
                guard body.count % 4 == 0 else { return .failure(truncated(encoding)) }
                let units = stride(from: 0, to: body.count, by: 4).lazy.map { i -> UInt32 in
                    let bytes = (0..<4).map { UInt32(body[i + $0]) }
                    return bigEndian
                        ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
                        : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
                }
                failed = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self, stoppingOnError: true) {
                    output.append($0)
                }
            }
            if failed {
                return .failure(
                    EngineError(message: "invalid \(encoding.name): not a sequence of characters", line: 1, column: 1))
            }
            return .success(Data(output))
        }
        switch transcoded {
        case .failure(let error):
            return .failure(error)
        case .success(let converted):
            let text = converted ?? data
            // A zero byte at the start would make JSONSerialization guess another encoding again.
            if let zero = text.prefix(4).firstIndex(of: 0) {
                return .failure(
                    EngineError(
                        message: "expected a value, found control character U+0000", line: 1,
                        column: zero - text.startIndex + 1))
            }
            return .success(text)
        }
    }

    private static func truncated(_ encoding: Encoding) -> EngineError {
        EngineError(message: "invalid \(encoding.name): the input ends inside a code unit", line: 1, column: 1)
    }
}
